#!/usr/bin/env python3
"""Solve the LP files Rivulet wrote with HiGHS and compare with Rivulet's own results.

Usage: bench_milp_highs.py RESULTS.jsonl LP_DIR [TIME_LIMIT_S]

RESULTS.jsonl holds one JSON object per model as printed by the `milp_bench` example
(name, status, objective, best_bound, ms, ...). For each model, LP_DIR/<name>.lp is solved by
HiGHS (single thread, time limit per model). An objective offset written as the comment
`\\ objective offset: c` is added to HiGHS's objective. Prints a table and exits non-zero when
both solvers prove optimality but their objectives differ by more than 1e-6 relative.
"""
import json
import re
import sys
import time

import highspy


def offset_of(path):
    with open(path) as f:
        for line in f:
            m = re.match(r"\\ objective offset: (\S+)", line)
            if m:
                return float(m.group(1))
            if not line.startswith("\\"):
                return 0.0
    return 0.0


def solve(path, time_limit):
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("threads", 1)
    h.setOptionValue("time_limit", float(time_limit))
    h.readModel(path)
    start = time.perf_counter()
    h.run()
    ms = (time.perf_counter() - start) * 1e3
    status = h.modelStatusToString(h.getModelStatus())
    info = h.getInfo()
    has_solution = info.primal_solution_status == 2
    obj = info.objective_function_value + offset_of(path) if has_solution else None
    return status, obj, ms


def main():
    results, lp_dir = sys.argv[1], sys.argv[2]
    time_limit = float(sys.argv[3]) if len(sys.argv) > 3 else 60.0
    mismatches = 0
    print(f"{'model':24} {'rivulet':>10} {'obj':>12} {'gap':>8} {'ms':>8} | {'highs':>10} {'obj':>12} {'ms':>8} | rel.diff")
    with open(results) as f:
        rows = [json.loads(line) for line in f if line.strip().startswith("{")]
    for r in rows:
        status, obj, ms = solve(f"{lp_dir}/{r['name']}.lp", time_limit)
        ours = r["objective"]
        gap = ""
        if ours is not None and r["best_bound"] is not None:
            gap = f"{abs(ours - r['best_bound']) / max(abs(ours), 1e-9):.2%}"
        diff = ""
        if ours is not None and obj is not None:
            rel = abs(ours - obj) / max(abs(obj), 1e-9)
            diff = f"{rel:.1e}"
            if r["status"] == "Optimal" and status == "Optimal" and rel > 1e-6:
                diff += "  MISMATCH"
                mismatches += 1
        fmt = lambda x: "-" if x is None else f"{x:.6f}"
        print(f"{r['name']:24} {r['status']:>10} {fmt(ours):>12} {gap:>8} {r['ms']:>8.1f} | {status:>10} {fmt(obj):>12} {ms:>8.1f} | {diff}")
    if mismatches:
        print(f"{mismatches} proven optima differ")
        sys.exit(1)


if __name__ == "__main__":
    main()
