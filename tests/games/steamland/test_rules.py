"""Rule tests for Steamland, one or more per rulebook section (hand-built positions)."""

import pytest

from railtable.engine import IllegalAction
from railtable.games.steamland import actions as A
from railtable.games.steamland import rules as R

from .helpers import (CENTER, E, G, NE, W, applying, cell, creature, force, force_play,
                      give_item, item, lay, money_total, ready, rolled, rolls, seed_for, task,
                      weapon)


# ---------------------------------------------------------------- 4. Начало игры

def test_start_money_and_equipment_display():
    # rulebook: 4. Начало игры (2000 pounds each; 2n items and n weapons face up). Our
    # design for fair seats: each later seat gets 300 pounds more per place, and the display
    # holds n steam pistols, n speed potions and n lucky cogs
    for n in range(2, 7):
        s = G.new_state(n, 3)
        assert s.money == [2000 + 300 * p for p in range(n)]
        assert len(s.sh_items) == 2 * n and len(s.sh_weap) == n
        kinds = sorted(G.item_defs[G.i_kind[c]]["key"] for c in s.sh_items)
        assert kinds == ["lucky_cog"] * n + ["speed_potion"] * n
        assert {G.weapon_defs[G.w_kind[c]]["key"] for c in s.sh_weap} == {"steam_pistol"}
        assert s.current_player() == 0
        assert money_total(s) == G.total_money


def test_every_seat_can_buy_what_the_first_bought():
    # rulebook: 4. Начало игры (in turn order one piece each, up to 2 items and 1 weapon):
    # with the equal display every seat can buy the same pistol, potion and cog
    s = G.new_state(4, 11)
    kit = [("weapon", "steam_pistol"), ("item", "speed_potion"), ("item", "lucky_cog")]
    for _ in kit:
        for p in range(4):
            assert s.current_player() == p
            held = [("weapon", G.weapon_defs[G.w_kind[c]]["key"]) for c in s.weapons[p]] + [
                ("item", G.item_defs[G.i_kind[c >> 1]]["key"]) for c in s.items[p]]
            want = next(k for k in kit if k not in held)
            buys = {}
            for a in s.legal_actions():
                if A.BUY_ITEM <= a < A.BUY_WEAPON:
                    buys[("item", G.item_defs[G.i_kind[s.sh_items[a - A.BUY_ITEM]]]["key"])] = a
                elif A.BUY_WEAPON <= a < A.SELL_ITEM:
                    buys[("weapon", G.weapon_defs[G.w_kind[
                        s.sh_weap[a - A.BUY_WEAPON]]]["key"])] = a
            s.apply(buys[want])
    for p in range(4):
        assert len(s.weapons[p]) == 1 and len(s.items[p]) == 2
        assert s.money[p] == 2000 + 300 * p - 500 - 200 - 300

def test_equipment_limits_two_items_one_weapon():
    # rulebook: 4. Начало игры (at most 2 items and 1 weapon in all, one per turn)
    s = G.new_state(2, 5)
    s.money = [10000, 10000]
    s.bank -= 16000
    s._legal = None
    bought_items = 0
    while s.current_player() == 0 and s.phase == R.PH_SHOP:
        la = s.legal_actions()
        buys = [a for a in la if A.BUY_ITEM <= a < A.SELL_ITEM]
        if not buys:
            break
        s.apply(buys[0])
        if s.phase == R.PH_SHOP and s.current_player() == 1:
            s.apply(A.END)  # seat 1 passes for good
    assert s.sh_bi[0] <= 2 and s.sh_bw[0] <= 1
    assert s.sh_bi[0] + s.sh_bw[0] == 3
    la = s.legal_actions() if s.phase == R.PH_SHOP else []
    assert not [a for a in la if A.BUY_ITEM <= a < A.SELL_ITEM]


def test_after_purchase_hidden_item_tasks_and_common_task():
    # rulebook: 4. Начало игры (one hidden item, one private task; one common task;
    # an О task dealt to a player goes to the common pool, an И task drawn as common returns)
    for seed in range(12):
        s = G.new_state(4, seed)
        unused_display = [c for c in s.sh_items]
        for _ in range(4):
            s.apply(A.END)
        assert s.phase != R.PH_SHOP
        for p in range(4):
            assert len(s.items[p]) == 1 and s.items[p][0] & 1  # hidden
            assert len(s.tasks[p]) <= 1
            for t in s.tasks[p]:
                assert not G.q_common[t]
        for t in s.common:
            assert G.q_common[t]
        # the display went back under the pile: it is at the bottom
        assert sorted(s.ideck[:len(unused_display)]) == sorted(unused_display)
        assert len(s.tasks[0]) + len(s.tasks[1]) + len(s.tasks[2]) + len(s.tasks[3]) \
            + len(s.common) + len(s.qdeck) == 20


def test_common_task_mark_goes_to_pool_without_replacement():
    # rulebook: 8. Задания (an О task received by a player goes to the common pool; no
    # replacement)
    s = ready()
    c = cell(1, 0)
    lay(s, c, "tavern")
    s.pos[0] = c
    t = task(s, "urgent_dispatch")
    s.qdeck.append(t)
    s._legal = None
    s.apply(A.TAKE_TASK)
    assert s.tasks[0] == [] and t in s.common


def test_difficulty_levels():
    # rulebook: 4. Начало игры (four levels; dragons in a separate pile from Professor on)
    names = [name for name, _ in G.difficulty_levels()]
    assert names == ["Apprentice", "Master", "Professor", "Genius"]
    for name, opts in G.difficulty_levels():
        s = G.new_state(3, 1, opts)
        dragons_in_main = [c for c in s.cdeck if G.c_dragon[c]]
        if opts["level"] in ("apprentice", "master"):
            assert len(dragons_in_main) == 6 and s.ddeck == []
        else:
            assert dragons_in_main == [] and len(s.ddeck) == 6


# ---------------------------------------------------------------- 5. Карта

def test_fog_revealed_when_leaving_a_hex():
    # rulebook: 5. Карта (a hex is revealed when a player leaves towards it)
    s = ready()
    c = cell(1, 0)
    assert s.tile[c] < 0
    s.tdeck = [t for t in s.tdeck if G.t_kind[t] == R.K_TERRAIN and G.t_cost[t] == 1] + \
        [t for t in s.tdeck if not (G.t_kind[t] == R.K_TERRAIN and G.t_cost[t] == 1)]
    s.tdeck.reverse()  # a cheap terrain tile on top
    s._legal = None
    s.apply(A.MOVE + E)
    assert s.tile[c] >= 0
    assert s.roads[c] >> 3 & 1  # turned so that its road meets ours
    assert s.pos[0] == c and s.mp == 7


def test_creature_attack_tile_fight_without_moving():
    # rulebook: 13. Схватка (a revealed hex with a creature: the fight happens at once
    # without moving; after a loss or an escape the player stays where he was)
    s = ready()
    ti = [t for t in s.tdeck if G.t_kind[t] == R.K_ATTACK][0]
    s.tdeck.remove(ti)
    s.tdeck.append(ti)
    c = creature(s, "swamp_toad")  # cannot flee
    s.cdeck.append(c)
    s._legal = None
    force_play(s, applying(A.MOVE + E), lambda t, ev: any(
        e["type"] == "fight_roll" and e["roll"] == 1 and e["opponent_roll"] >= 6 for e in ev))
    s.apply(A.MOVE + E)
    # rotation roll then fight roll: the toad (no fleeing) wins 6+2 against 1
    assert s.pos[0] == CENTER
    assert s.mon[cell(1, 0)] == c
    assert s.fk == 0


# ---------------------------------------------------------------- 6. Перемещение по карте

def test_terrain_costs():
    # rulebook: 6. Перемещение по карте (stone and lava 1, sand 2, swamp 3, water 4)
    costs = {"stone_road": 1, "lava_field": 1, "sand_dunes": 2, "swamp": 3, "lake": 4}
    for key, cost in costs.items():
        s = ready()
        lay(s, cell(1, 0), key)
        s.apply(A.MOVE + E)
        assert s.mp == 8 - cost, key


def test_not_enough_movement_points():
    # rulebook: 6. Перемещение по карте (8 movement points to spend)
    s = ready()
    lay(s, cell(1, 0), "lake")
    s.mp = 3
    s._legal = None
    assert A.MOVE + E not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply(A.MOVE + E)


def test_roads_only():
    # rulebook: 6. Перемещение по карте (only along roads)
    s = ready()
    lay(s, cell(1, 0), "stone_road", roads=1 << 0)  # its road points away from us
    assert A.MOVE + E not in s.legal_actions()


def test_hot_lava_bonus_and_steam_car():
    # rulebook: 6. Перемещение по карте (lava start +1; permanent modifiers before the move)
    s = ready(seed=11)
    c = cell(1, 0)
    lay(s, c, "lava_field")
    s.pos[0] = c
    give_item(s, 0, "steam_car")
    s.phase = R.PH_START
    force(s, *rolls(3))
    s._settle()
    assert s.mp == 8 + 1 + 2


def test_speed_potion_any_time_once():
    # rulebook: 6. Перемещение по карте (temporary modifiers at any moment of the turn)
    s = ready()
    give_item(s, 0, "speed_potion")
    s.mp = 2
    s._legal = None
    s.apply(A.POTION)
    assert s.mp == 5 and s.items[0] == []


def test_road_gap_needs_balloon():
    # rulebook: 6. Перемещение по карте (gaps need the balloon)
    s = ready()
    lay(s, cell(1, 0), "lava_rift", gaps=1 << 3)
    assert A.MOVE + E not in s.legal_actions()
    give_item(s, 0, "balloon")
    assert A.MOVE + E in s.legal_actions()


def test_city_actions_cost_a_point_and_once_per_turn():
    # rulebook: 6. Перемещение по карте (1 point per action; each kind once per turn)
    s = ready()
    c = cell(1, 0)
    lay(s, c, "city_2")
    s.pos[0] = c
    s._legal = None
    s.apply(A.TAKE_TASK)
    assert s.mp == 7
    assert A.TAKE_TASK not in s.legal_actions()
    s.apply(A.OPEN_WEAPONS)
    assert s.phase == R.PH_MARKET and len(s.mdisp) == 3
    s.apply(A.END)
    assert A.OPEN_WEAPONS not in s.legal_actions() and s.mp == 6


def test_red_face_event_but_not_in_city():
    # rulebook: 7. События (the red face gives an event, not in a city/tavern/market/boiler)
    s = ready()
    c = cell(1, 0)
    lay(s, c, "stone_road")
    s.pos[0] = c
    s.edeck.sort(key=lambda e: G.e_effect[e] == R.V_GAIN)  # Inheritance on top
    s.phase = R.PH_START
    force(s, *rolls(G.red_face))
    m = s.money[0]
    s._settle()
    assert s.money[0] == m + 300
    s2 = ready()
    lay(s2, c, "city_3")
    s2.pos[0] = c
    s2.phase = R.PH_START
    force(s2, *rolls(G.red_face))
    m = s2.money[0]
    ev = list(s2.edeck)
    s2._settle()
    assert s2.edeck == ev and s2.money[0] == m


def test_creature_attack_event_ends_the_turn():
    # rulebook: 6. Перемещение по карте (after an event, except a monster attack, the
    # player takes the turn)
    s = ready()
    c = cell(1, 0)
    lay(s, c, "stone_road")
    s.pos[0] = c
    s.edeck.sort(key=lambda e: G.e_effect[e] == R.V_ATTACK)
    rat = creature(s, "steam_rat")
    s.cdeck.append(rat)
    s.phase = R.PH_START
    s.weapons[0] = [weapon(s, "tesla_gun")]
    force(s, *rolls(G.red_face), lambda r: True)
    s._settle()
    assert s.fk == 1 and s.fc == rat
    assert s.current_player() == 0
    s.apply(A.FIGHT)
    while s.current_player() == 0 and (s.pend or s.fk):
        s.apply(s.legal_actions()[0])
    assert s.cur == 1 and s.fk == 0


# ---------------------------------------------------------------- 8. Задания

def test_task_dice_and_visit_completion():
    # rulebook: 8. Задания (dice name the cities 1-6; reward points, money and a part)
    s = ready()
    t = task(s, "parcel")
    s.tasks[0] = [t]
    s.target[t] = 1 << 2
    s.prog[t * 3] = 0
    c = cell(1, 0)
    lay(s, c, "city_2")
    m = s.money[0]
    s.apply(A.MOVE + E)
    assert t in s.qdone and s.tasks[0] == []
    assert s.points[0] == 1 and s.money[0] == m + 300
    assert s.found[G.q_part[t]] == 1 and s.credit[0] == 1


def test_at_most_two_tasks():
    # rulebook: 8. Задания (no more than two tasks)
    s = ready()
    c = cell(1, 0)
    lay(s, c, "tavern")
    s.pos[0] = c
    s.tasks[0] = [task(s, "parcel"), task(s, "trophy")]
    s._legal = None
    assert A.TAKE_TASK not in s.legal_actions()
    assert A.DROP_TASK in s.legal_actions()  # a tavern takes tasks back


def test_forced_third_task_returns_one_already_held():
    # rulebook: 8. Задания (an event task cannot be refused: the player returns any of the
    # tasks he already held, and keeps the new one)
    s = ready()
    c = cell(1, 0)
    lay(s, c, "stone_road")
    s.pos[0] = c
    s.tasks[0] = [task(s, "parcel"), task(s, "trophy")]
    priv = [t for t in s.qdeck if not G.q_common[t]][0]
    s.qdeck.remove(priv)
    s.qdeck.append(priv)
    s.edeck.sort(key=lambda e: G.e_effect[e] == R.V_TASK)
    s.phase = R.PH_START
    force(s, *rolls(G.red_face))
    s._settle()
    held = list(s.tasks[0][:2])
    assert len(s.tasks[0]) == 3 and s.pend[0][0] == R.P_TDISCARD
    assert s.observation(0)["pending"] == "return_task"
    assert s.legal_actions() == [A.DROP_TASK, A.DROP_TASK + 1]  # not the new one
    with pytest.raises(IllegalAction):
        s.apply(A.DROP_TASK + 2)
    s.apply(A.DROP_TASK + 1)
    assert s.tasks[0] == [held[0], priv] and held[1] in s.qdeck


def test_common_task_completed_by_anyone():
    # rulebook: 8. Задания (a common task: whoever completes it gets the reward)
    s = ready()
    t = task(s, "urgent_dispatch")
    s.common = [t]
    s.target[t] = 1 << 4
    c = cell(1, 0)
    lay(s, c, "city_4")
    s.apply(A.MOVE + E)
    assert s.common == [] and s.points[0] == 1


# ---------------------------------------------------------------- 9. Предметы

def test_at_most_three_items_discard_before_receiving():
    # rulebook: 9. Предметы (three items at most; return one before getting a new one)
    s = ready()
    for k in ("tea_chest", "elixir", "pocket_watch"):
        give_item(s, 0, k)
    s._gain_item(0, item(s, "balloon") << 1)
    assert len(s.items[0]) == 3
    assert s.pend[0][0] == R.P_DISCARD
    assert s.legal_actions() == [A.DISCARD_ITEM + k for k in (0, 1, 2, 3)]
    s.apply(A.DISCARD_ITEM)
    assert len(s.items[0]) == 3
    assert any(G.i_effect[c >> 1] == R.E_BALLOON for c in s.items[0])


def test_sell_full_price_even_half_odd():
    # rulebook: 9. Предметы (sale: full value on an even roll, half on an odd one)
    for roll, part in ((4, 1.0), (3, 0.5)):
        s = ready()
        c = cell(1, 0)
        lay(s, c, "market")
        s.pos[0] = c
        it = give_item(s, 0, "gold_nugget")
        force(s, *rolls(roll))
        s.apply(A.SELL_ITEM)
        assert s.money[0] == 2000 + int(G.i_value[it] * part)
        assert it in s.ideck


def test_buy_from_three_revealed():
    # rulebook: 9. Предметы (three revealed, buy any number within the limit)
    s = ready()
    c = cell(1, 0)
    lay(s, c, "market")
    s.pos[0] = c
    s.money[0] = 9000
    s.bank -= 7000
    s._legal = None
    s.apply(A.OPEN_ITEMS)
    shown = list(s.mdisp)
    assert len(shown) == 3
    s.apply(A.BUY_ITEM)
    s.apply(A.BUY_ITEM + 1)
    s.apply(A.END)
    assert [c >> 1 for c in s.items[0]] == shown[:2]
    assert s.ideck[0] == shown[2]  # back under the pile


@pytest.mark.parametrize("roll", [6, 3, 1])
def test_theft(roll):
    # rulebook: 9. Предметы (theft: 5-6 a hidden item, 3-4 nothing, 1-2 lose one)
    s = ready()
    c = cell(1, 0)
    lay(s, c, "tavern")
    s.pos[0] = c
    give_item(s, 0, "tea_chest")
    force(s, *rolls(roll))
    s.apply(A.STEAL)
    n = len(s.items[0])
    assert n == {6: 2, 3: 1, 1: 0}[roll]
    if roll == 6:
        assert s.items[0][1] & 1  # face down


def test_theft_dungeon_without_items_and_money():
    # rulebook: 9. Предметы (no items and no money: three turns in the dungeon)
    s = ready()
    c = cell(1, 0)
    lay(s, c, "market")
    s.pos[0] = c
    s.bank += s.money[0]
    s.money[0] = 0
    force(s, *rolls(2))
    s.apply(A.STEAL)
    assert s.jail[0] == 3
    s.apply(A.END)
    for _ in range(2):
        while s.cur != 0:
            s.apply(A.END) if s.pend == [] and not s.fk else s.apply(s.legal_actions()[0])
    assert s.jail[0] <= 2


def test_theft_loses_300_without_items():
    # rulebook: 9. Предметы (1-2 and no item: 300 pounds)
    s = ready()
    c = cell(1, 0)
    lay(s, c, "market")
    s.pos[0] = c
    force(s, *rolls(1))
    s.apply(A.STEAL)
    assert s.money[0] == 1700


def test_gamble_against_chief_engineer():
    # rulebook: 9. Предметы (stake an item; equal or higher wins the Engineer's item)
    for mine, his, won in ((4, 4, True), (2, 5, False)):
        s = ready()
        c = cell(1, 0)
        lay(s, c, "tavern")
        s.pos[0] = c
        give_item(s, 0, "tea_chest")
        s.set_seed(seed_for(lambda r: (r.randint(1, 6), r.randint(1, 6)) == (mine, his)))
        s._legal = None
        s.apply(A.GAMBLE)
        assert len(s.items[0]) == (2 if won else 0)


def test_no_gamble_with_three_items():
    # rulebook: 9. Предметы (no gambling with three items in hand)
    s = ready()
    c = cell(1, 0)
    lay(s, c, "tavern")
    s.pos[0] = c
    for k in ("tea_chest", "elixir", "pocket_watch"):
        give_item(s, 0, k)
    assert not [a for a in s.legal_actions() if A.GAMBLE <= a < A.GAMBLE + 3]


# ---------------------------------------------------------------- 10. Оружие

def test_two_weapons_only_best_used():
    # rulebook: 10. Оружие (at most two; only one used in a fight)
    s = ready()
    s.weapons[0] = [weapon(s, "knife"), weapon(s, "harpoon")]
    assert s._weapon(0) == 3
    s._gain_weapon(0, weapon(s, "steam_rifle"))
    assert len(s.weapons[0]) == 2 and s.pend[0][0] == R.P_WDISCARD
    s.apply(A.DISCARD_WEAPON)  # the knife goes
    assert s._weapon(0) == 4 and len(s.weapons[0]) == 2


# ---------------------------------------------------------------- 11. Объекты карты

@pytest.mark.parametrize("key,allowed,forbidden", [
    ("city_1", [A.TAKE_TASK, A.OPEN_ITEMS, A.OPEN_WEAPONS], [A.STEAL, A.DROP_TASK, A.GAMBLE]),
    ("market", [A.OPEN_ITEMS, A.OPEN_WEAPONS, A.STEAL], [A.TAKE_TASK, A.DROP_TASK, A.GAMBLE]),
    ("tavern", [A.TAKE_TASK, A.DROP_TASK, A.GAMBLE, A.STEAL], [A.OPEN_ITEMS, A.OPEN_WEAPONS]),
    ("stone_road", [], [A.TAKE_TASK, A.OPEN_ITEMS, A.STEAL, A.GAMBLE]),
])
def test_object_table(key, allowed, forbidden):
    # rulebook: 11. Объекты карты (what each object allows)
    s = ready()
    c = cell(1, 0)
    lay(s, c, key)
    s.pos[0] = c
    s.tasks[0] = [task(s, "trophy")]
    give_item(s, 0, "tea_chest")
    s.heads[0] = [creature(s, "steam_rat")]
    la = s.legal_actions()
    for a in allowed:
        assert a in la, (key, a)
    for a in forbidden:
        assert a not in la, (key, a)
    heads = A.SELL_HEAD in la
    assert heads == (key in ("city_1", "market"))


def test_dragons_close_markets_then_cities():
    # rulebook: 12. Существа (1 dragon: no markets and taverns; 2: cities inactive)
    s = ready()
    m, c = cell(1, 0), cell(-1, 0)
    lay(s, m, "market")
    lay(s, c, "city_1")
    lay(s, cell(0, 2), "stone_road")
    lay(s, cell(0, -2), "stone_road")
    s._place(creature(s, "dragon_1"), cell(0, 2))
    s.pos[0] = m
    s._legal = None
    assert A.OPEN_ITEMS not in s.legal_actions()
    s.pos[0] = c
    s._legal = None
    assert A.TAKE_TASK in s.legal_actions()
    s._place(creature(s, "dragon_2"), cell(0, -2))
    s._legal = None
    assert A.TAKE_TASK not in s.legal_actions()


def test_three_dragons_event_every_turn():
    # rulebook: 12. Существа (3 dragons: an event every turn whatever the roll)
    s = ready()
    c = cell(1, 0)
    lay(s, c, "stone_road")
    s.pos[0] = c
    for k, q, key in ((1, (0, 2), "stone_cross"), (2, (0, -2), "sand_dunes"),
                      (3, (-2, 0), "swamp")):
        lay(s, cell(*q), key)
        s._place(creature(s, f"dragon_{k}"), cell(*q))
    s.edeck.sort(key=lambda e: G.e_effect[e] == R.V_GAIN)
    s.phase = R.PH_START
    force(s, *rolls(5))
    s._settle()
    assert s.money[0] == 2300


def test_dragon_moves_on_its_number():
    # rulebook: 12. Существа (a roll of a dragon's number lets the player move it; the
    # valuables on its hex go with it)
    s = ready()
    d, q = cell(2, 0), cell(3, 0)
    lay(s, d, "stone_road")
    lay(s, q, "stone_road")
    dr = creature(s, "dragon_4")
    s._place(dr, d)
    s.lmoney[d] = 300
    s.bank -= 300
    s.phase = R.PH_START
    force(s, *rolls(4))
    s._settle()
    assert s.pend and s.pend[0][0] == R.P_DRAGON and s.current_player() == 0
    assert A.END in s.legal_actions() and A.MOVE + E in s.legal_actions()
    s.apply(A.MOVE + E)
    assert s.mon[q] == dr and s.mon[d] == -1 and s.lmoney[q] == 300 and s.dpos[4] == q


def test_four_dragons_everyone_loses():
    # rulebook: Цель игры / 12. Существа (four dragons at once: a loss for all)
    s = ready()
    for k, key in zip(range(1, 5), ("stone_cross", "sand_dunes", "swamp", "lake")):
        c = cell(k, -k) if k < 4 else cell(-2, 1)
        lay(s, c, key)
        s._place(creature(s, f"dragon_{k}"), c)
    assert s.is_terminal() and s.result().winners == () and s.result().reason == "four_dragons"


# ---------------------------------------------------------------- 13. Схватка

def _fight_here(s, key, seed_checks, weapon_key=None):
    c = cell(1, 0)
    lay(s, c, "stone_road")
    s.pos[0] = c
    cr = creature(s, key)
    s._place(cr, c)
    if weapon_key:
        s.weapons[0] = [weapon(s, weapon_key)]
    force(s, *seed_checks)
    s.apply(A.ATTACK_HERE)
    return c, cr


def test_win_gives_head_and_loot():
    # rulebook: 13. Схватка (the winner takes the head and the valuables on the hex)
    s = ready()
    s.lmoney[cell(1, 0)] = 300
    s.bank -= 300
    loot = item(s, "tea_chest")
    s.loot = [(cell(1, 0), loot << 1)]
    c, cr = _fight_here(s, "steam_rat", [lambda r: (r.randint(1, 6), r.randint(1, 6)) == (6, 1)])
    assert s.heads[0] == [cr] and s.mon[c] == -1
    assert s.money[0] == 2300 and [x >> 1 for x in s.items[0]] == [loot]
    assert s.kills[0] == 1


def test_loss_leaves_creature_and_item_on_hex_and_moves_player():
    # rulebook: 13. Схватка (the monster stays and guards the lost item; the player moves
    # to a neighbouring open hex)
    s = ready()
    it = give_item(s, 0, "tea_chest")
    c, cr = _fight_here(s, "coal_golem", [lambda r: (r.randint(1, 6), r.randint(1, 6)) == (1, 6)])
    assert s.mon[c] == cr and s.loot == [(c, it << 1)] and s.items[0] == []
    # the only open neighbour is the Old Boiler House: the retreat there is a forced single
    # choice (docs/developing.md), taken by the engine in the attack's apply
    assert not s.pend and s.pos[0] == CENTER


def test_loss_without_items_costs_300_or_all_money():
    # rulebook: 13. Схватка (no items: 300 pounds; less than 300: all of it)
    s = ready()
    s.bank += 1800
    s.money[0] = 200
    c, cr = _fight_here(s, "coal_golem", [lambda r: (r.randint(1, 6), r.randint(1, 6)) == (1, 6)])
    assert s.money[0] == 0 and s.lmoney[c] == 200


def test_tie_rerolled_without_modifiers():
    # rulebook: 13. Схватка (a tie: reroll with no modifiers)
    s = ready()
    # 3 + knife 1 = 4 against 2 + rat 1 = 3? make a tie: 2 + 1 against 2 + 1
    checks = [lambda r: (r.randint(1, 6), r.randint(1, 6)) == (2, 2),
              lambda r: (r.randint(1, 6), r.randint(1, 6)) == (3, 2)]
    c, cr = _fight_here(s, "steam_rat", checks, weapon_key="knife")
    # the second round: 3 against 2 without the knife and the rat's strength: a win
    assert s.heads[0] == [cr]


def test_flee_on_five_or_six():
    # rulebook: 13. Схватка (flee: 5-6 escapes, 1-4 the fight happens)
    s = ready()
    ti = [t for t in s.tdeck if G.t_kind[t] == R.K_ATTACK][0]
    s.tdeck.remove(ti)
    s.tdeck.append(ti)
    rat = creature(s, "steam_rat")
    s.cdeck.append(rat)
    force_play(s, applying(A.MOVE + E, A.FLEE), rolled("flee", roll=5))
    s.apply(A.MOVE + E)
    assert s.fk and s.fstep == R.FS_FLEE and s.legal_actions() == [A.FIGHT, A.FLEE]
    s.apply(A.FLEE)
    assert s.fk == 0 and s.pos[0] == CENTER and s.mon[cell(1, 0)] == rat


def test_no_flee_creature():
    # rulebook: 13. Схватка (creatures that forbid fleeing)
    s = ready()
    ti = [t for t in s.tdeck if G.t_kind[t] == R.K_ATTACK][0]
    s.tdeck.remove(ti)
    s.tdeck.append(ti)
    toad = creature(s, "swamp_toad")
    s.cdeck.append(toad)
    s.pos[1] = cell(5, -5)
    s.pos[2] = cell(5, -5)
    force_play(s, applying(A.MOVE + E), lambda t, ev: any(
        e["type"] == "fight_roll" and e["roll"] == 6 and e["opponent_roll"] <= 2 for e in ev))
    s.apply(A.MOVE + E)
    assert s.fk == 0 and s.heads[0] == [toad] and s.pos[0] == cell(1, 0)


def test_escape_item_after_failed_flee():
    # rulebook: 13. Схватка (an item that lets you escape after a failed flee)
    s = ready()
    ti = [t for t in s.tdeck if G.t_kind[t] == R.K_ATTACK][0]
    s.tdeck.remove(ti)
    s.tdeck.append(ti)
    rat = creature(s, "steam_rat")
    s.cdeck.append(rat)
    give_item(s, 0, "smoke_bomb")
    force_play(s, applying(A.MOVE + E, A.FLEE), rolled("flee", roll=2))
    s.apply(A.MOVE + E)
    s.apply(A.FLEE)
    assert s.fstep == R.FS_ESCAPE and s.legal_actions() == [A.FIGHT, A.ESCAPE]
    s.apply(A.ESCAPE)
    assert s.fk == 0 and s.items[0] == []


def test_players_fight_winner_takes_item_of_choice():
    # rulebook: 13. Схватка (between players the winner takes an item of his choice; the
    # tokens stay)
    s = ready()
    s.pos = [CENTER, CENTER, cell(5, -5)]
    a1 = give_item(s, 1, "tea_chest")
    a2 = give_item(s, 1, "gold_nugget", hidden=True)
    force(s, lambda r: (r.randint(1, 6), r.randint(1, 6)) == (6, 1))
    s.apply(A.CHALLENGE + 1)
    assert s.pend[0][0] == R.P_PICK and s.current_player() == 0
    s.apply(A.PICK + 1)
    assert [c >> 1 for c in s.items[0]] == [a2] and [c >> 1 for c in s.items[1]] == [a1]
    assert s.pos[0] == s.pos[1] == CENTER


# ---------------------------------------------------------------- 14. Участие в поединке

def test_join_decision_moves_to_the_helper():
    # rulebook: 14. Участие в поединке (from the same or a neighbouring hex, either side)
    s = ready()
    c = cell(1, 0)
    lay(s, c, "stone_road")
    s.pos = [c, CENTER, cell(5, -5)]  # seat 1 next door, seat 2 far away
    rat = creature(s, "coal_golem")
    s._place(rat, c)
    s._legal = None
    s.apply(A.ATTACK_HERE)
    assert s.current_player() == 1
    assert s.legal_actions() == [A.JOIN_A, A.JOIN_B, A.STAY_OUT]
    force(s, lambda r: [r.randint(1, 6) for _ in range(3)] == [3, 3, 6])
    s.apply(A.JOIN_A)
    # 3 (seat 0) + half of 6 = 6 against 3 + 3: a tie; the helper chooses again
    assert s.fk and s.current_player() == 1 and s.fround == 1


def test_helper_half_die_rounded_up_and_rewards():
    # rulebook: 14. Участие в поединке (half the die rounded up; a winning helper gets the
    # valuables of the hex or an item from the deck)
    s = ready()
    c = cell(1, 0)
    lay(s, c, "stone_road")
    s.pos = [c, c, cell(5, -5)]
    g = creature(s, "coal_golem")  # strength 3
    s._place(g, c)
    s._legal = None
    s.apply(A.ATTACK_HERE)
    force(s, lambda r: [r.randint(1, 6) for _ in range(3)] == [5, 1, 5])
    s.apply(A.JOIN_A)
    # 5 + ceil(5/2)=3 -> 8 against 1 + 3 = 4
    assert s.heads[0] == [g] and len(s.items[1]) == 1


def test_helping_the_creature_takes_the_loss():
    # rulebook: 14. Участие в поединке (helping the monster: the loser's item goes to the
    # helper)
    s = ready()
    c = cell(1, 0)
    lay(s, c, "stone_road")
    s.pos = [c, CENTER, cell(5, -5)]
    it = give_item(s, 0, "tea_chest")
    g = creature(s, "steam_rat")
    s._place(g, c)
    s._legal = None
    s.apply(A.ATTACK_HERE)
    force(s, lambda r: [r.randint(1, 6) for _ in range(3)] == [3, 2, 6])
    s.apply(A.JOIN_B)
    # 3 against 2 + 1 + 3 = 6
    assert [x >> 1 for x in s.items[1]] == [it] and s.mon[c] == g


# ---------------------------------------------------------------- 15. Достижения

def test_achievements():
    # rulebook: 15. Достижения (7000 pounds +1; 5 tasks +2; 3 dragons +3; first only)
    s = ready()
    s.money[0] = 7000
    s.bank -= 5000
    s.tdone[1] = 5
    s.dkills[2] = 3
    s.chk_all = True
    s._checks()
    assert s.points == [1, 2, 3]
    s.money[1] = 8000
    s.bank -= 6000
    s.chk_all = True
    s._checks()
    assert s.points[1] == 2  # the capitalist title is taken


def test_great_traveller_title_for_last_tile():
    # rulebook: 15. Достижения (the player who reveals the last hex)
    s = ready()
    keep = [t for t in s.tdeck if G.t_kind[t] == R.K_TERRAIN][:1]
    s.tdeck = keep
    s._legal = None
    s.apply(A.MOVE + E)
    assert s.titles[0] & (1 << R.TITLE_TRAVELLER)
    assert A.MOVE + NE not in s.legal_actions()  # no more tiles: the fog stays


# ---------------------------------------------------------------- 16. Особые ситуации

def test_dead_end_returns_to_start_without_anything():
    # rulebook: 16. Особые ситуации (a dead end: lose everything, back to the start)
    s = ready()
    c = cell(1, 0)
    lay(s, c, "lava_rift", roads=1 << 3, gaps=1 << 3)  # the only way out has a gap
    s.pos[0] = c
    give_item(s, 0, "tea_chest")
    s.tasks[0] = [task(s, "parcel")]
    s.phase = R.PH_START
    force(s, *rolls(3))
    total = money_total(s)
    s._settle()
    assert s.pos[0] == CENTER and s.items[0] == [] and s.tasks[0] == [] and s.money[0] == 0
    assert money_total(s) == total


# ---------------------------------------------------------------- Цель игры: the ends

def test_machine_launch_ends_game_with_part_points():
    # rulebook: Цель игры, п. 4-5 (the Screwdriver's holder at the Old Boiler House launches;
    # +6, and +2 per first-found part)
    s = ready()
    s.found = [1, 1, 1, 1, 1, 1, 2]
    s.credit = [3, 5, 0]
    s.complete = True
    give_item(s, 1, "screwdriver")
    s.pos[1] = CENTER
    s.cur = 1  # his own turn: the holder launches on a visit of his own (rules_version 5)
    s.points = [2, 1, 0]
    s.chk_all = True
    s._checks()
    assert s.is_terminal() and s.result().reason == "machine_launched"
    assert s.points == [2 + 6, 1 + 6 + 10, 0]
    assert s.result().winners == (1,)


def test_no_launch_without_all_parts():
    # rulebook: Цель игры, п. 5 (no machine, no points for parts)
    s = ready()
    s.found = [1, 1, 1, 1, 1, 1, 1]
    s.complete = s._machine_complete()
    give_item(s, 0, "screwdriver")
    s.chk_all = True
    s._checks()
    assert not s.is_terminal()


def test_fourteen_points_wins():
    # rulebook: Цель игры (14 points: that player wins)
    s = ready()
    s.points[2] = 13
    t = task(s, "parcel")
    s.tasks[2] = [t]
    s.target[t] = 1 << 2
    s.prog[t * 3 + 2] = 1 << 2
    s.chk_all = True
    s._checks()
    assert s.is_terminal() and s.result().winners == (2,)
    assert s.result().reason == "fourteen_points"


def test_all_dragons_defeated_ends():
    # rulebook: Цель игры (all dragons defeated)
    s = ready()
    s.dkilled = 5
    s.weapons[0] = [weapon(s, "tesla_gun")]
    c, cr = _fight_here(s, "dragon_1", [lambda r: (r.randint(1, 6), r.randint(1, 6)) == (6, 1)])
    assert s.is_terminal() and s.result().reason == "dragons_defeated"


# ---------------------------------------------------------------- more corner cases

def _top_tile(s, kind):
    ti = [t for t in s.tdeck if G.t_kind[t] == kind][0]
    s.tdeck.remove(ti)
    s.tdeck.append(ti)
    s._legal = None
    return ti


@pytest.mark.parametrize("level,kind,spawns,dragon", [
    ("apprentice", R.K_CITY, False, False), ("master", R.K_CITY, True, False),
    ("professor", R.K_ATTACK, True, True), ("genius", R.K_CITY, True, True),
    ("professor", R.K_CITY, False, False)])
def test_levels_where_creatures_appear(level, kind, spawns, dragon):
    # rulebook: 4. Начало игры (the four levels: which revealed hexes bring a creature, and
    # whether it is a dragon from the separate pile)
    s = ready(level=level)
    _top_tile(s, kind)
    # a creature that lets you flee on top of the pile the level draws from
    top = creature(s, "dragon_1" if dragon else "steam_rat")
    (s.ddeck if dragon else s.cdeck).append(top)
    s.apply(A.MOVE + E)
    c = cell(1, 0)
    if not spawns:
        assert s.mon[c] == -1 and s.fk == 0
        return
    assert s.fk == 1 and s.fstep == R.FS_FLEE
    assert s.fc == top and s.mon[c] == top


def test_event_creature_escaped_goes_back_under_its_pile():
    # rulebook: 13. Схватка (a successful flight: no fight; the event's creature leaves)
    s = ready()
    c = cell(1, 0)
    lay(s, c, "stone_road")
    s.pos[0] = c
    s.edeck.sort(key=lambda e: G.e_effect[e] == R.V_ATTACK)
    rat = creature(s, "steam_rat")
    s.cdeck.append(rat)
    s.phase = R.PH_START
    force(s, *rolls(G.red_face), *rolls(6))
    s._settle()
    s.apply(A.FLEE)
    assert s.fk == 0 and s.cdeck[0] == rat and s.mon[c] == -1
    assert s.cur == 1  # a monster attack still ends the turn


def test_event_creature_wins_stays_on_the_players_hex():
    # rulebook: 13. Схватка (a lost fight: the monster is laid on the hex, the player
    # retreats to a neighbouring open hex)
    s = ready()
    c = cell(1, 0)
    lay(s, c, "stone_road")
    s.pos[0] = c
    s.edeck.sort(key=lambda e: G.e_effect[e] == R.V_ATTACK)
    toad = creature(s, "swamp_toad")
    s.cdeck.append(toad)
    s.phase = R.PH_START
    force(s, *rolls(G.red_face), lambda r: (r.randint(1, 6), r.randint(1, 6)) == (1, 5))
    s._settle()
    assert s.fk == 0 and s.mon[c] == toad
    assert s.pend[0][0] == R.P_DISPLACE and s.legal_actions() == [A.MOVE + W]
    s.apply(A.MOVE + W)
    assert s.pos[0] == CENTER and s.money[0] == 1700 and s.lmoney[c] == 300


def test_incoming_item_seen_only_by_its_receiver():
    # rulebook: 9. Предметы (the item arriving face down stays hidden from the others)
    s = ready()
    for k in ("tea_chest", "elixir", "pocket_watch"):
        give_item(s, 0, k)
    s._draw_item(0)
    assert s.observation(0)["incoming"] and s.observation(1)["incoming"] == []
    assert s.observation(None)["incoming"] == []


def test_dungeon_skips_turns():
    # rulebook: 9. Предметы (the dungeon: the turns are skipped)
    s = ready()
    s.jail[1] = 2
    s.apply(A.END)
    assert s.cur == 2 and s.current_player() == 2  # seat 1 of three sits its turn out
    assert s.jail[1] == 1


def test_moving_into_a_creature_is_an_attack():
    # rulebook: 13. Схватка (a monster blocks its hex until beaten)
    s = ready()
    c = cell(1, 0)
    lay(s, c, "sand_dunes")
    g = creature(s, "steam_rat")
    s._place(g, c)
    s._legal = None
    force(s, lambda r: (r.randint(1, 6), r.randint(1, 6)) == (6, 1))
    s.apply(A.MOVE + E)
    assert s.heads[0] == [g] and s.pos[0] == c and s.mp == 6


def test_one_sale_a_turn_item_or_weapon():
    # rulebook: 6. Перемещение по карте (each kind of action once a turn: "sell something"
    # once) and 9. Предметы (sale, purchase, theft: once a turn each)
    s = ready()
    c = cell(1, 0)
    lay(s, c, "city_5")
    s.pos[0] = c
    give_item(s, 0, "gold_nugget")
    s.weapons[0] = [weapon(s, "knife")]
    s._legal = None
    la = s.legal_actions()
    assert A.SELL_ITEM in la and A.SELL_WEAPON in la
    s.apply(A.SELL_WEAPON)
    la = s.legal_actions()
    assert A.SELL_ITEM not in la and A.SELL_WEAPON not in la


def test_players_fight_with_a_helper_both_losers_pay_the_winner():
    # rulebook: 14. Участие в поединке (Anton and Boris lose to Vasily: each gives one item
    # to Vasily)
    s = ready()
    s.pos = [CENTER, CENTER, CENTER]
    a = give_item(s, 0, "tea_chest")
    b = give_item(s, 2, "elixir")
    s._legal = None
    s.apply(A.CHALLENGE + 1)
    assert s.current_player() == 2  # seat 2 may join
    force(s, lambda r: [r.randint(1, 6) for _ in range(3)] == [1, 6, 1])
    s.apply(A.JOIN_A)
    # 1 + ceil(1/2) = 2 against 6
    assert sorted(c >> 1 for c in s.items[1]) == sorted([a, b])
    assert s.items[0] == [] and s.items[2] == []


def test_lucky_cog_after_the_roll():
    # rulebook: 13. Схватка (after the roll the player may use items that change the result)
    s = ready()
    cog = give_item(s, 0, "lucky_cog")
    c = cell(1, 0)
    lay(s, c, "stone_road")
    s.pos[0] = c
    rat = creature(s, "steam_rat")
    s._place(rat, c)
    force(s, lambda r: (r.randint(1, 6), r.randint(1, 6)) == (2, 2))
    s.apply(A.ATTACK_HERE)
    assert s.fk and s.fstep == R.FS_COG and s.legal_actions() == [A.USE_COG, A.NO_COG]
    s.apply(A.USE_COG)
    # 2 + 2 = 4 against 2 + 1 = 3
    assert s.heads[0] == [rat] and cog in s.ideck
