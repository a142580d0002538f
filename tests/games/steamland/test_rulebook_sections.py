"""Rule tests named after the rulebook's sections, for cases the other files leave open
(found by mutation testing, docs/developing.md): visit tasks whose cities are rolled by the
dice when the task is taken, for seat 0 and the last seat; who may be challenged; selling
the first and the last head; a single way out of a hex in each of the six directions.
Positions come from helpers.py and the builders below, then are played through legal
actions; expected values are the rulebook's (creature values: the cards' own, data.json)."""

import pytest

from railtable.games.steamland import actions as A
from railtable.games.steamland import rules as R

from .helpers import (CENTER, FAR, G, any_roll, applying, creature, force, force_play,
                      give_item, lay, ready, rolled, rolls, task, tile_index, weapon)

CITY = {1: "city_1", 2: "city_2", 3: "city_3", 4: "city_4", 5: "city_5", 6: "city_6"}


def open_cell():
    """A hex with all six neighbours on the board, itself and its neighbours in the fog at
    the start (ready() lays only the Old Boiler House and the far market)."""
    s = ready()
    for c in range(G.ncells):
        around = [G.nb[c * 6 + d] for d in range(6)]
        if s.tile[c] < 0 and all(q >= 0 and s.tile[q] < 0 and q != FAR for q in around):
            if all(G.nb[c * 6 + d] != CENTER for d in range(6)) and c != FAR:
                return c
    raise AssertionError("no open hex")


def turn_of(s, p, c):
    """Make it seat p's ordinary turn (after its roll and event) on hex c, with 8 movement
    points and nothing used yet, as ready() does for seat 0.
    Sets: cur, pos[p], mp, used, phase."""
    s.cur = p
    s.pos[p] = c
    s.mp = 8
    s.used = 0
    s.phase = R.PH_TURN
    s._legal = None


def top_task(s, key):
    """Put the task `key` on top of the task pile. Sets: qdeck."""
    t = next(t for t, d in enumerate(G.task_defs) if d["key"] == key)
    s.qdeck.remove(t)
    s.qdeck.append(t)
    return t


def my_tasks(s, p):
    return s.observation(p)["players"][p]["tasks"]


# ---------------------------------------------------------------- 8. Задания

@pytest.mark.parametrize("seat", [0, 2])
def test_a_visit_task_rolled_by_the_dice_is_completed_by_visiting_those_cities(seat):
    # rulebook: 8. Задания (the dice name the cities to visit: «1» Первоград ... «6»
    # Шестибург; the reward: points, pounds and a part) and 11. Объекты карты (a city gives
    # tasks)
    s = ready()
    start = open_cell()
    lay(s, start, CITY[1])
    east = G.nb[start * 6 + 0]
    further = G.nb[east * 6 + 0]
    lay(s, east, CITY[3])
    lay(s, further, CITY[5])
    turn_of(s, seat, start)
    t = top_task(s, "two_parcels")
    money, points = s.money[seat], s.points[seat]
    force(s, lambda r: r.randint(1, 6) == 3 and r.randint(1, 6) == 5)  # the two dice
    s.apply(A.TAKE_TASK)
    assert [(x["task"], x["targets"]) for x in my_tasks(s, seat)] == [(t, [3, 5])]
    s.apply(A.MOVE + 0)  # into city 3: one of the two
    assert [(x["task"], x["targets"]) for x in my_tasks(s, seat)] == [(t, [3, 5])]
    assert 3 in my_tasks(s, seat)[0]["visited"] and 5 not in my_tasks(s, seat)[0]["visited"]
    s.apply(A.MOVE + 0)  # into city 5: both visited, the task is done
    assert my_tasks(s, seat) == []
    obs = s.observation(seat)["players"][seat]
    assert obs["points"] == points + G.task_defs[t]["points"]
    assert obs["money"] == money + G.task_defs[t]["money"]
    assert obs["tasks_done"] == 1 and obs["parts_credited"] == 1


@pytest.mark.parametrize("die", [1, 6])
def test_a_one_die_task_names_the_city_of_its_number(die):
    # rulebook: 8. Задания (a die shows 1-6: that city; the lowest and the highest)
    s = ready()
    start = open_cell()
    lay(s, start, CITY[2 if die == 1 else 3])
    east = G.nb[start * 6 + 0]
    lay(s, east, CITY[die])
    turn_of(s, 1, start)
    t = top_task(s, "parcel")
    force(s, *rolls(die))
    s.apply(A.TAKE_TASK)
    assert [(x["task"], x["targets"]) for x in my_tasks(s, 1)] == [(t, [die])]
    s.apply(A.MOVE + 0)
    assert my_tasks(s, 1) == [] and s.observation(1)["players"][1]["tasks_done"] == 1


@pytest.mark.parametrize("seat", [0, 2])
def test_the_city_a_task_is_taken_in_counts_as_visited(seat):
    # rulebook: 8. Задания (a visit task is done once its cities are visited; completing it
    # costs no movement); docs/games/steamland.md, our reading: the city one stands on when
    # taking the task counts, so a die naming it completes the task at once
    s = ready()
    c = open_cell()
    lay(s, c, CITY[4])
    turn_of(s, seat, c)
    t = top_task(s, "parcel")
    force(s, *rolls(4))
    s.apply(A.TAKE_TASK)
    obs = s.observation(seat)["players"][seat]
    assert obs["tasks"] == [] and obs["tasks_done"] == 1
    assert obs["points"] == G.task_defs[t]["points"]


def test_a_common_task_counts_the_city_each_player_stands_on():
    # rulebook: 8. Задания (an О task goes to the common pool at once; whoever completes a
    # common task gets the reward); our reading as above, for every player
    s = ready()
    c = open_cell()
    lay(s, c, CITY[1])
    turn_of(s, 0, c)
    there = G.nb[c * 6 + 0]
    lay(s, there, CITY[4])
    s.pos[2] = there
    t = top_task(s, "urgent_dispatch")
    force(s, *rolls(4))
    s.apply(A.TAKE_TASK)  # seat 0 draws it; it is common; seat 2 stands in city 4
    obs = s.observation(None)
    assert obs["players"][2]["tasks_done"] == 1 and obs["players"][0]["tasks_done"] == 0
    assert obs["players"][2]["points"] == G.task_defs[t]["points"]


# ---------------------------------------------------------------- 13. Схватка (players)

@pytest.mark.parametrize("seat, other", [(0, 1), (0, 2), (2, 0)])
def test_only_a_player_on_the_same_hex_may_be_challenged(seat, other):
    # rulebook: 13. Схватка (to fight another player it is enough to stand on his hex and
    # say so): nobody elsewhere, and never oneself
    s = ready()
    c = open_cell()
    lay(s, c, "stone_road")
    for p in range(3):
        s.pos[p] = FAR
    turn_of(s, seat, c)
    assert not [a for a in s.legal_actions() if A.CHALLENGE <= a < A.CHALLENGE + 6]
    s.pos[other] = c
    s._legal = None
    assert [a for a in s.legal_actions() if A.CHALLENGE <= a < A.CHALLENGE + 6] == \
        [A.CHALLENGE + other]
    s.apply(A.CHALLENGE + other)
    assert {"type": "fight", "player": seat, "opponent": other, "creature": -1, "cell": c,
            "to": None} in s.events


# ---------------------------------------------------------------- 12. Существа (heads)

@pytest.mark.parametrize("slot", [0, 1])
def test_a_head_is_sold_from_any_slot_at_its_value(slot):
    # rulebook: 12. Существа (heads are sold at the value printed on the card in a city,
    # tavern or market; the card goes back to the pile) and 11. Объекты карты
    s = ready()
    c = open_cell()
    lay(s, c, "market")
    heads = [creature(s, "steam_rat"), creature(s, "swamp_toad")]
    s.heads[0] = list(heads)
    turn_of(s, 0, c)
    assert A.SELL_HEAD + slot in s.legal_actions()
    money = s.money[0]
    s.apply(A.SELL_HEAD + slot)
    sold = heads[slot]
    obs = s.observation(0)["players"][0]
    assert obs["money"] == money + G.creature_defs[sold]["value"]
    assert obs["heads"] == [h for h in heads if h != sold]
    assert sold in s.cdeck


# ---------------------------------------------------------------- 16. Особые ситуации

@pytest.mark.parametrize("d", range(6))
def test_one_way_out_in_any_direction_is_not_a_dead_end(d):
    # rulebook: 16. Особые ситуации (only a player who cannot get out of his hex with what
    # he has is sent back to the start): a single road out, whichever edge it leaves by
    s = ready()
    c = open_cell()
    lay(s, c, "stone_road", roads=1 << d)
    q = G.nb[c * 6 + d]
    lay(s, q, "stone_road")  # roads on every edge: the way in from c is open
    s.pos[1] = c
    force(s, *rolls(3))  # seat 1's turn roll: no event (the red face is not 3)
    assert G.red_face != 3
    s.apply(A.END)  # seat 0 ends its turn; seat 1's begins
    assert s.current_player() == 1 and s.observation(None)["players"][1]["cell"] == c
    assert A.MOVE + d in s.legal_actions()


# ---------------------------------------------------------------- found by mutation testing

@pytest.mark.parametrize("d", [0, 5])
def test_a_road_that_meets_no_road_is_a_dead_end(d):
    # rulebook: 16. Особые ситуации (a player who cannot get out of his hex with what he has
    # loses his items, weapons, tasks and money and goes back to the start) and 6.
    # Перемещение по карте (a step follows a road into the next hex's road)
    s = ready()
    c = open_cell()
    lay(s, c, "stone_road", roads=1 << d)
    q = G.nb[c * 6 + d]
    lay(s, q, "stone_road", roads=63 & ~(1 << ((d + 3) % 6)))  # no road back towards c
    s.pos[1] = c
    force(s, *rolls(3))
    s.apply(A.END)
    obs = s.observation(None)["players"][1]
    assert obs["cell"] == CENTER and obs["money"] == 0


@pytest.mark.parametrize("gap", [0, 2])
def test_a_gap_on_one_edge_leaves_the_other_roads_open(gap):
    # rulebook: 6. Перемещение по карте (a hex's roads lead to its neighbours; a gap on an
    # edge closes that edge only)
    s = ready()
    c = open_cell()
    lay(s, c, "stone_road", gaps=1 << gap)
    kinds = ["stone_cross", "sand_dunes", "swamp", "lava_field", "sand_canyon", "lake"]
    for d in range(6):
        lay(s, G.nb[c * 6 + d], kinds[d])  # roads on every edge
    turn_of(s, 0, c)
    moves = sorted(a - A.MOVE for a in s.legal_actions() if A.MOVE <= a <= A.MOVE + 5)
    assert moves == [d for d in range(6) if d != gap]


@pytest.mark.parametrize("seat", [0, 2])
def test_a_caught_thief_with_nothing_goes_to_the_dungeon_and_the_log_says_so(seat):
    # rulebook: 9. Предметы, Операция кражи (1-2: the theft fails; with no item and no money
    # the player sits out his next three turns in the dungeon)
    s = ready()
    c = open_cell()
    lay(s, c, "market")
    turn_of(s, seat, c)
    s.bank += s.money[seat]
    s.money[seat] = 0
    force(s, *rolls(1))
    s.apply(A.STEAL)
    assert {"type": "steal", "player": seat, "roll": 1, "to": None} in s.events
    assert {"type": "dungeon", "player": seat, "turns": 3, "to": None} in s.events
    assert s.observation(None)["players"][seat]["dungeon"] == 3


def test_a_caught_thief_with_money_but_no_item_pays_300_to_the_bank_and_the_log_says_so():
    # rulebook: 9. Предметы, Операция кражи (1-2: the theft fails and the thief loses an
    # item or 300 pounds): with no item, the money goes to the bank, and the log shows it
    s = ready()
    c = open_cell()
    lay(s, c, "market")
    turn_of(s, 1, c)
    assert not s.items[1] and s.money[1] >= G.loss_money
    money, bank = s.money[1], s.bank
    force(s, *rolls(2))
    s.apply(A.STEAL)
    assert s.money[1] == money - G.loss_money and s.bank == bank + G.loss_money
    assert {"type": "lose_money", "player": 1, "money": G.loss_money, "to": None} in s.events
    assert s.jail[1] == 0


@pytest.mark.parametrize("slot", [0, 1])
def test_a_won_gamble_keeps_the_stake_and_adds_the_engineers_item(slot):
    # rulebook: 9. Предметы, Операция игры на предметы (the player stakes an item; rolling
    # as much as the Chief Engineer or more, he gets the Engineer's item): the first and the
    # last of two items staked
    from .helpers import give_item, seed_for
    s = ready()
    c = open_cell()
    lay(s, c, "tavern")
    turn_of(s, 0, c)
    give_item(s, 0, "tea_chest", hidden=True)
    give_item(s, 0, "elixir", hidden=True)
    staked = ("tea_chest", "elixir")[slot]
    s.set_seed(seed_for(lambda r: (r.randint(1, 6), r.randint(1, 6)) == (4, 4)))
    s.apply(A.GAMBLE + slot)
    items = s.observation(1)["players"][0]["items"]  # as another seat sees them
    assert len(items) == 3
    assert items[slot]["kind"] == staked and items[slot]["hidden"] is False


def test_the_equipment_purchase_pass_is_announced():
    # rulebook: 4. Начало игры (the players buy their equipment in turn; one who is done
    # passes): the log says so
    s = G.new_state(3, 7)
    assert s.phase == R.PH_SHOP
    s.apply(A.END)
    assert {"type": "shop_pass", "player": 0, "to": None} in s.events


def test_a_forced_task_returned_is_announced():
    # rulebook: 8. Задания (a task from an event cannot be refused: the player with two
    # returns one to the pile)
    s = ready()
    c = open_cell()
    lay(s, c, "stone_road")
    s.pos[1] = c
    s.tasks[1] = [task(s, "parcel"), task(s, "trophy")]
    priv = [t for t in s.qdeck if not G.q_common[t]][0]
    s.qdeck.remove(priv)
    s.qdeck.append(priv)
    s.edeck.sort(key=lambda e: G.e_effect[e] == R.V_TASK)  # the task event on top
    force(s, *rolls(G.red_face))  # seat 1's roll: the red face, an event
    s.apply(A.END)
    # the new task is kept; one of the two held before goes back (§8, issue #26)
    assert s.current_player() == 1 and s.legal_actions() == [A.DROP_TASK, A.DROP_TASK + 1]
    held = s.tasks[1][0]
    s.apply(A.DROP_TASK)
    assert {"type": "drop_task", "player": 1, "task": held, "reveal": True,
            "to": None} in s.events
    assert priv in s.tasks[1]


def test_the_old_boiler_house_is_open_on_all_six_sides():
    # rulebook: 4. Начало игры (the start tile, the Old Boiler House, lies face up in the
    # centre; the rest is fog): the first step may go any way
    s = G.new_state(3, 0)
    while s.phase == R.PH_SHOP:
        s.apply(A.END)
    assert s.current_player() == 0 and s.phase == R.PH_TURN
    obs = s.observation(0)["players"][0]
    assert obs["cell"] == CENTER and [i["kind"] for i in obs["items"]] == ["tea_chest"]
    assert sorted(a - A.MOVE for a in s.legal_actions() if A.MOVE <= a <= A.MOVE + 5) == \
        list(range(6))


def test_the_map_is_a_hexagon_of_the_grid_radius():
    # rulebook: 5. Карта (the map grows from the Old Boiler House); its size is the project's
    # design: every hex within grid_radius steps of the centre (docs/games/steamland.md)
    r = G.rules["grid_radius"] if hasattr(G, "rules") else 6
    assert G.ncells == 1 + 3 * r * (r + 1)
    assert all(max(abs(q), abs(rr), abs(q + rr)) <= r for q, rr in G.cells)


def dragons_on_the_map(s, k):
    """k Steam Dragons (1..k) standing on hexes of their own, far from seat 0. Sets: tile,
    roads (lay), mon, dpos, ndragons; takes the dragons' cards out of the piles."""
    spots = [c for c in range(G.ncells) if s.tile[c] < 0 and c not in (FAR,)
             and max(abs(G.cells[c][0]), abs(G.cells[c][1]), abs(sum(G.cells[c]))) == 6]
    for n in range(1, k + 1):
        c = spots[n * 3]
        lay(s, c, ("stone_cross", "sand_dunes", "swamp")[n - 1])
        d = creature(s, f"dragon_{n}")
        s.mon[c] = d
        s.dpos[G.c_dragon[d]] = c
        s.ndragons += 1
    s._legal = None


@pytest.mark.parametrize("before, over", [(2, False), (3, True)])
def test_the_fourth_dragon_ends_the_game_and_the_third_does_not(before, over):
    # rulebook: Цель игры, 4 (four Steam Dragons on the map at once: everyone loses) and
    # 12. Существа (three dragons: «Ужас», an event every turn)
    s = ready(level="professor")  # dragons from their own pile, on attack hexes
    dragons_on_the_map(s, before)
    q = G.nb[CENTER * 6 + 0]
    assert s.tile[q] < 0
    attack = next(t for t in s.tdeck if G.t_key[t] == "creature_attack")
    s.tdeck.remove(attack)
    s.tdeck.append(attack)  # the next tile revealed: a creature attack
    s.apply(A.MOVE + 0)
    appeared = [e["creature"] for e in s.events if e["type"] == "creature_appears"]
    assert len(appeared) == 1 and G.c_dragon[appeared[0]]  # a dragon joins the others
    assert s.is_terminal() is over
    if over:
        assert s.result().reason == "four_dragons" and s.result().winners == ()


def test_another_players_hidden_item_is_resampled_in_a_determinized_world():
    # rulebook: 4. Начало игры (each player's first item is drawn face down): what seat 0
    # cannot see is not given away to its search bots by determinize
    import random
    s = ready()
    from .helpers import give_item
    give_item(s, 1, "tea_chest", hidden=True)
    kinds = set()
    for k in range(10):
        d = s.determinize(0, random.Random(k))
        kinds.add(d.observation(1)["players"][1]["items"][0]["kind"])
    assert len(kinds) > 1


def test_another_players_private_task_is_resampled_in_a_determinized_world():
    # rulebook: 8. Задания (a task card is handed over face down; its cities are the
    # holder's own rolls): seat 0's determinized worlds vary seat 1's task
    import random
    s = ready()
    s.tasks[1] = [task(s, "parcel")]
    held = {tuple(s.determinize(0, random.Random(k)).tasks[1]) for k in range(10)}
    assert len(held) > 1


def test_a_lost_fight_with_nothing_to_lose_costs_one_turn():
    # rulebook: 13. Схватка (the loser of a fight with a creature loses an item, or without
    # one 300 pounds, or else misses a turn)
    s = ready()
    c = open_cell()
    lay(s, c, "stone_road")
    turn_of(s, 0, c)
    s.bank += s.money[0]
    s.money[0] = 0
    golem = creature(s, "coal_golem")
    s.mon[c] = golem  # a creature guarding the hex seat 0 stands on
    s._legal = None
    force(s, lambda r: (r.randint(1, 6), r.randint(1, 6)) == (1, 6))
    s.apply(A.ATTACK_HERE)
    assert {"type": "skip_turn_penalty", "player": 0, "to": None} in s.events
    assert s.observation(None)["players"][0]["dungeon"] == 1


def test_a_third_weapon_makes_the_player_give_one_back_and_the_log_says_which():
    # rulebook: 10. Оружие and 4. Начало игры (two weapons at most); 9. Предметы, Операция
    # торговли (weapons are bought at a market like items)
    from .helpers import weapon
    s = ready()
    c = open_cell()
    lay(s, c, "market")
    turn_of(s, 0, c)
    s.weapons[0] = [weapon(s, "knife"), weapon(s, "steam_pistol")]
    s.money[0] += 5000
    s.bank -= 5000
    s._legal = None
    s.apply(A.OPEN_WEAPONS)
    cheapest = min(range(3), key=lambda k: G.w_value[s.mdisp[k]])
    s.apply(A.BUY_WEAPON + cheapest)
    bought = [e["weapon"] for e in s.events if e["type"] == "buy_weapon"][0]
    assert sorted(s.legal_actions()) == [A.DISCARD_WEAPON + k for k in range(3)]
    knife = s.weapons[0][0]
    s.apply(A.DISCARD_WEAPON)  # the first one: the knife goes back
    assert {"type": "discard_weapon", "player": 0, "weapon": knife, "to": None} in s.events
    assert sorted(s.observation(0)["players"][0]["weapons"]) == sorted(
        [s.weapons[0][0], bought])


def test_rolling_a_dragons_number_lets_the_player_push_it_and_the_log_says_where():
    # rulebook: 12. Существа (each dragon has a number 1-6; a player who rolls the number of
    # a dragon on the map may move it to a neighbouring hex of his choice)
    s = ready()
    dragons_on_the_map(s, 2)
    home = s.dpos[2]
    inward = [d for d in range(6) if G.nb[home * 6 + d] >= 0
              and s.tile[G.nb[home * 6 + d]] < 0][0]
    q = G.nb[home * 6 + inward]
    lay(s, q, "lake")
    force(s, *rolls(2))  # seat 1's roll: dragon 2's number
    s.apply(A.END)
    assert s.current_player() == 1 and sorted(s.legal_actions()) == sorted(
        [A.END, A.MOVE + inward])
    s.apply(A.MOVE + inward)
    dragon = s.mon[q]
    assert {"type": "dragon_moves", "player": 1, "creature": dragon, "cell": q,
            "to": None} in s.events
    tiles = {t["cell"]: t for t in s.observation(None)["tiles"]}
    assert tiles[q]["creature"] == dragon and tiles[home]["creature"] is None


def test_ending_the_turn_in_the_middle_of_a_discard_is_refused_with_a_reason():
    # the engine contract (docs/developing.md): an illegal action raises IllegalAction with
    # a reason a person understands; here action 0, "end", while a fourth weapon waits
    from railtable.engine import IllegalAction

    from .helpers import weapon
    s = ready()
    s.weapons[0] = [weapon(s, "knife"), weapon(s, "steam_pistol")]
    s.pend = [(R.P_WDISCARD, 0, s.wdeck.pop())]  # a third weapon arrived: one must go
    s._legal = None
    with pytest.raises(IllegalAction, match="not allowed during this decision"):
        s.apply(A.END)


def test_a_slain_dragons_number_moves_no_dragon():
    # rulebook: 12. Существа (a player who rolls the number of a dragon on the map may move
    # it): once dragon 1 is slain, rolling 1 offers nothing to push, whatever hexes are open
    from .helpers import weapon
    s = ready()
    dragons_on_the_map(s, 1)
    lair = s.dpos[1]
    turn_of(s, 0, lair)
    s.weapons[0] = [weapon(s, "knife")]
    kinds = iter(["stone_cross", "sand_dunes", "swamp", "lava_field", "sand_canyon", "lake",
                  "stone_road", "river_ford", "tavern", "tavern"])
    for c in range(10):  # open hexes in the map's first corner (the lowest cell numbers)
        if s.tile[c] < 0 and c != lair:
            lay(s, c, next(kinds))
    force(s, lambda r: (r.randint(1, 6), r.randint(1, 6)) == (6, 1))
    s.apply(A.ATTACK_HERE)
    obs = s.observation(None)
    assert obs["players"][0]["dragons_defeated"] == 1
    force(s, *rolls(1))  # seat 1's roll: the slain dragon's number
    s.apply(A.END)
    assert s.current_player() == 1 and s.phase == R.PH_TURN and not s.pend


# ------------------------------------------------ found by mutation testing, seed 40

@pytest.mark.parametrize("d", range(6))
def test_a_step_leaves_the_hex_only_along_its_own_roads(d):
    # rulebook: 6. Перемещение по карте (pieces move only along the roads): a hex with one
    # road offers that edge alone, even into the fog, whichever of the six edges it is
    s = ready()
    c = open_cell()
    lay(s, c, "stone_road", roads=1 << d)
    turn_of(s, 0, c)
    moves = [a - A.MOVE for a in s.legal_actions() if A.MOVE <= a <= A.MOVE + 5]
    assert moves == [d]


def test_walking_back_into_the_old_boiler_house_does_not_turn_it_over():
    # rulebook: 11. Объекты карты and «Подготовка к игре» (the Old Boiler House lies face up
    # in the centre from the start): stepping back onto it reveals nothing and costs one point
    s = ready()
    east = G.nb[CENTER * 6 + 0]
    lay(s, east, "stone_road")
    before = s.observation(0)
    s.apply(A.MOVE + 0)
    s.apply(A.MOVE + 3)  # back west, into the Old Boiler House
    obs = s.observation(0)
    assert obs["players"][0]["cell"] == CENTER and obs["movement"] == 8 - 2
    assert obs["tiles"] == before["tiles"] and obs["decks"] == before["decks"]
    centre = [t for t in obs["tiles"] if t["cell"] == CENTER]
    assert centre[0]["tile"] == "old_boiler_house"
    assert not [e for e in s.events if e["type"] == "reveal"]


def test_a_played_event_goes_under_the_pile():
    # rulebook: 7. События (after it is played the event card goes back under the bottom card
    # of its pile): with two cards left, the one drawn second comes from under the first.
    # Builder: a two-player table, seat 0 on a plain road where the red face gives an event;
    # sets edeck to Inheritance (+300 pounds) on top of a move card (+2 movement points)
    s = ready(2)
    c = open_cell()
    lay(s, c, "stone_road")
    s.pos[0] = c
    gain = next(e for e in range(len(G.e_effect)) if G.e_effect[e] == R.V_GAIN)
    move = next(e for e in range(len(G.e_effect))
                if G.e_effect[e] == R.V_MOVE and G.e_amount[e] > 0)
    s.edeck = [move, gain]
    # seat 1's roll, on a market: no event
    force(s, any_roll, *rolls(G.red_face), any_roll, *rolls(G.red_face))
    money = s.money[0]
    drawn = []
    for _ in range(2):
        s.apply(A.END)  # seat 0 ends its turn
        s.apply(A.END)  # seat 1 ends its turn; seat 0 rolls the red face
        drawn += [e["event"] for e in s.events if e["type"] == "event"]
    assert drawn == [gain, move]
    obs = s.observation(0)
    assert obs["players"][0]["money"] == money + G.e_amount[gain]
    assert obs["movement"] == G.movement + G.e_amount[move]


def test_a_creature_taking_the_better_of_two_dice_rolls_one_to_six():
    # rulebook: 12. Существа (a creature's roll: one die, the sum of two, or the better of
    # two, as its card says): the better of two dice is 1-6, and 6 comes up
    rolled = set()
    for seed in range(40):
        s = ready(seed=seed)
        c = open_cell()
        lay(s, c, "stone_road")
        turn_of(s, 0, c)
        dragon = next(k for k, d in enumerate(G.creature_defs) if d["key"] == "dragon_5")
        assert G.c_roll[dragon] == R.R_BEST
        creature(s, "dragon_5")
        s._place(dragon, c)
        s._legal = None
        s.apply(A.ATTACK_HERE)
        while not [e for e in s.events if e["type"] == "fight_roll"]:
            s.apply(s.legal_actions()[0])
        rolled |= {e["opponent_roll"] for e in s.events if e["type"] == "fight_roll"}
    assert rolled <= set(range(1, 7)) and 6 in rolled


def test_a_delivery_hands_over_one_item_of_its_kind():
    # rulebook: 8. Задания (a delivery task is done by bringing the item to the city the die
    # names; the item is handed over): of two tea chests, one is delivered, one stays
    s = ready()
    start = open_cell()
    lay(s, start, CITY[1])
    east = G.nb[start * 6 + 0]
    lay(s, east, CITY[3])
    turn_of(s, 0, start)
    held = [give_item(s, 0, k) for k in ("tea_chest", "elixir", "tea_chest")]
    t = top_task(s, "governors_tea")
    force(s, *rolls(3))
    s.apply(A.TAKE_TASK)
    assert [(x["task"], x["targets"]) for x in my_tasks(s, 0)] == [(t, [3])]
    s.apply(A.MOVE + 0)
    obs = s.observation(0)["players"][0]
    assert obs["tasks"] == [] and obs["tasks_done"] == 1
    assert [x["item"] for x in obs["items"]] == held[1:]


def test_an_item_returned_to_make_room_is_shown_to_everyone():
    # rulebook: 9. Предметы (three items at most: a player getting a fourth first returns one
    # to the pile) and docs/developing.md (an event that shows a hidden card to everyone is
    # marked "reveal", which also stops an undo across it)
    s = ready()
    c = open_cell()
    lay(s, c, "stone_road")
    s.pos[1] = c
    held = [give_item(s, 1, k, hidden=True) for k in ("tea_chest", "elixir", "pocket_watch")]
    s.edeck.sort(key=lambda e: G.e_effect[e] == R.V_ITEM)  # an item event on top
    force(s, *rolls(G.red_face))  # seat 1's roll: the red face, an event
    s.apply(A.END)
    assert s.current_player() == 1
    assert s.legal_actions() == [A.DISCARD_ITEM + k for k in (0, 1, 2, 3)]
    s.apply(A.DISCARD_ITEM)
    assert {"type": "discard_item", "player": 1, "item": held[0], "reveal": True,
            "to": None} in s.events
    assert held[0] in s.ideck


# ------------------------------------------------ found by mutation testing, seed 41

def test_a_tile_turned_over_is_announced_with_a_road_back_to_the_player():
    # rulebook: 6. Перемещение по карте (a new hex is laid so that the road the player came
    # along goes on into it): whatever tile comes, it has a road on the edge entered by
    for seed in range(12):
        s = ready(seed=seed)
        q = G.nb[CENTER * 6 + 0]
        s.apply(A.MOVE + 0)  # east, into the fog
        shown = [e for e in s.events if e["type"] == "reveal"]
        assert len(shown) == 1 and shown[0]["cell"] == q and shown[0]["player"] == 0
        assert shown[0]["reveal"] is True and shown[0]["roads"] == s.roads[q]
        assert s.roads[q] >> 3 & 1, seed  # a road on its west edge, back to the centre


def test_a_balloon_carries_the_player_over_a_gap():
    # rulebook: 9. Предметы (the balloon changes how one moves: over a gap in the road) and 6.
    # Перемещение по карте; the step itself is taken, not only offered
    s = ready()
    c = open_cell()
    lay(s, c, "stone_road", roads=1 << 0, gaps=1 << 0)
    q = G.nb[c * 6 + 0]  # in the fog: the next tile of the pile, a plain road, is laid there
    s.tdeck.append(tile_index("stone_road", s))
    turn_of(s, 0, c)
    assert A.MOVE + 0 not in s.legal_actions()
    give_item(s, 0, "balloon")
    assert A.MOVE + 0 in s.legal_actions()
    s.apply(A.MOVE + 0)
    assert s.observation(0)["players"][0]["cell"] == q


@pytest.mark.parametrize("first", [A.SELL_ITEM, A.SELL_WEAPON, A.SELL_HEAD])
def test_one_sale_a_turn_of_an_item_a_weapon_or_a_head(first):
    # rulebook: 6. Перемещение по карте (each unique action once a turn: "sell anything
    # once") and 9. Предметы (each operation, sales among them, once a turn): after any
    # sale no item, weapon or head can be sold until the next turn (until rules_version 5
    # a head was sold apart, a second sale in the same turn)
    s = ready()
    c = open_cell()
    lay(s, c, "market")
    turn_of(s, 0, c)
    give_item(s, 0, "tea_chest")
    s.weapons[0] = [weapon(s, "knife")]
    s.heads[0] = [creature(s, "steam_rat")]
    s._legal = None
    sales = (A.SELL_ITEM, A.SELL_WEAPON, A.SELL_HEAD)
    assert all(a in s.legal_actions() for a in sales)
    s.apply(first)
    assert not [a for a in s.legal_actions() if A.SELL_ITEM <= a < A.SELL_HEAD + 10]
    assert A.OPEN_ITEMS in s.legal_actions() and A.STEAL in s.legal_actions()


def test_buying_a_weapon_at_the_start_is_announced():
    # rulebook: Подготовка к игре (equipment bought before the game at its price)
    s = G.new_state(3, 7, {"level": "apprentice"})
    buy = [a for a in s.legal_actions() if A.BUY_WEAPON <= a < A.BUY_WEAPON + 6][0]
    w = s.sh_weap[buy - A.BUY_WEAPON]
    p = s.current_player()
    s.apply(buy)
    assert {"type": "buy_weapon", "player": p, "weapon": w, "price": G.w_value[w],
            "to": None} in s.events


def test_a_hunt_task_is_done_by_winning_the_fight():
    # rulebook: 8. Задания (some tasks need a creature of a given strength defeated) and 13.
    # Схватка (the winner takes the head)
    s = ready()
    c = open_cell()
    lay(s, c, "stone_road")
    turn_of(s, 0, c)
    t = task(s, "trophy")
    s.tasks[0] = [t]
    cr = creature(s, "clockwork_spider")
    assert G.c_str[cr] >= G.q_str[t]
    s._place(cr, c)  # builder: the creature on the player's hex (sets mon)
    s.weapons[0] = [next(w for w in s.wdeck if G.weapon_defs[G.w_kind[w]]["key"] == "tesla_gun")]
    s.wdeck.remove(s.weapons[0][0])
    force(s, lambda r: (r.randint(1, 6), r.randint(1, 6)) == (6, 1))
    s.apply(A.ATTACK_HERE)
    obs = s.observation(0)["players"][0]
    assert obs["heads"] == [cr] and obs["tasks"] == [] and obs["tasks_done"] == 1


def test_an_escape_item_goes_back_under_the_pile_and_the_log_says_so():
    # rulebook: 13. Схватка (an item may let the player get away) and 9. Предметы (a
    # one-use item, shown, goes back to the pile)
    s = ready()
    ti = [t for t in s.tdeck if G.t_kind[t] == R.K_ATTACK][0]
    s.tdeck.remove(ti)
    s.tdeck.append(ti)
    s.cdeck.append(creature(s, "steam_rat"))
    bomb = give_item(s, 0, "smoke_bomb", hidden=True)
    force_play(s, applying(A.MOVE + 0, A.FLEE), rolled("flee", roll=2))
    s.apply(A.MOVE + 0)
    s.apply(A.FLEE)
    s.apply(A.ESCAPE)
    assert {"type": "escape", "player": 0, "item": bomb, "reveal": True, "to": None} in s.events
    assert s.ideck[0] == bomb and s.observation(0)["players"][0]["items"] == []


def test_armour_lowers_the_attackers_total_in_a_fight_between_players():
    # rulebook: 13. Схватка (each adds his weapon's strength to his die; armour takes points
    # off the other side's blow)
    s = ready()
    s.pos = [CENTER, CENTER, FAR]
    s.weapons[0] = [next(w for w in s.wdeck if G.weapon_defs[G.w_kind[w]]["key"] == "tesla_gun")]
    s.wdeck.remove(s.weapons[0][0])
    give_item(s, 1, "steam_armour")
    s._legal = None
    s.apply(A.CHALLENGE + 1)
    while not [e for e in s.events if e["type"] == "fight_roll"]:
        s.apply(s.legal_actions()[0])
    roll = [e for e in s.events if e["type"] == "fight_roll"][0]
    gun, worn = 5, 1  # the cards: Tesla Gun strength 5, Steam Armour 1
    assert roll["totals"] == [roll["roll"] + gun - worn, roll["opponent_roll"]]


def test_the_round_number_starts_at_one_and_grows_after_every_seat_has_played():
    # rulebook: 6. Перемещение по карте (players take their turns in order, round by round)
    s = ready()
    assert s.observation(0)["round"] == 1
    for _ in range(3):
        s.apply(A.END)
        while s.current_player() != s.cur or s.phase != R.PH_TURN:
            s.apply(s.legal_actions()[0])
    assert s.cur == 0 and s.observation(0)["round"] == 2


def test_the_hidden_piles_are_shuffled_again_in_a_determinized_world():
    # rulebook: Подготовка к игре (the tiles, weapons, creatures and events lie face down in
    # shuffled piles): a sampled world does not know their order
    import random
    s = ready()
    tops = {(d.tdeck[-1], d.edeck[-1], d.wdeck[-1], d.cdeck[-1])
            for d in (s.determinize(0, random.Random(k)) for k in range(10))}
    assert len({t[0] for t in tops}) > 1 and len({t[1] for t in tops}) > 1
    assert len({t[2] for t in tops}) > 1 and len({t[3] for t in tops}) > 1


def test_items_lost_in_a_dead_end_go_under_the_pile():
    # rulebook: 16. Особые ситуации (a player stuck in a dead end loses his items and goes
    # back to the start) and 9. Предметы (items given up go back to the pile, under it): the
    # next market display, the top three cards, does not show the lost item
    s = ready()
    c = open_cell()
    lay(s, c, "lava_rift", roads=1 << 3, gaps=1 << 3)  # the only way out has a gap
    s.pos[1] = c
    lost = give_item(s, 1, "tea_chest")
    force(s, *rolls(3), lambda r: True)  # seat 1's roll (no event), then seat 2's
    pile = s.observation(None)["decks"]["items"]
    s.apply(A.END)  # seat 0 ends its turn; seat 1's begins in the dead end
    assert s.observation(None)["players"][1]["cell"] == CENTER
    assert s.observation(None)["players"][1]["items"] == []
    assert s.observation(None)["decks"]["items"] == pile + 1
    while s.current_player() != 2:
        s.apply(A.END)
    s.apply(A.OPEN_ITEMS)  # seat 2, on the far market
    shown = s.observation(2)["display"]["cards"]
    assert len(shown) == 3 and lost not in [x["card"] for x in shown]


def test_a_hunt_task_taken_in_a_tavern_with_the_head_in_hand_is_done_at_once():
    # rulebook: 8. Задания (a task is done once its condition holds; the player shows the
    # card and the head it needs) and 11. Объекты карты (a tavern gives tasks); our reading,
    # as for a city already visited: a head won before the task counts
    s = ready()
    c = open_cell()
    lay(s, c, "tavern")
    turn_of(s, 2, c)
    s.heads[2] = [creature(s, "clockwork_spider")]
    t = top_task(s, "trophy")
    assert G.c_str[s.heads[2][0]] >= G.q_str[t]
    s.apply(A.TAKE_TASK)
    obs = s.observation(2)["players"][2]
    assert obs["tasks"] == [] and obs["tasks_done"] == 1


@pytest.mark.parametrize("n", [2, 4])
def test_seat_0_begins_the_equipment_purchase_and_its_turn_is_shown(n):
    # rulebook: Подготовка к игре (the equipment is bought before the first turn, seat by
    # seat from the first player)
    s = G.new_state(n, 7, {"level": "apprentice"})
    obs = s.observation(None)
    assert obs["phase"] == "shop" and obs["current_player"] == 0 and obs["turn"] == 0


# ------------------------------------------------ found by mutation testing, seed 42

def attack_on_the_next_step(s, key="steam_rat"):
    """The next tile of the pile is a creature's attack hex and the creature pile's top is
    `key`, so seat 0's step east turns it over and the creature attacks.
    Sets: tdeck and cdeck order."""
    ti = [t for t in s.tdeck if G.t_kind[t] == R.K_ATTACK][0]
    s.tdeck.remove(ti)
    s.tdeck.append(ti)
    c = creature(s, key)
    s.cdeck.append(c)
    return c


@pytest.mark.parametrize("r, ok", [(4, False), (5, True)])
def test_a_flight_is_announced_with_its_roll_and_whether_it_worked(r, ok):
    # rulebook: 13. Схватка (flight: 5-6 gets away, 1-4 the fight takes place)
    s = ready()
    attack_on_the_next_step(s)
    force_play(s, applying(A.MOVE + 0, A.FLEE), rolled("flee", roll=r))
    s.apply(A.MOVE + 0)
    s.apply(A.FLEE)
    assert {"type": "flee", "player": 0, "roll": r, "ok": ok, "to": None} in s.events


def test_an_escape_item_in_any_slot_may_be_used_after_a_failed_flight():
    # rulebook: 13. Схватка (an item lets the player get away after all) and 9. Предметы
    s = ready()
    attack_on_the_next_step(s)
    give_item(s, 0, "tea_chest")
    bomb = give_item(s, 0, "smoke_bomb")  # in the second slot
    force_play(s, applying(A.MOVE + 0, A.FLEE), rolled("flee", roll=2))
    s.apply(A.MOVE + 0)
    s.apply(A.FLEE)
    assert s.legal_actions() == [A.FIGHT, A.ESCAPE]
    s.apply(A.ESCAPE)
    assert bomb not in [x["item"] for x in s.observation(0)["players"][0]["items"]]


def fight_it_out(t, events):
    """Seat 0 steps east onto the attack hex and fights until the fight is over."""
    t.apply(A.MOVE + 0)
    events.extend(t.events)
    while t.legal_actions() and t.current_player() == 0 and t.fk:
        t.apply(A.FIGHT if A.FIGHT in t.legal_actions() else t.legal_actions()[0])
        events.extend(t.events)


def test_a_lost_fight_costs_the_only_item_and_the_log_says_which():
    # rulebook: 13. Схватка (the loser to a creature gives up an item, or 300 pounds)
    s = ready()
    attack_on_the_next_step(s)
    lost = give_item(s, 0, "tea_chest", hidden=True)
    force_play(s, fight_it_out, lambda t, ev: any(
        e["type"] == "fight_roll" and e["roll"] == 1 and e["opponent_roll"] >= 6 for e in ev))
    fight_it_out(s, [])
    assert {"type": "lose_item", "player": 0, "item": lost, "reveal": True,
            "to": None} in s.events


def test_a_market_offers_only_the_items_the_player_can_pay_for():
    # rulebook: 9. Предметы (items are bought at their value); three cards are shown
    s = ready()
    c = open_cell()
    lay(s, c, "market")
    turn_of(s, 0, c)
    s.apply(A.OPEN_ITEMS)
    shown = s.observation(0)["display"]["cards"]
    cheapest = min(x["value"] for x in shown)
    s.money[0] = cheapest  # builder: exactly the cheapest price in hand
    s._legal = None
    offered = [a - A.BUY_ITEM for a in s.legal_actions() if A.BUY_ITEM <= a < A.BUY_ITEM + 3]
    assert offered == [x["slot"] for x in shown if x["value"] <= cheapest]


def test_the_item_display_opens_once_a_turn_and_leaves_the_weapons_open():
    # rulebook: 9. Предметы (each operation - a sale, a purchase, a theft - once a turn) and
    # 10. Оружие (weapons are bought the same way, apart from items)
    s = ready()
    c = open_cell()
    lay(s, c, "market")
    turn_of(s, 0, c)
    s.apply(A.OPEN_ITEMS)
    slot = s.legal_actions()[1] - A.BUY_ITEM
    card = s.observation(0)["display"]["cards"][slot]
    s.apply(A.BUY_ITEM + slot)
    assert {"type": "buy_item", "player": 0, "item": card["card"], "price": card["value"],
            "to": None} in s.events
    s.apply(A.END)  # close the display
    legal = s.legal_actions()
    assert A.OPEN_ITEMS not in legal and A.OPEN_WEAPONS in legal


def test_returning_a_task_in_a_tavern_is_announced():
    # rulebook: 11. Объекты карты (a task may be returned in a tavern) and 8. Задания
    s = ready()
    c = open_cell()
    lay(s, c, "tavern")
    turn_of(s, 1, c)
    t = task(s, "parcel")
    s.tasks[1] = [t]
    s.apply(A.DROP_TASK)
    assert {"type": "drop_task", "player": 1, "task": t, "reveal": True,
            "to": None} in s.events
    assert s.qdeck[0] == t


@pytest.mark.parametrize("d, gap", [(3, 2), (4, 5), (5, 4)])
def test_a_gap_on_another_edge_of_the_next_hex_is_no_dead_end(d, gap):
    # rulebook: 16. Особые ситуации (only a player who cannot get out of his hex is sent
    # back) and 6. Перемещение по карте (a gap closes its own edge only): the next hex's gap
    # lies on an edge other than the one the road comes in by
    s = ready()
    c = open_cell()
    lay(s, c, "stone_road", roads=1 << d)
    q = G.nb[c * 6 + d]
    assert (d + 3) % 6 != gap
    lay(s, q, "stone_road", gaps=1 << gap)
    s.pos[1] = c
    force(s, *rolls(3))
    s.apply(A.END)
    assert s.current_player() == 1 and s.observation(None)["players"][1]["cell"] == c
    assert A.MOVE + d in s.legal_actions()
