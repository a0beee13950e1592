#!/usr/bin/env python3
"""Consistency check of configs/rtl-config-{vhdl,verilog}.json against the
templates: every `generic` path exists and defines a module named like the
file; the parameters passed as generics (all but `"generic": false`) are, in
order, exactly the VHDL entity's generics / the Verilog module's parameters;
every dependency names an entry of the same file, and the dependencies of an
entry are exactly the modules its file references (VHDL `work.<name>`, Verilog
instantiations), so that recursive resolution yields every helper once and in
analysis order; both files declare the same operations with the same parameters. Prints one "ok"/"FAIL" line per check."""
import json
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def vhdl_generics(text, module):
    m = re.search(r"entity\s+%s\s+is\s+generic\s*\((.*?)\);\s*port" % module, text, re.S | re.I)
    if not m:
        return [] if re.search(r"entity\s+%s\s+is" % module, text, re.I) else None
    names = []
    for decl in m.group(1).split(";"):
        names += [n.strip() for n in decl.split(":")[0].split(",") if n.strip()]
    return names


def verilog_params(text, module):
    m = re.search(r"module\s+%s\s*(#\s*\((.*?)\))?\s*\(" % module, text, re.S)
    if not m:
        return None
    return re.findall(r"parameter\s+(?:\[[^\]]*\]\s*)?(\w+)", m.group(2) or "")


def references(hdl, text, module, modules):
    """The modules (of `modules`) that the file of `module` references."""
    if hdl == "vhdl":
        found = re.findall(r"work\.(\w+)", text, re.I)
    else:
        body = re.sub(r"//.*", "", text)
        found = re.findall(r"^\s*(\w+)\s*(?:#\s*\(|\w+\s*\()", body, re.M)
    return {f.lower() for f in found if f.lower() in modules and f.lower() != module}


def check(hdl):
    failures = []
    path = os.path.join(ROOT, "configs", f"rtl-config-{hdl}.json")
    # Entries produced by a built-in generator (`rivulet-gen …`) have no template file; their
    # output is linted by crates/core/tests/it/rtl_lsq.rs.
    entries = [e for e in json.load(open(path)) if "generic" in e]
    names = {e["name"] for e in entries}
    module_of = {e["name"]: os.path.splitext(os.path.basename(e["generic"]))[0].lower() for e in entries}
    dep_modules = {module_of[n] for n in names if n.startswith("rivulet.")}
    for i, e in enumerate(entries):
        where = f"{hdl} entry {i} ({e['name']})"
        if e.get("hdl") != hdl:
            failures.append(f"{where}: hdl is not {hdl}")
        file = e["generic"].replace("$DYNAMATIC", ROOT)
        module = os.path.splitext(os.path.basename(file))[0]
        if not os.path.exists(file):
            failures.append(f"{where}: missing {file}")
            continue
        text = open(file).read()
        listed = {module_of.get(d) for d in e.get("dependencies", [])}
        used = references(hdl, text, module.lower(), dep_modules)
        if listed != used:
            failures.append(f"{where}: dependencies {sorted(map(str, listed))} != referenced {sorted(used)}")
        if re.search(r"package\s+%s\s+is" % module, text, re.I):
            continue
        declared = vhdl_generics(text, module) if hdl == "vhdl" else verilog_params(text, module)
        if declared is None:
            failures.append(f"{where}: no module {module} in {file}")
            continue
        passed = [p["name"] for p in e.get("parameters", []) if p.get("generic", True)]
        if e["name"].startswith("rivulet."):
            passed = declared  # dependencies are concretized without parameters
        if [d.upper() for d in declared] != passed:
            failures.append(f"{where}: generics {declared} != parameters {passed}")
        for d in e.get("dependencies", []):
            if d not in names:
                failures.append(f"{where}: unknown dependency {d}")
    return entries, failures


def signature(entries):
    return [(e["name"], json.dumps(e.get("parameters", []))) for e in entries if e["name"].startswith("handshake.")]


def main():
    ok = True
    results = {}
    for hdl in ("vhdl", "verilog"):
        entries, failures = check(hdl)
        results[hdl] = entries
        for f in failures:
            print("FAIL  config " + f)
        if failures:
            ok = False
        else:
            print(f"ok    config {hdl}: {len(entries)} entries match the templates")
    if signature(results["vhdl"]) != signature(results["verilog"]):
        print("FAIL  config: VHDL and Verilog configurations declare different units")
        ok = False
    else:
        print("ok    config: VHDL and Verilog configurations declare the same units")
    sys.exit(0 if ok else 1)


main()
