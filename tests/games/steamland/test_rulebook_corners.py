"""Rule tests, section by section, for what the other files leave to the random games of the
property tests: the log's events, every kind of task, event card and fight outcome, the
market, titles, dragons, the ends of the game and what `determinize` may and may not change.
Positions come from helpers.py and the builders below, then are played through legal
actions; expected values are the rulebook's, or the cards' own (data.json) where the
rulebook prints none."""

import random

import pytest

from railtable.games.steamland import actions as A
from railtable.games.steamland import rules as R

from .helpers import (CENTER, FAR, G, any_roll, creature, force, give_item, item, lay,
                      money_total, ready, rolls, task, tile_index, weapon)

CITY = {k: f"city_{k}" for k in range(1, 7)}


def open_cell(s):
    """A hex with all six neighbours on the board, itself and its neighbours in the fog,
    away from the Old Boiler House and the far market."""
    for c in range(G.ncells):
        around = [G.nb[c * 6 + d] for d in range(6)]
        if s.tile[c] < 0 and c != FAR and all(q >= 0 and s.tile[q] < 0 and q not in (FAR, CENTER)
                                               for q in around):
            return c
    raise AssertionError("no open hex")


def turn_of(s, p, c, mp=8):
    """Seat p's ordinary turn (after its roll and event) on hex c with mp movement points
    and nothing used. Sets: cur, pos[p], mp, used, phase."""
    s.cur = p
    s.pos[p] = c
    s.mp = mp
    s.used = 0
    s.phase = R.PH_TURN
    s._legal = None


def key_of_item(c):
    return G.item_defs[G.i_kind[c]]["key"]


def tid(key):
    return next(t for t, d in enumerate(G.task_defs) if d["key"] == key)


def cid(key):
    return next(c for c, d in enumerate(G.creature_defs) if d["key"] == key)


def event_card(effect, positive=None):
    """The first event card of an effect (for a movement card, of the sign wanted)."""
    for e in range(len(G.e_effect)):
        if G.e_effect[e] == effect and (positive is None or (G.e_amount[e] > 0) == positive):
            return e
    raise KeyError(effect)


def events_of(s, kind):
    return [e for e in s.events if e["type"] == kind]


def player(s, p, viewer=None):
    return s.observation(p if viewer is None else viewer)["players"][p]


# ---------------------------------------------------------------- 4. Начало игры

def test_the_purchase_goes_round_the_seats_that_have_not_passed():
    # rulebook: 4. Начало игры (in turn order each buys one piece a turn; the purchase ends
    # when every player has refused): seat 0 passes for good, so after seat 2 it is seat 1
    s = G.new_state(3, 7)
    assert s.current_player() == 0
    s.apply(A.END)
    assert s.current_player() == 1
    buy = [a for a in s.legal_actions() if A.BUY_ITEM <= a < A.BUY_WEAPON][0]
    card = s.sh_items[buy - A.BUY_ITEM]
    s.apply(buy)
    assert {"type": "buy_item", "player": 1, "item": card, "price": G.i_value[card],
            "to": None} in s.events
    assert s.current_player() == 2
    s.apply(A.END)
    assert s.current_player() == 1 and s.phase == R.PH_SHOP
    s.apply(A.END)
    assert s.phase == R.PH_TURN and s.current_player() == 0 and s.cur == 0
    assert s.observation(None)["shop"] is None


@pytest.mark.parametrize("seat", [0, 2])
def test_the_purchase_offers_only_what_the_seat_can_pay_for(seat):
    # rulebook: 4. Начало игры (the players buy with the pounds they have): with exactly a
    # speed potion's price (200) in hand, the potions are offered, the cogs (300) and the
    # pistols (500) are not
    s = G.new_state(3, 7)
    for _ in range(seat):
        s.apply(A.END)
    assert s.current_player() == seat
    s.bank += s.money[seat] - 200
    s.money[seat] = 200
    s._legal = None
    offered = [a for a in s.legal_actions() if a != A.END]
    potions = [A.BUY_ITEM + k for k, c in enumerate(s.sh_items) if key_of_item(c) == "speed_potion"]
    assert offered == potions and len(potions) == 3


def test_after_two_items_and_a_weapon_only_passing_is_left():
    # rulebook: 4. Начало игры (up to two items and one weapon in all, one piece a turn):
    # seat 1 passes at once, so seat 0 buys again and again
    s = G.new_state(2, 5)
    s.apply([a for a in s.legal_actions() if A.BUY_ITEM <= a < A.BUY_WEAPON][0])
    s.apply(A.END)  # seat 1 passes for good
    assert s.current_player() == 0
    s.apply([a for a in s.legal_actions() if A.BUY_ITEM <= a < A.BUY_WEAPON][0])
    la = s.legal_actions()
    assert not [a for a in la if A.BUY_ITEM <= a < A.BUY_WEAPON]
    assert [a for a in la if A.BUY_WEAPON <= a < A.SELL_ITEM]
    s.apply([a for a in la if A.BUY_WEAPON <= a < A.SELL_ITEM][0])
    assert s.current_player() == 0 and s.legal_actions() == [A.END]


def test_the_hidden_start_item_and_task_are_told_to_their_holder_only():
    # rulebook: 4. Начало игры (after the purchase each gets one item face down and one task
    # face down; one task is laid open as the common task)
    s = G.new_state(3, 12)
    for _ in range(3):
        s.apply(A.END)
    for p in range(3):
        drawn = [e for e in s.events if e["type"] == "draw_item" and e["player"] == p]
        assert len(drawn) == 1 and drawn[0]["to"] == [p]
        assert drawn[0]["item"] == s.items[p][0] >> 1
        assert {"type": "draw_item_back", "player": p, "to": None} in s.events
        for t in s.tasks[p]:
            told = [e for e in s.events if e["type"] == "take_task" and e["player"] == p]
            assert told == [{"type": "take_task", "player": p, "task": t,
                             "targets": [x["targets"] for x in player(s, p)["tasks"]][0],
                             "to": [p]}]
            assert {"type": "take_task_back", "player": p, "to": None} in s.events


def start_deal(top_keys, n=3, seed=12):
    """A new game of n whose task pile has these tasks on top, the first dealt first.
    Sets: qdeck order."""
    s = G.new_state(n, seed)
    ts = [tid(k) for k in top_keys]
    for t in ts:
        s.qdeck.remove(t)
    s.qdeck.extend(reversed(ts))
    return s, ts


def test_a_private_task_drawn_as_the_common_one_goes_back_under_the_pile():
    # rulebook: 4. Начало игры (an «И» task drawn as the common mission returns to the pile,
    # with no replacement)
    s, ts = start_deal(["parcel", "trophy", "expedition", "mail_route"])
    for _ in range(3):
        s.apply(A.END)
    assert [s.tasks[p] for p in range(3)] == [[ts[0]], [ts[1]], [ts[2]]]
    assert s.common == [] and s.qdeck[0] == ts[3]
    assert {"type": "common_task_private", "task": ts[3], "reveal": True,
            "to": None} in s.events
    assert s.observation(0)["common_tasks"] == []


def test_a_common_task_drawn_at_the_start_is_laid_open_with_its_cities():
    # rulebook: 4. Начало игры (one task is opened as the common mission; dice name its
    # cities when it needs them)
    s, ts = start_deal(["parcel", "trophy", "expedition", "reconnaissance"])
    for _ in range(3):
        s.apply(A.END)
    assert s.common == [ts[3]]
    shown = s.observation(1)["common_tasks"]
    assert len(shown) == 1 and shown[0]["task"] == ts[3]
    assert 1 <= len(shown[0]["targets"]) <= 2 and set(shown[0]["targets"]) <= set(range(1, 7))
    assert {"type": "common_task", "task": ts[3], "targets": shown[0]["targets"],
            "reveal": True, "to": None} in s.events


def test_a_common_task_dealt_to_a_player_goes_to_the_pool_without_replacement():
    # rulebook: 4. Начало игры and 8. Задания (an «О» task a player receives goes to the
    # common pool at once; he gets no other)
    s, ts = start_deal(["urgent_dispatch", "trophy", "expedition", "parcel"])
    for _ in range(3):
        s.apply(A.END)
    assert s.tasks[0] == [] and s.tasks[1] == [ts[1]] and s.tasks[2] == [ts[2]]
    assert s.common == [ts[0]] and s.qdeck[0] == ts[3]


# ---------------------------------------------------------------- 5. Карта, 6. Перемещение

def top_tile(s, key):
    """Put a tile of `key` on top of the tile pile. Sets: tdeck order."""
    ti = tile_index(key, s)
    s.tdeck.append(ti)
    s._legal = None
    return ti


@pytest.mark.parametrize("mp, moved", [(3, False), (4, True)])
def test_a_tile_too_dear_to_enter_is_turned_over_and_the_player_stays(mp, moved):
    # rulebook: 5. Карта (a hex is revealed as the player leaves towards it) and 6.
    # Перемещение по карте (water costs 4): with 3 points left the lake is revealed but not
    # entered; with 4 it is entered and every point is spent
    s = ready()
    top_tile(s, "lake")
    s.mp = mp
    east = G.nb[CENTER * 6 + 0]
    s.apply(A.MOVE + 0)
    obs = s.observation(0)
    assert [t["tile"] for t in obs["tiles"] if t["cell"] == east] == ["lake"]
    assert obs["players"][0]["cell"] == (east if moved else CENTER)
    assert obs["movement"] == (0 if moved else mp)
    assert [e["cell"] for e in events_of(s, "move")] == ([east] if moved else [])


@pytest.mark.parametrize("key", ["lava_rift", "sand_canyon", "river_ford", "swamp_bridge"])
def test_a_tile_with_a_gap_is_turned_so_that_the_road_in_has_none(key):
    # rulebook: 5. Карта and 6. Перемещение по карте (a gap stops a player without a
    # balloon); docs/games/steamland.md: a turn of the tile without a gap on the edge crossed
    # is preferred, so the player walks in
    for seed in range(6):
        s = ready(seed=seed)
        top_tile(s, key)
        east = G.nb[CENTER * 6 + 0]
        s.apply(A.MOVE + 0)
        assert s.roads[east] >> 3 & 1 and not s.gaps[east] >> 3 & 1, (key, seed)
        assert player(s, 0)["cell"] == east


def test_a_tile_is_turned_one_of_several_ways_when_several_fit():
    # docs/games/steamland.md (5. Карта): among the turns that fit, the engine draws one
    seen = set()
    for seed in range(16):
        s = ready(seed=seed)
        top_tile(s, "stone_cross")
        s.apply(A.MOVE + 0)
        seen.add(s.roads[G.nb[CENTER * 6 + 0]])
    assert len(seen) > 1


@pytest.mark.parametrize("mp", [0, 1])
def test_a_step_into_the_fog_needs_a_movement_point(mp):
    # rulebook: 6. Перемещение по карте (every hex entered costs points; the cheapest costs 1)
    s = ready()
    s.mp = mp
    s._legal = None
    moves = [a - A.MOVE for a in s.legal_actions() if A.MOVE <= a <= A.MOVE + 5]
    assert moves == (list(range(6)) if mp else [])


@pytest.mark.parametrize("key, cost", [("sand_dunes", 2), ("swamp", 3)])
def test_a_hex_is_entered_with_exactly_its_cost_left(key, cost):
    # rulebook: 6. Перемещение по карте (sand 2, swamp 3 points)
    s = ready()
    lay(s, G.nb[CENTER * 6 + 0], key)
    s.mp = cost
    s._legal = None
    assert A.MOVE + 0 in s.legal_actions()
    s.mp = cost - 1
    s._legal = None
    assert A.MOVE + 0 not in s.legal_actions()


def test_the_last_tile_makes_a_great_traveller_and_the_log_says_so():
    # rulebook: 15. Достижения («Великий путешественник»: who opens the last hex; no points)
    s = ready()
    s.tdeck = [tile_index("stone_cross", s)]
    s.apply(A.MOVE + 0)
    assert {"type": "achievement", "player": 0, "achievement": R.TITLE_TRAVELLER,
            "to": None} in s.events
    obs = player(s, 0)
    assert obs["achievements"] == [R.TITLE_TRAVELLER] and obs["points"] == 0


def test_a_speed_potion_is_shown_spent_and_drunk_once_a_turn():
    # rulebook: 6. Перемещение по карте (temporary modifiers any time in the turn) and 9.
    # Предметы (a one-use item is shown and goes back to the pile)
    s = ready()
    first = give_item(s, 0, "speed_potion", hidden=True)
    give_item(s, 0, "speed_potion", hidden=True)
    s.apply(A.POTION)
    assert {"type": "potion", "player": 0, "item": first, "movement": 3, "reveal": True,
            "to": None} in s.events
    assert s.ideck[0] == first and s.observation(0)["movement"] == 8 + 3
    assert A.POTION not in s.legal_actions() and len(player(s, 0)["items"]) == 1


@pytest.mark.parametrize("slot", [0, 2])
def test_an_item_thrown_away_is_shown_and_goes_under_the_pile(slot):
    # rulebook: 9. Предметы (at any time a player may throw an item away: back to the pile)
    s = ready()
    held = [give_item(s, 0, k, hidden=True) for k in ("tea_chest", "elixir", "gold_nugget")]
    s.apply(A.DISCARD_ITEM + slot)
    assert {"type": "discard_item", "player": 0, "item": held[slot], "reveal": True,
            "to": None} in s.events
    assert s.ideck[0] == held[slot]
    assert [x["item"] for x in player(s, 0)["items"]] == [h for h in held if h != held[slot]]


# ---------------------------------------------------------------- 6. the turn's start

def start_of_turn(s, p, c):
    """Seat p's turn about to start on hex c (its roll next). Sets: cur, pos[p], phase."""
    s.cur = p
    s.pos[p] = c
    s.phase = R.PH_START
    s._legal = None


@pytest.mark.parametrize("seat", [0, 2])
def test_the_turns_roll_is_announced_and_the_red_face_named(seat):
    # rulebook: 6. Перемещение по карте (the player rolls; the red face brings an event)
    s = ready()
    c = open_cell(s)
    lay(s, c, "stone_cross")
    start_of_turn(s, seat, c)
    s.edeck.append(s.edeck.pop(s.edeck.index(event_card(R.V_GAIN))))
    force(s, *rolls(G.red_face))
    s._settle()
    assert {"type": "turn", "player": seat, "roll": G.red_face, "red": True,
            "to": None} in s.events
    s2 = ready()
    lay(s2, c, "stone_cross")
    start_of_turn(s2, seat, c)
    force(s2, *rolls(6))
    s2._settle()
    assert {"type": "turn", "player": seat, "roll": 6, "red": False, "to": None} in s2.events
    assert not events_of(s2, "event")


@pytest.mark.parametrize("key, safe", [("old_boiler_house", True), ("market", True),
                                       ("tavern", True), ("creature_attack", False)])
def test_the_red_face_brings_no_event_in_a_safe_place(key, safe):
    # rulebook: 7. События (no event on the Old Boiler House, in a city, tavern or market)
    s = ready()
    c = CENTER
    if key != "old_boiler_house":
        c = open_cell(s)
        lay(s, c, key)
    start_of_turn(s, 0, c)
    s.edeck.append(s.edeck.pop(s.edeck.index(event_card(R.V_GAIN))))
    force(s, *rolls(G.red_face))
    money = s.money[0]
    s._settle()
    assert bool(events_of(s, "event")) is not safe
    assert s.money[0] == money + (0 if safe else 300)


def test_a_turn_in_the_dungeon_is_skipped_and_the_log_says_so():
    # rulebook: 9. Предметы (the dungeon: the player sits out his turns)
    s = ready()
    s.jail[1] = 1
    s.apply(A.END)
    assert {"type": "skip_turn", "player": 1, "to": None} in s.events
    assert s.current_player() == 2 and player(s, 1)["dungeon"] == 0


def test_a_steam_car_adds_its_points_on_a_plain_hex():
    # rulebook: 6. Перемещение по карте (permanent modifiers are applied before the move)
    s = ready()
    c = open_cell(s)
    lay(s, c, "stone_cross")
    give_item(s, 1, "tea_chest")
    give_item(s, 1, "steam_car")  # in the second slot
    s.pos[1] = c
    force(s, *rolls(3))
    s.apply(A.END)
    assert s.current_player() == 1 and s.observation(1)["movement"] == 8 + 2


# ---------------------------------------------------------------- 7. События

def event_turn(effect, positive=None, seat=1, key="stone_cross"):
    """Seat 0 about to end its turn; seat `seat` then starts on a plain hex with the event
    card of `effect` on top of the pile and rolls the red face. Returns (state, hex, card).
    Sets: pos[seat], tile of the hex, edeck order, the seed (the roll)."""
    s = ready()
    c = open_cell(s)
    lay(s, c, key)
    e = event_card(effect, positive)
    s.edeck.remove(e)
    s.edeck.append(e)
    if seat == 0:
        start_of_turn(s, 0, c)
    else:
        s.pos[seat] = c
    return s, c, e


def go(s, seat, *checks):
    """Start the prepared turn of `seat`: the seats before it end their turns (seat 1 rolls
    on the far market, where nothing happens); the seat rolls the red face, then `checks`."""
    if seat == 0:
        force(s, *rolls(G.red_face), *checks)
        s._settle()
        return
    force(s, *([any_roll] * (seat - 1)), *rolls(G.red_face), *checks)
    for _ in range(seat):
        s.apply(A.END)


@pytest.mark.parametrize("seat", [0, 2])
def test_an_event_card_is_shown_to_everyone(seat):
    # rulebook: 7. События (the card is given face up to the player who rolled the red face)
    s, c, e = event_turn(R.V_GAIN, seat=seat)
    go(s, seat)
    assert {"type": "event", "player": seat, "event": e, "reveal": True, "to": None} in s.events


def test_a_find_gives_a_hidden_item_told_to_its_finder_only():
    # rulebook: 7. События (events hand out items) and 9. Предметы
    s, c, e = event_turn(R.V_ITEM)
    top = s.ideck[-1]
    go(s, 1)
    assert [x >> 1 for x in s.items[1]] == [top] and s.items[1][0] & 1
    assert {"type": "draw_item", "player": 1, "item": top, "to": [1]} in s.events
    assert player(s, 1, viewer=0)["items"] == [{"item": None, "kind": None, "hidden": True}]


def test_an_arms_cache_gives_the_top_weapon():
    # rulebook: 7. События (events hand out weapons)
    s, c, e = event_turn(R.V_WEAPON)
    top = s.wdeck[-1]
    go(s, 1)
    assert player(s, 1, viewer=0)["weapons"] == [top]


def test_an_arms_cache_to_a_player_with_two_weapons_asks_which_to_give_back():
    # rulebook: 10. Оружие (two weapons at most: the extra one is thrown away at once); the
    # arriving weapon itself may be the one returned
    s, c, e = event_turn(R.V_WEAPON)
    held = [weapon(s, "knife"), weapon(s, "harpoon")]
    s.weapons[1] = list(held)
    top = s.wdeck[-1]
    go(s, 1)
    assert s.current_player() == 1
    assert s.legal_actions() == [A.DISCARD_WEAPON + k for k in range(3)]
    assert s.observation(1)["incoming"] == [
        {"weapon": top, "kind": G.weapon_defs[G.w_kind[top]]["key"]}]
    assert s.observation(0)["incoming"] == []
    s.apply(A.DISCARD_WEAPON + 2)
    assert {"type": "discard_weapon", "player": 1, "weapon": top, "to": None} in s.events
    assert s.weapons[1] == held and s.wdeck[0] == top


@pytest.mark.parametrize("positive, change", [(True, 2), (False, -3)])
def test_wind_and_sandstorm_change_the_turns_points(positive, change):
    # rulebook: 7. События (an event may act by itself); the cards: tailwind +2, sandstorm -3
    s, c, e = event_turn(R.V_MOVE, positive=positive)
    go(s, 1)
    assert s.current_player() == 1 and s.observation(1)["movement"] == 8 + change


@pytest.mark.parametrize("money, paid", [(2000, 300), (200, 200)])
def test_a_road_toll_is_paid_to_the_bank(money, paid):
    # rulebook: 7. События; the card: a toll of 300 pounds (all one has if less, as for
    # every payment in the game)
    s, c, e = event_turn(R.V_PAY)
    s.bank += s.money[1] - money
    s.money[1] = money
    bank = s.bank
    go(s, 1)
    assert player(s, 1)["money"] == money - paid and s.observation(0)["bank"] == bank + paid


@pytest.mark.parametrize("held", [0, 1, 2])
def test_a_breakdown_costs_an_item_of_the_players_choice_and_nothing_else(held):
    # rulebook: 7. События (an event may take an item away); the card «Поломка»: one item
    # of the player's own choice, back to the pile; without items nothing is lost
    s, c, e = event_turn(R.V_LOSE)
    items = [give_item(s, 1, k) for k in ("tea_chest", "elixir")[:held]]
    go(s, 1)
    assert s.current_player() == 1 and player(s, 1)["money"] == 2000
    if held == 2:
        assert s.observation(1)["pending"] == "pick_item" and s.observation(1)["pick_from"] == 1
        assert s.legal_actions() == [A.PICK, A.PICK + 1]
        s.apply(A.PICK + 1)
        assert s.ideck[0] == items[1] and [x >> 1 for x in s.items[1]] == [items[0]]
    elif held == 1:
        assert s.items[1] == [] and s.ideck[0] == items[0]
        assert {"type": "lose_item", "player": 1, "item": items[0], "reveal": True,
                "to": None} in s.events
    assert s.phase == R.PH_TURN and s.observation(1)["movement"] == 8


def test_a_monster_attack_with_an_empty_creature_pile_brings_no_fight():
    # rulebook: 7. События (a monster attack draws a creature); with none left the player
    # simply takes his turn
    s, c, e = event_turn(R.V_ATTACK)
    s.cdeck = []
    go(s, 1)
    assert not s.fk and s.current_player() == 1 and s.phase == R.PH_TURN
    assert not events_of(s, "fight")


def test_a_monster_attack_is_a_fight_on_the_players_hex_announced():
    # rulebook: 7. События and 13. Схватка (the creature of an event attacks where the player
    # stands; the player may try to flee from one that allows it)
    s, c, e = event_turn(R.V_ATTACK, seat=2)
    rat = creature(s, "steam_rat")
    s.cdeck.append(rat)
    go(s, 2)
    s2 = s
    assert {"type": "creature_appears", "cell": c, "creature": rat, "reveal": True,
            "to": None} in s2.events
    assert {"type": "fight", "player": 2, "opponent": -1, "creature": rat, "cell": c,
            "to": None} in s2.events
    assert s2.current_player() == 2 and s2.legal_actions() == [A.FIGHT, A.FLEE]
    fight = s2.observation(2)["fight"]
    assert fight["attacker"] == 2 and fight["creature"] == rat and fight["cell"] == c
    assert fight["creature_kind"] == "steam_rat" and fight["step"] == "flee"


# ---------------------------------------------------------------- 8. Задания

def task_in_hand(s, p, key, city):
    """Seat p holds task `key` whose die named `city`. Sets: tasks[p], target, prog."""
    t = task(s, key)
    s.tasks[p].append(t)
    s.target[t] = 1 << city
    s.prog[t * s.num_players + p] = 0
    return t


def walk_into(s, p, key, entry_key="stone_cross"):
    """Seat p's turn on a plain hex with a tile `key` east of it (laid). Returns that hex."""
    c = open_cell(s)
    lay(s, c, entry_key)
    east = G.nb[c * 6 + 0]
    lay(s, east, key)
    turn_of(s, p, c)
    return east


@pytest.mark.parametrize("money, done", [(500, True), (499, False)])
def test_a_fee_task_is_paid_in_its_city_to_the_bank(money, done):
    # rulebook: 8. Задания (the reward: points, pounds and a part); the card «Взнос в
    # гильдию»: 500 pounds paid in the city its die names, 1 point, no pounds
    s = ready()
    east = walk_into(s, 2, CITY[4])
    t = task_in_hand(s, 2, "guild_fee", 4)
    s.bank += s.money[2] - money
    s.money[2] = money
    bank = s.bank
    s.apply(A.MOVE + 0)
    obs = player(s, 2)
    if done:
        assert obs["tasks"] == [] and obs["points"] == 1 and obs["money"] == 0
        assert s.observation(0)["bank"] == bank + 500
        assert {"type": "task_done", "player": 2, "task": t, "part": G.q_part[t],
                "reveal": True, "to": None} in s.events
    else:
        assert [x["task"] for x in obs["tasks"]] == [t] and obs["money"] == money
    assert obs["cell"] == east


def test_a_fee_task_is_not_paid_in_another_city():
    # rulebook: 8. Задания (the task names its city)
    s = ready()
    walk_into(s, 0, CITY[3])
    t = task_in_hand(s, 0, "boiler_repair", 4)
    s.apply(A.MOVE + 0)
    assert [x["task"] for x in player(s, 0)["tasks"]] == [t] and player(s, 0)["money"] == 2000


def test_a_delivery_is_not_made_in_another_city_nor_without_the_item():
    # rulebook: 8. Задания (the item is brought to the city the die names)
    s = ready()
    walk_into(s, 0, CITY[3])
    t = task_in_hand(s, 0, "governors_tea", 5)
    give_item(s, 0, "tea_chest")
    s.apply(A.MOVE + 0)
    assert [x["task"] for x in player(s, 0)["tasks"]] == [t]
    s2 = ready()
    walk_into(s2, 0, CITY[5])
    task_in_hand(s2, 0, "governors_tea", 5)
    give_item(s2, 0, "elixir")
    s2.apply(A.MOVE + 0)
    assert len(player(s2, 0)["tasks"]) == 1 and player(s2, 0)["tasks_done"] == 0


@pytest.mark.parametrize("head, done", [("dragon_1", True), ("cog_troll", False)])
def test_the_dragon_slayer_task_wants_a_dragons_head(head, done):
    # rulebook: 8. Задания (some tasks need a creature beaten); the common card
    # «Драконоборец»: the head of a Steam Dragon, whatever its strength (3 points, 800)
    s = ready()
    walk_into(s, 1, CITY[1])
    t = task(s, "dragon_slayer")
    s.common = [t]
    s.heads[1] = [creature(s, head)]
    s.apply(A.MOVE + 0)
    assert (t in s.common) is not done
    obs = player(s, 1)
    assert obs["points"] == (3 if done else 0) and obs["money"] == 2000 + (800 if done else 0)
    assert obs["heads"] == s.heads[1] and len(obs["heads"]) == 1  # a head is shown, kept


@pytest.mark.parametrize("found, credited", [(0, 1), (1, 1), (2, 0)])
def test_only_the_first_two_nuts_are_credited(found, credited):
    # rulebook: «Цель игры», п. 2, 5 (the machine needs two nuts; only the finders of the
    # parts it needs score for them)
    s = ready()
    walk_into(s, 0, CITY[2])
    task_in_hand(s, 0, "parcel", 2)  # its part: a nut
    s.found[G.q_part[tid("parcel")]] = found
    s.apply(A.MOVE + 0)
    assert player(s, 0)["parts_credited"] == credited
    assert s.observation(0)["parts_found"][6] == found + 1


def test_the_last_part_found_makes_the_machine_ready_to_launch():
    # rulebook: «Цель игры», п. 4-5 (once every part is found, the Screwdriver's holder at
    # the Old Boiler House launches the machine: 6 points, and 2 for each part he found)
    s = ready()
    s.found = [1, 1, 1, 1, 1, 1, 1]
    give_item(s, 0, "screwdriver")
    lay(s, G.nb[CENTER * 6 + 0], CITY[2])
    task_in_hand(s, 0, "parcel", 2)  # the second nut
    s.apply(A.MOVE + 0)
    assert not s.is_terminal() and player(s, 0)["parts_credited"] == 1
    s.apply(A.MOVE + 3)  # back into the Old Boiler House
    assert s.is_terminal() and s.result().reason == "machine_launched"
    assert {"type": "launch", "player": 0, "to": None} in s.events
    assert s.result().scores[0] == 1 + 6 + 2 * 1


@pytest.mark.parametrize("seat", [0, 1])
def test_a_common_task_done_is_announced_and_leaves_the_pool(seat):
    # rulebook: 8. Задания (the common mission's reward goes to whoever does it; then it is
    # taken out of play)
    s = ready()
    walk_into(s, seat, CITY[6])
    t = task(s, "urgent_dispatch")
    s.common = [t]
    s.target[t] = 1 << 6
    s.apply(A.MOVE + 0)
    assert {"type": "task_done", "player": seat, "task": t, "part": G.q_part[t],
            "reveal": True, "to": None} in s.events
    assert s.observation(1 - seat)["common_tasks"] == []
    assert player(s, seat)["money"] == 2000 + 500


def test_no_task_is_offered_when_the_pile_is_empty():
    # rulebook: 8. Задания (a task comes from the pile)
    s = ready()
    c = open_cell(s)
    lay(s, c, "tavern")
    turn_of(s, 0, c)
    assert A.TAKE_TASK in s.legal_actions()
    s.qdeck = []
    s._legal = None
    assert A.TAKE_TASK not in s.legal_actions()


# ---------------------------------------------------------------- 9. Предметы, 10. Оружие

def at(s, p, key, money=None):
    """Seat p's turn on a fresh hex of `key`. Sets: tile (lay), cur, pos, mp, used, money."""
    c = open_cell(s)
    lay(s, c, key)
    turn_of(s, p, c)
    if money is not None:
        s.bank += s.money[p] - money
        s.money[p] = money
    return c


def test_the_item_display_is_announced_and_its_cards_named():
    # rulebook: 9. Предметы, Операция торговли (three item cards are opened to the buyer)
    s = ready()
    at(s, 0, "market")
    top3 = s.ideck[-3:][::-1]
    s.apply(A.OPEN_ITEMS)
    assert {"type": "market_open", "player": 0, "kind": "items", "cards": top3,
            "reveal": True, "to": None} in s.events
    shown = s.observation(1)["display"]
    assert shown["kind"] == "items" and [x["card"] for x in shown["cards"]] == top3
    assert [x["value"] for x in shown["cards"]] == [G.i_value[c] for c in top3]
    assert s.observation(0)["movement"] == 7


def test_the_weapon_display_is_announced_and_what_is_left_goes_under_the_pile():
    # rulebook: 9. Предметы (the same operation for weapons) and 4. Начало игры (cards left
    # on the table go under the piles)
    s = ready()
    at(s, 0, "city_1", money=9000)
    top3 = s.wdeck[-3:][::-1]
    s.apply(A.OPEN_WEAPONS)
    assert {"type": "market_open", "player": 0, "kind": "weapons", "cards": top3,
            "reveal": True, "to": None} in s.events
    shown = s.observation(0)["display"]["cards"]
    assert [x["strength"] for x in shown] == [G.w_str[c] for c in top3]
    assert s.legal_actions() == [A.END] + [A.BUY_WEAPON + k for k in range(3)]
    s.apply(A.BUY_WEAPON + 1)
    assert {"type": "buy_weapon", "player": 0, "weapon": top3[1], "price": G.w_value[top3[1]],
            "to": None} in s.events
    assert player(s, 0)["money"] == 9000 - G.w_value[top3[1]]
    assert s.observation(0)["display"]["cards"][1] == {"slot": 1, "card": None, "kind": None,
                                                       "value": None}
    s.apply(A.END)
    assert sorted(s.wdeck[:2]) == sorted([top3[0], top3[2]])
    assert player(s, 0)["weapons"] == [top3[1]] and s.observation(0)["display"] is None


def test_a_weapon_display_offers_only_what_the_player_can_pay_for():
    # rulebook: 10. Оружие (weapons are bought at their price)
    s = ready()
    at(s, 0, "market")
    s.apply(A.OPEN_WEAPONS)
    prices = [G.w_value[c] for c in s.mdisp]
    s.bank += s.money[0] - min(prices)
    s.money[0] = min(prices)
    s._legal = None
    assert s.legal_actions() == [A.END] + [A.BUY_WEAPON + k for k in range(3)
                                           if prices[k] == min(prices)]


def test_a_third_item_bought_closes_the_item_display():
    # rulebook: 9. Предметы (three items at most, no exchange when buying)
    s = ready()
    at(s, 0, "market", money=9000)
    give_item(s, 0, "tea_chest")
    give_item(s, 0, "elixir")
    s.apply(A.OPEN_ITEMS)
    assert len(s.legal_actions()) == 4
    s.apply(A.BUY_ITEM + 2)
    assert s.legal_actions() == [A.END]
    s.apply(A.END)
    assert A.OPEN_ITEMS not in s.legal_actions() and len(player(s, 0)["items"]) == 3


@pytest.mark.parametrize("roll, got", [(2, 500), (5, 250)])
def test_a_weapon_sells_at_full_price_on_an_even_roll_and_half_on_an_odd(roll, got):
    # rulebook: 9. Предметы, Операция торговли (even: the value; odd: half) and 10. Оружие
    # (weapons are sold the same way); the steam pistol's value: 500
    s = ready()
    at(s, 2, "city_3")
    pistol = weapon(s, "steam_pistol")
    s.weapons[2] = [weapon(s, "knife"), pistol]
    force(s, *rolls(roll))
    s.apply(A.SELL_WEAPON + 1)
    assert {"type": "sell_weapon", "player": 2, "weapon": pistol, "roll": roll, "money": got,
            "to": None} in s.events
    assert player(s, 2)["money"] == 2000 + got and s.wdeck[0] == pistol
    assert player(s, 2)["weapons"] == s.weapons[2] and len(s.weapons[2]) == 1


@pytest.mark.parametrize("roll, got", [(6, 300), (1, 150)])
def test_an_item_sale_is_announced_with_its_roll_and_price(roll, got):
    # rulebook: 9. Предметы, Операция торговли; the tea chest's value: 300
    s = ready()
    at(s, 0, "market")
    give_item(s, 0, "elixir")
    tea = give_item(s, 0, "tea_chest", hidden=True)
    force(s, *rolls(roll))
    s.apply(A.SELL_ITEM + 1)
    assert {"type": "sell_item", "player": 0, "item": tea, "roll": roll, "money": got,
            "reveal": True, "to": None} in s.events
    assert player(s, 0)["money"] == 2000 + got and s.ideck[0] == tea


def test_a_sale_pays_no_more_than_the_bank_holds():
    # rulebook: 9. Предметы (the pounds come from the Bank of the game)
    s = ready()
    at(s, 0, "market")
    nugget = give_item(s, 0, "gold_nugget")
    s.money[1] += s.bank - 100
    s.bank = 100
    force(s, *rolls(2))
    s.apply(A.SELL_ITEM)
    assert player(s, 0)["money"] == 2100 and s.observation(0)["bank"] == 0
    assert nugget in s.ideck and money_total(s) == G.total_money


def test_a_dragons_head_sold_leaves_the_game():
    # rulebook: 12. Существа (after a head is sold the card goes back to the pile, except
    # the dragons'); dragon 3's value: 1200
    s = ready()
    at(s, 1, "market")
    dragon = creature(s, "dragon_3")
    s.heads[1] = [creature(s, "steam_rat"), dragon]
    s.apply(A.SELL_HEAD + 1)
    assert {"type": "sell_head", "player": 1, "creature": dragon, "money": 1200,
            "to": None} in s.events
    assert dragon not in s.cdeck and dragon not in s.ddeck and s.gone == [dragon]
    assert player(s, 1)["money"] == 3200 and A.SELL_HEAD not in s.legal_actions()


@pytest.mark.parametrize("roll", [3, 4])
def test_a_theft_on_three_or_four_changes_nothing(roll):
    # rulebook: 9. Предметы, Операция кражи (3-4: the theft fails, the player gets away)
    s = ready()
    at(s, 0, "tavern")
    give_item(s, 0, "tea_chest")
    force(s, *rolls(roll))
    s.apply(A.STEAL)
    assert {"type": "steal", "player": 0, "roll": roll, "to": None} in s.events
    assert len(player(s, 0)["items"]) == 1 and player(s, 0)["money"] == 2000
    assert player(s, 0)["dungeon"] == 0 and A.STEAL not in s.legal_actions()


def test_a_theft_on_five_brings_a_hidden_item_told_to_the_thief():
    # rulebook: 9. Предметы, Операция кражи (5-6: a face-down item from the pile)
    s = ready()
    at(s, 2, "market")
    top = s.ideck[-1]
    force(s, *rolls(5))
    s.apply(A.STEAL)
    assert {"type": "draw_item", "player": 2, "item": top, "to": [2]} in s.events
    assert player(s, 2)["items"] == [{"item": top, "kind": key_of_item(top), "hidden": True}]


@pytest.mark.parametrize("money, left", [(2000, 1700), (250, 0)])
def test_a_theft_on_two_without_items_costs_300_or_all(money, left):
    # rulebook: 9. Предметы, Операция кражи (1-2: an item, or 300 pounds without one) and
    # 13. Схватка (less than 300: all of it)
    s = ready()
    at(s, 0, "market", money=money)
    bank = s.bank
    force(s, *rolls(2))
    s.apply(A.STEAL)
    assert player(s, 0)["money"] == left and s.observation(0)["bank"] == bank + money - left
    assert player(s, 0)["dungeon"] == 0


def test_a_caught_thief_chooses_which_of_his_items_to_lose():
    # rulebook: 9. Предметы, Операция кражи (1-2: the player loses one item: to the pile)
    s = ready()
    at(s, 1, "tavern")
    held = [give_item(s, 1, k) for k in ("tea_chest", "elixir", "pocket_watch")]
    force(s, *rolls(1))
    s.apply(A.STEAL)
    assert s.current_player() == 1 and s.legal_actions() == [A.PICK + k for k in range(3)]
    s.apply(A.PICK + 2)
    assert s.ideck[0] == held[2] and [x >> 1 for x in s.items[1]] == held[:2]
    assert s.phase == R.PH_TURN and s.current_player() == 1


def test_a_lost_gamble_sends_the_stake_and_the_engineers_item_under_the_pile():
    # rulebook: 9. Предметы, Операция игры на предметы (lower than the Engineer: the stake is
    # handed in to the pile)
    s = ready()
    at(s, 0, "tavern")
    give_item(s, 0, "tea_chest")
    stake = give_item(s, 0, "elixir", hidden=True)
    his = s.ideck[-1]
    force(s, lambda r: (r.randint(1, 6), r.randint(1, 6)) == (3, 4))
    s.apply(A.GAMBLE + 1)
    assert {"type": "gamble", "player": 0, "stake": stake, "roll": 3, "engineer": 4,
            "won": False, "reveal": True, "to": None} in s.events
    assert len(player(s, 0)["items"]) == 1 and set(s.ideck[:2]) == {stake, his}
    assert A.GAMBLE not in s.legal_actions()


def test_a_won_gamble_is_announced_with_the_engineers_item():
    # rulebook: 9. Предметы, Операция игры на предметы (as much as the Engineer or more: the
    # player gets his item)
    s = ready()
    at(s, 2, "tavern")
    stake = give_item(s, 2, "elixir", hidden=True)
    his = s.ideck[-1]
    force(s, lambda r: (r.randint(1, 6), r.randint(1, 6)) == (6, 5))
    s.apply(A.GAMBLE)
    assert {"type": "gamble", "player": 2, "stake": stake, "item": his, "roll": 6,
            "engineer": 5, "won": True, "reveal": True, "to": None} in s.events
    assert [x["item"] for x in player(s, 2, viewer=0)["items"]] == [stake, his]


def test_no_gamble_and_no_item_display_when_the_item_pile_is_empty():
    # rulebook: 9. Предметы (the Engineer's stake and the display come from the pile)
    s = ready()
    at(s, 0, "tavern")
    give_item(s, 0, "elixir")
    assert A.GAMBLE in s.legal_actions()
    s.ideck = []
    s._legal = None
    assert A.GAMBLE not in s.legal_actions()
    s2 = ready()
    at(s2, 0, "market")
    s2.ideck = []
    s2._legal = None
    assert A.OPEN_ITEMS not in s2.legal_actions() and A.OPEN_WEAPONS in s2.legal_actions()
    s2.wdeck = []
    s2._legal = None
    assert A.OPEN_WEAPONS not in s2.legal_actions()


def test_one_dragon_closes_taverns_too():
    # rulebook: 12. Существа (1 dragon, «Тревога»: markets and taverns cannot be used)
    s = ready()
    c = at(s, 0, "tavern")
    give_item(s, 0, "elixir")
    assert {A.TAKE_TASK, A.DROP_TASK, A.GAMBLE, A.STEAL} & set(s.legal_actions())
    far = [x for x in range(G.ncells) if s.tile[x] < 0 and x not in G.near[c]][5]
    lay(s, far, "swamp")
    s._place(creature(s, "dragon_6"), far)
    s._legal = None
    assert not {A.TAKE_TASK, A.DROP_TASK, A.GAMBLE, A.STEAL} & set(s.legal_actions())


@pytest.mark.parametrize("key", ["city_1", "market", "tavern"])
def test_city_actions_need_a_movement_point(key):
    # rulebook: 6. Перемещение по карте (each action in a city, tavern or market costs a
    # point): with none left only the free actions remain (ending the turn, throwing away)
    s = ready()
    at(s, 0, key)
    give_item(s, 0, "tea_chest")
    s.heads[0] = [creature(s, "steam_rat")]
    s.mp = 1
    s._legal = None
    assert len([a for a in s.legal_actions() if A.TAKE_TASK <= a <= A.STEAL]) >= 3
    s.mp = 0
    s._legal = None
    assert s.legal_actions() == [A.END, A.DISCARD_ITEM]


# ---------------------------------------------------------------- 13. Схватка

def creature_here(s, p, key, tile="stone_cross"):
    """Seat p's turn on a fresh hex where creature `key` stands. Sets: tile (lay), mon,
    cur, pos, mp, used; takes the creature out of its pile."""
    c = open_cell(s)
    lay(s, c, tile)
    cr = creature(s, key)
    s.mon[c] = cr
    if G.c_dragon[cr]:
        s.dpos[G.c_dragon[cr]] = c
        s.ndragons += 1
    turn_of(s, p, c)
    return c, cr


def dice(*values):
    """One check: the next len(values) die rolls are these."""
    return lambda r: [r.randint(1, 6) for _ in values] == list(values)


@pytest.mark.parametrize("seat", [0, 2])
def test_a_fight_with_a_creature_is_announced_roll_by_roll(seat):
    # rulebook: 13. Схватка (the player and the Chief Engineer each roll; the creature adds
    # its strength, the player his weapon); the rat: strength 1; the knife: 1
    s = ready()
    c, rat = creature_here(s, seat, "steam_rat")
    s.weapons[seat] = [weapon(s, "knife")]
    force(s, dice(4, 3))
    s.apply(A.ATTACK_HERE)
    assert {"type": "fight", "player": seat, "opponent": -1, "creature": rat, "cell": c,
            "to": None} in s.events
    assert {"type": "fight_roll", "player": seat, "roll": 4, "opponent_roll": 3, "helpers": [],
            "totals": [5, 4], "modifiers": True, "to": None} in s.events
    assert {"type": "fight_end", "player": seat, "opponent": -1, "creature": rat, "won": True,
            "to": None} in s.events
    assert not events_of(s, "flee") and player(s, seat)["heads"] == [rat]


def test_a_creature_one_attacks_allows_no_flight():
    # rulebook: 13. Схватка (fleeing is for a creature that attacks the player); our reading
    # (docs/games/steamland.md): not when the player attacks it, on its hex or from the next
    s = ready()
    c, rat = creature_here(s, 0, "steam_rat")
    turn_of(s, 0, G.nb[c * 6 + 3])
    lay(s, G.nb[c * 6 + 3], "stone_cross")
    s.pos[1] = G.nb[c * 6 + 3]  # a neighbour who may join: the fight waits for him
    s._legal = None
    s.apply(A.MOVE + 0)
    assert s.current_player() == 1 and s.legal_actions() == [A.JOIN_A, A.JOIN_B, A.STAY_OUT]
    assert s.observation(0)["fight"]["step"] == "join"


def test_a_creature_beaten_from_the_next_hex_lets_the_winner_in():
    # rulebook: 13. Схватка (a creature blocks its hex until beaten; the winner takes it)
    s = ready()
    c, rat = creature_here(s, 0, "steam_rat", tile="sand_dunes")
    w = G.nb[c * 6 + 3]
    lay(s, w, "stone_cross")
    turn_of(s, 0, w)
    force(s, dice(6, 1))
    s.apply(A.MOVE + 0)
    assert player(s, 0)["cell"] == c and s.observation(0)["movement"] == 8 - 2
    assert {"type": "move", "player": 0, "cell": c, "to": None} in s.events
    tiles = {t["cell"]: t for t in s.observation(0)["tiles"]}
    assert tiles[c]["creature"] is None


def test_a_creature_that_wins_against_a_step_keeps_its_hex_and_the_player_his():
    # rulebook: 13. Схватка (the creature stays and guards the loss)
    s = ready()
    c, rat = creature_here(s, 0, "coal_golem")
    w = G.nb[c * 6 + 3]
    lay(s, w, "stone_cross")
    turn_of(s, 0, w)
    tea = give_item(s, 0, "tea_chest")
    force(s, dice(1, 6))
    s.apply(A.MOVE + 0)
    assert player(s, 0)["cell"] == w
    tiles = {t["cell"]: t for t in s.observation(0)["tiles"]}
    assert tiles[c]["creature"] == rat and tiles[c]["items"] == [tea]


def test_choosing_to_fight_instead_of_fleeing_goes_to_the_dice():
    # rulebook: 13. Схватка (fleeing is the player's option, not a duty)
    s = ready()
    c = open_cell(s)
    lay(s, c, "stone_cross")
    turn_of(s, 0, c)
    ti = [t for t in s.tdeck if G.t_kind[t] == R.K_ATTACK][0]
    s.tdeck.remove(ti)
    s.tdeck.append(ti)
    rat = creature(s, "steam_rat")
    s.cdeck.append(rat)
    s.apply(A.MOVE + 0)
    assert s.legal_actions() == [A.FIGHT, A.FLEE]
    s.apply(A.FIGHT)
    assert not s.fk and not events_of(s, "flee") and len(events_of(s, "fight_roll")) >= 1


def test_a_player_who_keeps_his_smoke_bomb_fights():
    # rulebook: 13. Схватка (an escape item may be used after a failed flight: may, not must)
    from .helpers import applying, force_play, rolled
    s = ready()
    ti = [t for t in s.tdeck if G.t_kind[t] == R.K_ATTACK][0]
    s.tdeck.remove(ti)
    s.tdeck.append(ti)
    s.cdeck.append(creature(s, "steam_rat"))
    bomb = give_item(s, 0, "smoke_bomb")
    force_play(s, applying(A.MOVE + 0, A.FLEE), rolled("flee", roll=1))
    s.apply(A.MOVE + 0)
    s.apply(A.FLEE)
    s.apply(A.FIGHT)
    assert events_of(s, "fight_roll") and not events_of(s, "escape")
    assert bomb in [c >> 1 for c in s.items[0]] + [c >> 1 for _, c in s.loot]


def test_a_creature_rolling_two_dice_adds_them():
    # rulebook: 13. Схватка (the creature's roll, or the sum of two when its card says so);
    # the lava elemental: the sum of two dice, strength 0
    s = ready()
    c, lava = creature_here(s, 1, "lava_elemental")
    force(s, dice(6, 2, 3))
    s.apply(A.ATTACK_HERE)
    roll = events_of(s, "fight_roll")[0]
    assert roll["opponent_roll"] == 5 and roll["totals"] == [6, 5]
    assert player(s, 1)["heads"] == [lava]


def test_a_tie_is_rolled_again_on_the_dice_alone_and_announced():
    # rulebook: 13. Схватка (a tie: the dice are rolled again without modifiers)
    s = ready()
    c, golem = creature_here(s, 0, "coal_golem")  # strength 3
    s.weapons[0] = [weapon(s, "harpoon")]  # strength 3
    force(s, dice(2, 2, 2, 3))
    s.apply(A.ATTACK_HERE)
    rolls_ = events_of(s, "fight_roll")
    assert [(e["totals"], e["modifiers"]) for e in rolls_] == [([5, 5], True), ([2, 3], False)]
    assert {"type": "fight_tie", "to": None} in s.events
    assert player(s, 0)["heads"] == [] and player(s, 0)["money"] == 1700


def test_beating_a_creature_with_a_reward_brings_a_hidden_item():
    # rulebook: 13. Схватка (some creature cards give the winner an item from the pile)
    s = ready()
    c, spider = creature_here(s, 2, "clockwork_spider")
    top = s.ideck[-1]
    s.weapons[2] = [weapon(s, "tesla_gun")]
    force(s, dice(6, 1))
    s.apply(A.ATTACK_HERE)
    assert {"type": "draw_item", "player": 2, "item": top, "to": [2]} in s.events
    assert player(s, 2)["items"] == [{"item": top, "kind": key_of_item(top), "hidden": True}]


def test_beating_a_creature_without_a_reward_brings_no_item():
    # rulebook: 13. Схватка (only some creature cards give an item)
    s = ready()
    c, rat = creature_here(s, 0, "steam_rat")
    force(s, dice(6, 1))
    s.apply(A.ATTACK_HERE)
    assert player(s, 0)["items"] == [] and not events_of(s, "draw_item")
    assert not events_of(s, "loot")  # nothing lay on the hex: no loot to announce


def test_beating_a_dragon_counts_it_and_takes_it_off_the_map():
    # rulebook: 12. Существа (the dragons on the map) and «Цель игры» (beat every dragon)
    s = ready()
    c, dragon = creature_here(s, 0, "dragon_1")
    s.weapons[0] = [weapon(s, "tesla_gun")]
    assert s.observation(0)["steam_dragons_on_map"] == 1
    force(s, dice(6, 1))
    s.apply(A.ATTACK_HERE)
    obs = s.observation(0)
    assert obs["steam_dragons_on_map"] == 0 and obs["dragons_defeated"] == 1
    me = obs["players"][0]
    assert me["dragons_defeated"] == 1 and me["creatures_defeated"] == 1
    assert s.dpos[1] == -1


def test_a_monster_from_an_event_beaten_leaves_the_player_where_he_is():
    # rulebook: 7. События and 13. Схватка (the event's creature attacks on the player's hex)
    s, c, e = event_turn(R.V_ATTACK)
    rat = creature(s, "steam_rat")
    s.cdeck.append(rat)
    s.weapons[1] = [weapon(s, "tesla_gun")]
    go(s, 1)
    force(s, dice(6, 1))
    s.apply(A.FIGHT)
    assert player(s, 1)["heads"] == [rat] and player(s, 1)["cell"] == c
    assert {t["cell"]: t for t in s.observation(0)["tiles"]}[c]["creature"] is None
    assert s.current_player() == 2  # the attack ended seat 1's turn


def test_a_creature_that_wins_an_event_fight_on_a_guarded_hex_goes_back_to_its_pile():
    # rulebook: 13. Схватка (a beaten player's creature is laid on the hex, unless one is
    # there already: a hex holds one creature)
    s, c, e = event_turn(R.V_ATTACK)
    rat = creature(s, "steam_rat")
    s.cdeck.append(rat)
    dragon = creature(s, "dragon_2")
    s.mon[c] = dragon  # builder: a dragon pushed onto the hex seat 1 stands on
    s.dpos[2] = c
    s.ndragons = 1
    go(s, 1)
    force(s, dice(1, 6))
    s.apply(A.FIGHT)
    assert s.mon[c] == dragon and s.cdeck[0] == rat


def test_everyone_on_the_hex_of_a_lost_fight_retreats():
    # rulebook: 13. Схватка (when the creature beats a player, every other player on the hex
    # moves to a neighbouring hex of his choice too)
    s = ready()
    c, golem = creature_here(s, 0, "coal_golem")
    s.pos[2] = c
    s.jail[2] = 1  # builder: seat 2 cannot join the fight
    for d in (0, 3):
        lay(s, G.nb[c * 6 + d], "stone_cross")
    force(s, dice(1, 6))
    s.apply(A.ATTACK_HERE)
    assert s.current_player() == 0 and s.observation(0)["pending"] == "retreat"
    assert s.observation(0)["pending_cell"] == c
    assert s.legal_actions() == [A.MOVE + 0, A.MOVE + 3]
    s.apply(A.MOVE + 3)
    assert s.current_player() == 2 and s.legal_actions() == [A.MOVE + 0, A.MOVE + 3]
    s.apply(A.MOVE + 0)
    assert s.pos[0] == G.nb[c * 6 + 3] and s.pos[2] == G.nb[c * 6 + 0]
    assert s.current_player() == 0 and s.phase == R.PH_TURN


def test_a_retreat_avoids_hexes_with_creatures_while_there_is_another():
    # rulebook: 13. Схватка (the player moves to one of the open neighbouring hexes); our
    # reading: one without a creature when there is one
    s = ready()
    c, golem = creature_here(s, 0, "coal_golem")
    for d in (1, 4):
        lay(s, G.nb[c * 6 + d], "stone_cross")
    s.mon[G.nb[c * 6 + 1]] = creature(s, "steam_rat")
    force(s, dice(1, 6))
    s.apply(A.ATTACK_HERE)
    assert s.pos[0] == G.nb[c * 6 + 4]  # the only choice: taken by the engine
    s2 = ready()
    c, golem = creature_here(s2, 0, "coal_golem")
    lay(s2, G.nb[c * 6 + 5], "stone_cross")
    s2.mon[G.nb[c * 6 + 5]] = creature(s2, "steam_rat")
    force(s2, dice(1, 6))
    s2.apply(A.ATTACK_HERE)
    assert s2.pos[0] == G.nb[c * 6 + 5]  # no free hex: the guarded one


def test_a_player_beaten_by_a_creature_chooses_the_item_it_guards():
    # rulebook: 13. Схватка (the loser loses one item; the creature guards it on its hex)
    s = ready()
    c, golem = creature_here(s, 1, "coal_golem")
    held = [give_item(s, 1, k) for k in ("tea_chest", "elixir")]
    lay(s, G.nb[c * 6 + 0], "stone_cross")
    force(s, dice(1, 6))
    s.apply(A.ATTACK_HERE)
    assert s.current_player() == 1 and s.legal_actions() == [A.PICK, A.PICK + 1]
    assert s.observation(1)["pick_from"] == 1
    s.apply(A.PICK + 1)
    tiles = {t["cell"]: t for t in s.observation(0)["tiles"]}
    assert tiles[c]["items"] == [held[1]] and [x >> 1 for x in s.items[1]] == [held[0]]


def test_the_winner_of_a_fight_takes_the_money_the_creature_guards_and_the_log_says_so():
    # rulebook: 13. Схватка (the winner gets every valuable left on the hex)
    s = ready()
    c, golem = creature_here(s, 2, "coal_golem")
    s.lmoney[c] = 250
    s.bank -= 250
    s.weapons[2] = [weapon(s, "tesla_gun")]
    force(s, dice(6, 1))
    s.apply(A.ATTACK_HERE)
    assert {"type": "loot", "player": 2, "cell": c, "to": None} in s.events
    assert player(s, 2)["money"] == 2250
    assert {t["cell"]: t for t in s.observation(0)["tiles"]}[c]["money"] == 0


# ---------------------------------------------------------------- 13. duels, 14. helpers

def test_a_duel_counts_the_defenders_weapon_and_the_challengers_armour():
    # rulebook: 13. Схватка (each adds his weapon to his die; armour takes off the other's
    # blow): the harpoon 3, the steam armour 1
    s = ready()
    s.pos = [CENTER, CENTER, FAR]
    s.weapons[1] = [weapon(s, "harpoon")]
    give_item(s, 0, "steam_armour")
    force(s, dice(5, 2))
    s.apply(A.CHALLENGE + 1)
    roll = events_of(s, "fight_roll")[0]
    assert roll["totals"] == [5, 2 + 3 - 1]
    assert {"type": "fight_end", "player": 0, "opponent": 1, "creature": -1, "won": True,
            "to": None} in s.events


def test_the_winner_of_a_duel_chooses_which_of_the_challengers_items_he_takes():
    # rulebook: 13. Схватка (between players the winner takes an item of his choice)
    s = ready()
    s.pos = [CENTER, CENTER, FAR]
    held = [give_item(s, 0, k) for k in ("tea_chest", "elixir", "gold_nugget")]
    force(s, dice(1, 6))
    s.apply(A.CHALLENGE + 1)
    assert s.current_player() == 1 and s.legal_actions() == [A.PICK + k for k in range(3)]
    assert s.observation(1)["pick_from"] == 0
    s.apply(A.PICK + 2)
    assert [x >> 1 for x in s.items[1]] == [held[2]]
    assert s.current_player() == 0 and player(s, 0)["cell"] == CENTER


def test_a_duel_may_be_fought_once_a_turn():
    # docs/games/steamland.md (6: each kind of action once a turn, a duel too)
    s = ready()
    s.pos = [CENTER, CENTER, CENTER]
    force(s, dice(6, 1))
    s.apply(A.CHALLENGE + 2)
    assert not [a for a in s.legal_actions() if A.CHALLENGE <= a < A.CHALLENGE + 6]


def test_a_challenged_player_behind_after_the_roll_may_play_his_cog():
    # rulebook: 13. Схватка (after the roll a player may use items that change the result):
    # the defender too; the lucky cog adds 2
    s = ready()
    s.pos = [CENTER, CENTER, FAR]
    cog = give_item(s, 1, "lucky_cog")
    force(s, dice(5, 4))
    s.apply(A.CHALLENGE + 1)
    assert s.current_player() == 1 and s.legal_actions() == [A.USE_COG, A.NO_COG]
    assert s.observation(1)["fight"]["step"] == "cog"
    s.apply(A.USE_COG)
    assert {"type": "cog", "player": 1, "item": cog, "totals": [5, 6], "reveal": True,
            "to": None} in s.events
    assert {"type": "fight_end", "player": 0, "opponent": 1, "creature": -1, "won": False,
            "to": None} in s.events


def test_a_cog_may_be_played_on_a_level_roll_but_not_when_ahead():
    # rulebook: 13. Схватка (items that change the result, after the roll, for one who needs
    # them)
    s = ready()
    c, rat = creature_here(s, 0, "steam_rat")
    give_item(s, 0, "lucky_cog")
    force(s, dice(3, 2))  # 3 against 2 + 1: level
    s.apply(A.ATTACK_HERE)
    assert s.legal_actions() == [A.USE_COG, A.NO_COG]
    s.apply(A.NO_COG)
    assert {"type": "fight_tie", "to": None} in s.events  # level: rolled again
    s2 = ready()
    c, rat = creature_here(s2, 0, "steam_rat")
    give_item(s2, 0, "lucky_cog")
    force(s2, dice(4, 2))
    s2.apply(A.ATTACK_HERE)
    assert not s2.fk and player(s2, 0)["heads"] == [rat] and len(s2.items[0]) == 1


def join_fight(n=4):
    """Seat 1 attacks a golem on a hex; seats 2 and 3 stand on neighbouring hexes and seat
    0 on the hex itself. Sets: pos, tile (lay), mon."""
    s = ready(n)
    c, golem = creature_here(s, 1, "coal_golem")
    for d in (0, 3):
        lay(s, G.nb[c * 6 + d], "stone_cross")
    s.pos = [c, c, G.nb[c * 6 + 0], G.nb[c * 6 + 3]]
    return s, c, golem


def test_helpers_are_asked_in_seat_order_after_the_attacker():
    # rulebook: 14. Участие в поединке (anyone on the hex or an open neighbour may join);
    # docs/games/steamland.md: in seat order after the attacker
    s, c, golem = join_fight()
    s.apply(A.ATTACK_HERE)
    asked = []
    while s.fk and s.legal_actions() == [A.JOIN_A, A.JOIN_B, A.STAY_OUT]:
        asked.append(s.current_player())
        s.apply(A.STAY_OUT)
        assert {"type": "join", "player": asked[-1], "side": 0, "to": None} in s.events
    assert asked == [2, 3, 0]


def test_a_player_in_the_dungeon_or_far_away_is_not_asked_to_join():
    # rulebook: 14. Участие в поединке (only from the hex or an open neighbour); a jailed
    # player sits his turns out
    s, c, golem = join_fight()
    s.jail[2] = 2
    s.pos[3] = FAR
    s.apply(A.ATTACK_HERE)
    assert s.current_player() == 0 and s.legal_actions() == [A.JOIN_A, A.JOIN_B, A.STAY_OUT]
    s.apply(A.STAY_OUT)
    assert not s.fk or s.current_player() != 2


def test_a_challenged_player_is_not_asked_to_help_and_the_others_are():
    # rulebook: 14. Участие в поединке (a third player may help either of two duellists)
    s = ready()
    s.pos = [CENTER, CENTER, CENTER]
    s.apply(A.CHALLENGE + 1)
    assert s.current_player() == 2
    force(s, dice(2, 2, 6))
    s.apply(A.JOIN_B)
    assert {"type": "join", "player": 2, "side": 2, "to": None} in s.events
    roll = events_of(s, "fight_roll")[0]
    assert roll["helpers"] == [[2, 2, 3]] and roll["totals"] == [2, 5]


@pytest.mark.parametrize("die, help_", [(1, 1), (4, 2), (6, 3)])
def test_a_helper_adds_half_his_die_rounded_up(die, help_):
    # rulebook: 14. Участие в поединке (the helper's die halved, rounded up)
    s, c, golem = join_fight()
    s.pos[3] = FAR
    s.pos[0] = FAR
    s.apply(A.ATTACK_HERE)
    assert s.current_player() == 2
    force(s, dice(3, 3, die))
    s.apply(A.JOIN_A)
    roll = events_of(s, "fight_roll")[0]
    assert roll["helpers"] == [[2, 1, help_]] and roll["totals"][0] == 3 + help_


def test_with_two_helpers_the_first_takes_the_loot_and_the_second_draws_an_item():
    # rulebook: 14. Участие в поединке (a helper of the winner gets the valuables of the hex,
    # or an item from the pile when there are none); docs/games/steamland.md: the first
    # helper takes the valuables, the others draw
    s, c, golem = join_fight()
    s.pos[0] = FAR
    s.lmoney[c] = 300
    s.bank -= 300
    s.apply(A.ATTACK_HERE)
    force(s, dice(6, 1, 1, 1))
    s.apply(A.JOIN_A)  # seat 2
    s.apply(A.JOIN_A)  # seat 3
    assert not s.fk and player(s, 1)["heads"] == [golem]
    assert player(s, 2)["money"] == 2300 and player(s, 2)["items"] == []
    assert player(s, 3)["money"] == 2000 and len(player(s, 3)["items"]) == 1
    assert {"type": "loot", "player": 2, "cell": c, "to": None} in s.events


def test_a_helper_of_a_beaten_creature_gives_the_attacker_an_item():
    # rulebook: 14. Участие в поединке (Boris helps the monster and they lose: Boris loses
    # an item to Anton)
    s, c, golem = join_fight()
    s.pos[0] = FAR
    s.pos[3] = FAR
    tea = give_item(s, 2, "tea_chest")
    s.apply(A.ATTACK_HERE)
    force(s, dice(6, 1, 1))
    s.apply(A.JOIN_B)
    assert [x >> 1 for x in s.items[1]] == [tea] and s.items[2] == []


def test_helpers_of_a_beaten_attacker_leave_their_items_with_the_creature():
    # rulebook: 14. Участие в поединке (Boris helps Anton and they lose: each loses an
    # item, the valuables stay on the hex with the monster)
    s, c, golem = join_fight()
    s.pos[0] = FAR
    s.pos[3] = FAR
    tea = give_item(s, 2, "tea_chest")
    elixir = give_item(s, 1, "elixir")
    s.apply(A.ATTACK_HERE)
    force(s, dice(1, 6, 1))
    s.apply(A.JOIN_A)
    tiles = {t["cell"]: t for t in s.observation(0)["tiles"]}
    assert sorted(tiles[c]["items"]) == sorted([tea, elixir])
    assert s.items[1] == [] and s.items[2] == []


# ---------------------------------------------------------------- 15. Достижения

@pytest.mark.parametrize("kills, titled", [(3, False), (4, True)])
def test_the_fifth_creature_beaten_makes_a_master_of_the_steam_pistol(kills, titled):
    # rulebook: 15. Достижения («Мастер парового пистолета»: the first to beat 5 creatures,
    # +1 point)
    s = ready()
    c, rat = creature_here(s, 2, "steam_rat")
    s.kills[2] = kills
    force(s, dice(6, 1))
    s.apply(A.ATTACK_HERE)
    obs = player(s, 2)
    assert obs["creatures_defeated"] == kills + 1
    assert obs["achievements"] == ([R.TITLE_PISTOL] if titled else [])
    assert obs["points"] == (1 if titled else 0)
    assert ({"type": "achievement", "player": 2, "achievement": R.TITLE_PISTOL, "to": None}
            in s.events) is titled


@pytest.mark.parametrize("done, titled", [(3, False), (4, True)])
def test_the_fifth_task_done_is_good_work(done, titled):
    # rulebook: 15. Достижения («Хорошая работа»: the first to complete 5 tasks, +2)
    s = ready()
    walk_into(s, 1, CITY[2])
    task_in_hand(s, 1, "parcel", 2)
    s.tdone[1] = done
    s.apply(A.MOVE + 0)
    obs = player(s, 1)
    assert obs["tasks_done"] == done + 1
    assert obs["achievements"] == ([R.TITLE_GOOD_WORK] if titled else [])
    assert obs["points"] == 1 + (2 if titled else 0)


def test_every_slayer_of_three_dragons_gets_the_title():
    # rulebook: 15. Достижения («Истребитель боевых драконов»: whoever beats three dragons,
    # +3; not only the first)
    s = ready()
    s.dkills[1] = 3
    s.titles[1] = 1 << R.TITLE_SLAYER
    s.taken_titles |= 1 << R.TITLE_SLAYER
    s.points[1] = 3
    c, dragon = creature_here(s, 0, "dragon_1")
    s.dkills[0] = 2
    s.weapons[0] = [weapon(s, "tesla_gun")]
    force(s, dice(6, 1))
    s.apply(A.ATTACK_HERE)
    assert player(s, 0)["achievements"] == [R.TITLE_SLAYER] and player(s, 0)["points"] == 3
    assert player(s, 1)["points"] == 3
    assert {"type": "achievement", "player": 0, "achievement": R.TITLE_SLAYER,
            "to": None} in s.events


@pytest.mark.parametrize("money, titled", [(6999, False), (7000, True)])
def test_seven_thousand_pounds_made_on_a_market_make_an_expert_capitalist(money, titled):
    # rulebook: 15. Достижения («Капиталист-эксперт»: the first with 7000 pounds or more,
    # +1): a head sold on a market (a rat: 150)
    s = ready()
    at(s, 0, "market", money=money - 150)
    s.heads[0] = [creature(s, "steam_rat")]
    s.apply(A.SELL_HEAD)
    assert player(s, 0)["achievements"] == ([R.TITLE_CAPITALIST] if titled else [])
    assert player(s, 0)["points"] == (1 if titled else 0)


def test_the_capitalist_title_goes_to_the_first_only():
    # rulebook: 15. Достижения (the first player to reach the sum)
    s = ready()
    at(s, 2, "market", money=6900)
    s.heads[2] = [creature(s, "steam_rat")]
    s.titles[1] = 1 << R.TITLE_CAPITALIST
    s.taken_titles = 1 << R.TITLE_CAPITALIST
    s.apply(A.SELL_HEAD)
    assert player(s, 2)["achievements"] == [] and player(s, 2)["points"] == 0


# ---------------------------------------------------------------- «Цель игры»: the ends

def test_the_game_stops_after_the_last_round_and_the_log_names_the_winner():
    # docs/games/steamland.md (the project's safety end: after 80 rounds the most points win)
    s = ready()
    s.rnd = G.round_limit - 1
    s.points = [1, 4, 2]
    s.cur = 2
    s.pos[2] = CENTER
    s._legal = None
    assert s.observation(0)["round"] == G.round_limit
    s.apply(A.END)
    assert s.is_terminal() and s.result().reason == "round_limit" and s.result().winners == (1,)
    assert {"type": "game_over", "reason": "round_limit", "winners": [1], "to": None} in s.events


def test_the_round_before_the_last_goes_on():
    # docs/games/steamland.md (the safety end comes after the 80th round, not before)
    s = ready()
    s.rnd = G.round_limit - 2
    s.cur = 2
    s.pos[2] = CENTER
    s._legal = None
    force(s, *rolls(3))
    s.apply(A.END)
    assert not s.is_terminal() and s.current_player() == 0 and s.observation(0)["round"] == 80


@pytest.mark.parametrize("money, winners", [((2000, 2500, 2000), (1,)),
                                            ((2500, 2500, 0), (0, 1))])
def test_a_tie_on_points_goes_to_the_richer_or_is_shared(money, winners):
    # docs/games/steamland.md («Цель игры»: ties, our rule: more money, then a shared win)
    s = ready()
    s.rnd = G.round_limit - 1
    s.points = [3, 3, 1]
    s.bank += sum(s.money) - sum(money)
    s.money = list(money)
    s.cur = 2
    s.pos[2] = CENTER
    s._legal = None
    s.apply(A.END)
    assert s.result().winners == winners


def test_the_result_details_each_seats_score():
    # docs/games/steamland.md: the result names each seat's points, money, tasks, creatures,
    # dragons and credited parts
    s = ready()
    s.rnd = G.round_limit - 1
    s.cur = 2
    s.pos[2] = CENTER
    s.points = [5, 2, 1]
    s.tdone = [3, 1, 0]
    s.kills = [2, 0, 1]
    s.dkills = [1, 0, 0]
    s.credit = [2, 1, 0]
    s._legal = None
    s.apply(A.END)
    res = s.result()
    assert res.scores == (5.0, 2.0, 1.0)
    assert res.details[0] == {"points": 5, "money": 2000, "tasks_done": 3,
                              "creatures_defeated": 2, "dragons_defeated": 1,
                              "parts_credited": 2}
    assert res.details[2]["creatures_defeated"] == 1


def test_fourteen_points_end_the_game_at_once():
    # rulebook: «Цель игры», 3 (14 points: that player wins)
    s = ready()
    walk_into(s, 0, CITY[2])
    task_in_hand(s, 0, "parcel", 2)
    s.points[0] = 13
    s.points[1] = 13
    s.apply(A.MOVE + 0)
    assert s.is_terminal() and s.result().reason == "fourteen_points"
    assert s.result().winners == (0,)
    assert {"type": "game_over", "reason": "fourteen_points", "winners": [0],
            "to": None} in s.events


def test_thirteen_points_do_not_end_the_game():
    # rulebook: «Цель игры», 3
    s = ready()
    walk_into(s, 0, CITY[2])
    task_in_hand(s, 0, "parcel", 2)
    s.points[0] = 12
    s.apply(A.MOVE + 0)
    assert not s.is_terminal() and player(s, 0)["points"] == 13


def test_the_sixth_dragon_beaten_ends_the_game_and_the_fifth_does_not():
    # rulebook: «Цель игры» (the second end: every dragon beaten; points from tasks count)
    for before, over in ((4, False), (5, True)):
        s = ready()
        c, dragon = creature_here(s, 0, "dragon_6")
        s.dkilled = before
        s.points = [1, 2, 0]
        s.weapons[0] = [weapon(s, "tesla_gun")]
        force(s, dice(6, 1))
        s.apply(A.ATTACK_HERE)
        assert s.is_terminal() is over
        if over:
            assert s.result().reason == "dragons_defeated" and s.result().winners == (1,)


def test_a_holder_waiting_on_the_old_boiler_house_launches_on_his_own_turn():
    # rulebook: «Цель игры», п. 4 (the holder of the Screwdriver must visit the Old Boiler
    # House); docs/games/steamland.md: on his own turn, so seat 1 standing there while seat
    # 0 finds the last part launches when his turn starts (until rules_version 5 he
    # launched at once, in seat 0's turn); the part points for every finder
    s = ready()
    s.found = [1, 1, 1, 1, 1, 1, 1]
    s.credit = [2, 3, 2]
    lay(s, G.nb[CENTER * 6 + 0], CITY[2])
    task_in_hand(s, 0, "parcel", 2)
    give_item(s, 1, "screwdriver")
    s.pos[1] = CENTER
    s.apply(A.MOVE + 0)
    assert not s.is_terminal() and player(s, 0)["parts_credited"] == 3
    s.apply(A.END)
    assert s.is_terminal() and s.result().reason == "machine_launched"
    assert {"type": "launch", "player": 1, "to": None} in s.events
    assert s.result().scores == (1 + 2 * 3, 6 + 2 * 3, 2 * 2)


# ---------------------------------------------------------------- 12. dragons

def test_a_dragon_is_pushed_only_onto_an_open_hex_without_a_creature():
    # rulebook: 12. Существа (a dragon may be moved to any neighbouring hex); our reading:
    # a revealed one, not the Old Boiler House, without a creature
    s = ready()
    east = G.nb[CENTER * 6 + 0]
    lay(s, east, "stone_cross")
    dragon = creature(s, "dragon_3")
    s._place(dragon, east)
    ee = G.nb[east * 6 + 0]
    ne = G.nb[east * 6 + 1]
    lay(s, ee, "swamp")
    lay(s, ne, "swamp")
    s.mon[ne] = creature(s, "steam_rat")
    force(s, *rolls(3))
    s.apply(A.END)
    assert s.current_player() == 1 and s.legal_actions() == [A.END, A.MOVE + 0]
    assert s.observation(1)["pending"] == "move_dragon" and s.observation(1)["pending_cell"] == east
    s.apply(A.END)  # leave it
    assert s.mon[east] == dragon and s.phase == R.PH_TURN and not events_of(s, "dragon_moves")


def test_a_pushed_dragon_takes_the_items_it_guards_along():
    # rulebook: 12. Существа (the valuables on the hex move with the dragon)
    s = ready()
    east = G.nb[CENTER * 6 + 0]
    lay(s, east, "stone_cross")
    s._place(creature(s, "dragon_2"), east)
    tea = item(s, "tea_chest")
    s.loot = [(east, tea << 1)]
    to = G.nb[east * 6 + 5]
    lay(s, to, "lake")
    force(s, *rolls(2))
    s.apply(A.END)
    s.apply(A.MOVE + 5)
    tiles = {t["cell"]: t for t in s.observation(0)["tiles"]}
    assert tiles[to]["items"] == [tea] and tiles[east]["items"] == []
    assert s.dpos[2] == to


# ---------------------------------------------------------------- determinize

def hidden_table():
    """Seat 0 with a hidden item of its own and a private task; seat 1 with a public item,
    a hidden one and a private task whose cities only seat 1 knows; a common task.
    Sets: items, tasks, target, prog, common."""
    s = ready()
    mine = give_item(s, 0, "screwdriver", hidden=True)
    shown = give_item(s, 1, "balloon")
    give_item(s, 1, "tea_chest", hidden=True)
    t0 = task(s, "two_parcels")
    s.tasks[0] = [t0]
    s.target[t0] = (1 << 2) | (1 << 5)
    s.prog[t0 * 3 + 0] = 1 << 2
    t1 = task(s, "guild_fee")
    s.tasks[1] = [t1]
    s.target[t1] = 1 << 3
    s.prog[t1 * 3 + 1] = 1 << 3
    common = task(s, "reconnaissance")
    s.common = [common]
    s.target[common] = (1 << 1) | (1 << 4)
    for t in range(len(G.q_kind)):  # seat 1 has been in city 3 with every task it held
        s.prog[t * 3 + 1] |= 1 << 3
    return s, mine, shown, t0, common


def test_determinize_keeps_the_seats_own_hand_and_every_face_up_card():
    # rulebook: 9. Предметы (items drawn face down are hidden, bought or shown ones are
    # public) and 8. Задания (a task is held face down): what seat 0 knows stays as it is
    s, mine, shown, t0, common = hidden_table()
    for k in range(12):
        d = s.determinize(0, random.Random(k))
        assert d.items[0] == [(mine << 1) | 1] and d.items[1][0] == shown << 1
        assert d.items[1][1] & 1 and d.items[1][1] >> 1 not in (mine, shown)
        assert d.observation(0)["players"][0]["tasks"] == s.observation(0)["players"][0]["tasks"]
        assert d.common == [common] and d.target[common] == s.target[common]
        assert d.observation(0) == s.observation(0)
        # the cards seat 0 cannot see are the same cards, dealt anew
        unseen = [sorted(x.ideck + [c >> 1 for c in x.items[1] if c & 1]) for x in (d, s)]
        assert unseen[0] == unseen[1]


def test_determinize_deals_others_only_private_tasks_with_freshly_rolled_cities():
    # rulebook: 8. Задания (common tasks lie open; a private task's cities are rolled by its
    # holder): seat 1's task in a sampled world is a private one other than seat 0's, its
    # cities rolled with its own number of dice, nothing of it visited yet
    s, mine, shown, t0, common = hidden_table()
    held = set()
    for k in range(30):
        d = s.determinize(0, random.Random(k))
        (t,) = d.tasks[1]
        held.add(t)
        assert not G.q_common[t] and t != t0 and t not in d.qdeck
        bits = [c for c in range(8) if d.target[t] >> c & 1]
        assert set(bits) <= set(range(1, 7)) and len(bits) <= G.q_dice[t]
        assert (len(bits) >= 1) is (G.q_dice[t] > 0)
        assert d.prog[t * 3 + 1] == 0
        assert sorted(d.qdeck + d.tasks[1]) == sorted(s.qdeck + s.tasks[1])
    assert len(held) > 3


def test_determinize_leaves_the_seat_to_move_its_legal_actions():
    # the contract (docs/developing.md): a sampled world agrees with what the seat sees,
    # its own choices included
    s, mine, shown, t0, common = hidden_table()
    at(s, 0, "tavern")
    s.pos[1] = s.pos[0]
    s._legal = None
    for k in range(5):
        d = s.determinize(0, random.Random(k))
        assert d.legal_actions() == s.legal_actions()


def test_a_determinized_world_rolls_its_own_dice():
    # a sampled world must not know the real future rolls (docs/developing.md, determinize)
    s = ready()
    at(s, 0, "market")
    give_item(s, 0, "tea_chest")
    rolls_seen = set()
    for k in range(12):
        d = s.determinize(0, random.Random(k))
        d.apply(A.SELL_ITEM)
        rolls_seen.add(events_of(d, "sell_item")[0]["roll"])
    assert len(rolls_seen) > 1


# ---------------------------------------------------------------- the observation

def test_the_fog_lists_the_unrevealed_neighbours_of_the_map():
    # rulebook: 5. Карта (only a hex next to explored land can be revealed)
    s = ready()
    fog = s.observation(1)["fog"]
    ring = sorted({G.nb[c * 6 + d] for c in (CENTER, FAR) for d in range(6)
                   if G.nb[c * 6 + d] >= 0})
    assert [f["cell"] for f in fog] == ring
    assert fog[0]["q"] == G.cells[ring[0]][0] and fog[0]["r"] == G.cells[ring[0]][1]


def test_a_tile_shows_its_kind_terrain_city_roads_and_gaps():
    s = ready()
    c = open_cell(s)
    lay(s, c, "city_4", roads=0b011011, gaps=0b000010)
    t = {x["cell"]: x for x in s.observation(None)["tiles"]}[c]
    assert t == {"cell": c, "q": G.cells[c][0], "r": G.cells[c][1], "tile": "city_4",
                 "kind": "city", "terrain": "sand", "city": 4, "roads": [0, 1, 3, 4],
                 "gaps": [1], "creature": None, "money": 0, "items": []}


def test_a_player_is_shown_with_his_weapons_heads_and_titles():
    s = ready()
    s.weapons[2] = [weapon(s, "harpoon")]
    s.heads[2] = [creature(s, "cog_troll")]
    s.titles[2] = 1 << R.TITLE_SLAYER | 1 << R.TITLE_CAPITALIST
    s.jail[2] = 2
    obs = player(s, 2, viewer=0)
    assert obs["weapon_kinds"] == ["harpoon"] and obs["heads"] == [cid("cog_troll")]
    assert obs["achievements"] == [R.TITLE_CAPITALIST, R.TITLE_SLAYER]
    assert obs["dungeon"] == 2 and obs["tasks"] == 0


def test_an_exchange_names_the_item_asked_for_to_its_holder_only_while_hidden():
    # docs/games/steamland.md (exchanging items): the item given is shown; a hidden item is
    # asked for blind, by slot, and only its holder sees what it is; once accepted both
    # change hands face up
    s = ready()
    s.pos = [CENTER, CENTER, FAR]
    give_item(s, 0, "elixir")
    mine = give_item(s, 0, "tea_chest", hidden=True)
    give_item(s, 1, "pocket_watch")
    theirs = give_item(s, 1, "gold_nugget", hidden=True)
    s.apply(A.OFFER + 1)
    assert s.current_player() == 0 and s.observation(0)["pending"] == "offer_item"
    assert s.legal_actions() == [A.TRADE_GIVE, A.TRADE_GIVE + 1]
    assert s.observation(2)["trade"] == {"from": 0, "to": 1, "give": None, "want_slot": None,
                                         "want": None}
    s.apply(A.TRADE_GIVE + 1)
    assert {"type": "trade_offer", "player": 0, "other": 1, "item": mine, "reveal": True,
            "to": None} in s.events
    assert s.current_player() == 0 and s.observation(0)["pending"] == "ask_item"
    assert s.legal_actions() == [A.TRADE_WANT, A.TRADE_WANT + 1]
    assert s.observation(2)["trade"]["give"] == mine
    assert player(s, 0, viewer=2)["items"][1]["item"] == mine  # shown to everyone
    s.apply(A.TRADE_WANT + 1)
    assert {"type": "trade_ask", "player": 0, "other": 1, "slot": 1, "to": None} in s.events
    assert s.current_player() == 1 and s.legal_actions() == [A.ACCEPT, A.DECLINE]
    assert s.observation(1)["pending"] == "answer_offer"
    want = {"from": 0, "to": 1, "give": mine, "want_slot": 1}
    assert s.observation(1)["trade"] == {**want, "want": theirs}
    assert s.observation(0)["trade"] == {**want, "want": None}
    assert s.observation(2)["trade"] == {**want, "want": None}
    s.apply(A.ACCEPT)
    assert {"type": "trade_done", "player": 1, "other": 0, "item": mine, "given": theirs,
            "reveal": True, "to": None} in s.events
    assert s.items[0][1] == theirs << 1 and s.items[1][1] == mine << 1
    assert s.observation(0)["trade"] is None and s.current_player() == 0
    assert not [a for a in s.legal_actions() if A.OFFER <= a < A.OFFER + 6]


def test_a_face_up_item_asked_for_is_named_to_everyone():
    # docs/games/steamland.md (exchanging items: what is face up is public)
    s = ready()
    s.pos = [FAR, CENTER, CENTER]
    turn_of(s, 2, CENTER)
    mine = give_item(s, 2, "tea_chest")
    theirs = give_item(s, 1, "gold_nugget")
    s.apply(A.OFFER + 1)  # one item each: the engine takes both choices
    assert s.current_player() == 1
    assert s.observation(0)["trade"] == {"from": 2, "to": 1, "give": mine, "want_slot": 0,
                                         "want": theirs}


def test_a_declined_exchange_is_announced_and_shows_nothing_more():
    # docs/games/steamland.md (exchanging items: decline, nothing happens)
    s = ready()
    s.pos = [CENTER, FAR, CENTER]
    mine = give_item(s, 0, "tea_chest", hidden=True)
    give_item(s, 2, "elixir")
    theirs = give_item(s, 2, "gold_nugget", hidden=True)
    s.apply(A.OFFER + 2)
    s.apply(A.TRADE_WANT + 1)
    s.apply(A.DECLINE)
    assert {"type": "trade_declined", "player": 2, "other": 0, "item": None, "given": None,
            "reveal": False, "to": None} in s.events
    assert s.items[0] == [mine << 1] and s.items[2][1] == (theirs << 1) | 1
    assert s.current_player() == 0 and s.phase == R.PH_TURN


# ---------------------------------------------------------------- more corners

def test_a_fourth_item_may_itself_be_sent_back_and_the_log_shows_it():
    # rulebook: 9. Предметы (with three items a player finding a fourth may return any of
    # them: the new one too)
    s, c, e = event_turn(R.V_ITEM)
    held = [give_item(s, 1, k) for k in ("tea_chest", "elixir", "pocket_watch")]
    top = s.ideck[-1]
    go(s, 1)
    assert s.observation(1)["pending"] == "discard_item"
    assert s.observation(1)["incoming"] == [{"item": top, "kind": key_of_item(top)}]
    s.apply(A.DISCARD_ITEM + 3)
    assert {"type": "discard_item", "player": 1, "item": top, "reveal": True,
            "to": None} in s.events
    assert [x >> 1 for x in s.items[1]] == held and s.ideck[0] == top


@pytest.mark.parametrize("money, paid", [(2000, 300), (120, 120)])
def test_the_loser_of_a_duel_without_items_pays_the_winner(money, paid):
    # rulebook: 13. Схватка (between players: an item of the winner's choice, or 300 pounds
    # without one; less than 300: all of it)
    s = ready()
    s.pos = [CENTER, CENTER, FAR]
    s.bank += s.money[1] - money
    s.money[1] = money
    force(s, dice(6, 1))
    s.apply(A.CHALLENGE + 1)
    assert player(s, 1)["money"] == money - paid and player(s, 0)["money"] == 2000 + paid
    assert {"type": "lose_money", "player": 1, "money": paid, "to": None} in s.events


def test_a_player_beaten_by_a_creature_without_items_leaves_300_on_its_hex():
    # rulebook: 13. Схватка (no item: 300 pounds, which the creature guards)
    s = ready()
    c, golem = creature_here(s, 2, "coal_golem")
    force(s, dice(1, 6))
    s.apply(A.ATTACK_HERE)
    assert {"type": "lose_money", "player": 2, "money": 300, "to": None} in s.events
    assert {t["cell"]: t for t in s.observation(0)["tiles"]}[c]["money"] == 300
    assert player(s, 2)["money"] == 1700 and money_total(s) == G.total_money


def test_the_fight_is_shown_with_its_sides_and_round_while_helpers_decide():
    # rulebook: 14. Участие в поединке (after a tie a helper may leave or change sides)
    s, c, golem = join_fight()
    s.pos[0] = FAR
    s.pos[3] = FAR
    s.apply(A.ATTACK_HERE)
    force(s, dice(2, 2, 5))  # 2 + half of 5 against 2 + the golem's 3: level
    s.apply(A.JOIN_A)
    fight = s.observation(0)["fight"]
    assert fight["round"] == 1 and fight["step"] == "join" and fight["sides"] == [0, 0, 1, 0]
    assert fight["attacker"] == 1 and fight["defender"] == -1 and fight["totals"] == [5, 5]
    assert s.current_player() == 2
    force(s, dice(3, 2, 6))
    s.apply(A.JOIN_B)  # he changes sides: 3 against 2 + 3
    roll = events_of(s, "fight_roll")[0]
    assert roll["helpers"] == [[2, 2, 3]] and roll["totals"] == [3, 5] and not roll["modifiers"]


def test_a_creature_on_the_hex_is_a_way_out_of_a_dead_end():
    # rulebook: 16. Особые ситуации (only a player who cannot get out with what he has is
    # sent back); docs/games/steamland.md: a creature on the hex can still be fought
    s = ready()
    c = open_cell(s)
    lay(s, c, "lava_rift", roads=1 << 3, gaps=1 << 3)
    s.mon[c] = creature(s, "steam_rat")
    s.pos[1] = c
    force(s, *rolls(3))
    s.apply(A.END)
    assert player(s, 1)["cell"] == c and A.ATTACK_HERE in s.legal_actions()
    assert not events_of(s, "dead_end")


def test_a_dead_end_takes_weapons_and_tasks_back_to_their_piles_and_the_log_says_so():
    # rulebook: 16. Особые ситуации (items, weapons, current tasks and money are lost; the
    # player goes back to the start)
    s = ready()
    c = open_cell(s)
    lay(s, c, "lava_rift", roads=1 << 3, gaps=1 << 3)
    s.pos[2] = c
    knife = weapon(s, "knife")
    s.weapons[2] = [knife]
    t = task(s, "parcel")
    s.tasks[2] = [t]
    force(s, any_roll, *rolls(3))
    s.apply(A.END)
    s.apply(A.END)
    assert {"type": "dead_end", "player": 2, "reveal": True, "to": None} in s.events
    obs = player(s, 2)
    assert obs["cell"] == CENTER and obs["weapons"] == [] and obs["tasks"] == []
    assert s.wdeck[0] == knife and s.qdeck[0] == t and obs["money"] == 0


@pytest.mark.parametrize("d", range(6))
def test_a_tile_turned_over_in_any_direction_has_a_road_back(d):
    # rulebook: 5. Карта (the map grows as players walk out of it) and 6. Перемещение по
    # карте (along the roads): a plain road (edges 0, 2, 3 before turning) laid to the
    # d side is turned so that a road meets the edge crossed, and the player walks in
    s = ready()
    c = open_cell(s)
    lay(s, c, "stone_cross")
    turn_of(s, 0, c)
    ti = top_tile(s, "stone_road")
    q = G.nb[c * 6 + d]
    s.apply(A.MOVE + d)
    back = (d + 3) % 6
    assert events_of(s, "reveal")[0]["tile"] == ti and events_of(s, "reveal")[0]["player"] == 0
    assert s.roads[q] >> back & 1 and bin(s.roads[q]).count("1") == 3
    assert player(s, 0)["cell"] == q and s.observation(0)["movement"] == 7
    shown = events_of(s, "reveal")[0]
    assert shown["cell"] == q and shown["roads"] == s.roads[q] and shown["gaps"] == 0


def test_armour_lowers_a_creatures_total():
    # rulebook: 13. Схватка (the creature's roll plus its strength, less what the player's
    # items take off): the steam armour 1 against the golem's 3
    s = ready()
    c, golem = creature_here(s, 0, "coal_golem")
    give_item(s, 0, "steam_armour")
    force(s, dice(4, 2))
    s.apply(A.ATTACK_HERE)
    assert events_of(s, "fight_roll")[0]["totals"] == [4, 2 + 3 - 1]


@pytest.mark.parametrize("key, head, done", [
    ("trophy", "brass_scorpion", True), ("trophy", "swamp_toad", False),
    ("swamp_terror", "water_serpent", True), ("swamp_terror", "coal_golem", False),
    ("pest_control", "lava_elemental", True)])
def test_a_hunt_task_wants_a_head_of_at_least_its_strength(key, head, done):
    # rulebook: 8. Задания (some tasks need a creature beaten); the cards: a trophy of
    # strength 3 or more, the terror of the swamps 4 or more, pest control any creature
    # (strengths as printed on the creature cards)
    s = ready()
    walk_into(s, 0, CITY[1])
    t = task(s, key)
    s.tasks[0] = [t]
    s.heads[0] = [creature(s, head)]
    s.apply(A.MOVE + 0)
    assert (player(s, 0)["tasks_done"] == 1) is done
    assert player(s, 0)["heads"] == s.heads[0] and len(s.heads[0]) == 1


def test_a_dragon_with_nowhere_to_go_is_not_offered_for_a_push():
    # rulebook: 12. Существа (the dragon moves to a neighbouring hex); with every
    # neighbour in the fog there is nowhere to push it
    s = ready()
    c = open_cell(s)
    lay(s, c, "stone_cross")
    s._place(creature(s, "dragon_4"), c)
    force(s, *rolls(4))
    s.apply(A.END)
    assert s.current_player() == 1 and s.phase == R.PH_TURN and not s.pend
    assert s.observation(1)["roll"] == 4 and s.observation(1)["pending"] is None


@pytest.mark.parametrize("where, phrase", [
    ("shop", "during the equipment purchase"), ("market", "during buying from the display"),
    ("turn", "during your turn"), ("fight", "during this fight decision")])
def test_an_illegal_action_is_refused_with_the_decision_named(where, phrase):
    # the engine contract (docs/developing.md): an illegal action raises IllegalAction with
    # a reason a person can read, naming the decision being made
    from railtable.engine import IllegalAction
    if where == "shop":
        s = G.new_state(3, 7)
    else:
        s = ready()
        if where == "market":
            at(s, 0, "market")
            s.apply(A.OPEN_ITEMS)
        elif where == "fight":
            s.pos = [CENTER, CENTER, CENTER]
            s._legal = None
            s.apply(A.CHALLENGE + 1)  # seat 2 is asked whether it joins
    with pytest.raises(IllegalAction, match=phrase):
        s.apply(A.STEAL)


def test_the_observation_shows_the_actions_used_this_turn():
    # rulebook: 6. Перемещение по карте (each kind of action once a turn)
    s = ready()
    at(s, 0, "tavern")
    assert s.observation(0)["used"] == 0
    s.apply(A.TAKE_TASK)
    assert s.observation(1)["used"] == R.U_TASK


def test_on_a_level_duel_roll_both_players_may_play_a_cog_challenger_first():
    # rulebook: 13. Схватка (after the roll a player may use the items that change it): on a
    # level roll neither is ahead, so each may
    s = ready()
    s.pos = [CENTER, CENTER, FAR]
    give_item(s, 0, "lucky_cog")
    cog = give_item(s, 1, "lucky_cog")
    force(s, dice(3, 3))
    s.apply(A.CHALLENGE + 1)
    assert s.current_player() == 0 and s.legal_actions() == [A.USE_COG, A.NO_COG]
    s.apply(A.NO_COG)
    assert s.current_player() == 1 and s.legal_actions() == [A.USE_COG, A.NO_COG]
    s.apply(A.USE_COG)
    assert {"type": "cog", "player": 1, "item": cog, "totals": [3, 5], "reveal": True,
            "to": None} in s.events
    assert {"type": "fight_end", "player": 0, "opponent": 1, "creature": -1, "won": False,
            "to": None} in s.events


# ---------------------------------------------------------------- the log, more

def test_a_new_game_announces_its_table_and_the_equipment_on_display():
    # rulebook: 4. Начало игры (the items and weapons of the purchase lie face up)
    s = G.new_state(4, 9, {"level": "master"})
    assert s.events == [{"type": "setup", "players": 4, "level": "master",
                         "shop_items": list(s.sh_items), "shop_weapons": list(s.sh_weap),
                         "to": None}]
    shop = s.observation(2)["shop"]
    assert [x["card"] for x in shop["items"]] == s.sh_items
    assert [x["card"] for x in shop["weapons"]] == s.sh_weap
    assert [x["value"] for x in shop["weapons"]] == [500] * 4  # steam pistols


@pytest.mark.parametrize("seat", [0, 2])
def test_the_end_of_a_turn_is_announced(seat):
    # rulebook: 6. Перемещение по карте (each player in turn; a player may stop moving)
    s = ready()
    turn_of(s, seat, CENTER)
    s.apply(A.END)
    assert s.events[0] == {"type": "end_turn", "player": seat, "to": None}


def test_an_urgent_errand_with_no_task_left_gives_nothing():
    # rulebook: 7. События (an event task comes from the pile); with none left, nothing
    s, c, e = event_turn(R.V_TASK)
    s.qdeck = []
    go(s, 1)
    assert s.current_player() == 1 and s.phase == R.PH_TURN and s.tasks[1] == []
    assert not events_of(s, "take_task")


def test_a_creature_attack_hex_with_no_creature_left_is_simply_entered():
    # rulebook: 12. Существа (a creature appears on a revealed attack hex, from the pile);
    # with the pile empty the player walks in
    s = ready()
    top_tile(s, "creature_attack")
    s.cdeck = []
    s.apply(A.MOVE + 0)
    assert not s.fk and player(s, 0)["cell"] == G.nb[CENTER * 6 + 0]
    assert not events_of(s, "creature_appears")


def test_at_the_professor_level_a_plain_creature_appears_once_the_dragons_are_gone():
    # rulebook: 4. Начало игры (Профессор: a dragon appears on revealed attack hexes);
    # docs/games/steamland.md: a normal creature once the dragons' pile is empty
    s = ready(level="professor")
    top_tile(s, "creature_attack")
    s.ddeck = []
    rat = creature(s, "steam_rat")
    s.cdeck.append(rat)
    s.apply(A.MOVE + 0)
    assert {"type": "creature_appears", "cell": G.nb[CENTER * 6 + 0], "creature": rat,
            "reveal": True, "to": None} in s.events
    assert s.fk and s.fc == rat


def test_the_losers_of_a_duel_with_a_helper_give_the_winner_one_item_each():
    # rulebook: 14. Участие в поединке (Boris helps Vasily and they lose: each loses an item
    # to Anton); the winner chooses the item of a loser with several, and receives the lone
    # item of the other without being asked
    s = ready()
    s.pos = [CENTER, CENTER, CENTER]
    give_item(s, 0, "elixir")
    held = [give_item(s, 1, k) for k in ("tea_chest", "pocket_watch")]
    helper = give_item(s, 2, "gold_nugget")
    s.apply(A.CHALLENGE + 1)
    force(s, dice(6, 1, 1))
    s.apply(A.JOIN_B)
    assert s.current_player() == 0 and s.legal_actions() == [A.PICK, A.PICK + 1]
    s.apply(A.PICK + 1)
    assert sorted(x >> 1 for x in s.items[0][1:]) == sorted([held[1], helper])
    assert len(s.items[0]) == 3 and s.items[2] == [] and [x >> 1 for x in s.items[1]] == held[:1]
    assert s.current_player() == 0 and s.phase == R.PH_TURN and not s.pend


# ---------------------------------------------------------------- 6. once a turn, each kind

KINDS = {  # a kind of action: the first action of its range
    "take": A.TAKE_TASK, "drop": A.DROP_TASK, "buy_items": A.OPEN_ITEMS,
    "buy_weapons": A.OPEN_WEAPONS, "sell_item": A.SELL_ITEM, "sell_weapon": A.SELL_WEAPON,
    "sell_head": A.SELL_HEAD, "gamble": A.GAMBLE, "steal": A.STEAL, "potion": A.POTION,
    "duel": A.CHALLENGE + 1, "exchange": A.OFFER + 1}
PLACES = {  # rulebook: 11. Объекты карты (the table of what each place allows)
    "city_1": ["take", "buy_items", "buy_weapons", "sell_item", "sell_weapon", "sell_head"],
    "market": ["buy_items", "buy_weapons", "sell_item", "sell_weapon", "sell_head", "steal"],
    "tavern": ["take", "drop", "gamble", "steal"]}
ANYWHERE = ["potion", "duel", "exchange"]


def kinds_open(s):
    la = s.legal_actions()
    return {k for k, a in KINDS.items() if a in la}


def may(s, kind):
    """What the rulebook requires besides the place: the cards in hand for it."""
    me = player(s, 0)
    items = len(me["items"])
    return {"take": len(me["tasks"]) < 2, "drop": len(me["tasks"]) > 0,
            "buy_items": items < 3, "buy_weapons": True, "sell_item": items > 0,
            "sell_weapon": len(me["weapons"]) > 0, "sell_head": len(me["heads"]) > 0,
            "gamble": 0 < items < 3, "steal": True,
            "potion": "speed_potion" in [x["kind"] for x in me["items"]],
            "duel": True, "exchange": items > 0 and len(player(s, 1)["items"]) > 0}[kind]


@pytest.mark.parametrize("place, first", [(p, k) for p in PLACES for k in PLACES[p] + ANYWHERE])
def test_each_kind_of_action_once_a_turn_leaves_the_other_kinds_open(place, first):
    # rulebook: 6. Перемещение по карте (each unique action once a turn: one purchase of
    # items, one of weapons, one sale...) and 9. Предметы (sale, purchase, theft: once a
    # turn each); docs/games/steamland.md: the potion, a duel and an exchange once a turn too.
    # Doing one kind closes that kind only
    s = ready()
    c = at(s, 0, place, money=5000)
    give_item(s, 0, "tea_chest")  # the first slot: what is sold, staked, given or lost
    give_item(s, 0, "speed_potion")
    s.weapons[0] = [weapon(s, "knife")]
    s.heads[0] = [creature(s, "steam_rat")]
    task_in_hand(s, 0, "parcel", 6)
    s.pos[1] = c
    give_item(s, 1, "elixir")
    s._legal = None
    expected = {k for k in PLACES[place] + ANYWHERE if may(s, k)}
    assert kinds_open(s) == expected
    checks = {"sell_item": [any_roll], "sell_weapon": [any_roll], "steal": rolls(3),
              "gamble": [dice(1, 6)], "duel": [dice(1, 6)]}.get(first, [])
    force(s, *checks)
    s.apply(KINDS[first])
    while s.current_player() != 0 or s.pend or s.fk or s.phase == R.PH_MARKET:
        s.apply(s.legal_actions()[0])  # close the display, answer the offer, pick
    assert s.phase == R.PH_TURN and s.current_player() == 0
    # one sale a turn, of an item, a weapon or a head (6, 9; docs/games/steamland.md)
    sales = {"sell_item", "sell_weapon", "sell_head"}
    closed = sales if first in sales else {first}
    left = {k for k in PLACES[place] + ANYWHERE if k not in closed and may(s, k)}
    assert kinds_open(s) == left


def test_a_determinized_world_offers_the_seat_to_move_what_its_sampled_hand_allows():
    # docs/developing.md (determinize): a sampled world is a whole position of its own; when
    # another seat is to move, its choices follow the hand sampled for it (a hidden potion
    # may not be there)
    s = ready()
    c = at(s, 1, "stone_cross")
    give_item(s, 1, "speed_potion", hidden=True)
    assert A.POTION in s.legal_actions()
    without = 0
    for k in range(12):
        d = s.determinize(0, random.Random(k))
        kinds = [x["kind"] for x in d.observation(1)["players"][1]["items"]]
        assert (A.POTION in d.legal_actions()) is ("speed_potion" in kinds)
        without += "speed_potion" not in kinds
    assert without > 0


def test_a_helper_who_stays_out_after_a_tie_adds_nothing_and_risks_nothing():
    # rulebook: 14. Участие в поединке (after a tie a helper may leave the fight with no
    # consequences)
    s, c, golem = join_fight()
    s.pos[0] = FAR
    s.pos[3] = FAR
    tea = give_item(s, 2, "tea_chest")
    s.apply(A.ATTACK_HERE)
    force(s, dice(2, 2, 5))  # 2 + 3 against 2 + 3: level
    s.apply(A.JOIN_A)
    assert s.current_player() == 2
    force(s, dice(1, 6))  # seat 1 alone: 1 against 6
    s.apply(A.STAY_OUT)
    roll = events_of(s, "fight_roll")[0]
    assert roll["helpers"] == [] and roll["totals"] == [1, 6]
    assert [x >> 1 for x in s.items[2]] == [tea] and player(s, 2)["money"] == 2000
    assert player(s, 1)["money"] == 1700


@pytest.mark.parametrize("n", [2, 5])
def test_a_new_game_starts_from_nothing_and_seat_0_rolls_first(n):
    # rulebook: 4. Начало игры (2000 pounds each, nothing else; the first player begins):
    # no points, titles, heads, parts, dungeon or defeated creatures before play
    s = G.new_state(n, 4, {"level": "genius"})
    obs = s.observation(None)
    assert obs["level"] == "genius" and obs["round"] == 1 and obs["bank"] == \
        G.total_money - sum(2000 + 300 * p for p in range(n))
    assert obs["parts_found"] == [0] * 7 and obs["dragons_defeated"] == 0
    assert obs["steam_dragons_on_map"] == 0 and obs["fight"] is None and obs["pending"] is None
    for p, pl in enumerate(obs["players"]):
        assert (pl["points"], pl["dungeon"], pl["creatures_defeated"], pl["dragons_defeated"],
                pl["tasks_done"], pl["parts_credited"], pl["heads"], pl["achievements"],
                pl["cell"]) == (0, 0, 0, 0, 0, 0, [], [], CENTER)
    for _ in range(n):
        s.apply(A.END)
    assert [e["player"] for e in s.events if e["type"] == "turn"] == [0]
    assert not events_of(s, "skip_turn") and s.current_player() == 0


def test_the_screwdriver_at_the_start_launches_nothing():
    # rulebook: «Цель игры», п. 4 (the machine is launched once all its parts are found)
    s = G.new_state(3, 4)
    screwdriver = next(c for c in range(len(G.i_kind)) if key_of_item(c) == "screwdriver")
    s.ideck.remove(screwdriver)
    s.ideck.append(screwdriver)  # the first hidden item: seat 0's
    for _ in range(3):
        s.apply(A.END)
    assert s.items[0] == [(screwdriver << 1) | 1] and player(s, 0)["cell"] == CENTER
    assert not s.is_terminal() and s.current_player() == 0


def test_weapons_left_from_the_purchase_go_under_the_pile():
    # rulebook: 4. Начало игры (what is left on the table goes under the piles)
    s = G.new_state(3, 8)
    left = list(s.sh_weap)
    for _ in range(3):
        s.apply(A.END)
    assert sorted(s.wdeck[:3]) == sorted(left)


def test_a_dragon_of_an_event_fled_from_goes_back_under_the_creature_pile():
    # rulebook: 4. Начало игры (Ученик: the dragons are in the creature pile) and 13. Схватка
    # (a successful flight: no fight); the dragon was never on the map
    s, c, e = event_turn(R.V_ATTACK)
    dragon = creature(s, "dragon_1")
    s.cdeck.append(dragon)
    go(s, 1, *rolls(5))  # the red face, then the flight's roll
    assert s.legal_actions() == [A.FIGHT, A.FLEE]
    s.apply(A.FLEE)
    assert {"type": "flee", "player": 1, "roll": 5, "ok": True, "to": None} in s.events
    assert s.cdeck[0] == dragon and s.observation(0)["decks"]["dragons"] == 0
    assert s.observation(0)["steam_dragons_on_map"] == 0 and s.current_player() == 2


def test_items_a_creature_guards_go_to_the_first_helper_of_its_vanquisher():
    # rulebook: 14. Участие в поединке (Boris helps Anton and they win: Boris gets the
    # valuables of the hex, and an item from the pile only when there are none) and 13.
    # Схватка (a loss's items stay with the creature)
    s, c, golem = join_fight()
    s.pos[0] = FAR
    s.pos[3] = FAR
    tea = item(s, "tea_chest")
    s.loot = [(c, tea << 1)]
    s.apply(A.ATTACK_HERE)
    force(s, dice(6, 1, 1))
    s.apply(A.JOIN_A)
    assert {"type": "loot", "player": 2, "cell": c, "to": None} in s.events
    assert [x["item"] for x in player(s, 2, viewer=1)["items"]] == [tea]
    assert not events_of(s, "draw_item") and player(s, 1)["heads"] == [golem]
    assert {t["cell"]: t for t in s.observation(0)["tiles"]}[c]["items"] == []


@pytest.mark.parametrize("tiles_left", [0, 1])
def test_a_road_into_the_fog_is_a_way_out_only_while_tiles_remain(tiles_left):
    # rulebook: 16. Особые ситуации (a player who cannot get out of his hex is sent back to
    # the start) and 5. Карта (the fog is turned over from the pile; docs/games/steamland.md:
    # with the pile empty the fog stays)
    s = ready()
    c = open_cell(s)
    lay(s, c, "stone_road", roads=1 << 2)  # one road, north-west, into the fog
    s.pos[1] = c
    s.tdeck = s.tdeck[-tiles_left:] if tiles_left else []
    force(s, *rolls(3))
    s.apply(A.END)
    assert player(s, 1)["cell"] == (c if tiles_left else CENTER)
    assert bool(events_of(s, "dead_end")) is not tiles_left


def test_the_creatures_helper_receives_the_item_the_beaten_player_chose():
    # rulebook: 14. Участие в поединке (Boris helps the monster and they win: Anton loses an
    # item of his choice to Boris; everyone on the hex moves to a neighbouring hex)
    s = ready()
    c, golem = creature_here(s, 0, "coal_golem")
    for d in (0, 3):
        lay(s, G.nb[c * 6 + d], "stone_cross")
    s.pos[1] = G.nb[c * 6 + 0]
    s.pos[2] = c
    s.jail[2] = 1  # on the hex, not in the fight
    held = [give_item(s, 0, k) for k in ("tea_chest", "elixir")]
    nugget = give_item(s, 1, "gold_nugget")
    s.apply(A.ATTACK_HERE)
    force(s, dice(1, 6, 1))
    s.apply(A.JOIN_B)
    assert s.current_player() == 0 and s.legal_actions() == [A.PICK, A.PICK + 1]
    s.apply(A.PICK + 1)
    s.apply(s.legal_actions()[0])  # seat 0 retreats
    assert s.current_player() == 2 and s.observation(2)["pending"] == "retreat"
    s.apply(s.legal_actions()[0])
    assert sorted(x >> 1 for x in s.items[1]) == sorted([held[1], nugget])
    assert [x >> 1 for x in s.items[0]] == held[:1] and not s.pend
    assert s.current_player() == 0 and s.phase == R.PH_TURN
