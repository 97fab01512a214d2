"""Drives a running Lakes from outside, the ways a person and the desktop reach it.

- The page, through a W3C WebDriver session with WebKitWebDriver (Selenium's client).
- The native window's state, through the window's GActions that GtkApplication exports on
  the session bus (`org.gtk.Actions`): the open article, the current section, the find bar.
- The keyboard and the mouse wheel, through real X input events (`xdotool`, XTEST).
"""

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402
from selenium import webdriver
from selenium.webdriver.webkitgtk.options import Options

APP_ID_PATH = "/io/github/lakes/Lakes"


def wait_until(condition, what, timeout=20.0, interval=0.05):
    """Polls `condition` until it returns a true value, which is returned."""
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            value = condition()
            if value:
                return value
        except Exception as error:  # the state may be between two valid ones
            last_error = error
        time.sleep(interval)
    detail = f" (last error: {last_error})" if last_error else ""
    raise AssertionError(f"timed out after {timeout:.0f} s waiting until {what}{detail}")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_webdriver(log, *arguments):
    """Starts WebKitWebDriver on a free port; returns the process and its URL."""
    port = free_port()
    process = subprocess.Popen(
        ["WebKitWebDriver", f"--port={port}", *arguments],
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    wait_until(lambda: accepts_connections(port) or process.poll() is not None, "WebKitWebDriver listens")
    if process.poll() is not None:
        raise RuntimeError(f"WebKitWebDriver exited with {process.returncode}")
    return process, url


def accepts_connections(port):
    """Whether something listens on the loopback port."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


def stop(process, grace=10):
    """Ends a process (SIGTERM, then SIGKILL after `grace` seconds); returns its status."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(grace)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    return process.returncode


def end(pid, grace=10):
    """Waits for a process that is not our child to exit; kills it after `grace` seconds."""
    def gone():
        try:
            return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
        except OSError:
            return True
    try:
        wait_until(gone, f"process {pid} exits", timeout=grace)
    except AssertionError:
        os.kill(pid, signal.SIGKILL)


def throwaway_home(home):
    """Makes `home` a throwaway HOME whose default browser records the URLs it is given;
    returns the environment variables that point a process at it.

    A Lakes started with them finds the recording browser through `xdg-open`, and nothing
    it does can reach the real home folder. The URLs go to <home>/opened.txt. Its runtime
    folder is made apart, under /tmp; the caller removes it (`remove_runtime_folder`).
    """
    record = home / "opened.txt"
    script = home / "bin/record-browser"
    for folder in ["bin", ".config", ".local/share/applications", "tmp"]:
        (home / folder).mkdir(parents=True)
    script.write_text(f"#!/bin/sh\nprintf '%s\\n' \"$@\" >> '{record}'\n")
    script.chmod(0o755)
    (home / ".local/share/applications/record-browser.desktop").write_text(
        "[Desktop Entry]\nType=Application\nName=Recording Browser\n"
        f"Exec={script} %u\nMimeType=x-scheme-handler/http;x-scheme-handler/https;\n"
    )
    (home / ".config/mimeapps.list").write_text(
        "[Default Applications]\nx-scheme-handler/http=record-browser.desktop\n"
        "x-scheme-handler/https=record-browser.desktop\n"
    )
    # A desktop session's runtime folder is short (/run/user/UID). Without one GLib falls
    # back to the cache folder, deep under the home here, where the sockets of WebKit's
    # sandbox do not fit (Lakes then runs unsandboxed, and warns).
    runtime = Path(tempfile.mkdtemp(prefix="lakes-run-", dir="/tmp"))
    return {
        "HOME": home, "XDG_CONFIG_HOME": home / ".config", "XDG_DATA_HOME": home / ".local/share",
        "XDG_CACHE_HOME": home / ".cache", "XDG_RUNTIME_DIR": runtime, "TMPDIR": home / "tmp", "BROWSER": script,
        "XDG_CURRENT_DESKTOP": "", "DE": "generic",
        # Nothing here reads the accessibility tree; without it no machine's lack of an
        # accessibility bus shows up in the app's log.
        "NO_AT_BRIDGE": "1",
    }


def remove_runtime_folder(variables):
    """Removes the runtime folder `throwaway_home` made for the environment `variables`."""
    shutil.rmtree(variables["XDG_RUNTIME_DIR"], ignore_errors=True)


def lakes_options(binary=None):
    """Selenium options for Lakes: browserName "lakes"; `binary` to have it launched."""
    options = Options()
    options.set_capability("browserName", "lakes")
    if binary:
        options.binary_location = str(binary)
        options.add_argument("--automation")
    return options


class WindowActions:
    """The `win.*` actions of one Lakes window, read and activated over D-Bus."""

    # How long a call waits for the app's answer, in milliseconds.
    timeout = 5000

    def __init__(self, bus, name, window_id):
        self.bus = bus
        self.name = name
        self.path = f"{APP_ID_PATH}/window/{window_id}"

    def _call(self, method, parameters, reply_type=None):
        return self.bus.call_sync(
            self.name, self.path, "org.gtk.Actions", method, parameters,
            GLib.VariantType(reply_type) if reply_type else None, Gio.DBusCallFlags.NONE, self.timeout, None,
        ).unpack()

    def describe(self, action):
        """(enabled, parameter type, [state])."""
        return self._call("Describe", GLib.Variant("(s)", (action,)), "((bgav))")[0]

    def state(self, action):
        states = self.describe(action)[2]
        return states[0] if states else None

    def enabled(self, action):
        return self.describe(action)[0]

    def activate(self, action, parameter=None):
        parameters = [GLib.Variant("s", parameter)] if parameter is not None else []
        self._call("Activate", GLib.Variant("(sava{sv})", (action, parameters, {})))

    def set_state(self, action, value):
        """Asks for a state (`org.gtk.Actions.SetState`), as a desktop shell may."""
        variant = GLib.Variant("b" if isinstance(value, bool) else "s", value)
        self._call("SetState", GLib.Variant("(sva{sv})", (action, variant, {})))

    def exists(self):
        try:
            self._call("List", None, "(as)")
            return True
        except GLib.Error:
            return False


class Keyboard:
    """Real X key events (XTEST) into one X window."""

    def __init__(self, window_id):
        self.window_id = window_id

    def focus(self):
        subprocess.run(["xdotool", "windowfocus", "--sync", self.window_id], check=True, timeout=10)

    def key(self, *keys):
        subprocess.run(["xdotool", "key", "--clearmodifiers", *keys], check=True, timeout=10)

    def type(self, text):
        subprocess.run(["xdotool", "type", "--delay", "40", text], check=True, timeout=30)

    def wheel_down(self, x, y, clicks):
        """Scrolls with the mouse wheel at (x, y) in the window."""
        subprocess.run(
            ["xdotool", "mousemove", "--window", self.window_id, str(x), str(y), "click", "--repeat", str(clicks),
             "--delay", "30", "5"],
            check=True, timeout=30,
        )


class Lakes:
    """A Lakes process and a WebDriver session driving it."""

    def __init__(self, driver, pid, log_path):
        self.driver = driver
        self.pid = pid
        self.log_path = log_path
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        self._bus_name = None

    # The app's place on the session bus

    @property
    def bus_name(self):
        """The app's connection that exports its actions (Lakes does not own a name)."""
        if self._bus_name is None:
            self._bus_name = wait_until(self._find_bus_name, "Lakes exports its window actions on the session bus")
        return self._bus_name

    def _find_bus_name(self):
        names = self.bus.call_sync(
            "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames", None,
            GLib.VariantType("(as)"), Gio.DBusCallFlags.NONE, 5000, None,
        ).unpack()[0]
        for name in names:
            if not name.startswith(":"):
                continue
            try:
                pid = self.bus.call_sync(
                    "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                    "GetConnectionUnixProcessID", GLib.Variant("(s)", (name,)), GLib.VariantType("(u)"),
                    Gio.DBusCallFlags.NONE, 5000, None,
                ).unpack()[0]
            except GLib.Error:
                continue
            if pid == self.pid and WindowActions(self.bus, name, 1).exists():
                return name
        return None

    def window(self, window_id=1):
        return WindowActions(self.bus, self.bus_name, window_id)

    # The X window

    def x_window(self, title=None):
        """The id of the app's visible top-level X window (with `title`, if given)."""
        def find():
            # --all: the window must be this process's and have the title, not either.
            command = ["xdotool", "search", "--all", "--onlyvisible", "--pid", str(self.pid)]
            if title:
                command += ["--name", f"^{title}$"]
            found = subprocess.run(command, capture_output=True, text=True, timeout=10).stdout.split()
            return found[-1] if found else None
        return wait_until(find, f"the window {title or ''} is on screen")

    def keyboard(self, title=None):
        keyboard = Keyboard(self.x_window(title))
        keyboard.focus()
        return keyboard

    # The page

    def open_article(self, slug, title, window=1):
        """Picks an article as the sidebar does, and waits until it shows."""
        self.window(window).activate("article", slug)
        wait_until(lambda: self.driver.title == title, f"the article {slug} shows")
        wait_until(lambda: self.page_ready(), "the article finished loading")

    def page_ready(self):
        return self.driver.execute_script("return document.readyState") == "complete"

    def sections(self):
        """The article's sections, as the page has them: [(id, title)]."""
        return [tuple(pair) for pair in self.driver.execute_script(
            "return [...document.querySelectorAll('h2[id], h3[id]')]"
            ".map(h => [h.id, h.textContent.replace(/\\s+/g, ' ').trim()]).filter(p => p[1].length > 0)")]

    def heading_offset(self, section_id):
        """How far the heading is from where scrolling to it puts it (the top of the view,
        less its CSS scroll margin), in CSS pixels."""
        return self.driver.execute_script(
            "const heading = document.getElementById(arguments[0]);"
            "return heading.getBoundingClientRect().top - parseFloat(getComputedStyle(heading).scrollMarginTop || 0)",
            section_id)

    def scrolled_to_bottom(self):
        return self.driver.execute_script(
            "return Math.ceil(scrollY + innerHeight) >= document.documentElement.scrollHeight - 1")

    def save_evidence(self, folder):
        """Saves what the screen shows, WebDriver's screenshot of the page, the page's
        address and source, and the app's log."""
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        subprocess.run(["import", "-window", "root", str(folder / "screen.png")], timeout=30, check=False)
        try:
            self.driver.save_screenshot(str(folder / "page.png"))
        except Exception as error:
            (folder / "page.png.txt").write_text(f"no WebDriver screenshot: {error}\n")
        try:
            (folder / "page.html").write_text(f"<!-- {self.driver.current_url} -->\n{self.driver.page_source}")
        except Exception as error:
            (folder / "page.html").write_text(f"<!-- no page source: {error} -->\n")
        if self.log_path and Path(self.log_path).exists():
            shutil.copy(self.log_path, folder / "lakes.log")


def children_of(parent_pid, binary):
    """The processes started by `parent_pid` whose program is `binary`."""
    real = os.path.realpath(binary)
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == parent_pid and os.path.realpath(entry / "exe") == real:
                found.append(int(entry.name))
        except (OSError, IndexError, ValueError):
            continue
    return found


def launch(binary, log):
    """Has WebKitWebDriver start Lakes with `--automation`; returns (Lakes, WebKitWebDriver)."""
    service, url = start_webdriver(log)
    try:
        driver = webdriver.Remote(command_executor=url, options=lakes_options(binary))
    except Exception:
        stop(service)
        raise
    pid = wait_until(lambda: (children_of(service.pid, binary) or [None])[0], "Lakes was started")
    return Lakes(driver, pid, log.name), service
