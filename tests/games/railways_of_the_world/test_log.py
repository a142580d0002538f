"""The log tells what the table shows: over seeded random games, every change a player sees
between two positions (money, notes, locomotives, the score track, links and unfinished
track, cubes and city colours, empty-city markers, the operations cards, the first player
and the last round) comes with the events that report it (the game log and the undo
barrier read events, docs/developing.md). Amounts are the rulebook's ($10,000 to urbanize,
a point per link of a delivery to its owner, half the bid rounded up to thousands for a
pass in Вариант 2) and the project's card and note tables (docs/games/railways_of_the_world.md)."""

import random

import pytest

from railtable.games.railways_of_the_world import GAME
from railtable.games.railways_of_the_world.actions import A_NOTE

NOTE = 5000  # a «1» note (the project's default, docs/games/railways_of_the_world.md)
URBANIZE = 10000
MAX_LEVEL = 8
# the operations cards that move money or points when played or taken (data.json's table)
USE_CASH = {"government_subsidy": 2000, "state_subsidy": 2000, "investor_windfall": 6000,
            "banker_favour": 6000}
TAKE_CASH = {"land_grant": 5000, "railway_bonds_sold": 8000}
TAKE_POINTS = {"newspaper_praise": 2}
TAKE_LEVEL = {"speedy_locomotive", "locomotive_works_visit"}
KEPT_AFTER_USE = {"government_subsidy", "state_subsidy"}  # once a round, not discarded


def key(c):
    return GAME.cards[c]["key"]


class Log:
    """What the events of the game so far tell (the bids standing in this auction)."""

    def __init__(self, n):
        self.bids = [0] * n


def check_step(log, before, after, events, variant2):
    n = len(before["players"])
    cash = [p["cash"] for p in before["players"]]
    notes = [p["notes"] for p in before["players"]]
    level = [p["locomotive"] for p in before["players"]]
    points = [p["points"] for p in before["players"]]
    links = [p["links"] for p in before["players"]]
    cards = [list(p["cards"]) for p in before["players"]]
    cities = before["cities"]
    cubes = [list(c["cubes"]) for c in cities]
    colour = [c["colour"] for c in cities]
    empty = [c["empty"] for c in cities]
    markers = before["empty_markers"]
    display = list(before["display"])
    discard = list(before["discard"])
    deck = before["deck"]
    delivered = before["delivered"]
    n_links = len(before["links"])
    unfinished = len(before["unfinished"])
    tiles_out = sum(len(u["track"]) for u in before["unfinished"])
    heads = {(u["owner"], tuple(u["track"][-1][:2])): len(u["track"])
             for u in before["unfinished"]}
    removed = None
    # a delivery under way shows each link the cube has moved along, and its point
    moved = before["delivery"]["path"] if "delivery" in before else []
    first, order, last_round, over = before["first_player"], before["order"], \
        before["last_round"], False
    for e in events:
        t, p = e["type"], e.get("player")
        if t == "notes":  # a note is announced only when one is taken
            assert e["count"] > 0
            notes[p] += e["count"]
            cash[p] += e["count"] * NOTE
        elif t == "bid":
            log.bids[p] = e["amount"]
        elif t == "pass_bid":
            if variant2 and log.bids[p]:
                cash[p] -= -(-log.bids[p] // 2000) * 1000
        elif t == "first_player":
            cash[p] -= e["paid"]
            first, order = p, e["order"]
            log.bids = [0] * n
        elif t == "upgrade":
            cash[p] -= e["cost"]
            level[p] += 1
            assert e["level"] == level[p]
        elif t == "build_start":
            h = (p, tuple(e["hex"]))
            if h in heads:  # an unfinished link goes on: it is the build's now
                unfinished -= 1
                tiles_out -= heads.pop(h)
        elif t == "build_step":
            cash[p] -= e["cost"]
        elif t == "unfinished":
            unfinished += 1
            tiles_out += e["tiles"]
        elif t == "unfinished_removed":  # announced when there was track to remove
            assert e["tiles"] == tiles_out > 0
            removed = True
        elif t == "link":
            links[p] += 1
            n_links += 1
            assert after["links"][n_links - 1]["owner"] == p
            assert after["links"][n_links - 1]["cities"] == e["cities"]
        elif t == "urbanize":
            c = e["city"]
            cash[p] -= URBANIZE
            assert colour[c] == "gray"
            colour[c] = GAME.data["colours"][e["colour"]]
            for k in e["cubes"]:
                cubes[c][k] += 1
            if empty[c]:
                empty[c] = False
                markers -= 1
        elif t == "delivery":
            cubes[e["cities"][0]][e["colour"]] -= 1
            for o in e["owners"][len(moved):]:  # the links not shown moving before
                points[o] += 1
            delivered += 1
            moved = []
        elif t == "empty_city":
            empty[e["city"]] = True
            markers += 1
            assert e["markers"] == markers
        elif t == "end_triggered":
            last_round = e["last_round"] + 1
        elif t == "use_card":
            k = key(e["card"])
            cash[p] += USE_CASH.get(k, 0)
            if k not in KEPT_AFTER_USE:
                cards[p].remove(k)
                discard.append(k)
        elif t == "take_card":
            k = key(e["card"])
            display.remove(k)
            cash[p] += TAKE_CASH.get(k, 0)
            points[p] += TAKE_POINTS.get(k, 0)
            if k in TAKE_LEVEL:
                level[p] = min(level[p] + 1, MAX_LEVEL)
            if k in TAKE_CASH or k in TAKE_POINTS or k in TAKE_LEVEL:
                discard.append(k)
            else:
                cards[p].append(k)
        elif t == "card_reward":
            k = key(e["card"])
            points[p] += e["points"]
            display.remove(k)
            discard.append(k)
        elif t == "card_revealed":
            display.append(key(e["card"]))
            deck -= 1
        elif t == "income":
            cash[p] += e["income"] - e["interest"]
        elif t == "game_over":
            over = True
    if "delivery" in after:  # the cube moved on along a link (its owner scores it)
        path = after["delivery"]["path"]
        assert path[:len(moved)] == moved
        for _c, o in path[len(moved):]:
            points[o] += 1
    pl = after["players"]
    assert [x["cash"] for x in pl] == cash, events
    assert [x["notes"] for x in pl] == notes, events
    assert [x["locomotive"] for x in pl] == level, events
    assert [x["points"] for x in pl] == points, events
    assert [x["links"] for x in pl] == links, events
    assert [sorted(x["cards"]) for x in pl] == [sorted(c) for c in cards], events
    assert [c["cubes"] for c in after["cities"]] == cubes, events
    assert [c["colour"] for c in after["cities"]] == colour, events
    assert [c["empty"] for c in after["cities"]] == empty, events
    assert after["empty_markers"] == markers, events
    assert sorted(after["display"]) == sorted(display), events
    assert sorted(after["discard"]) == sorted(discard), events
    assert after["deck"] == deck and after["delivered"] == delivered, events
    assert len(after["links"]) == n_links, events
    assert len(after["unfinished"]) == (0 if removed else unfinished), events
    assert (after["first_player"], after["order"]) == (first, order), events
    assert after["last_round"] == last_round, events
    assert (after["phase"] == "over") is over, events


OPTIONS = [None, {"variant1": True}, {"variant2": True}]


@pytest.mark.parametrize("opts", OPTIONS)
def test_every_change_on_the_table_is_in_the_log(opts):
    seen = set()
    variant2 = bool(opts and opts.get("variant2"))
    for seed in range(3):
        n = 2 + seed * 2
        s = GAME.new_state(n, seed, opts)
        rng = random.Random(seed)
        log = Log(n)
        before = s.observation(None)
        for _ in range(20000):  # far more than a game takes: one that does not end fails
            if s.is_terminal():
                break
            legal = s.legal_actions()
            if len(legal) > 1 and A_NOTE in legal and rng.random() < 0.8:
                legal.remove(A_NOTE)  # notes now and then only: shorter games
            s.apply(legal[int(rng.random() * len(legal))])
            after = s.observation(None)
            check_step(log, before, after, s.events, variant2)
            seen.update(e["type"] for e in s.events)
            before = after
        assert s.is_terminal()
    assert {"notes", "bid", "pass_bid", "first_player", "upgrade", "build_start", "build_step",
            "unfinished", "unfinished_removed", "link", "urbanize", "delivery", "empty_city",
            "end_triggered", "use_card", "take_card", "card_revealed", "income",
            "game_over", "pass_turn"} <= seen, seen
