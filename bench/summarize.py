"""Reads the JSON lines the benchmarks printed and prints one table: for each metric, the
Swift and C medians, their ratio, and the spread; writes the same as JSON.

Usage: python3 bench/summarize.py OUT.json RESULTS.jsonl...
"""

import json
import statistics
import sys
from collections import defaultdict

# Metrics where more is better; for the rest (times, memory) less is better.
HIGHER_IS_BETTER = {"one_way_per_s", "mb_per_s"}


def key(row):
    extras = tuple(sorted((k, v) for k, v in row.items() if k not in ("bench", "metric", "impl", "value", "unit")))
    return row["bench"], row["metric"], extras


def label(bench, metric, extras):
    detail = ", ".join(f"{k}={json.dumps(v)}" for k, v in extras)
    return f"{bench} {metric}" + (f" ({detail})" if detail else "")


def main():
    out, *files = sys.argv[1:]
    values = defaultdict(lambda: defaultdict(list))
    units = {}
    for path in files:
        for line in open(path):
            line = line.strip()
            if not line.startswith("{"):
                continue
            row = json.loads(line)
            values[key(row)][row["impl"]].append(float(row["value"]))
            units[key(row)] = row.get("unit", "")
    table = []
    for k in sorted(values):
        entry = {"benchmark": label(*k), "unit": units[k]}
        for impl, runs in sorted(values[k].items()):
            entry[impl] = {"median": statistics.median(runs), "min": min(runs), "max": max(runs), "runs": len(runs)}
        for impl in ("swift", "lakes"):
            if impl in entry and "c" in entry and entry["c"]["median"]:
                entry[f"{impl}_to_c"] = entry[impl]["median"] / entry["c"]["median"]
        entry["higher_is_better"] = k[1] in HIGHER_IS_BETTER
        table.append(entry)
    json.dump(table, open(out, "w"), indent=2)

    def cell(entry, impl):
        if impl not in entry:
            return "—"
        m = entry[impl]
        return f"{m['median']:.3g} ({m['min']:.3g}–{m['max']:.3g})"

    print(f"| benchmark | unit | Swift median (min–max) | C median (min–max) | Swift/C | Lakes median | Lakes/C |")
    print("|---|---|---|---|---|---|---|")
    for entry in table:
        ratio = f"{entry['swift_to_c']:.3f}" if "swift_to_c" in entry else "—"
        lakes_ratio = f"{entry['lakes_to_c']:.3f}" if "lakes_to_c" in entry else "—"
        lakes = cell(entry, "lakes") if "lakes" in entry else "—"
        print(f"| {entry['benchmark']} | {entry['unit']} | {cell(entry, 'swift')} | {cell(entry, 'c')} | {ratio} "
              f"| {lakes} | {lakes_ratio} |")


if __name__ == "__main__":
    main()
