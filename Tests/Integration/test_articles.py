"""Each bundled article: its title, its sections, and the sidebar's sections moving the page."""

import pytest
from selenium.webdriver.common.by import By

from conftest import ARTICLES, article
from lakes_session import wait_until


def test_a_session_starts_on_the_first_article(lakes):
    first = ARTICLES[0]
    wait_until(lambda: lakes.driver.title == first["title"], "the first article shows")
    assert lakes.driver.current_url == f"lakes://articles/{first['slug']}"
    assert lakes.driver.execute_script("return navigator.webdriver") is True
    assert lakes.window().state("article") == first["slug"]
    caps = lakes.driver.capabilities
    assert caps["browserName"] == "lakes"


@pytest.mark.parametrize("entry", ARTICLES, ids=[entry["slug"] for entry in ARTICLES])
def test_each_article_shows_its_title_and_sections(lakes, entry):
    window = lakes.window()
    lakes.open_article(entry["slug"], entry["title"])
    assert lakes.driver.find_element(By.TAG_NAME, "h1").text == entry["title"]
    wait_until(lambda: window.state("article") == entry["slug"], "the sidebar marks the article")

    sections = lakes.sections()
    assert len(sections) >= 3, f"{entry['slug']} has too few sections: {sections}"
    ids = [section_id for section_id, _ in sections]
    for index, (section_id, title) in enumerate(sections):
        # What a click on the section's row in the sidebar does.
        window.activate("section", section_id)
        wait_until(
            lambda: abs(lakes.heading_offset(section_id)) < 2 or lakes.scrolled_to_bottom(),
            f"the page scrolled to “{title}”",
        )
        if abs(lakes.heading_offset(section_id)) < 2:
            wait_until(lambda: window.state("section") == section_id, f"the sidebar marks “{title}”")
        else:
            # Near the end the page cannot bring the heading to the top; the sidebar then
            # marks this section or one below it.
            wait_until(lambda: window.state("section") in ids[index:], f"the sidebar marks “{title}” or later")


def test_an_unknown_article_or_section_changes_nothing(lakes):
    window = lakes.window()
    first = ARTICLES[0]
    wait_until(lambda: window.state("article") == first["slug"], "the first article shows")
    window.activate("article", "atlantis")
    window.activate("section", "no-such-heading")
    window.activate("section", "")
    # The window answers the next request after those, so they were handled by now.
    assert window.state("article") == first["slug"]
    assert window.state("section") in [""] + [section_id for section_id, _ in lakes.sections()]
    # Nothing was loaded either: one real choice later, Back returns to the first article.
    second = ARTICLES[1]
    lakes.open_article(second["slug"], second["title"])
    lakes.driver.back()
    wait_until(lambda: lakes.driver.title == first["title"], "Back returns to the first article")
    assert lakes.driver.execute_script("return history.length") == 2


def test_asking_for_a_state_does_what_choosing_it_does(lakes):
    window = lakes.window()
    victoria = article("victoria")
    window.set_state("article", "victoria")
    wait_until(lambda: lakes.driver.title == victoria["title"], "the asked-for article opens")
    assert window.state("article") == "victoria"
    window.set_state("find", True)
    wait_until(lambda: window.state("find") is True, "the find bar opens")
    window.set_state("find", True)
    assert window.state("find") is True  # asking again changes nothing
    window.set_state("find", False)
    wait_until(lambda: window.state("find") is False, "the find bar closes")
    window.set_state("article", "atlantis")
    assert window.state("article") == "victoria"
