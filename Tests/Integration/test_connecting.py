"""The two ways a WebDriver client reaches Lakes, and the README's Selenium example."""

import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.request

import pytest
from selenium import webdriver

from conftest import ARTICLES, ROOT, failed
from lakes_session import (
    Lakes, accepts_connections, free_port, lakes_options, start_webdriver, stop, wait_until,
)


def test_webkitwebdriver_attaches_to_a_running_lakes(binary, home, tmp_path, evidence, request):
    # A folder left by an automated run that was killed: this run deletes it.
    abandoned = home / "tmp/lakes-automation-killed"
    (abandoned / "data").mkdir(parents=True)
    port = free_port()
    log = open(tmp_path / "lakes.log", "w")
    environment = dict(os.environ, WEBKIT_INSPECTOR_SERVER=f"127.0.0.1:{port}")
    app = subprocess.Popen([str(binary), "--automation"], env=environment, stdout=log, stderr=subprocess.STDOUT)
    service = driver = None
    try:
        wait_until(lambda: accepts_connections(port) or app.poll() is not None, "Lakes listens for inspector clients")
        assert app.poll() is None, f"Lakes exited with {app.returncode}"
        assert not abandoned.exists(), "the abandoned throwaway folder was deleted"
        service, url = start_webdriver(log, f"--target=127.0.0.1:{port}")
        driver = webdriver.Remote(command_executor=url, options=lakes_options())
        lakes = Lakes(driver, app.pid, log.name)
        try:
            first = ARTICLES[0]
            wait_until(lambda: driver.title == first["title"], "the session is on Lakes' window")
            driver.get("lakes://articles/crater")
            wait_until(lambda: driver.title == "Crater Lake", "the session navigates")
            wait_until(lambda: lakes.window().state("article") == "crater", "the window follows")
        except Exception:
            lakes.save_evidence(evidence)
            raise
    finally:
        if driver:
            driver.quit()
        if service:
            stop(service)
        status = stop(app)
        log.close()
    if not failed(request):
        assert status == 0, "Lakes quits cleanly on SIGTERM"
        assert list((home / "tmp").glob("lakes-automation-*")) == [], "the throwaway folder is gone"


def w3c(url, method, path, body=None):
    """One W3C WebDriver command over plain HTTP; returns its "value"."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        url + path, data=data, method=method, headers={"Content-Type": "application/json; charset=utf-8"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)["value"]


@pytest.fixture
def webdriver_url(tmp_path):
    """A WebKitWebDriver of its own, for clients that start their session by hand."""
    log = open(tmp_path / "lakes.log", "w")
    service, url = start_webdriver(log)
    yield url
    stop(service)
    log.close()


def new_session(url, binary, browser_name):
    """Starts Lakes from the capabilities a W3C client sends; returns the server's answer."""
    capabilities = {"alwaysMatch": {
        "browserName": browser_name,
        "webkitgtk:browserOptions": {"binary": str(binary), "args": ["--automation"]},
    }}
    return w3c(url, "POST", "/session", {"capabilities": capabilities})


def test_a_client_speaking_plain_w3c_webdriver_drives_lakes(binary, home, webdriver_url):
    """No Selenium: the protocol's own JSON, as any other client sends it."""
    url = webdriver_url
    session = new_session(url, binary, "lakes")
    assert session["capabilities"]["browserName"] == "lakes"
    assert session["capabilities"]["browserVersion"]
    prefix = f"/session/{session['sessionId']}"
    wait_until(lambda: w3c(url, "GET", prefix + "/title") == ARTICLES[0]["title"], "the first article shows")
    w3c(url, "POST", prefix + "/url", {"url": "lakes://articles/victoria"})
    assert w3c(url, "GET", prefix + "/title") == "Lake Victoria"
    heading = w3c(url, "POST", prefix + "/element", {"using": "css selector", "value": "h1"})
    element = next(iter(heading.values()))
    assert w3c(url, "GET", f"{prefix}/element/{element}/text") == "Lake Victoria"
    w3c(url, "DELETE", prefix)


def test_a_session_for_another_browser_is_refused(binary, home, webdriver_url):
    with pytest.raises(urllib.error.HTTPError) as refusal:
        new_session(webdriver_url, binary, "firefox")
    assert json.load(refusal.value)["value"]["error"] == "session not created"


def readme_example():
    """The Python block of the README's section on Selenium."""
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Driving Lakes with Selenium", 1)[1]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_the_readme_selenium_example_reads_the_first_title(binary, home, tmp_path):
    script = tmp_path / "example.py"
    script.write_text(readme_example())
    result = subprocess.run(
        [sys.executable, str(script), str(binary)], capture_output=True, text=True, timeout=120,
        env=dict(os.environ, PYTHONWARNINGS="ignore"),
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ARTICLES[0]["title"]
