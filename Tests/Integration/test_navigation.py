"""Links inside articles, links out to the browser, windows, and dialogs."""

import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from conftest import article
from lakes_session import wait_until


def test_an_in_article_link_opens_the_article_and_back_returns(lakes):
    window = lakes.window()
    tahoe, crater = article("tahoe"), article("crater")
    lakes.open_article("tahoe", tahoe["title"])
    assert not window.enabled("back")

    lakes.driver.find_element(By.CSS_SELECTOR, 'a[href="crater"]').click()
    wait_until(lambda: lakes.driver.title == crater["title"], "the linked article shows")
    assert lakes.driver.current_url == "lakes://articles/crater"
    wait_until(lambda: window.state("article") == "crater", "the sidebar follows the link")
    wait_until(lambda: window.enabled("back"), "Back is enabled")

    # The header bar's Back button.
    window.activate("back")
    wait_until(lambda: lakes.driver.title == tahoe["title"], "Back returns to the first article")
    wait_until(lambda: window.state("article") == "tahoe", "the sidebar follows Back")
    wait_until(lambda: window.enabled("forward"), "Forward is enabled")

    # WebDriver's own history commands go the same way.
    lakes.driver.forward()
    wait_until(lambda: lakes.driver.title == crater["title"], "Forward returns to the linked article")
    lakes.driver.back()
    wait_until(lambda: lakes.driver.title == tahoe["title"], "WebDriver's Back works")


def test_a_web_link_goes_to_the_browser_and_the_article_stays(lakes, home):
    baikal = article("baikal")
    lakes.open_article("baikal", baikal["title"])
    link = lakes.driver.find_element(By.CSS_SELECTOR, 'a[href^="https:"]')
    href = link.get_attribute("href")
    link.click()
    record = home / "opened.txt"
    wait_until(lambda: record.exists() and record.read_text().strip(), "the browser was started")
    assert record.read_text().splitlines() == [href]
    time.sleep(0.5)  # anything the click could still do to the window would show by now
    assert lakes.driver.current_url == "lakes://articles/baikal"
    assert lakes.driver.title == baikal["title"]
    assert len(lakes.driver.window_handles) == 1
    assert lakes.window().state("article") == "baikal"


def test_new_windows_and_tabs_open_and_close(lakes):
    driver = lakes.driver
    first = driver.current_window_handle
    for kind, window_id in [("window", 2), ("tab", 3)]:
        driver.switch_to.new_window(kind)
        assert len(driver.window_handles) == 2
        victoria = article("victoria")
        driver.get("lakes://articles/victoria")
        wait_until(lambda: driver.title == victoria["title"], f"the new {kind} shows an article")
        other = lakes.window(window_id)
        wait_until(lambda: other.state("article") == "victoria", f"the new {kind}'s sidebar follows")
        assert lakes.window(1).state("article") != "victoria"
        driver.close()
        wait_until(lambda: not other.exists(), f"the {kind}'s window is gone")
        driver.switch_to.window(first)
        assert driver.window_handles == [first]


def test_script_dialogs_are_left_to_the_webdriver_client(lakes):
    driver = lakes.driver
    driver.execute_script("setTimeout(() => alert('Deep water ahead'), 0)")
    alert = WebDriverWait(driver, 10).until(expected_conditions.alert_is_present())
    assert alert.text == "Deep water ahead"
    alert.accept()
    driver.execute_script("setTimeout(() => { window.answer = confirm('Swim across?') }, 0)")
    WebDriverWait(driver, 10).until(expected_conditions.alert_is_present()).dismiss()
    wait_until(lambda: driver.execute_script("return window.answer") is False, "the page got the answer")
    driver.execute_script("setTimeout(() => { window.answer = prompt('Which lake?') }, 0)")
    prompt = WebDriverWait(driver, 10).until(expected_conditions.alert_is_present())
    prompt.send_keys("Baikal")
    prompt.accept()
    wait_until(lambda: driver.execute_script("return window.answer") == "Baikal", "the page got the text")
