import os
from pathlib import Path

import pytest

from tests.server.util import ServerProcess

# Debian's Chromium (scripts/test installs it). RAILTABLE_CHROMIUM points the tests at another
# build, or at a missing path to check that a missing browser fails the run.
CHROMIUM = os.environ.get("RAILTABLE_CHROMIUM", "/usr/bin/chromium")
# Files a browser test keeps for people to look at (screenshots): git-ignored, kept by CI.
ARTIFACTS = Path(os.environ.get("RAILTABLE_ARTIFACTS")
                 or Path(__file__).resolve().parents[2] / "test-artifacts")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("web") / "web.db"
    with ServerProcess(Path(db), bot_delay=0.02) as srv:
        yield srv


@pytest.fixture(scope="module")
def browser():
    # A missing browser fails, never skips: CI must not pass without its browser tests.
    # Without Chromium, leave the browser tests out on purpose: pytest -m "not browser".
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"the browser tests need Chromium at {CHROMIUM}, and there is none: "
                    "install Debian's (apt-get install chromium), point RAILTABLE_CHROMIUM "
                    "at another, or deselect them with -m 'not browser'", pytrace=False)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def new_context(browser):
    """Pages in browser contexts of their own (a person each: own cookies and storage),
    Russian unless told; none may end with a script error."""
    made = []

    def make(locale="ru-RU"):
        ctx = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
        page = ctx.new_page()
        page.set_default_timeout(60_000)
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        made.append((ctx, errors))
        return page
    yield make
    for ctx, errors in made:
        ctx.close()
        assert errors == [], errors


@pytest.fixture
def page_ru(new_context):
    return new_context()

_kept: list[Path] = []


def artifact(*parts: str) -> Path:
    """A path under ARTIFACTS for a file this run keeps (its folder made); the end of the run
    says where they are."""
    path = ARTIFACTS.joinpath(*parts)
    path.parent.mkdir(parents=True, exist_ok=True)
    _kept.append(path)
    return path


def pytest_terminal_summary(terminalreporter):
    folders = sorted({str(p.parent) for p in _kept})
    for folder in folders:
        n = sum(1 for p in _kept if str(p.parent) == folder)
        terminalreporter.write_line(f"test artifacts: {n} files in {folder}")
