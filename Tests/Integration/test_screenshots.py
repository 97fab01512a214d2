"""WebDriver's screenshots of the window and of an element, decoded and looked at."""

import re
import time

import pytest
from selenium.webdriver.common.by import By

import png_image
from conftest import ARTICLES
from lakes_session import wait_until

LAYOUT = """
const heading = document.querySelector('h1');
const box = heading.getBoundingClientRect();
return {
    width: innerWidth, height: innerHeight, scale: devicePixelRatio,
    background: getComputedStyle(document.body).backgroundColor,
    text: getComputedStyle(heading).color,
    heading: [box.left, box.top, box.width, box.height],
};
"""


def rgb(css):
    """(r, g, b) of a CSS `rgb()`/`rgba()` colour."""
    return tuple(int(part) for part in re.findall(r"\d+", css)[:3])


def close(colour, other, tolerance=6):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, other))


def article_layout(lakes):
    first = ARTICLES[0]
    wait_until(lambda: lakes.driver.title == first["title"], "the first article shows")
    wait_until(lakes.page_ready, "the article finished loading")
    layout = lakes.driver.execute_script(LAYOUT)
    layout["background"] = rgb(layout["background"])
    layout["text"] = rgb(layout["text"])
    assert layout["background"] != layout["text"]
    return layout


def scaled(layout, *values):
    return [round(value * layout["scale"]) for value in values]


def check_heading(image, layout):
    """The image shows the heading's text, in its colour, on the page's background."""
    colours = image.colours()
    area = image.width * image.height
    assert len(colours) > 1, "the image is one colour"
    background, count = colours.most_common(1)[0]
    assert close(background, layout["background"]), f"background {background}, page {layout['background']}"
    assert count < area * 0.95, "the heading's text covers almost nothing"
    text = sum(n for colour, n in colours.items() if close(colour, layout["text"], tolerance=24))
    assert text > area * 0.02, f"only {text} of {area} pixels are in the heading's colour {layout['text']}"


def window_screenshot(lakes):
    return png_image.decode(lakes.driver.get_screenshot_as_png())


def drawn(image):
    """The image, if it has more than one colour."""
    return image if len(image.colours()) > 1 else None


def test_a_screenshot_of_the_window_shows_the_article(lakes):
    layout = article_layout(lakes)
    # The window's first frame may still be on its way when the page has loaded.
    image = wait_until(lambda: drawn(window_screenshot(lakes)), "the window's screenshot shows more than one colour")
    assert (image.width, image.height) == tuple(scaled(layout, layout["width"], layout["height"]))
    background, _ = image.colours().most_common(1)[0]
    assert close(background, layout["background"])
    check_heading(image.crop(*scaled(layout, *layout["heading"])), layout)

    # A window that had no input for a while still answers, at once, with the article.
    time.sleep(11)
    started = time.monotonic()
    again = window_screenshot(lakes)
    assert time.monotonic() - started < 5
    check_heading(again.crop(*scaled(layout, *layout["heading"])), layout)


def test_a_screenshot_of_the_heading_shows_the_heading(lakes):
    layout = article_layout(lakes)
    heading = lakes.driver.find_element(By.TAG_NAME, "h1")
    image = png_image.decode(heading.screenshot_as_png)
    _, _, width, height = layout["heading"]
    assert (image.width, image.height) == tuple(scaled(layout, width, height))
    if len(image.colours()) == 1:
        pytest.xfail("WebKitGTK 2.50 gives an element's screenshot the element's size but only black "
                     "pixels (MiniBrowser's too); the window's screenshot is right")
    check_heading(image, layout)
