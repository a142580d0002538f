"""End to end in Chromium: a Russian lobby, a 3-seat Colt Express table (one person, two
bots), the whole game played by clicking the board, to the results screen. The page follows
the game by patches: what it holds at the end is what a fresh full state shows."""

import json

import pytest

from tests.server.follower import KEPT, Follower
from tests.web.helpers import play_by_clicking

pytestmark = pytest.mark.browser


def test_colt_express_full_game_by_board_clicks(server, page_ru):
    page = page_ru
    sockets: list[dict] = []  # every WebSocket of the page: what it received and sent

    def opened(ws):
        frames = {"got": [], "sent": []}
        sockets.append(frames)
        ws.on("framereceived", lambda payload: frames["got"].append(payload))
        ws.on("framesent", lambda payload: frames["sent"].append(payload))

    page.on("websocket", opened)
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

    # one socket, one full state, then a patch for each of the game's decisions (the bots'
    # too), and the page never lost track (it would have asked for a resync)
    [table] = [s for s in sockets if s["got"]]
    kinds = [json.loads(f)["type"] for f in table["got"]]
    assert kinds.count("state") == 1 and kinds.count("patch") > made
    assert json.loads(table["sent"][0])["patches"] is True
    assert not [f for f in table["sent"] if json.loads(f)["type"] == "resync"]
    follower = Follower()
    for f in table["got"]:
        assert follower.receive(f)
    shown = page.locator("#log-list").inner_text()
    # a reload: a fresh full state, the same as what the patches built, and the same log
    page.reload()
    page.wait_for_selector("#result-card")
    fresh = json.loads(next(f for f in sockets[-1]["got"] if '"type":"state"' in f))
    assert follower.view() == {k: v for k, v in fresh.items() if k not in KEPT} | {
        "log": fresh["log"]}
    assert page.locator("#log-list").inner_text() == shown
