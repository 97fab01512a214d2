"""The "Log a sighting" form, end to end, and where its data goes under automation."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from lakes_session import wait_until


def test_a_sighting_is_checked_saved_and_listed_without_touching_the_users_data(lakes, home):
    driver = lakes.driver
    window = lakes.window()
    window.activate("sighting")  # the header bar's "Log a Sighting" button
    wait_until(lambda: driver.current_url == "lakes://articles/sighting", "the form opens")
    wait_until(lambda: lakes.page_ready(), "the form is ready")
    assert driver.find_element(By.ID, "empty").is_displayed()

    driver.find_element(By.ID, "name").send_keys("Ada Lovelace")
    driver.find_element(By.ID, "email").send_keys("not an address")
    Select(driver.find_element(By.ID, "lake")).select_by_value("baikal")
    driver.find_element(By.ID, "note").send_keys("Clear ice, blue as glass.")
    driver.find_element(By.ID, "save").click()
    status = driver.find_element(By.ID, "status")
    wait_until(lambda: status.get_attribute("data-kind") == "error", "the bad address is refused")
    assert "email" in status.text.lower()
    assert driver.find_element(By.ID, "email").get_attribute("aria-invalid") == "true"
    assert driver.find_elements(By.CSS_SELECTOR, "#sightings li") == []

    email = driver.find_element(By.ID, "email")
    email.clear()
    email.send_keys("ada@example.org")
    driver.find_element(By.ID, "save").click()
    wait_until(lambda: status.text == "Saved. Thank you!", "the sighting is saved")
    items = driver.find_elements(By.CSS_SELECTOR, "#sightings li")
    assert len(items) == 1
    assert "Lake Baikal" in items[0].text and "Ada Lovelace" in items[0].text
    assert "Clear ice, blue as glass." in items[0].text
    assert not driver.find_element(By.ID, "empty").is_displayed()

    # Reopened, the page lists what the app stored.
    driver.refresh()
    wait_until(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#sightings li")) == 1, "the log survives a reload")

    # Stored in the run's throwaway folder, never in the user's.
    assert not (home / ".local/share/io.github.lakes.Lakes").exists()
    throwaway = list((home / "tmp").glob("lakes-automation-*/data/io.github.lakes.Lakes/sightings.json"))
    assert len(throwaway) == 1


def test_the_throwaway_folder_is_removed_when_lakes_quits(lakes, home):
    folders = list((home / "tmp").glob("lakes-automation-*"))
    assert len(folders) == 1
    lakes.driver.quit()  # closes the last window, and Lakes quits
    wait_until(lambda: not folders[0].exists(), "the throwaway folder is gone")
    assert not (home / ".local/share/io.github.lakes.Lakes").exists()
