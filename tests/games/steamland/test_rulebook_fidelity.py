"""Rule tests of rules_version 5, named after the rulebook's sections: the fight that beats
the sixth dragon counts its tasks and achievements before the game ends; 14 points win
before any other end, and the machine is launched only on its holder's own visit; an item
whose effect is used while face down is shown. (One sale a turn: test_rulebook_sections.py,
test_one_sale_a_turn_of_an_item_a_weapon_or_a_head.) Each test fails on version 4."""

import random

import pytest

from railtable.games.steamland import actions as A
from railtable.games.steamland import rules as R

from .helpers import CENTER, G, force, give_item, lay, ready, task, tile_index, weapon
from .test_rulebook_corners import (CITY, creature_here, dice, open_cell, player, tid, turn_of,
                                    walk_into)


def shown(s, p, c):
    """The event that shows item card c of seat p to everyone."""
    return {"type": "show_item", "player": p, "item": c, "reveal": True, "to": None}


# ------------------------------------------------ «Цель игры», end 2; 8. Задания; 15.

def dragon_fight(before, points):
    """Seat 0 (two dragons beaten before, two parts credited) beats Steam Dragon No. 6 with
    a Tesla gun; the common hunt «Dragon Slayer» is on the table; `before` dragons were
    beaten in all. Returns the state after the attack."""
    s = ready()
    creature_here(s, 0, "dragon_6")
    s.dkilled = before
    s.dkills[0] = 2
    s.credit = [2, 0, 0]
    s.points = list(points)
    s.common = [task(s, "dragon_slayer")]
    s.weapons[0] = [weapon(s, "tesla_gun")]
    force(s, dice(6, 1))
    s.apply(A.ATTACK_HERE)
    return s


@pytest.mark.parametrize("before, over", [(4, False), (5, True)])
def test_the_fight_that_beats_the_last_dragon_counts_its_task_and_title(before, over):
    # rulebook: «Цель игры», end 2 (all dragons beaten: the points for tasks are summed),
    # 8. Задания (a task is done as soon as its conditions hold) and 15. Достижения (the
    # Slayer of Battle Dragons, +3, for a third dragon): the fight that beats the sixth
    # dragon completes the hunt and gives the title before the winner is decided; no part
    # points (they are given only at a launch, п.5)
    s = dragon_fight(before, [5, 7, 0])
    slayer = G.q_points[tid("dragon_slayer")]
    assert player(s, 0)["points"] == 5 + slayer + 3
    assert player(s, 0)["achievements"] == [R.TITLE_SLAYER] and s.common == []
    assert s.is_terminal() is over
    if over:
        assert s.result().reason == "dragons_defeated" and s.result().winners == (0,)
        assert s.result().scores == (5 + slayer + 3, 7, 0)


def test_fourteen_points_from_the_last_dragons_fight_make_the_undisputed_winner():
    # rulebook: «Цель игры», end 3 (whoever reaches 14 points is the undisputed winner) with
    # end 2 in the same fight: the 14 points are named (docs/games/steamland.md)
    s = dragon_fight(5, [10, 12, 0])
    assert s.is_terminal() and s.result().reason == "fourteen_points"
    assert s.result().winners == (0,) and player(s, 0)["points"] == 10 + 3 + 3


# ------------------------------------------------ «Цель игры», п.4, ends 1 and 3

def test_fourteen_points_win_before_another_seat_could_launch():
    # rulebook: «Цель игры», end 3 (14 points: the undisputed winner) and п.4 (the
    # Screwdriver's holder must visit the Old Boiler House): seat 0 reaches 14 with the task
    # that finds the last part; seat 1 merely stands on the Old Boiler House with the
    # Screwdriver in seat 0's turn, which is no visit of his
    s = ready()
    east = walk_into(s, 0, CITY[6])
    t = task(s, "courtesy_visit")  # visit one city (the die named Shestiburg): 1 point
    s.tasks[0] = [t]
    part = G.q_part[t]
    s.found = [G.part_need[k] - (k == part) for k in range(7)]
    s.credit = [0, 3, 0]
    s.points = [14 - G.q_points[t], 9, 0]
    s.pos[1] = CENTER
    give_item(s, 1, "screwdriver")
    s.apply(A.MOVE + 0)
    assert player(s, 0)["cell"] == east and s.complete
    assert s.is_terminal() and s.result().reason == "fourteen_points"
    assert s.result().winners == (0,) and s.result().scores == (14, 9, 0)
    assert not [e for e in s.events if e["type"] == "launch"]


def test_fourteen_points_are_counted_before_a_launch_in_the_same_step():
    # rulebook: «Цель игры», end 3 before end 1: a step that leaves a player with 14 points
    # ends the game with him the winner, even when it would also launch the machine
    s = ready()
    s.complete = True
    give_item(s, 0, "screwdriver")  # seat 0, in his own turn on the Old Boiler House
    s.points = [0, 14, 0]
    s.chk_all = True
    s._checks()
    assert s.is_terminal() and s.result().reason == "fourteen_points"
    assert s.result().winners == (1,) and s.points == [0, 14, 0]


def test_a_holder_in_the_dungeon_on_the_old_boiler_house_launches_nothing():
    # rulebook: «Цель игры», п.4 (the holder must visit the Old Boiler House) and 9. Предметы
    # (the dungeon: skipped turns): a skipped turn is no visit; his next turn there is
    s = ready()
    s.found = list(G.part_need)
    s.complete = True
    give_item(s, 1, "screwdriver")
    s.pos[1] = CENTER
    s.jail[1] = 1
    s.apply(A.END)  # seat 0's turn ends on the Old Boiler House without the Screwdriver
    assert not s.is_terminal() and s.current_player() == 2
    s.apply(A.END)
    assert not s.is_terminal() and s.current_player() == 0
    s.apply(A.END)
    assert s.is_terminal() and s.result().reason == "machine_launched"
    assert {"type": "launch", "player": 1, "to": None} in s.events


def test_entering_the_old_boiler_house_with_a_hidden_screwdriver_launches_and_shows_it():
    # rulebook: «Цель игры», п.4 (the holder visits the Old Boiler House: the launch) and
    # 9. Предметы (an item played is shown to the others)
    s = ready()
    s.found = list(G.part_need)
    s.complete = True
    east = G.nb[CENTER * 6 + 0]
    lay(s, east, "stone_cross")
    turn_of(s, 0, east)
    c = give_item(s, 0, "screwdriver", hidden=True)
    s.apply(A.MOVE + 3)
    assert s.is_terminal() and s.result().reason == "machine_launched"
    assert shown(s, 0, c) in s.events
    assert {"type": "launch", "player": 0, "to": None} in s.events


# ------------------------------------------------ 9. Предметы; 6. Перемещение по карте

def test_a_hidden_steam_armour_counted_in_a_fight_is_shown():
    # rulebook: 9. Предметы (a player who plays an item must show it to the others): the
    # armour takes 1 off the rat's total, so it is face up from then on, for every seat and
    # for a determinized world
    s = ready()
    creature_here(s, 0, "steam_rat")
    armour = give_item(s, 0, "steam_armour", hidden=True)
    force(s, dice(5, 4))
    s.apply(A.ATTACK_HERE)
    roll = next(e for e in s.events if e["type"] == "fight_roll")
    assert roll["totals"] == [5, 4 + 1 - 1]
    assert shown(s, 0, armour) in s.events
    seen = {"item": armour, "kind": "steam_armour", "hidden": False}
    assert player(s, 0, viewer=1)["items"] == [seen]
    assert player(s, 0, viewer=None)["items"] == [seen]
    for k in range(5):
        d = s.determinize(1, random.Random(k))
        assert d.items[0] == [armour << 1]


def test_a_hidden_steam_armour_in_a_duel_is_shown():
    # rulebook: 9. Предметы and 13. Схватка (armour takes off the other's blow in a duel)
    s = ready()
    s.pos = [CENTER, CENTER, s.pos[2]]
    armour = give_item(s, 1, "steam_armour", hidden=True)
    s._legal = None
    s.apply(A.CHALLENGE + 1)
    while not [e for e in s.events if e["type"] == "fight_roll"]:
        s.apply(s.legal_actions()[0])
    assert shown(s, 1, armour) in s.events
    assert player(s, 1, viewer=0)["items"][0]["kind"] == "steam_armour"


def test_a_hidden_steam_car_is_announced_when_it_adds_its_points():
    # rulebook: 6. Перемещение по карте (permanent modifiers such as the Steam Car are
    # announced and applied before the move) and 9. Предметы
    s = ready()
    c = open_cell(s)
    lay(s, c, "stone_cross")
    car = give_item(s, 1, "steam_car", hidden=True)
    s.pos[1] = c
    force(s, dice(3))
    s.apply(A.END)
    assert s.current_player() == 1 and s.mp == 8 + 2
    assert shown(s, 1, car) in s.events
    assert player(s, 1, viewer=0)["items"] == [{"item": car, "kind": "steam_car",
                                                "hidden": False}]


def test_a_hidden_balloon_is_shown_when_it_carries_the_player_over_a_gap():
    # rulebook: 9. Предметы (the balloon is played to cross a gap: it is shown) and 6.
    # Перемещение по карте (gaps need the balloon); a step without a gap shows nothing
    s = ready()
    c = open_cell(s)
    lay(s, c, "stone_road", roads=1 << 0 | 1 << 3, gaps=1 << 0)
    q = G.nb[c * 6 + 0]
    s.tdeck.append(tile_index("stone_road", s))
    w = G.nb[c * 6 + 3]
    lay(s, w, "stone_cross")
    turn_of(s, 0, c)
    balloon = give_item(s, 0, "balloon", hidden=True)
    s.apply(A.MOVE + 3)  # west, no gap: still hidden
    assert player(s, 0, viewer=1)["items"][0]["hidden"] is True
    assert not [e for e in s.events if e["type"] == "show_item"]
    s.apply(A.MOVE + 0)  # back east
    s.apply(A.MOVE + 0)  # over the gap into the fog
    assert player(s, 0)["cell"] == q
    assert shown(s, 0, balloon) in s.events
    assert player(s, 0, viewer=1)["items"][0] == {"item": balloon, "kind": "balloon",
                                                  "hidden": False}


def gap_on_the_next_hex():
    """Seat 0 to move on a crossing whose east neighbour has a gap on its near side: the
    state and that neighbour."""
    s = ready()
    c = open_cell(s)
    lay(s, c, "stone_cross")
    q = G.nb[c * 6 + 0]
    lay(s, q, "stone_road", roads=1 << 3, gaps=1 << 3)
    turn_of(s, 0, c)
    return s, q


def test_a_hidden_balloon_is_shown_crossing_a_gap_on_the_next_hex():
    # rulebook: 9. Предметы and 6. Перемещение по карте: the gap is on the far side
    s, q = gap_on_the_next_hex()
    balloon = give_item(s, 0, "balloon", hidden=True)
    s.apply(A.MOVE + 0)
    assert player(s, 0)["cell"] == q and shown(s, 0, balloon) in s.events


def test_a_face_up_balloon_is_played_before_a_hidden_one():
    # rulebook: 9. Предметы: a player with two balloons, one already shown, plays that one;
    # the other stays hidden
    s, _ = gap_on_the_next_hex()
    give_item(s, 0, "balloon", hidden=True)
    give_item(s, 0, "balloon")
    s.apply(A.MOVE + 0)
    assert [it["hidden"] for it in player(s, 0, viewer=1)["items"]] == [True, False]
    assert not [e for e in s.events if e["type"] == "show_item"]
