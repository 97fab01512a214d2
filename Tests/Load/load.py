"""Many Lakes at once, each driven through WebDriver the way a test farm drives it.

    /usr/bin/python3 Tests/Load/load.py [--workers 8] [--seconds 600]

(scripts/load-test builds Lakes and runs this.) Each worker has its own X display (Xvfb),
session bus (dbus-run-session), throwaway home and WebKitWebDriver on its own port, and
drives its own `lakes --automation` for the given time. It does, at random and without
pause, what a person reading the articles does: opens an article from the sidebar, follows
a link in the article to another one, finds a word with the find bar (next, previous, and
once round all the matches), scrolls with the mouse wheel or jumps to a section from the
sidebar, goes back and forward. It checks each step: the page, the window's state (the
open article, the section the sidebar marks, the find bar), the history.

Every command (WebDriver, a D-Bus call to the window's actions, an X input event) has a
timeout and is timed. Every few seconds the worker checks that its Lakes lives, and every
few more it samples the memory (PSS) of Lakes and of its WebKit processes.

At the end it prints, per worker: the steps done, the commands sent, the commands and
steps that failed, the p99 and the longest command, whether Lakes died, and the memory
after the warm-up and at the end (see "Memory" below). It writes everything to
<results>/load.json (default .build/test-results; logs in <results>/load/), and exits
non-zero if a command or a step failed, a Lakes died or logged a GLib or GTK critical or
warning, or memory grew beyond the bounds below.

LAKES_BINARY names the lakes executable (default: .build/debug/lakes), LAKES_TEST_RESULTS
the results folder.
"""

import argparse
import collections
import json
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests/Integration"))

ARTICLES = json.loads((ROOT / "data/articles/articles.json").read_text())
TITLES = {entry["slug"]: entry["title"] for entry in ARTICLES}
ARTICLE_URL = "lakes://articles/"

# The longest any one command may take, and any one expected change to show, before it
# counts as failed: long enough for eight busy Lakes sharing two cores, not forever.
COMMAND_TIMEOUT = 60
# How often each worker checks that its Lakes lives.
LIVENESS_INTERVAL = 2

# WebKit keeps at most this many entries in a page's back-forward list (`history.length`).
HISTORY_LIMIT = 100

# Memory. Two things grow at first and then stop, and the warm-up waits them out:
# - The back-forward list. With back-forward swipes enabled (Lakes leaves them on), WebKit
#   keeps a snapshot of the view for each entry: about 2.5 MiB of Lakes' own memory each,
#   some 250 MiB once the list is full. So each worker first fills it, going from section
#   to section of the first article by their anchors: each such jump is an entry with its
#   snapshot, and far quicker than loading a page.
# - WebKit's caches (pages, images, scripts' heap), filled by reading the same six articles
#   over and over; the warm-up goes on for a while after the list is full.
# After that, Lakes' own process (the app, GTK, the library) stays within a few MiB (in
# full runs of eight, the list filled so, it ended at most 9 MiB above its start), while
# the web process saws: it climbs by 100 to 150 MiB as its caches and garbage fill, then
# drops back to where it was, a cycle of one to ten minutes (longer the busier the
# machine). A leak of what a step handles (a page, a find, a history entry: tens of KiB to
# a few MiB) grows with the steps instead, hundreds of them a worker. So:
# - Lakes' process fails if it ends more than MAX_APP_GROWTH above where it started (the
#   median of its last three samples against that of its first three): some 30 KiB a
#   step, 2 MiB a minute, over a full run.
# - All its processes together fail if the low point of the second half of the samples is
#   more than MAX_FLOOR_GROWTH above the low point of the first half: a leak raises the
#   floor the sawing drops back to, the sawing itself much less (at most 44 MiB in those
#   runs, when a half held a climb and no drop). This needs halves of minutes, so it is
#   judged only when the samples after the warm-up span MIN_JUDGED_MINUTES; a shorter run
#   reports the figures without judging them. In a full run it catches a leak of some
#   15 MiB a minute and more.
# The least-squares slope of the total over the samples after the warm-up is reported too;
# on its own it rises and falls with the sawing.
MAX_APP_GROWTH = 16.0  # MiB
MAX_FLOOR_GROWTH = 64.0  # MiB
MIN_JUDGED_MINUTES = 4.0

# The app's own criticals and warnings, as the integration suite looks for them.
LAKES_PROBLEM = re.compile(r"^\((?:io\.github\.lakes\.Lakes|lakes):\d+\): [\w-]+-(?:CRITICAL|WARNING) \*\*.*$", re.M)


# The worker: one Lakes, driven on this process's X display and session bus


class Recorder:
    """The commands sent and how long each took; the commands and steps that failed."""

    def __init__(self, start):
        self.start = start
        self.lock = threading.Lock()
        self.commands = []  # (kind, name, seconds)
        self.failures = []  # {"at", "kind", "name", "error"}

    def timed(self, kind, name, call, *arguments, **keywords):
        began = time.monotonic()
        try:
            return call(*arguments, **keywords)
        except Exception as error:
            self.fail(kind, name, error)
            raise
        finally:
            with self.lock:
                self.commands.append((kind, name, time.monotonic() - began))

    def fail(self, kind, name, error):
        with self.lock:
            self.failures.append({
                "at": round(time.monotonic() - self.start, 1), "kind": kind, "name": name,
                "error": f"{type(error).__name__}: {str(error).strip()[:500]}",
            })


def process_table():
    """{pid: (parent pid, command name)} of every process."""
    table = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        table[int(entry.name)] = (int(stat.rsplit(")", 1)[1].split()[1]), name)
    return table


def descendants(pid, table):
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        children = [child for child, (ppid, _) in table.items() if ppid == parent]
        found += children
        frontier += children
    return found


def alive(pid):
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        return False


def memory(pid):
    """PSS and RSS of Lakes and of each process under it, in KiB, by command name."""
    table = process_table()
    sample = {}
    for process in [pid, *descendants(pid, table)]:
        try:
            rollup = Path(f"/proc/{process}/smaps_rollup").read_text()
        except OSError:
            continue
        fields = dict(re.findall(r"^(Pss|Rss):\s+(\d+) kB", rollup, re.M))
        try:
            name = "lakes" if process == pid else os.path.basename(os.readlink(f"/proc/{process}/exe"))
        except OSError:
            name = table[process][1]
        entry = sample.setdefault(name, {"pss": 0, "rss": 0, "pids": []})
        entry["pss"] += int(fields.get("Pss", 0))
        entry["rss"] += int(fields.get("Rss", 0))
        entry["pids"].append(process)
    return sample


class Watcher(threading.Thread):
    """Checks that Lakes lives, and samples its memory, until stopped."""

    def __init__(self, pid, start, deadline, interval):
        super().__init__(daemon=True)
        self.pid, self.began, self.deadline, self.interval = pid, start, deadline, interval
        self.samples = []
        self.died_at = None
        self.stopped = threading.Event()

    def run(self):
        next_sample = 0
        while not self.stopped.is_set():
            now = time.monotonic() - self.began
            if not alive(self.pid):
                self.died_at = round(now, 1)
                return
            # After the deadline the other workers stop, and what their processes shared
            # with this one's counts wholly to it: no samples then.
            if next_sample <= now <= self.deadline - self.began:
                self.sample()
                next_sample = now + self.interval
            self.stopped.wait(LIVENESS_INTERVAL)

    def sample(self):
        self.samples.append({"t": round(time.monotonic() - self.began, 1), "processes": memory(self.pid)})


class StepFailed(Exception):
    pass


class Worker:
    """Drives one Lakes at random through the steps a reader takes, checking each."""

    def __init__(self, app, recorder, rng):
        from selenium.webdriver.common.by import By

        self.app, self.driver, self.recorder, self.rng, self.by = app, app.driver, recorder, rng, By
        self.window = app.window()
        self.keyboard = None
        self.history, self.position = [], 0
        self.steps = {}
        self.trail = collections.deque(maxlen=30)
        self.current, self.detail = "start", ""

    # Commands that are not WebDriver's (those are timed where Selenium sends them)

    def x_input(self, name, *arguments):
        return self.recorder.timed("x", name, getattr(self.keyboard, name), *arguments)

    def until(self, condition, what):
        from lakes_session import wait_until

        try:
            return wait_until(condition, what, timeout=COMMAND_TIMEOUT, interval=0.1)
        except AssertionError as error:
            raise StepFailed(str(error)) from None

    def script(self, source, *arguments):
        return self.driver.execute_script(source, *arguments)

    # The page

    def slug(self):
        url = self.driver.current_url
        return url[len(ARTICLE_URL):].split("#")[0] if url.startswith(ARTICLE_URL) else None

    def shows(self, url):
        """Waits until the page is the article at `url`, loaded, and the sidebar marks it."""
        slug = url[len(ARTICLE_URL):].split("#")[0]
        self.until(lambda: self.driver.current_url == url, f"the page is {url}")
        self.until(lambda: self.driver.title == TITLES[slug], f"the title is {TITLES[slug]}")
        self.until(lambda: self.app.page_ready(), f"{slug} finished loading")
        self.until(lambda: self.window.state("article") == slug, f"the sidebar marks {slug}")

    def visited(self, url):
        self.history[self.position + 1:] = [url]
        del self.history[:-HISTORY_LIMIT]
        self.position = len(self.history) - 1

    def selection(self):
        """Where the selection is in the document, and its text."""
        return self.script(
            "const selection = getSelection();"
            "if (!selection.rangeCount) return null;"
            "const rect = selection.getRangeAt(0).getBoundingClientRect();"
            "return [Math.round(rect.top + scrollY), Math.round(rect.left + scrollX), String(selection)]")

    def settle(self, read, what):
        """Waits until `read()` gives the same value three times in a row, 0.3 s apart.

        The wheel and the sidebar's sections scroll smoothly, and on a busy machine an
        animation can stall for a moment and go on: a click or a wheel turn in between
        lands where the page has moved away from, or is undone by it.
        """
        values = collections.deque(maxlen=3)

        def steady():
            values.append(read())
            time.sleep(0.3)
            return len(values) == 3 and len(set(map(json.dumps, values))) == 1

        self.until(steady, what)

    def brought_to_top(self, section_id):
        """Whether the heading is where scrolling to it puts it: at the top of the view, or,
        near the end of a page that cannot scroll that far, with the page at its bottom."""
        return self.script(
            "const heading = document.getElementById(arguments[0]), root = document.documentElement;"
            "const margin = parseFloat(getComputedStyle(heading).scrollMarginTop || 0);"
            "const offset = heading.getBoundingClientRect().top - margin;"
            "const bottom = root.scrollHeight - innerHeight;"
            "return Math.abs(offset) < 2 || (scrollY + offset > bottom && scrollY >= bottom - 1)",
            section_id)

    def reading_sections(self):
        """The section the sidebar should mark where the page is, as SectionFollower finds it:
        the last one whose heading passed the reading line near the top of the view (at the
        very bottom, the last one on screen). Two pixels either way are allowed: both answers."""
        return self.script(
            "const root = document.documentElement;"
            "const atBottom = scrollY + innerHeight >= root.scrollHeight - 2 && root.scrollHeight > innerHeight;"
            "const line = atBottom ? innerHeight : Math.min(120, innerHeight / 4);"
            "const tops = [...document.querySelectorAll('h2[id], h3[id]')]"
            "  .filter(h => h.textContent.trim().length > 0).map(h => [h.id, h.getBoundingClientRect().top]);"
            "return [-2, 2].map(slack => {"
            "  const passed = tops.filter(([, top]) => atBottom ? top < line + slack : top <= line + slack);"
            "  return passed.length ? passed[passed.length - 1][0] : '';"
            "})")

    # The steps

    def start(self):
        first = ARTICLE_URL + ARTICLES[0]["slug"]
        self.shows(first)
        self.history, self.position = [first], 0
        self.keyboard = self.app.keyboard(TITLES[ARTICLES[0]["slug"]])

    def fill_history(self):
        """Fills the back-forward list by going from section to section, then opens an
        article: what the steps go back and forward through starts there."""
        sections = [section_id for section_id, _ in self.app.sections()]
        for index in range(HISTORY_LIMIT - self.script("return history.length")):
            self.script("location.hash = arguments[0]", sections[index % len(sections)])
            # The entry's snapshot is taken as the next jump leaves it; on a busy machine,
            # unless the page was drawn in between, often none is.
            self.driver.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")
        self.until(lambda: self.script("return history.length") >= HISTORY_LIMIT, "the back-forward list is full")
        self.open_article()
        self.history, self.position = [self.history[self.position]], 0

    def open_article(self):
        """Picks another article in the sidebar."""
        slug = self.rng.choice([slug for slug in TITLES if slug != self.slug()])
        self.detail = slug
        self.window.activate("article", slug)
        self.shows(ARTICLE_URL + slug)
        self.visited(ARTICLE_URL + slug)

    def follow_link(self):
        """Clicks a link in the article to another article."""
        links = self.script(
            "return [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'))"
            ".filter(href => /^[a-z]+$/.test(href))")
        links = [slug for slug in links if slug in TITLES]
        if not links:
            return self.instead(self.open_article)
        slug = self.rng.choice(links)
        self.detail = slug
        link = self.driver.find_element(self.by.CSS_SELECTOR, f'a[href="{slug}"]')
        # A reader scrolls the link into sight before clicking it.
        self.script("arguments[0].scrollIntoView({ block: 'center' })", link)
        self.settle(lambda: self.script("return arguments[0].getBoundingClientRect().top", link),
                    "the link stopped moving")
        link.click()
        self.shows(ARTICLE_URL + slug)
        self.visited(ARTICLE_URL + slug)

    def find(self):
        """Finds a word the article has a few times: next, previous, and round them all."""
        # Words that show a few times, counted both in the rendered text and node by node
        # (where each one is): where the two agree, each occurrence is one match.
        words = self.script(
            "const text = document.body.innerText.toLowerCase(), counts = {};"
            "for (const word of text.match(/[a-z]{5,}/g) || []) counts[word] = (counts[word] || 0) + 1;"
            "return Object.keys(counts).filter(word => counts[word] >= 2 && counts[word] <= 6)"
            "  .map(word => [word, text.split(word).length - 1])")
        self.rng.shuffle(words)
        word, count = next(
            ((word, count) for word, count in words if count <= 8 and count == self.occurrences(word)), (None, 0))
        if not word:
            return self.instead(self.scroll)
        self.detail = f"{word} ({count})"
        self.until(lambda: self.window.state("find") is False, "the find bar is closed")
        self.x_input("focus")
        self.x_input("key", "ctrl+f")
        self.until(lambda: self.window.state("find") is True, "Ctrl+F opens the find bar")
        self.x_input("type", word)
        first = self.until(
            lambda: (found := self.selection()) and found[2].lower() == word and found, f"“{word}” is highlighted")
        self.x_input("key", "Return")
        self.until(lambda: (found := self.selection()) and found[:2] != first[:2], "Enter goes to the next match")
        self.x_input("key", "shift+Return")
        self.until(lambda: (found := self.selection()) and found[:2] == first[:2], "Shift+Enter goes back")
        self.x_input("key", *["Return"] * count)
        self.until(lambda: (found := self.selection()) and found[:2] == first[:2],
                   f"Enter {count} times goes round all {count} matches")
        self.x_input("key", "Escape")
        self.until(lambda: self.window.state("find") is False, "Esc closes the find bar")

    def occurrences(self, word):
        """How many times `word` shows in the page's rendered text nodes."""
        return self.script(
            "const word = arguments[0]; let count = 0;"
            "const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);"
            "for (let node; (node = walker.nextNode());) {"
            "  const text = node.data.toLowerCase();"
            "  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {"
            "    const range = document.createRange(); range.setStart(node, at); range.setEnd(node, at + word.length);"
            "    const rect = range.getBoundingClientRect();"
            "    if (rect.width > 0 && rect.height > 0) count += 1;"
            "  }"
            "}"
            "return count",
            word)

    def scroll(self):
        """Scrolls down with the mouse wheel (from the top, at the end); the sidebar follows."""
        if self.app.scrolled_to_bottom():
            self.script("scrollTo(0, 0)")
            self.until(lambda: self.script("return scrollY") == 0, "the page is back at the top")
        before, clicks = self.script("return scrollY"), self.rng.randint(3, 15)
        self.detail = f"{clicks} clicks from {before}"
        self.x_input("wheel_down", 700, 400, clicks)
        self.until(lambda: self.script("return scrollY") > before, "the wheel scrolled the page")
        self.settle(lambda: self.script("return scrollY"), "the page stopped scrolling")
        self.until(lambda: self.window.state("section") in self.reading_sections(), "the sidebar follows the page")

    def jump_to_section(self):
        """Picks a section in the sidebar: the page scrolls to it and the sidebar marks it."""
        sections = [section_id for section_id, _ in self.app.sections()]
        if not sections:
            raise StepFailed(f"{self.slug()} has no sections")
        index = self.rng.randrange(len(sections))
        section = sections[index]
        self.detail = section
        self.window.activate("section", section)
        self.until(lambda: self.brought_to_top(section), f"the page scrolled to {section}")
        self.settle(lambda: self.script("return scrollY"), "the page stopped scrolling")
        # Near the end the page cannot bring the heading to the top; the sidebar then marks
        # this section or one below it.
        self.until(lambda: self.window.state("section") in sections[index:], f"the sidebar marks {section} or later")

    def go_back_or_forward(self):
        """Goes back or forward, with the window's buttons or WebDriver's commands."""
        can_back, can_forward = self.position > 0, self.position < len(self.history) - 1
        if not (can_back or can_forward):
            return self.instead(self.open_article)
        back = can_back and (not can_forward or self.rng.random() < 0.6)
        by_window = self.rng.random() < 0.5
        self.detail = f"{'back' if back else 'forward'} with {'the window' if by_window else 'WebDriver'}"
        if by_window:
            self.window.activate("back" if back else "forward")
        elif back:
            self.driver.back()
        else:
            self.driver.forward()
        self.position += -1 if back else 1
        self.shows(self.history[self.position])

    STEPS = [
        (open_article, 3), (follow_link, 3), (find, 2), (scroll, 2), (jump_to_section, 2), (go_back_or_forward, 3),
    ]

    def step(self):
        step = self.rng.choices([step for step, _ in self.STEPS], [weight for _, weight in self.STEPS])[0]
        self.current, self.detail = step.__name__, ""
        step(self)
        self.steps[self.current] = self.steps.get(self.current, 0) + 1
        self.trail.append(f"{time.monotonic() - self.recorder.start:7.1f} {self.current} {self.detail}")

    def instead(self, step):
        """Takes another step when this one cannot be taken here."""
        self.current = step.__name__
        return step()

    def describe(self):
        """The last steps and the history as the worker knows it, for a failure's evidence."""
        history = [f"{'>' if index == self.position else ' '} {url}" for index, url in enumerate(self.history)]
        try:
            window = [f"win.{action}: {self.window.state(action)}"
                      for action in ("article", "section", "sections", "find")]
            page = [f"page: {self.driver.current_url} at {self.script('return scrollY')}",
                    f"page sections: {[section_id for section_id, _ in self.app.sections()]}"]
        except Exception as error:
            window, page = [f"no state: {error}"], []
        return "\n".join([*self.trail, f"failed: {self.current} {self.detail}", *window, *page, "history:",
                          *history[-30:]]) + "\n"

    def recover(self):
        """After a failed step: the find bar closed, a known article open, a new history."""
        self.window.set_state("find", False)
        self.until(lambda: self.window.state("find") is False, "the find bar is closed")
        self.open_article()
        self.history, self.position = [self.history[self.position]], 0


def work(arguments):
    """One worker: starts Lakes with its own home, drives it, writes what it saw."""
    from selenium.webdriver.remote.remote_connection import RemoteConnection

    from lakes_session import WindowActions, end, launch, remove_runtime_folder, stop, throwaway_home

    folder = arguments.results / "load" / f"worker-{arguments.worker}"
    home = folder / "home"
    variables = throwaway_home(home)
    for name, value in variables.items():
        os.environ[name] = str(value)
    RemoteConnection.set_timeout(COMMAND_TIMEOUT)
    WindowActions.timeout = COMMAND_TIMEOUT * 1000

    log = open(folder / "lakes.log", "w")
    launched = time.monotonic()
    app, service = launch(arguments.binary, log)
    app.driver.set_script_timeout(COMMAND_TIMEOUT)
    start = time.monotonic()
    recorder = Recorder(start)
    report = {"worker": arguments.worker, "seed": arguments.seed + arguments.worker,
              "display": os.environ.get("DISPLAY"), "lakes_pid": app.pid, "startup_seconds": round(start - launched, 1),
              "warm_up_end": None}
    # Every worker stops at the same moment, the last one to start after `seconds`.
    deadline = start + (arguments.until - time.time())
    watcher = Watcher(app.pid, start, deadline, arguments.sample_interval)
    watcher.start()

    # Every command from here on is timed: WebDriver's where Selenium sends them, the
    # window's actions where they go on the bus (once the app's connection is known).
    send = app.driver.execute
    app.driver.execute = lambda command, parameters=None: recorder.timed(
        "webdriver", command, send, command, parameters)
    app.bus_name
    call = WindowActions._call
    WindowActions._call = lambda actions, method, *rest: recorder.timed("dbus", method, call, actions, method, *rest)

    worker = Worker(app, recorder, random.Random(arguments.seed + arguments.worker))
    failed_steps = 0
    try:
        worker.start()
        worker.fill_history()
        report["warm_up_end"] = round(time.monotonic() - start + arguments.warm_up, 1)
        while time.monotonic() < deadline and watcher.died_at is None:
            try:
                worker.step()
            except Exception as error:
                if watcher.died_at is not None or not alive(app.pid):
                    break
                failed_steps += 1
                if not isinstance(error, StepFailed):
                    traceback.print_exc()
                recorder.fail("step", worker.current, error)
                if failed_steps <= 3:
                    app.save_evidence(folder / f"failure-{failed_steps}")
                    (folder / f"failure-{failed_steps}/steps.txt").write_text(worker.describe())
                worker.recover()
    except Exception as error:
        recorder.fail("step", "start or recovery", error)
        traceback.print_exc()
        if alive(app.pid):
            app.save_evidence(folder / "failure-stopped")
    finally:
        report["seconds"] = round(time.monotonic() - start, 1)
        watcher.stopped.set()
        watcher.join()
        if watcher.died_at is None and not alive(app.pid):
            watcher.died_at = round(time.monotonic() - start, 1)
        if watcher.died_at is None:
            try:
                send("quit", None)
            except Exception as error:
                recorder.fail("webdriver", "quit", error)
        stop(service)
        end(app.pid)
        log.close()
        remove_runtime_folder(variables)

    report.update({
        "steps": worker.steps, "failed_steps": failed_steps, "died_at": watcher.died_at,
        "failures": recorder.failures, "commands": recorder.commands, "samples": watcher.samples,
        "lakes_problems": LAKES_PROBLEM.findall((folder / "lakes.log").read_text()),
    })
    (folder / "report.json").write_text(json.dumps(report))


# The run: the workers' displays and buses, and what their reports add up to


def start_display():
    """Starts an Xvfb on a free display number; returns it and the display's name."""
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    os.close(write)
    with os.fdopen(read) as answer:
        number = answer.readline().strip()
    if not number:
        raise RuntimeError("Xvfb did not start")
    return server, f":{number}"


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0


def slope(points):
    """The least-squares slope of [(x, y)]."""
    if len(points) < 2:
        return 0.0
    mean_x = statistics.fmean(x for x, _ in points)
    mean_y = statistics.fmean(y for _, y in points)
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / spread if spread else 0.0


def summarize(report):
    """The figures of one worker's report, and what in them fails the run."""
    latencies = [seconds for _, _, seconds in report["commands"]]
    by_kind = {}
    for kind, _, seconds in report["commands"]:
        by_kind.setdefault(kind, []).append(seconds)

    def total(sample, name=None):
        return sum(entry["pss"] for key, entry in sample["processes"].items() if name in (None, key)) / 1024

    warm_up_end = report["warm_up_end"]
    after = [sample for sample in report["samples"] if warm_up_end is not None and sample["t"] >= warm_up_end]
    minutes = (after[-1]["t"] - after[0]["t"]) / 60 if after else 0
    half = max(1, len(after) // 2)
    memory = {
        "warm_up_end_seconds": warm_up_end,
        "samples_after_warm_up": len(after),
        "minutes_after_warm_up": round(minutes, 1),
        "pss_start_mib": round(total(after[0]), 1) if after else None,
        "pss_end_mib": round(total(after[-1]), 1) if after else None,
        "slope_mib_per_minute": round(slope([(sample["t"] / 60, total(sample)) for sample in after]), 2),
        "floor_start_mib": round(min(total(sample) for sample in after[:half]), 1) if after else None,
        "floor_end_mib": round(min(total(sample) for sample in after[-half:]), 1) if after else None,
        "lakes_start_mib": round(statistics.median(total(sample, "lakes") for sample in after[:3]), 1)
        if after else None,
        "lakes_end_mib": round(statistics.median(total(sample, "lakes") for sample in after[-3:]), 1)
        if after else None,
        "by_process_mib": {
            name: [round(total(after[0], name), 1), round(total(after[-1], name), 1)]
            for name in (after[-1]["processes"] if after else {})},
        "web_processes_seen": len({pid for sample in report["samples"]
                                   for pid in sample["processes"].get("WebKitWebProcess", {}).get("pids", [])}),
        "judged": minutes >= MIN_JUDGED_MINUTES,
    }
    figures = {
        "worker": report["worker"],
        "seed": report.get("seed"),
        "startup_seconds": report["startup_seconds"],
        "seconds": report["seconds"],
        "steps": sum(report["steps"].values()),
        "steps_by_kind": report["steps"],
        "failed_steps": report["failed_steps"],
        "commands": len(latencies),
        "commands_by_kind": {kind: len(values) for kind, values in by_kind.items()},
        "failed_commands": sum(1 for failure in report["failures"] if failure["kind"] != "step"),
        "p99_seconds": round(percentile(latencies, 0.99), 3),
        "max_seconds": round(max(latencies, default=0), 3),
        "latency_by_kind": {kind: {"p50": round(percentile(values, 0.5), 3), "p99": round(percentile(values, 0.99), 3),
                                   "max": round(max(values), 3)} for kind, values in by_kind.items()},
        "died": report["died_at"] is not None,
        "died_at": report["died_at"],
        "lakes_problems": report["lakes_problems"],
        "memory": memory,
        "failures": report["failures"],
    }
    problems = []
    if figures["failed_commands"] or figures["failed_steps"]:
        problems.append(f"{figures['failed_commands']} commands and {figures['failed_steps']} steps failed")
    if figures["died"]:
        problems.append(f"Lakes died after {report['died_at']} s")
    if report["lakes_problems"]:
        problems.append(f"Lakes logged {len(report['lakes_problems'])} criticals or warnings")
    if len(after) >= 3 and memory["lakes_end_mib"] - memory["lakes_start_mib"] > MAX_APP_GROWTH:
        problems.append(
            f"Lakes' process grew from {memory['lakes_start_mib']:.0f} to {memory['lakes_end_mib']:.0f} MiB")
    if memory["judged"] and memory["floor_end_mib"] - memory["floor_start_mib"] > MAX_FLOOR_GROWTH:
        problems.append(f"the low point of all its processes rose from {memory['floor_start_mib']:.0f} "
                        f"to {memory['floor_end_mib']:.0f} MiB")
    figures["problems"] = problems
    figures["notes"] = [] if memory["judged"] else [
        f"{memory['minutes_after_warm_up']} minutes after the warm-up, under {MIN_JUDGED_MINUTES:.0f}: "
        "the memory of all its processes is not judged" + ("" if len(after) >= 3 else ", nor Lakes' own")]
    return figures


def failed_report(worker, why):
    """The report of a worker that wrote none."""
    return {"worker": worker, "startup_seconds": None, "warm_up_end": None, "seconds": 0, "steps": {},
            "failed_steps": 0, "died_at": None, "commands": [], "samples": [], "lakes_problems": [],
            "failures": [{"at": 0, "kind": "worker", "name": "worker", "error": why}]}


def run(arguments):
    results = arguments.results / "load"
    results.mkdir(parents=True, exist_ok=True)
    warm_up = arguments.warm_up if arguments.warm_up is not None else min(60.0, arguments.seconds / 6)
    sample_interval = min(10.0, max(2.0, arguments.seconds / 30))
    print(f"Load: {arguments.workers} Lakes for {arguments.seconds:.0f} s ({arguments.binary}, seed {arguments.seed}); "
          f"memory sampled every {sample_interval:.0f} s, after a warm-up that fills the back-forward list "
          f"and reads on for {warm_up:.0f} s", flush=True)
    began = time.monotonic()
    # The workers start `stagger` seconds apart (eight at once would start up at once, and
    # a test farm's do not) and all stop `seconds` after the last one was started.
    until = time.time() + (arguments.workers - 1) * arguments.stagger + arguments.seconds
    displays, workers = [], []
    environment = {name: value for name, value in os.environ.items() if name != "DBUS_SESSION_BUS_ADDRESS"}
    try:
        for index in range(arguments.workers):
            folder = results / f"worker-{index}"
            subprocess.run(["rm", "-rf", str(folder)], check=True)
            folder.mkdir(parents=True)
            server, display = start_display()
            displays.append(server)
            output = open(folder / "worker.log", "w")
            workers.append(subprocess.Popen(
                ["dbus-run-session", "--", sys.executable, __file__, "--worker", str(index),
                 "--until", str(until), "--warm-up", str(warm_up), "--sample-interval", str(sample_interval),
                 "--seed", str(arguments.seed), "--binary", str(arguments.binary),
                 "--results", str(arguments.results)],
                env={**environment, "DISPLAY": display, "PYTHONDONTWRITEBYTECODE": "1"},
                stdout=output, stderr=subprocess.STDOUT, start_new_session=True))
            if index < arguments.workers - 1:
                time.sleep(arguments.stagger)
        reports = []
        for index, process in enumerate(workers):
            try:
                # A worker ends its last step (one command or wait may take COMMAND_TIMEOUT) and quits.
                process.wait(max(60, until - time.time() + 4 * COMMAND_TIMEOUT))
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, 9)
                process.wait()
            path = results / f"worker-{index}/report.json"
            reports.append(json.loads(path.read_text()) if path.exists() else failed_report(
                index, f"the worker ended with {process.returncode} and no report; see {path.parent}/worker.log"))
    finally:
        for process in workers:
            if process.poll() is None:
                os.killpg(process.pid, 9)
        for server in displays:
            server.terminate()
            server.wait()

    figures = [summarize(report) for report in reports]
    all_latencies = [seconds for report in reports for _, _, seconds in report["commands"]]
    totals = {
        "workers": arguments.workers, "seconds": arguments.seconds, "warm_up_seconds": warm_up,
        "wall_seconds": round(time.monotonic() - began, 1),
        "steps": sum(entry["steps"] for entry in figures),
        "commands": sum(entry["commands"] for entry in figures),
        "failed_commands": sum(entry["failed_commands"] for entry in figures),
        "failed_steps": sum(entry["failed_steps"] for entry in figures),
        "p99_seconds": round(percentile(all_latencies, 0.99), 3),
        "max_seconds": round(max(all_latencies, default=0), 3),
        "deaths": sum(entry["died"] for entry in figures),
        "bounds": {"max_app_growth_mib": MAX_APP_GROWTH, "max_floor_growth_mib": MAX_FLOOR_GROWTH,
                   "min_judged_minutes": MIN_JUDGED_MINUTES,
                   "command_timeout_seconds": COMMAND_TIMEOUT},
    }
    (arguments.results / "load.json").write_text(json.dumps({"totals": totals, "workers": figures}, indent=1))

    # PSS in MiB: all of a Lakes' processes after the warm-up and at the end, their low point
    # in the first and second halves, the slope in MiB a minute; Lakes' own process.
    header = ["worker", "steps", "commands", "failed", "p99 s", "max s", "died", "start", "end", "floor", "",
              "MiB/min", "app", ""]
    rows = [[str(entry["worker"]), str(entry["steps"]), str(entry["commands"]),
             str(entry["failed_commands"] + entry["failed_steps"]), f"{entry['p99_seconds']:.2f}",
             f"{entry['max_seconds']:.2f}", "yes" if entry["died"] else "no",
             *[f"{entry['memory'][key]:.0f}" if entry["memory"][key] is not None else "-" for key in (
                 "pss_start_mib", "pss_end_mib", "floor_start_mib", "floor_end_mib")],
             f"{entry['memory']['slope_mib_per_minute']:.1f}",
             *[f"{entry['memory'][key]:.0f}" if entry["memory"][key] is not None else "-" for key in (
                 "lakes_start_mib", "lakes_end_mib")]] for entry in figures]
    rows.append(["all", str(totals["steps"]), str(totals["commands"]),
                 str(totals["failed_commands"] + totals["failed_steps"]), f"{totals['p99_seconds']:.2f}",
                 f"{totals['max_seconds']:.2f}", str(totals["deaths"])])
    for row in [header, *rows]:
        print(" ".join(cell.rjust(8) for cell in row))
    for entry in figures:
        for note in entry["notes"]:
            print(f"worker {entry['worker']}: {note}")
    problems = [f"worker {entry['worker']}: {problem}" for entry in figures for problem in entry["problems"]]
    for entry in figures:
        for failure in entry["failures"][:5]:
            print(f"worker {entry['worker']} at {failure['at']} s, {failure['kind']} {failure['name']}: "
                  f"{failure['error']}")
    print("\n".join(problems) if problems else "Load: passed", flush=True)
    print(f"Figures in {arguments.results / 'load.json'}; logs in {results}")
    return 1 if problems else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--warm-up", type=float,
                        help="seconds read, once the back-forward list is full, before memory counts "
                        "(default: a sixth of --seconds, at most 60)")
    parser.add_argument("--stagger", type=float, default=3, help="seconds between two workers' starts")
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--binary", type=Path,
                        default=Path(os.environ.get("LAKES_BINARY") or ROOT / ".build/debug/lakes"))
    parser.add_argument("--results", type=Path,
                        default=Path(os.environ.get("LAKES_TEST_RESULTS") or ROOT / ".build/test-results"))
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--until", type=float, help=argparse.SUPPRESS)
    parser.add_argument("--sample-interval", type=float, default=10, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    arguments.binary, arguments.results = arguments.binary.resolve(), arguments.results.resolve()
    if arguments.worker is not None:
        return work(arguments)
    if not os.access(arguments.binary, os.X_OK):
        parser.error(f"{arguments.binary} is not built; run swift build or set LAKES_BINARY")
    return run(arguments)


if __name__ == "__main__":
    sys.exit(main())
