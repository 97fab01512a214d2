"""Lakes' pages run in WebKit's bubblewrap sandbox, and WebDriver drives them there."""

import os
from pathlib import Path

from conftest import ARTICLES
from lakes_session import wait_until


def processes():
    """Every process's name and parent, by id."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            name = stat[stat.index("(") + 1:stat.rindex(")")]
            found[int(entry.name)] = (name, int(stat.rsplit(")", 1)[1].split()[1]))
    return found


def web_processes_of(pid):
    """The web processes `pid` started, each with the names of the processes in between."""
    table = processes()
    found = {}
    for child, (name, parent) in table.items():
        if not name.startswith("WebKitWebProces"):
            continue
        between = []
        while parent > 1 and parent != pid and parent in table:
            between.append(table[parent][0])
            parent = table[parent][1]
        if parent == pid:
            found[child] = between
    return found


def test_the_article_runs_in_webkits_sandbox(lakes):
    first = ARTICLES[0]
    wait_until(lambda: lakes.driver.title == first["title"], "the first article shows")
    web = wait_until(lambda: web_processes_of(lakes.pid), "Lakes' web process is found")
    for process, between in web.items():
        assert "bwrap" in between, f"web process {process} is not under bwrap: {between}"
        for kind in ["pid", "net", "mnt"]:
            assert os.readlink(f"/proc/{process}/ns/{kind}") != os.readlink(f"/proc/{lakes.pid}/ns/{kind}"), kind
    # The page inside answers WebDriver as before.
    assert lakes.driver.execute_script("return document.title") == first["title"]
