"""The studio in a real browser (Playwright driving Debian's Chromium, headless), as a person
uses it: change the census and see the card change, type a bad value and read the command
line's message beside the field, build and download the PDF — the bytes ``cardgen pack``
writes for the same options. Screenshots go to docs/look/studio-*.png.

Without Playwright or the browser these tests skip, saying why, unless CARDGEN_REQUIRE_BROWSER=1
(CI), where a missing browser fails them.
"""

from __future__ import annotations

import contextlib
import io
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
LOOK = Path(__file__).resolve().parent.parent / "docs" / "look"
REQUIRED = os.environ.get("CARDGEN_REQUIRE_BROWSER") == "1"
# The screenshots in docs/ are taken again with CARDGEN_SCREENSHOTS=1 (each run else would rewrite them)
SHOTS = os.environ.get("CARDGEN_SCREENSHOTS") == "1"


def _missing() -> str:
    for module in ("playwright", "starlette", "uvicorn"):
        try:
            __import__(module)
        except ImportError:
            return f"{module} is not installed (pip install 'cardgen[test]')"
    if not CHROMIUM.is_file():
        return f"no browser at {CHROMIUM} (apt-get install chromium)"
    return ""


MISSING = _missing()
if MISSING and REQUIRED:
    pytest.fail(f"CARDGEN_REQUIRE_BROWSER=1 but {MISSING}", pytrace=False)
# slow: a real browser is started (CI runs them with `pytest -m slow`)
pytestmark = [pytest.mark.skipif(bool(MISSING), reason=MISSING or ""), pytest.mark.slow]


def cli(*args: str) -> tuple[int, str, str]:
    from cardgen.cli import run

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run(list(args))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The studio on a free loopback port, in a thread; (its address, its output folder)."""
    import uvicorn

    from cardgen.studio import bind
    from cardgen.studio.app import make_app

    out = tmp_path_factory.mktemp("output", numbered=False)
    sock = bind(0)
    address = f"127.0.0.1:{sock.getsockname()[1]}"
    server = uvicorn.Server(uvicorn.Config(make_app(out, address), log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    yield f"http://{address}", out
    server.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, errors


def loaded(page: Any, selector: str, before: str = "") -> str:
    """The src of the image ``selector`` once it shows a drawing other than ``before``."""
    page.wait_for_function(
        "([s, b]) => { const i = document.querySelector(s); return i.src.startsWith('blob:') && i.src !== b"
        " && i.complete && i.naturalWidth > 0 && !i.classList.contains('stale'); }",
        arg=[selector, before],
    )
    src: str = page.eval_on_selector(selector, "i => i.src")
    return src


def shot(page: Any, name: str, *, full: bool = False) -> None:
    """A screenshot for docs/look/ (with CARDGEN_SCREENSHOTS=1), else taken and dropped: it must draw."""
    data = page.screenshot(full_page=full)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    if SHOTS:
        (LOOK / name).write_bytes(data)


def drawn(page: Any, selector: str) -> bytes:
    """The bytes of the blob an image shows."""
    data: list[int] = page.evaluate(
        "async (s) => Array.from(new Uint8Array(await (await fetch(document.querySelector(s).src)).arrayBuffer()))",
        selector,
    )
    return bytes(data)


def test_home_lists_the_games(server: tuple[str, Path], page: Any) -> None:
    url, _ = server
    page.goto(url + "/")
    assert page.get_by_role("heading", name="Game of Trains").is_visible()
    shot(page, "studio-home.png", full=True)
    page.get_by_role("link", name="Game of Trains variant pack").click()
    page.wait_for_url("**/make/pack")


def test_the_census_changes_the_card_and_the_url(server: tuple[str, Path], page: Any) -> None:
    url, _ = server
    page.goto(url + "/make/pack")
    first = loaded(page, "#component")
    loaded(page, "#sheet")
    seven = drawn(page, "#component")
    page.get_by_label("--census").fill("5")
    loaded(page, "#component", first)
    five = drawn(page, "#component")
    assert five != seven and b"<svg" in five
    assert "census=5" in page.url
    assert page.locator("#command").inner_text() == "cardgen pack --census 5"
    page.wait_for_function("() => document.querySelectorAll('#sim dt').length > 3")
    shot(page, "studio-pack.png", full=True)


def test_a_bad_value_shows_the_cli_message_beside_the_field(
    server: tuple[str, Path], page: Any, tmp_path: Path
) -> None:
    url, _ = server
    code, _, err = cli("pack", "--census", "30", "--out", str(tmp_path))
    assert code == 2
    page.goto(url + "/make/pack")
    loaded(page, "#component")
    page.get_by_label("--census").fill("30")
    message = page.locator("#error-census")
    message.wait_for(state="visible")
    assert f"error: {message.inner_text()}" == err.strip()
    assert page.locator("#build").is_disabled()
    shot(page, "studio-error.png")


def test_build_a_kit_and_download_the_pdf_cardgen_kit_writes(
    server: tuple[str, Path], page: Any, tmp_path: Path
) -> None:
    url, out = server
    page.goto(url + "/")
    page.get_by_role("link", name="Game of Trains", exact=True).click()  # the kits lead the home page
    page.wait_for_url("**/make/kit?game=got")
    assert page.locator("#f-census").is_visible() and not page.locator("#f-set").is_visible()
    page.get_by_label("--players").fill("3")
    page.get_by_label("--title").fill("Friday trains")
    loaded(page, "#component")
    page.wait_for_function("() => document.querySelector('#command').textContent.includes('Friday')")
    command = page.locator("#command").inner_text()
    assert command == "cardgen kit got --players 3 --title 'Friday trains'"
    page.get_by_role("button", name="Build the PDF").click()
    link = page.get_by_role("link", name="Download the PDF")
    link.wait_for(timeout=120_000)
    with page.expect_download() as info:
        link.click()
    got = Path(info.value.path()).read_bytes()
    code, said, err = cli("kit", "got", "--players", "3", "--title", "Friday trains", "--out", str(tmp_path))
    assert code == 0, err
    (written,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    assert got == (written / f"{written.name}.pdf").read_bytes()
    assert (out / written.name / f"{written.name}.pdf").read_bytes() == got
    printing = page.locator(".result .printing").inner_text()
    assert printing.split(".pdf ", 1)[1] == said.strip().splitlines()[-1].split(".pdf ", 1)[1]
    shot(page, "studio-built.png", full=True)


def test_a_tablet_and_the_keyboard(server: tuple[str, Path], browser: Any) -> None:
    url, _ = server
    context = browser.new_context(viewport={"width": 768, "height": 1024})
    page = context.new_page()
    try:
        page.goto(url + "/make/tiles")
        loaded(page, "#sheet")
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.textContent") == "Skip to the content"
        page.keyboard.press("Enter")
        focused = []
        for _ in range(6):
            page.keyboard.press("Tab")
            focused.append(page.evaluate("document.activeElement.id || document.activeElement.textContent"))
        assert focused[:2] == ["f-set", "f-numerals"] or "f-set" in focused, focused
        shot(page, "studio-tablet.png", full=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 768  # nothing wider than the screen
    finally:
        context.close()
