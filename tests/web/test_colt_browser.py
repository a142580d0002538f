"""End to end in Chromium: a Russian lobby, a 3-seat Colt Express table (one person, two
bots), the whole game played by clicking the board, to the results screen."""

import pytest

from tests.web.helpers import play_by_clicking

pytestmark = pytest.mark.browser


def test_colt_express_full_game_by_board_clicks(server, page_ru):
    page = page_ru
    page.goto(server.url + "/?game=colt_express")
    page.wait_for_selector("#create")
    assert page.locator("#new-table h2").inner_text() == "Новый стол"
    assert page.locator("#game-select option:checked").inner_text() == "Кольт Экспресс"
    page.fill("#name-input", "Аня")
    page.select_option("#players-select", "3")
    page.select_option(".seat-kind[data-seat='1']", "bot:heuristic")
    page.select_option(".seat-kind[data-seat='2']", "bot:heuristic")
    # bot names in the player's language
    assert page.locator(".seat-kind[data-seat='1'] option:checked").inner_text() == \
        "Бот: эвристика"
    assert "Бот: поиск (MCTS)" in page.locator(".seat-kind[data-seat='1']").inner_text()
    page.click("#create")
    page.click("#go-seat")
    page.wait_for_selector("#view svg.train")
    board_clicks = []

    def pick(p):
        # the board first: bandits, cars, loot and hand cards that match a legal action
        els = p.locator("#view [data-legal-id]")
        if els.count():
            els.nth(len(board_clicks) % els.count()).click()
            board_clicks.append(1)
            return True
        return False

    made = play_by_clicking(page, pick)
    assert made > 10 and len(board_clicks) > made // 2
    card = page.locator("#result-card")
    assert "Игра окончена" in card.inner_text()
    assert card.locator("table.scores tr").count() == 4  # a header and three players
    assert "Аня" in card.inner_text()
    # the end in words (issue #29): the reason and the details from the catalogue, no ids
    assert card.locator("#result-reason").inner_text() == "Причина: сыгран пятый раунд"
    details = card.locator("#result-details").inner_text()
    assert "жетоны добычи ($)" in details and "приз $1000 (больше всех пуль)" in details
    assert ("да" in details or "нет" in details) and "Аня" in details
    for raw in ("last_round", "gunslinger", "True", "False", "bullets_fired"):
        assert raw not in card.inner_text()
    log = page.locator("#log-list").inner_text()
    assert "Аня" in log and "P1" not in log and "Игрок 1" not in log
    assert page.locator("#log-list li").count() > 20
    page.screenshot(path=str(server.db_path.parent / "colt_end.png"), full_page=True)
