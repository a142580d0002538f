"""Driving the table page: click until the game is over."""


def play_by_clicking(page, pick, max_decisions=2000):
    """Click one choice per turn (pick(page) clicks and returns True, or False to use the
    first choice in the list) until the results screen shows. Returns the decisions made."""
    made = 0
    while made < max_decisions:
        page.wait_for_selector("#choice-list button, #result-card")
        if page.locator("#result-card").count():
            return made
        seq = page.evaluate("document.body.dataset.seq")
        if not pick(page):
            page.locator("#choice-list button").first.click()
        made += 1
        page.wait_for_function(
            "s => document.body.dataset.seq !== s || document.querySelector('#result-card')",
            arg=seq)
    raise AssertionError(f"no end after {max_decisions} decisions")
