import os
from pathlib import Path

import pytest

from tests.server.util import ServerProcess

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("web") / "web.db"
    with ServerProcess(Path(db), bot_delay=0.02) as srv:
        yield srv


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"browser tests need Debian's Chromium at {CHROMIUM} "
                    "(apt-get install chromium)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page_ru(browser):
    ctx = browser.new_context(locale="ru-RU", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    ctx.close()
    assert errors == [], errors
