#!/usr/bin/env python3
"""The app in Firefox: load the built site, compile an example in the worker, draw its graph and
run its simulation to a passing check, with no page errors.

Drives Debian's Firefox ESR through Marionette (the `marionette-driver` package from PyPI),
headless, with a fresh profile. Usage: smoke.py URL. Exits non-zero with a message on failure.
"""
import sys
import tempfile

from marionette_driver import By, Wait
from marionette_driver.marionette import Marionette

TIMEOUT_S = 60


def main(url):
    work = tempfile.mkdtemp(prefix="rivulet-firefox-")
    m = Marionette(
        bin="/usr/bin/firefox-esr",
        gecko_log=f"{work}/gecko.log",
        headless=True,
        port=0,
        profile=tempfile.mkdtemp(dir=work),
        startup_timeout=TIMEOUT_S,
    )
    m.start_session()
    try:
        run(m, url)
    finally:
        m.delete_session()
        m.cleanup()


def run(m, url):
    by_id = lambda tid: m.find_element(By.CSS_SELECTOR, f'[data-testid="{tid}"]')
    present = lambda css: Wait(m, timeout=TIMEOUT_S).until(
        lambda mm: mm.find_elements(By.CSS_SELECTOR, css), message=f"{css} never appeared"
    )
    # Page errors are collected by a listener installed before anything else runs.
    m.navigate("about:blank")
    m.navigate(url)
    present('[data-testid="version"]')
    m.execute_script(
        "window.__errors = []; window.addEventListener('error', e => window.__errors.push(String(e.message)));"
    )
    by_id("examples-button").click()
    by_id("example-fir").click()
    by_id("compile").click()
    present('[data-testid="progress"][data-state="done"]')
    progress = by_id("progress").text
    check(" 0 diagnostics" in progress, f"fir did not compile cleanly: {progress}")

    by_id("view-graph").click()
    summary = by_id("graph-summary").text
    units = len(m.find_elements(By.CSS_SELECTOR, '[data-testid="unit"]'))
    check(units > 20 and summary.startswith(f"{units} units"), f"graph: {summary}, {units} drawn")

    by_id("view-simulation").click()
    by_id("sim-run").click()
    present('[data-testid="sim-check"]')
    passed = by_id("sim-check").get_attribute("data-passed")
    check(passed == "true", f"simulation check: {by_id('sim-check').text}")
    errors = m.execute_script("return window.__errors;")
    check(not errors, f"page errors: {errors}")
    print(f"firefox: {progress}; graph {summary}; simulation {by_id('sim-cycles').text}")


def check(ok, message):
    if not ok:
        raise SystemExit(f"FAIL {message}")


if __name__ == "__main__":
    main(sys.argv[1])
