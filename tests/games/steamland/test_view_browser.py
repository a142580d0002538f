"""End to end in headless Chromium: a 2-seat Steamland table (one person, the heuristic bot)
played by clicking for ten of the person's turns, with fights the person takes part in.

The person's decisions come from a small fight-seeking policy over the game's own heuristic
bot, asked in-process about the position rebuilt from the server's database (which the test
owns): duel the other player whenever both stand on one hex, chase that player instead of
taking tasks (so the person's points do not end the game early), otherwise play as the
heuristic bot does (fight creatures with good odds, join fights, buy, explore). Each decision
is made by clicking what the view offers: a hex of the map for a step, an attack, a retreat or
a dragon push, the person's own hex for a city's or a tavern's offers, another pawn for a
duel, a card on sale, a fight's buttons, the person's own cards; the shell's list of choices
only for ending a turn or a purchase.
"""

import pytest

from railtable.games.steamland import GAME
from railtable.games.steamland import actions as A
from railtable.games.steamland import rules as R
from railtable.sim.match import bot_seed
from tests.web.conftest import browser, new_context, page_ru, server  # noqa: F401  (fixtures)
from tests.web.driving import (TableMirror, choice_click, create_table, mouse_click,
                               wait_after, wait_turn)

pytestmark = pytest.mark.browser

HUMAN, BOT = 0, 1
TURNS = 10
MAX_DECISIONS = 300  # ten turns take the person 30-130 decisions
MAX_TABLES = 8


def _decide(bot, s):
    la = s.legal_actions()
    if s.pend or s.fk or s.phase != R.PH_TURN:
        return bot.act(s)  # purchases, fight choices, items: as the bot would
    if A.CHALLENGE + BOT in la:
        return A.CHALLENGE + BOT  # a duel whenever both stand on one hex
    a = bot.act(s)
    if a != A.TAKE_TASK:
        return a
    # no tasks: go after the other player instead
    dist, first, _fog, _fog_first = bot._paths(s, HUMAN)
    target = s.pos[BOT]
    if target in dist and target != s.pos[HUMAN] and A.MOVE + first[target] in la:
        return A.MOVE + first[target]
    return A.END


def _count(events, kind, player=HUMAN):
    return sum(1 for _, e in events if e["type"] == kind and e.get("player") == player)


def _fights(events):
    """The fight events the person takes part in (attacker, defender or a helper)."""
    out, joined = [], set()
    for seq, e in events:
        if e["type"] == "join" and e["player"] == HUMAN and e["side"]:
            joined.add(seq)
    last_fight = None
    for seq, e in events:
        if e["type"] == "fight":
            last_fight = e
            if HUMAN in (e["player"], e["opponent"]):
                out.append(e)
        if seq in joined and last_fight is not None and last_fight not in out:
            out.append(last_fight)
    return out


def _goal(events) -> bool:
    return _count(events, "end_turn") >= TURNS and bool(_fights(events))


def _promising(mirror) -> bool:
    """Would the game, played by this policy and a heuristic bot, last ten of the person's
    turns? (The server's bot may still decide differently where it draws at random.)"""
    s = mirror.game.new_state(mirror.num_players, mirror.seed, mirror.options)
    bots = [mirror.game.bots()["heuristic"](p, 7 if p == HUMAN else bot_seed(mirror.seed, p))
            for p in range(mirror.num_players)]
    events = []
    for _ in range(3000):
        if _goal(events):
            return True
        if s.is_terminal():
            return False
        p = s.current_player()
        s.apply(_decide(bots[p], s) if p == HUMAN else bots[p].act(s))
        events.extend((0, e) for e in s.events)
    return False


def _click(page, a) -> str:
    """Click decision `a` where the view offers it (the element's menu where it offers
    several): "map" for the map, "card" for a card or a button around it; else the shell's
    list of choices."""
    el = page.locator(f"#view [data-choices~='{a}']")
    if el.count():
        el = el.first
        several = len(el.get_attribute("data-choices").split()) > 1
        where = "map" if el.evaluate("(e) => !!e.closest('.sl-map')") else "card"
        if not mouse_click(page, el):
            el.dispatch_event("click")
        if several:
            page.locator(f"#view .sl-menu button[data-id='{a}']").click()
        return where
    choice_click(page, a)
    return "list"


def _play(page, server):
    """Pick a table whose game promises ten turns, play it by clicking; return the mirror
    and the clicks, or None if the game ended before ten of the person's turns."""
    for _ in range(MAX_TABLES):
        table = create_table(server, "steamland", "Аня")
        mirror = TableMirror(server.db_path, table["id"])
        if _promising(mirror):  # the person moves first: an unused table just waits
            break
    page.goto(server.url + table["seats"][HUMAN]["url"])
    page.wait_for_selector("#view .sl-map")
    assert "Старая котельная" in page.locator("#view .sl-map").text_content()
    bot = GAME.bots()["heuristic"](HUMAN, 7)
    clicks = {}
    for _ in range(MAX_DECISIONS):
        ps = wait_turn(page)
        mirror.sync(ps["seq"])
        if _goal(mirror.events):
            return mirror, clicks
        if ps["over"]:
            return None
        st = mirror.state
        assert st.current_player() == HUMAN
        assert sorted(ps["ids"]) == sorted(st.legal_actions())
        a = _decide(bot, st)
        kind = mirror.to_json(a)["type"]
        how = _click(page, a)
        clicks[kind, how] = clicks.get((kind, how), 0) + 1
        wait_after(page, ps["seq"])
    pytest.fail(f"not ten turns and a fight after {MAX_DECISIONS} decisions: {clicks}")


def test_ten_turns_with_a_fight_by_clicking(server, page_ru):  # noqa: F811
    page = page_ru
    # the server's bot may draw differently from the look-ahead's (its worker processes
    # keep their own copies), so a game may still end early: then another table
    for _ in range(3):
        played = _play(page, server)
        if played:
            break
    else:
        pytest.fail("three games in a row ended before ten of the person's turns")
    mirror, clicks = played

    # every decision but ending was clicked on the board: steps on the map, purchases on
    # the cards
    assert clicks.get(("move", "map"), 0) >= 5, clicks
    assert {kind for kind, how in clicks if how == "list"} == {"end"}, clicks
    assert clicks.get(("end", "list"), 0) >= TURNS

    # what the page shows, in Russian: ten turns of the person ended, the fights
    log = page.locator("#log-list").inner_text().splitlines()
    # the log names the person's seat by her name and the bot's seat by its bot
    names = ["Аня", "Бот 2 (эвристика)"]  # the log names the person and the bot's seat
    rolls = [x for x in log if x.startswith("Аня бросает кубик")]
    ends = [x for x in log if x == "Аня заканчивает ход."]
    assert len(ends) >= TURNS and len(rolls) >= TURNS, (len(ends), len(rolls))
    fights = _fights(mirror.events)
    for e in fights:
        assert GAME.event_text(e, "ru", names) in log
    assert any(x.startswith("Схватка! ") and "Аня" in x for x in log) or any(
        x.startswith("Аня помогает") for x in log)
    fight_ends = [GAME.event_text(e, "ru", names) for _, e in mirror.events
                  if e["type"] == "fight_end"]
    assert fight_ends and all(x in log for x in fight_ends)
    assert "Аня" in page.locator("#view [data-part='players']").text_content()
    # more of the map is revealed than the start tile
    assert page.locator("#view .sl-map .sl-hex:not(.sl-fog)").count() > 7
