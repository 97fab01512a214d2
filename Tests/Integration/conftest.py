"""Fixtures of the integration suite: the built app, a throwaway home, a driven Lakes.

Run under an X server and a session bus, as scripts/test does:

    xvfb-run -a dbus-run-session -- python3 -m pytest Tests/Integration

LAKES_BINARY names the lakes executable (default: .build/debug/lakes) and
LAKES_TEST_RESULTS the folder for results (default: .build/test-results). When a test
fails, a screenshot of the screen, the page's snapshot and the app's log are saved in
<results>/integration/<test name>/.
"""

import json
import os
import re
from pathlib import Path

import pytest
from selenium.webdriver.remote.remote_connection import RemoteConnection

from lakes_session import end, launch, remove_runtime_folder, stop, throwaway_home

# A WebDriver command that gets no answer fails the test instead of stopping the suite.
RemoteConnection.set_timeout(60)

ROOT = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("LAKES_BINARY") or ROOT / ".build/debug/lakes")
RESULTS = Path(os.environ.get("LAKES_TEST_RESULTS") or ROOT / ".build/test-results")
ARTICLES = json.loads((ROOT / "data/articles/articles.json").read_text())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


@pytest.fixture(scope="session")
def binary():
    if not os.access(BINARY, os.X_OK):
        pytest.fail(f"{BINARY} is not built; run swift build or set LAKES_BINARY")
    return BINARY


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A throwaway HOME whose default browser records the URLs it is given.

    Lakes is started with this environment, so `xdg-open` finds the recording browser
    and nothing a test does can reach the real home folder.
    """
    home = tmp_path / "home"
    variables = throwaway_home(home)
    for name, value in variables.items():
        monkeypatch.setenv(name, str(value))
    yield home
    remove_runtime_folder(variables)


@pytest.fixture
def evidence(request):
    """Where a failing test keeps its screenshot and logs."""
    return RESULTS / "integration" / request.node.name.replace("/", "_")


def failed(request):
    """Whether the test's set-up or body failed."""
    reports = [getattr(request.node, f"report_{when}", None) for when in ("setup", "call")]
    return any(report is not None and report.failed for report in reports)


@pytest.fixture
def lakes(binary, home, evidence, request, tmp_path):
    """Lakes started by WebKitWebDriver from `webkitgtk:browserOptions`, with a session."""
    log = open(tmp_path / "lakes.log", "w")
    app, service = launch(binary, log)
    yield app
    if failed(request):
        app.save_evidence(evidence)
    try:
        app.driver.quit()
    finally:
        stop(service)
        end(app.pid)
        log.close()
    # Lakes' own GLib and GTK criticals and warnings are bugs, even when the test saw
    # nothing wrong. (Its log also holds WebKitWebDriver's and WebKit's processes'.)
    problems = re.findall(
        r"^\((?:io\.github\.lakes\.Lakes|lakes):\d+\): [\w-]+-(?:CRITICAL|WARNING) \*\*.*$",
        (tmp_path / "lakes.log").read_text(), re.M)
    if problems and not failed(request):
        evidence.mkdir(parents=True, exist_ok=True)
        (evidence / "lakes.log").write_text((tmp_path / "lakes.log").read_text())
        pytest.fail("Lakes logged:\n" + "\n".join(problems), pytrace=False)


def article(slug):
    return next(entry for entry in ARTICLES if entry["slug"] == slug)
