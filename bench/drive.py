"""Runs every benchmark, alternating the Swift program, its raw-C twin and (for start-up)
Lakes, and writes what they print as JSON lines, one file per benchmark.

Usage (under an X display): python3 bench/drive.py OUT_DIR RUNS QUICK SWIFT C LAKES SCHEME_SWIFT SCHEME_C
"""

import json
import os
import subprocess
import sys
import tempfile
import time

out, runs, quick, swift, c, lakes, scheme_swift, scheme_c = sys.argv[1:]
runs, quick = int(runs), quick == "1"
BENCHES = ["startup", "memory", "scheme-small", "js", "messages", "find", "scroll", "lifetime"]
# The round trips, run a second time with the program and every process it starts held to
# one CPU (rows with "cpus": 1). On two CPUs, a round trip's time depends on where the
# scheduler puts the app and its web process, which changes from run to run; on one, it is
# the work both processes do, which is what the library can change.
ONE_CPU_BENCHES = ["scheme-small", "js", "messages"]
ONE_CPU = max(os.sched_getaffinity(0))


def webkit_processes():
    """The WebKit processes still running (their names, cut to 15 characters by the kernel)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/comm") as comm:
                    if comm.read().strip() in ("WebKitWebProces", "WebKitNetworkPr"):
                        found.append(entry)
            except OSError:
                pass
    return found


def settle(limit=15.0):
    """Waits until the web and network processes of the previous run have exited, so that
    they take no CPU from the next one."""
    deadline = time.monotonic() + limit
    while webkit_processes() and time.monotonic() < deadline:
        time.sleep(0.1)


def run(command, env=None, timeout=180, one_cpu=False):
    """Runs one benchmark process with BENCH_T0_NS taken just before it starts, once the
    previous run's WebKit processes are gone; with `one_cpu`, on ONE_CPU alone (the
    processes it starts inherit that), its rows marked "cpus": 1."""
    settle()
    environment = dict(os.environ, **(env or {}))
    environment["BENCH_T0_NS"] = str(time.monotonic_ns())
    pin = (lambda: os.sched_setaffinity(0, {ONE_CPU})) if one_cpu else None
    done = subprocess.run(command, env=environment, capture_output=True, text=True, timeout=timeout, preexec_fn=pin)
    if done.returncode != 0:
        sys.stderr.write(f"{' '.join(command)} exited with {done.returncode}:\n{done.stderr[-2000:]}\n")
        raise SystemExit(1)
    rows = [line for line in done.stdout.splitlines() if line.startswith("{")]
    return [json.dumps(dict(json.loads(row), cpus=1)) for row in rows] if one_cpu else rows


# The article Lakes opens first, which the C program also shows for the start-up comparison.
ARTICLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "articles")
with open(os.path.join(ARTICLES, "articles.json")) as catalog:
    FIRST_ARTICLE = os.path.join(ARTICLES, json.load(catalog)[0]["slug"] + ".html")


def c_article_startup():
    """The C program showing Lakes' first article as Lakes serves it: the job Lakes' own
    start-up rows are compared with."""
    return run([c, "startup", "--article", FIRST_ARTICLE])


def lakes_startup():
    """Lakes opening its first bundled article, with a home of its own and settings in memory.

    The GPU driver's shader cache stays the runner's own, as it is for the C program: in an
    empty cache, Mesa's software renderer compiles every shader the article needs afresh,
    which costs the first frame more than all the rest of start-up, and which no reader pays
    twice."""
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    with tempfile.TemporaryDirectory() as home:
        env = {"HOME": home, "XDG_DATA_HOME": f"{home}/data", "XDG_CONFIG_HOME": f"{home}/config",
               "XDG_CACHE_HOME": f"{home}/cache", "MESA_SHADER_CACHE_DIR": cache, "GSETTINGS_BACKEND": "memory",
               "NO_AT_BRIDGE": "1", "LAKES_REPORT_STARTUP": "1"}
        # Lakes shows the first article: its rows sit beside the C program's for that article.
        return [json.dumps(dict(json.loads(line), document="article")) for line in run([lakes], env)]


def scheme_stream(program, mib):
    """The streaming benchmark's one line, as rows of the table."""
    rows = []
    for line in run([program, str(mib)]):
        result = json.loads(line)
        for metric, unit in (("mb_per_s", "MB/s"), ("peak_rss_mib", "MiB"), ("web_peak_rss_mib", "MiB"),
                             ("network_peak_rss_mib", "MiB")):
            rows.append(json.dumps({"bench": "scheme-stream", "metric": metric, "impl": result["impl"],
                                    "value": result[metric], "unit": unit, "mib": mib}))
    return rows


def memory(program, pages):
    return run([program, "memory", "--pages", str(pages)] + (["--quick"] if quick else []))


def write(name, lines):
    with open(os.path.join(out, f"{name}.jsonl"), "a") as file:
        for line in lines:
            file.write(line + "\n")
            print(line, flush=True)


for index in range(runs):
    # Alternate which goes first, so that neither always runs on a warmer machine.
    order = [(c, "c"), (swift, "swift")] if index % 2 == 0 else [(swift, "swift"), (c, "c")]
    for bench in BENCHES:
        for program, _ in order:
            if bench == "memory":
                for pages in ([1, 2] if quick else [1, 10]):
                    write(bench, memory(program, pages))
            else:
                write(bench, run([program, bench] + (["--quick"] if quick else [])))
        if bench in ONE_CPU_BENCHES:
            for program, _ in order:
                write(bench, run([program, bench] + (["--quick"] if quick else []), one_cpu=True))
        if bench == "startup":
            pair = [c_article_startup, lakes_startup] if index % 2 == 0 else [lakes_startup, c_article_startup]
            for job in pair:
                write(bench, job())
    for mib in ([1] if quick else [1, 16, 256]):
        pair = [scheme_c, scheme_swift] if index % 2 == 0 else [scheme_swift, scheme_c]
        for program in pair:
            write("scheme-stream", scheme_stream(program, mib))
