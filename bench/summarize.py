"""Reads the JSON lines the benchmarks printed and prints one table: for each metric, the
Swift and C medians, their ratio, and the spread; writes the same as JSON.

The ratio of medians is taken over all runs. Beside it is the ratio of each round: the
n-th Swift (or Lakes) run against the n-th C run, which ran next to it, so that a machine
that is slower for a while slows both. Its median and range say whether the programs
differ in most rounds or only overall.

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
                ours, theirs = values[k][impl], values[k]["c"]
                rounds = [a / b for a, b in zip(ours, theirs) if b]
                if len(ours) == len(theirs) and rounds:
                    entry[f"{impl}_to_c_by_round"] = {
                        "median": statistics.median(rounds), "min": min(rounds), "max": max(rounds)}
        entry["higher_is_better"] = k[1] in HIGHER_IS_BETTER
        table.append(entry)
    json.dump(table, open(out, "w"), indent=2)

    def cell(entry, impl):
        if impl not in entry:
            return "—"
        m = entry[impl]
        return f"{m['median']:.3g} ({m['min']:.3g}–{m['max']:.3g})"

    def ratio(entry, impl):
        if f"{impl}_to_c" not in entry:
            return "—", "—"
        by_round = entry.get(f"{impl}_to_c_by_round")
        rounds = f"{by_round['median']:.2f} ({by_round['min']:.2f}–{by_round['max']:.2f})" if by_round else "—"
        return f"{entry[f'{impl}_to_c']:.3f}", rounds

    print("| benchmark | unit | Swift median (min–max) | C median (min–max) | Swift/C | by round | Lakes median "
          "| Lakes/C | by round |")
    print("|---|---|---|---|---|---|---|---|---|")
    for entry in table:
        swift_ratio, swift_rounds = ratio(entry, "swift")
        lakes_ratio, lakes_rounds = ratio(entry, "lakes")
        print(f"| {entry['benchmark']} | {entry['unit']} | {cell(entry, 'swift')} | {cell(entry, 'c')} "
              f"| {swift_ratio} | {swift_rounds} | {cell(entry, 'lakes')} | {lakes_ratio} | {lakes_rounds} |")


if __name__ == "__main__":
    main()
