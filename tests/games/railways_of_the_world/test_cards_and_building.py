"""More rule tests: operations-card effects, continuing links."""

from railtable.games.railways_of_the_world import GAME
from railtable.games.railways_of_the_world import rules as R
from railtable.games.railways_of_the_world.actions import (
    A_BUILD, A_BUILD_AT, A_CARD, A_CUBE, A_DELIVER, A_FINISH, A_MOVE, A_NOTE, A_PASS_TURN, A_STEP,
    A_TAKE_CARD, A_USE_CARD, MAX_SEATS)
from tests.games.railways_of_the_world.helpers import (
    M, build_link, chain, choose, city, deliver_alone, fresh, give, route, set_cubes, to_turn)


def _take(s, p, key):
    c = GAME.card_id[key]
    if c in s.deck:
        s.deck.remove(c)
        s.display.append(c)
    to_turn(s, p)
    s.apply(A_CARD)
    s.apply(A_TAKE_CARD + c)
    return c


def test_unfinished_link_continued_later_in_the_round():
    # rulebook: Прокладывание рельсов (a tile joins a city's track or an already laid tile;
    # unfinished links stay until the end of the round)
    s = fresh(2, 11)
    a, b = chain(1, s)
    r = route(s, 0, a, b)
    assert len(r[1]) >= 2
    give(s, 0, 40000)
    to_turn(s, 0)
    s.apply(A_BUILD)
    s.apply(A_BUILD_AT + M.city_hex[a])
    s.apply(A_STEP + r[1][0])
    s.apply(A_FINISH)
    assert len(s.unfinished[0]) == 1 and s.links == []
    head = s.unfinished[0][0][1][-1][0]
    to_turn(s, 0)
    s.apply(A_BUILD)
    assert A_BUILD_AT + head in s.legal_actions()
    s.apply(A_BUILD_AT + head)
    for d in r[1][1:]:
        s.apply(A_STEP + d)
    assert s.links[-1][:3] == (0, a, b) and s.unfinished[0] == []
    assert len(s.links[-1][3]) == len(r[1]) - 1  # one track tile a hex between the cities


def test_major_line_rewards_a_chain_of_own_links():
    # rulebook: Получение карты операции, green circle (Major Line: our design)
    s = fresh(3, 3)
    c = GAME.card_id["major_line_new_york_chicago"]
    assert c in s.display
    card = GAME.card_params[c]
    a, b = card["city_ids"]["eastern_us_canada"]
    # give player 1 every link of a short chain from a to b by hand
    path = _city_path(s, a, b)
    for x, y in zip(path, path[1:]):
        s.adj[x] += ((y, 1),)
        s.adj[y] += ((x, 1),)
    s._check_major_lines(1)
    assert s.points[1] == card["points"] and c in s.discard and c not in s.display


def _city_path(s, a, b):
    pos = [M.hex_qr[h] for h in M.city_hex]
    prev = {a: None}
    todo = [a]
    while todo:
        x = todo.pop(0)
        for y in range(M.num_cities):
            if y not in prev and 2 <= M.distance(pos[x], pos[y]) <= 5:
                prev[y] = x
                todo.append(y)
    out = [b]
    while out[-1] != a:
        out.append(prev[out[-1]])
    return out[::-1]


def test_service_bounty_goes_to_the_first_delivery_there():
    # rulebook: Получение карты операции, green circle (Service Bounty: our design)
    s = fresh(3, 3)
    key = "service_bounty_boston"
    c = GAME.card_id[key]
    if c in s.deck:
        s.deck.remove(c)
        s.display.append(c)
    dest = city("boston")
    src = next(x for x in range(M.num_cities) if route(s, 0, x, dest))
    give(s, 0, 40000)
    build_link(s, 0, src, dest)
    k = s.city_colour[dest]
    if s.city_colour[src] == k:
        s.city_colour[src] = R.GRAY
    set_cubes(s, src, [1 if i == k else 0 for i in range(5)])
    to_turn(s, 0)
    deliver_alone(s, [src, dest], [0])
    assert s.points[0] == 1 + GAME.card_params[c]["points"] and c in s.discard


def test_bridge_and_tunnel_cards_change_costs():
    # rulebook: Получение карты операции, no symbol (permanent benefits: our design)
    s = fresh(3, 3)
    water = next((c, d) for c, h in enumerate(M.city_hex) for d in range(6)
                 if M.nb[h * 6 + d] >= 0 and M.city_at[M.nb[h * 6 + d]] < 0
                 and M.terrain[M.nb[h * 6 + d]] == 1 and not M.ridge[h * 6 + d])
    ridge = next((c, d) for c, h in enumerate(M.city_hex) for d in range(6)
                 if M.nb[h * 6 + d] >= 0 and M.city_at[M.nb[h * 6 + d]] < 0
                 and M.ridge[h * 6 + d])
    _take(s, 0, "bridge_company")
    _take(s, 0, "tunnel_engineers") if GAME.card_id["tunnel_engineers"] in s.display + s.deck \
        else None
    for (c, d), want in ((water, 2000), (ridge, None)):
        st = {dd: cost for dd, cost, _t, _c in s._head_steps(0, c, [], 0)}
        t = M.nb[M.city_hex[c] * 6 + d]
        if want is None:
            want = s._tile_cost(0, t) + 2000
        assert st[d] == want


def test_extra_tile_card_allows_a_fifth_tile_once_per_round():
    # rulebook: Получение карты операции, purple diamond (Survey Crew: our design)
    s = fresh(2, 4)
    c = _take(s, 0, "survey_crew")
    give(s, 0, 80000)
    to_turn(s, 0)
    s.apply(A_BUILD)
    best = None
    for a in s.legal_actions():
        s2 = s.clone()
        s2.apply(a)
        n = 0
        while s2.phase == R.PH_BUILD:
            steps = [x for x in s2._steps(0) if x[3] < 0]
            if not steps:
                break
            s2.apply(A_STEP + steps[0][0])
            n += 1
        if n == 5:
            best = s2
            break
    assert best is not None and (best.used[0] >> c) & 1


def test_express_card_adds_a_link_to_deliveries_this_turn():
    # rulebook: Получение карты операции, fan (kept, played any time: our design)
    s = fresh(3, 3)
    cs = chain(2, s)
    for x, y in zip(cs, cs[1:]):
        give(s, 0, 40000)
        build_link(s, 0, x, y)
    k = 0
    s.city_colour[cs[2]] = k
    for x in cs[:2]:
        if s.city_colour[x] == k:
            s.city_colour[x] = R.GRAY
    for x in cs:
        set_cubes(s, x, [0] * 5)
    set_cubes(s, cs[0], [1, 0, 0, 0, 0])
    c = _take(s, 0, "express_service")
    to_turn(s, 0)
    assert A_DELIVER not in s.legal_actions()
    s.apply(A_USE_CARD + c)
    assert A_DELIVER in s.legal_actions() and c in s.discard


# -- found by mutation testing, seed 40 (docs/developing.md, "Mutation testing") ------------

def test_express_card_lets_a_level_one_locomotive_carry_a_good_two_links():
    # rulebook: Доставка товара (as many links as the locomotive's level; a point per link
    # to its owner) with the express card's extra link (kept, played any time: our design)
    s = fresh(3, 3)
    cs = chain(2, s)
    for x, y in zip(cs, cs[1:]):
        give(s, 0, 40000)
        build_link(s, 0, x, y)
    k = 0
    s.city_colour[cs[2]] = k
    for x in cs[:2]:
        if s.city_colour[x] == k:
            s.city_colour[x] = R.GRAY
    for x in cs:
        set_cubes(s, x, [0] * 5)
    set_cubes(s, cs[0], [1, 0, 0, 0, 0])
    c = _take(s, 0, "express_service")
    assert GAME.card_params[c]["links"] == 1 and s.level[0] == 1
    to_turn(s, 0)
    points = s.points[0]
    s.apply(A_USE_CARD + c)
    s.apply(A_DELIVER)
    for a in (A_CUBE + cs[0] * 5 + k, A_MOVE + cs[1] * MAX_SEATS + 0,
              A_MOVE + cs[2] * MAX_SEATS + 0):
        choose(s, a)
    assert s.points[0] == points + 2 and s.empty[cs[0]]


def test_a_boost_card_is_not_offered_in_the_middle_of_a_build():
    # rulebook: Получение карты операции, fan (kept, played at any moment): the project's
    # boost cards add links to this turn's delivery, so they are offered when the turn's
    # action is chosen and not during a build, where they could do nothing
    s = fresh(3, 3)
    c = _take(s, 0, "express_service")
    to_turn(s, 0)
    assert A_USE_CARD + c in s.legal_actions()
    give(s, 0, 20000)
    s.apply(A_BUILD)
    s.apply(s.legal_actions()[0])
    assert s.phase == R.PH_BUILD
    assert A_USE_CARD + c not in s.legal_actions()


def test_faza2_no_pass_with_the_cash_for_a_tile_and_nothing_else_to_do():
    # rulebook: ФАЗА 2 (a turn is one of the five actions; a player passes only when none is
    # possible): $2,000-3,000 lays a plain tile but buys no upgrade, urbanization or card,
    # so building is the only action and no pass is offered; with less, a pass is
    for cash, may_pass in ((2000, False), (3000, False), (1000, True)):
        s = to_turn(fresh(3, 1), 0)
        s.display = [c for c in s.display if GAME.card_kind[c] == R.K_CONDITION]
        give(s, 0, cash)
        legal = s.legal_actions()
        assert A_BUILD in legal and A_NOTE in legal
        assert (A_PASS_TURN in legal) is may_pass, cash


def test_an_unfinished_link_of_two_tiles_goes_on_from_its_last_tile():
    # rulebook: Прокладывание рельсов (a tile joins a city's track or the end of track
    # already laid; unfinished links stay until the end of the round): after two tiles the
    # next build starts at the second, not the first
    for seed in range(11, 60):
        s = fresh(2, seed)
        a, b = chain(1, s)
        r = route(s, 0, a, b)
        if len(r[1]) >= 3:
            break
    else:
        raise AssertionError("no link of three tiles' length")
    give(s, 0, 60000)
    to_turn(s, 0)
    s.apply(A_BUILD)
    s.apply(A_BUILD_AT + M.city_hex[a])
    s.apply(A_STEP + r[1][0])
    s.apply(A_STEP + r[1][1])
    s.apply(A_FINISH)
    tiles = [seg[0] for seg in s.unfinished[0][0][1]]
    assert len(tiles) == 2
    to_turn(s, 0)
    s.apply(A_BUILD)
    starts = [x - A_BUILD_AT for x in s.legal_actions()]
    assert tiles[1] in starts and tiles[0] not in starts
    s.apply(A_BUILD_AT + tiles[1])
    for d in r[1][2:]:
        s.apply(A_STEP + d)
    assert s.links[-1][:3] == (0, a, b) and s.unfinished[0] == []


# -- Получение карты операции: corners of long play ---------------------------------------------

def test_the_express_link_is_for_one_turn_and_one_card_a_turn():
    # rulebook: Получение карты операции, fan (kept, played once, then discarded); the express
    # cards (our design) add one link to this turn's delivery: a second one is not played on
    # top in the same turn, and the extra link is gone after the turn
    s = fresh(3, 3)
    express = _take(s, 0, "express_service")
    night = _take(s, 0, "night_express")
    to_turn(s, 0)
    assert {A_USE_CARD + express, A_USE_CARD + night} <= set(s.legal_actions())
    s.apply(A_USE_CARD + express)
    assert s.observation(0)["players"][0]["boost"] == 1
    assert A_USE_CARD + night not in s.legal_actions()
    s.apply(A_PASS_TURN if A_PASS_TURN in s.legal_actions() else A_CARD)
    if s.phase == R.PH_CARD:
        s.apply(s.legal_actions()[0])
    assert s.observation(0)["players"][0]["boost"] == 0
    to_turn(s, 0)
    assert A_USE_CARD + night in s.legal_actions()


def test_a_long_haul_counts_a_longer_delivery_too():
    # rulebook: Получение карты операции, green circle (Long Haul, our design: a delivery of
    # at least so many links): a delivery of five links meets the four-link card, not the
    # six-link one
    s = fresh(3, 3)
    cs = chain(5, s)
    for x, y in zip(cs, cs[1:]):
        give(s, 0, 40000)
        build_link(s, 0, x, y)
    four = GAME.card_id["long_haul_4"]
    six = GAME.card_id["long_haul_6"]
    for c in (four, six):
        if c in s.deck:
            s.deck.remove(c)
            s.display.append(c)
    k = 0
    for x in cs:
        set_cubes(s, x, [0] * 5)
        if s.city_colour[x] == k:
            s.city_colour[x] = R.GRAY
    s.city_colour[cs[5]] = k
    set_cubes(s, cs[0], [1, 0, 0, 0, 0])
    s.level[0] = 6
    to_turn(s, 0)
    points = s.points[0]
    deliver_alone(s, cs, [0] * 5)
    rewards = [(e["player"], e["card"]) for e in s.events if e["type"] == "card_reward"]
    assert rewards == [(0, four)]
    assert s.points[0] == points + 5 + GAME.card_params[four]["points"]
    assert six in s.display


def test_a_free_upgrade_card_at_the_top_level_changes_nothing_but_is_used_up():
    # rulebook: Модернизация локомотивов (level 8 is the top) and Получение карты операции,
    # red cross (applied at once, discarded): a free upgrade taken at level 8 leaves it at 8
    for key, level, want in (("speedy_locomotive", 8, 8), ("locomotive_works_visit", 7, 8)):
        s = fresh(3, 3)
        s.level[0] = level
        _take(s, 0, key)
        assert s.observation(None)["players"][0]["locomotive"] == want, key
        assert key in s.observation(None)["discard"] and s.cards[0] == []


def test_an_immediate_points_card_moves_the_score_at_once():
    # rulebook: Получение карты операции, red cross (applied at once, then discarded); the
    # Newspaper Praise (our design) is two points on the income track
    s = fresh(3, 3)
    _take(s, 1, "newspaper_praise")
    obs = s.observation(None)
    assert [p["points"] for p in obs["players"]] == [0, 2, 0]
    assert "newspaper_praise" in obs["discard"] and obs["players"][1]["cards"] == []
