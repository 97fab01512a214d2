"""Lakes as a desktop app: one instance per session, and the reader's own lakes from the web."""

import os
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conftest import ARTICLES
from lakes_session import Lakes, WindowActions, launch, stop, end, wait_until

GENEVA = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lake Geneva</title>
<link rel="stylesheet" href="/geneva.css"></head><body>
<nav><h2>Site menu</h2></nav>
<main><h1>Lake Geneva</h1><p>A crescent of water between Switzerland and France.</p>
<h2>Geography</h2><p>{filler}</p>
<h2 id="history">History</h2><p>{filler}</p>
<h3>Steamers</h3><p>{filler}</p>
<h2>Ecology</h2><p>{filler}</p></main></body></html>
""".replace("{filler}", "The lake is deep and blue. " * 120)


class LakeServer:
    """A loopback web site with one lake article, which can go away."""

    def __init__(self):
        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                if self.path == "/geneva.css":
                    body, kind = b"h2 { color: rgb(0, 90, 140); }", "text/css"
                else:
                    body, kind = GENEVA.encode(), "text/html; charset=utf-8"
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *arguments):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_port}/geneva.html"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


def test_an_article_added_by_its_address_has_sections_and_opens_offline(lakes, home):
    site = LakeServer()
    try:
        window = lakes.window()
        first = ARTICLES[0]
        wait_until(lambda: lakes.driver.title == first["title"], "the first article shows")
        keyboard = lakes.keyboard(first["title"])

        # An address Lakes cannot open keeps the dialog open, with a message.
        keyboard.key("ctrl+l")
        dialog = lakes.keyboard("Add a Lake")
        dialog.type("ftp://example.org/lake")
        dialog.key("Return")
        time.sleep(0.5)
        assert lakes.x_window("Add a Lake"), "the dialog stays open"
        dialog.focus()
        dialog.key("Escape")
        wait_until(lambda: not visible_windows(lakes.pid, "Add a Lake"), "Escape closes the dialog")
        assert window.state("article") == first["slug"], "nothing was added or opened"

        keyboard.focus()
        keyboard.key("ctrl+l")
        dialog = lakes.keyboard("Add a Lake")
        dialog.type(site.url)
        dialog.focus()
        dialog.key("Return")

        wait_until(lambda: lakes.driver.title == "Lake Geneva", "the added article opens")
        wait_until(lambda: window.state("article") == site.url, "the window marks the added article")
        ids = wait_until(lambda: window.state("sections") or None, "the window lists its sections")
        assert ids == ["lakes-section-1", "history", "lakes-section-2", "lakes-section-3"], ids
        assert [section_id for section_id, _ in lakes.sections()] == ids, "the page has the ids the window gave"
        window.activate("section", "lakes-section-2")
        wait_until(lambda: window.state("section") == "lakes-section-2", "the sidebar follows a picked section")
        wait_until(lambda: abs(lakes.heading_offset("lakes-section-2")) < 2, "the page scrolls to it")

        # The site goes away: the article opens from the copy Lakes kept.
        wait_until(lambda: offline_copies(home), "an offline copy is kept")
        site.stop()
        window.activate("article", ARTICLES[1]["slug"])
        wait_until(lambda: lakes.driver.title == ARTICLES[1]["title"], "another article shows")
        window.activate("article", site.url)
        wait_until(lambda: lakes.driver.title == "Lake Geneva", "the added article opens again")
        wait_until(lambda: lakes.driver.current_url.endswith(".mht"), "from its offline copy")
        wait_until(lambda: window.state("article") == site.url, "the window still marks it")
        assert lakes.driver.execute_script(
            "return getComputedStyle(document.querySelector('main h2')).color") == "rgb(0, 90, 140)"
        wait_until(lambda: window.state("sections") == ids, "the copy has the same sections")
    finally:
        site.stop()


def visible_windows(pid, title):
    """The visible X windows of process `pid` titled `title`."""
    command = ["xdotool", "search", "--all", "--onlyvisible", "--pid", str(pid), "--name", f"^{title}$"]
    return subprocess.run(command, capture_output=True, text=True, timeout=10).stdout.split()


def offline_copies(home):
    """The offline copies an automated Lakes keeps, in its throwaway data folder under TMPDIR."""
    return list((home / "tmp").glob("lakes-automation-*/data/io.github.lakes.Lakes/offline/*.mht"))


def test_a_second_launch_hands_its_page_to_the_running_lakes(binary, home, tmp_path):
    environment = dict(os.environ, GSETTINGS_BACKEND="memory")
    log = open(tmp_path / "primary.log", "w")
    primary = subprocess.Popen([str(binary)], env=environment, stdout=log, stderr=subprocess.STDOUT)
    automated = service = None
    try:
        first = ARTICLES[0]
        actions = Lakes(None, primary.pid, log.name)
        wait_until(lambda: actions.x_window(first["title"]), "the first article shows")
        window = actions.window()
        wait_until(lambda: window.state("article") == first["slug"], "the window marks it")

        second = subprocess.run(
            [str(binary), "lakes://articles/baikal"], env=environment, capture_output=True, text=True, timeout=60)
        assert second.returncode == 0, second.stderr
        wait_until(lambda: window.state("article") == "baikal", "the running Lakes opens the handed page")
        assert actions.x_window("Lake Baikal")
        assert primary.poll() is None

        # A launch with nothing to open brings the window forward and exits too.
        assert subprocess.run([str(binary)], env=environment, timeout=60).returncode == 0
        # An automated Lakes is an instance of its own beside it.
        automated_log = open(tmp_path / "automated.log", "w")
        automated, service = launch(binary, automated_log)
        assert automated.pid != primary.pid
        wait_until(lambda: automated.driver.title == first["title"], "the automated Lakes has its own window")
        assert window.state("article") == "baikal"
    finally:
        if automated:
            automated.driver.quit()
        if service:
            stop(service)
        if automated:
            end(automated.pid)
        status = stop(primary)
        log.close()
    assert status == 0, "Lakes quits cleanly on SIGTERM"
