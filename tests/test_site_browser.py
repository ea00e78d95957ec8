"""The proof site in a real browser: headless Chromium (Debian's `chromium` and
`chromium-driver`, which `make test` installs where it can), driven by Selenium.

Every page opens from the file system without a console error and with every image
loaded; the gallery's search finds a card; a card's address scrolls to it; a screenshot of
the gallery is not blank; axe-core (vendored, tests/vendor/axe.min.js) finds no serious or
critical accessibility violation; and `pnp serve` reloads an open page within two seconds
of a saved edit and shows the errors of a broken one over the last good build.
"""

from __future__ import annotations

import io
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageStat

from tests.conftest import CONTENT

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
AXE = Path(__file__).parent / "vendor" / "axe.min.js"
PAGES = ("index.html", "cards.html", "characters.html", "departures.html", "rules.html")

pytestmark = [
    pytest.mark.heavy,  # collected first: see conftest
    pytest.mark.skipif(
        CHROMIUM is None or DRIVER is None,
        reason="the browser tests need Chromium and its driver: on Debian, "
        "`apt-get install chromium chromium-driver` (make test installs them when it may)",
    ),
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1280,1000",
        "--allow-file-access-from-files",
    ):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(DRIVER)), options=options)
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


def _open(browser: Any, url: str) -> None:
    browser.get(url)
    browser.get_log("browser")  # what an earlier page said is not this page's


def _errors(browser: Any) -> list[str]:
    return [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]


def _all_images_loaded(browser: Any) -> list[str]:
    """Loads every image (lazy ones too) and gives those that did not load."""
    browser.execute_script(
        "document.querySelectorAll('img').forEach(function (i) { i.loading = 'eager'; });"
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        pending = browser.execute_script(
            "return Array.from(document.images).filter(i => !i.complete).length;"
        )
        if not pending:
            break
        time.sleep(0.1)
    broken: list[str] = browser.execute_script(
        "return Array.from(document.images)"
        ".filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.src);"
    )
    return broken


@pytest.mark.parametrize("game", ["diamond-heist", "diplomatic-immunity"])
def test_pages_open_without_errors(browser: Any, site_kits: Path, game: str) -> None:
    site = site_kits / game / "site"
    for name in PAGES:
        page = site / name
        if not page.exists():
            continue
        _open(browser, page.as_uri())
        assert browser.title, name
        assert _all_images_loaded(browser) == [], name
        assert _errors(browser) == [], name


def test_search_finds_leak_and_a_card_url_scrolls_to_it(browser: Any, site_kits: Path) -> None:
    from selenium.webdriver.common.by import By

    cards = site_kits / "diplomatic-immunity" / "site" / "cards.html"
    _open(browser, cards.as_uri())
    every = len(browser.find_elements(By.CSS_SELECTOR, "li.card"))
    browser.find_element(By.ID, "q").send_keys("Leak")
    shown = [e for e in browser.find_elements(By.CSS_SELECTOR, "li.card") if e.is_displayed()]
    names = [e.find_element(By.TAG_NAME, "h3").text for e in shown]
    assert "Leak" in names and len(shown) < every / 4, names
    assert "cards shown" in browser.find_element(By.ID, "shown").text

    _open(browser, cards.as_uri() + "#leak")
    time.sleep(0.3)
    top, height, scrolled = browser.execute_script(
        "var r = document.getElementById('leak').getBoundingClientRect();"
        "return [r.top, window.innerHeight, window.scrollY];"
    )
    assert scrolled > 0 and 0 <= top < height


def test_the_gallery_is_not_blank(browser: Any, site_kits: Path) -> None:
    _open(browser, (site_kits / "diplomatic-immunity" / "site" / "cards.html").as_uri())
    _all_images_loaded(browser)
    shot = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("L")
    stat = ImageStat.Stat(shot)
    assert stat.stddev[0] > 20, "the gallery renders as a flat colour"


@pytest.mark.parametrize("name", PAGES)
def test_no_serious_accessibility_violation(browser: Any, site_kits: Path, name: str) -> None:
    """axe-core on every page of Diplomatic Immunity's site, the rulebook's above all."""
    page = site_kits / "diplomatic-immunity" / "site" / name
    _open(browser, page.as_uri())
    browser.execute_script(AXE.read_text(encoding="utf-8"))
    result = browser.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']})"
        ".then(function (r) { done(r.violations.map(function (v) {"
        "  return [v.id, v.impact, v.nodes.length, v.help]; })); })"
        ".catch(function (e) { done([['axe failed', 'critical', 0, String(e)]]); });"
    )
    serious = [v for v in result if v[1] in ("serious", "critical")]
    assert serious == [], serious


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """`pnp serve` of a copy of Diamond Heist on a free port: (its address, the game)."""
    from pnp.site.serve import serve

    content = tmp_path / "content"
    shutil.copytree(CONTENT / "diamond-heist", content / "diamond-heist")
    listening = threading.Event()
    stop = threading.Event()
    address: list[str] = []

    def ready(server: Any) -> None:
        address.append(f"http://127.0.0.1:{server.server_address[1]}")
        listening.set()

    thread = threading.Thread(
        target=serve, args=(content, ["diamond-heist"], "127.0.0.1", 0, ready, stop)
    )
    thread.start()
    assert listening.wait(60), "pnp serve did not start"
    try:
        yield address[0], content / "diamond-heist"
    finally:
        stop.set()
        thread.join(30)


def _wait(browser: Any, condition: str, seconds: float) -> float:
    """Seconds until `condition` (JavaScript) holds, or fail."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        try:
            if browser.execute_script(f"return {condition};"):
                return time.monotonic() - start
        except Exception:  # the page is reloading
            pass
        time.sleep(0.05)
    raise AssertionError(f"not within {seconds} s: {condition}")


def test_serve_reloads_on_a_save_and_shows_errors(browser: Any, served: tuple[str, Path]) -> None:
    from selenium.webdriver.common.by import By

    address, game = served
    _open(browser, f"{address}/diamond-heist/site/index.html")
    assert "cross-examining" in browser.page_source
    time.sleep(0.6)  # a few of the page's questions to the server
    assert _errors(browser) == []
    browser.execute_script("window.pnpMark = 1;")  # gone when the page reloads
    info = game / "game.yaml"
    text = info.read_text(encoding="utf-8")
    info.write_text(text.replace("cross-examining", "interrogating"), encoding="utf-8")
    took = _wait(browser, "window.pnpMark === undefined && document.readyState === 'complete'", 10)
    assert took <= 2.0, f"the page reloaded {took:.1f} s after the save"
    assert "interrogating" in browser.page_source

    browser.execute_script("window.pnpMark = 2;")
    deck = game / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8") + "\nbroken: [\n", encoding="utf-8")
    _wait(browser, "document.getElementById('pnp-errors') !== null", 10)
    shown = browser.find_element(By.ID, "pnp-errors").text
    assert "deck.yaml:" in shown
    assert browser.execute_script("return window.pnpMark;") == 2  # the last good page stays
    assert "interrogating" in browser.page_source


def test_axe_finds_what_it_should(browser: Any, tmp_path: Path) -> None:
    """The accessibility check can fail: a picture without words is a critical violation."""
    page = tmp_path / "bad.html"
    page.write_text(
        '<!doctype html><html lang="en"><title>bad</title><main><img src="x.png"></main>',
        encoding="utf-8",
    )
    _open(browser, page.as_uri())
    browser.execute_script(AXE.read_text(encoding="utf-8"))
    found = browser.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document).then(function (r) {"
        "  done(r.violations.map(function (v) { return [v.id, v.impact]; })); });"
    )
    assert ["image-alt", "critical"] in found
