"""The find bar through real key presses, and the sidebar's sections following the page."""

from conftest import article
from lakes_session import wait_until

SELECTION_TOP = (
    "const selection = getSelection();"
    "return selection.rangeCount ? selection.getRangeAt(0).getBoundingClientRect().top + scrollY : null"
)


def occurrence_tops(driver, word):
    """Where each occurrence of `word` is in the document, top to bottom."""
    return driver.execute_script(
        "const word = arguments[0].toLowerCase(), tops = [];"
        "const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);"
        "for (let node; (node = walker.nextNode());) {"
        "  const text = node.data.toLowerCase();"
        "  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {"
        "    const range = document.createRange(); range.setStart(node, at); range.setEnd(node, at + word.length);"
        "    tops.push(range.getBoundingClientRect().top + scrollY);"
        "  }"
        "}"
        "return tops",
        word,
    )


def test_the_find_bar_works_from_the_keyboard(lakes):
    window = lakes.window()
    baikal = article("baikal")
    lakes.open_article("baikal", baikal["title"])
    tops = occurrence_tops(lakes.driver, "rift")
    assert len(tops) >= 3, "the test needs a word the article has several times"

    keyboard = lakes.keyboard(baikal["title"])
    keyboard.key("ctrl+f")
    wait_until(lambda: window.state("find") is True, "Ctrl+F opens the find bar")
    keyboard.type("rift")
    # WebKit selects the match it highlights: the first one.
    wait_until(lambda: lakes.driver.execute_script("return String(getSelection())").lower() == "rift",
               "the first match is highlighted")
    assert abs(lakes.driver.execute_script(SELECTION_TOP) - tops[0]) < 2

    keyboard.key("Return")
    wait_until(lambda: abs(lakes.driver.execute_script(SELECTION_TOP) - tops[1]) < 2, "Enter goes to the second")
    keyboard.key("Return")
    wait_until(lambda: abs(lakes.driver.execute_script(SELECTION_TOP) - tops[2]) < 2, "Enter goes to the third")
    keyboard.key("shift+Return")
    wait_until(lambda: abs(lakes.driver.execute_script(SELECTION_TOP) - tops[1]) < 2, "Shift+Enter goes back")

    keyboard.key("Escape")
    wait_until(lambda: window.state("find") is False, "Esc closes the find bar")
    keyboard.key("ctrl+f")
    wait_until(lambda: window.state("find") is True, "Ctrl+F opens it again")
    keyboard.key("ctrl+f")
    wait_until(lambda: window.state("find") is False, "and Ctrl+F closes it")


def test_the_sidebar_follows_the_page_as_it_scrolls(lakes):
    window = lakes.window()
    superior = article("superior")
    lakes.open_article("superior", superior["title"])
    sections = [section_id for section_id, _ in lakes.sections()]
    wait_until(lambda: window.state("section") in ["", sections[0]], "the page starts at the top")

    # The reader scrolls the page itself (here with script) to the third section.
    lakes.driver.execute_script("document.getElementById(arguments[0]).scrollIntoView()", sections[2])
    wait_until(lambda: window.state("section") == sections[2], "the sidebar marks the third section")

    # Then with the mouse wheel: the page moves down and the sidebar follows it.
    before = lakes.driver.execute_script("return scrollY")
    keyboard = lakes.keyboard(superior["title"])
    keyboard.wheel_down(700, 400, 12)
    wait_until(lambda: lakes.driver.execute_script("return scrollY") > before + 300, "the wheel scrolled the page")

    def expected():
        # The section whose heading last passed the reading line near the top of the view.
        return lakes.driver.execute_script(
            "const line = Math.min(120, innerHeight / 4);"
            "const headings = [...document.querySelectorAll('h2[id], h3[id]')];"
            "const passed = headings.filter(h => h.getBoundingClientRect().top <= line);"
            "return passed.length ? passed[passed.length - 1].id : ''")

    wait_until(lambda: window.state("section") == expected() != sections[2], "the sidebar follows the wheel")

    lakes.driver.execute_script("scrollTo(0, document.documentElement.scrollHeight)")
    wait_until(lambda: window.state("section") == sections[-1], "at the end the last section is marked")
