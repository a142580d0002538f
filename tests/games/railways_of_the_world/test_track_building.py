"""Прокладывание рельсов: which next tiles a build offers, checked against a reading of the
rulebook written here from what the players see (the observation: board, cities, every
player's track, the build under way), never from the rules' own tables. Found by mutation
testing (docs/developing.md, "Mutation testing"): the head of a link with a city, a used
edge or the tile limit in one of its three exits and a choice left in a later one.

The rule, as the tests read it (rulebook: Прокладывание рельсов; the track shapes and the
tile limit of the Survey Crew are the project's design, docs/games/railways_of_the_world.md):
- a first tile goes from the start city to any of its six neighbours; every next one leaves
  the last tile straight on or in a gentle curve (its entry edge + 2, + 3 or + 4);
- building ends when the track reaches a city (not the one it started from) or after the
  fourth tile (the fifth with an unused Survey Crew): a step into a city is always offered,
  a step into another hex only below the limit;
- a tile goes on a hex with no track, or crosses a hex that holds one tile of finished track
  (not the open end of someone's unfinished link) through two edges that track leaves free;
  a link never enters its own hex twice; off the board there are no hexes;
- a tile costs its terrain (water at the plain price with the Bridge Company) plus the ridge
  price (the Tunnel Engineers' price if held) when the step crosses a ridge; a step into a
  city lays no tile and costs only its ridge; a step is offered when the cash covers it.
"""

import random

import pytest

from railtable.games.railways_of_the_world import GAME
from railtable.games.railways_of_the_world import rules as R
from railtable.games.railways_of_the_world.actions import (
    A_BUILD, A_BUILD_AT, A_CARD, A_DELIVER, A_FINISH, A_NOTE, A_PASS_TURN, A_STEP, A_TAKE_CARD,
    A_UPGRADE, A_URBANIZE)
from tests.games.railways_of_the_world.helpers import (
    M, build_link, fresh, give, near_pairs, route, to_turn)

# the six directions of a step (axial, docs/games/railways_of_the_world.md) and the
# rulebook's prices
AXIAL = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
TERRAIN_COST = {"plain": 2000, "water": 3000, "mountain": 4000}
RIDGE_COST = 4000


def _tracks(obs):
    """Every tile on the board: (hex, edges used, is the open end of an unfinished link or of
    the build under way)."""
    out = []
    groups = [(t["track"], False) for t in obs["links"]]
    groups += [(t["track"], True) for t in obs["unfinished"]]
    if "building" in obs:
        groups.append((obs["building"]["track"], True))
    for track, open_end in groups:
        for i, (q, r, ein, eout) in enumerate(track):
            edges = {ein} | ({eout} if eout >= 0 else set())
            out.append(((q, r), edges, open_end and i == len(track) - 1))
    return out


_BOARDS = {}


def _board(obs):
    """The printed board (the same every observation): terrain by hex, ridges."""
    b = obs["board"]
    if b["id"] not in _BOARDS:
        _BOARDS[b["id"]] = ({(q, r): t for q, r, t in b["hexes"]},
                            {frozenset([(q1, r1), (q2, r2)]) for q1, r1, q2, r2 in b["ridges"]})
    return _BOARDS[b["id"]]


def _tiles_at(obs):
    """{hex: [(edges used, open end)]} of every tile on the board, once per observation."""
    if "_tiles_at" not in obs:
        out = {}
        for h, edges, open_end in _tracks(obs):
            out.setdefault(h, []).append((edges, open_end))
        obs["_tiles_at"] = out
    return obs["_tiles_at"]


def rule_steps(obs, p, start, track, tiles):
    """The directions (and their prices) the rulebook allows for the next tile of p's link
    from city `start` whose tiles so far are `track` (`tiles` of them laid in this build),
    whatever the cash: {direction: price}."""
    terrain, ridges = _board(obs)
    if "_city_at" not in obs:
        obs["_city_at"] = {tuple(c["hex"]): c["id"] for c in obs["cities"]}
    city_at = obs["_city_at"]
    me = obs["players"][p]
    survey = "survey_crew" in me["cards"] and "survey_crew" not in me["used_this_round"]
    limit = 5 if survey else 4
    ridge_price = 2000 if "tunnel_engineers" in me["cards"] else RIDGE_COST
    water_price = 2000 if "bridge_company" in me["cards"] else TERRAIN_COST["water"]
    own = [(q, r) for q, r, _i, _o in track]
    tiles_at = _tiles_at(obs)
    if track:
        q, r, ein, _ = track[-1]
        head = (q, r)
        dirs = [(ein + k) % 6 for k in (2, 3, 4)]
        head_used = set().union(*[e for e, _o in tiles_at[head]])
    else:
        head = tuple(obs["cities"][start]["hex"])
        dirs = list(range(6))
        head_used = set()
    out = {}
    for d in dirs:
        if d in head_used:
            continue  # the edge is another track's
        t = (head[0] + AXIAL[d][0], head[1] + AXIAL[d][1])
        if t not in terrain:
            continue  # off the board
        ridge = ridge_price if frozenset([head, t]) in ridges else 0
        if t in city_at:
            if city_at[t] != start:
                out[d] = ridge
            continue
        if tiles >= limit or t in own:
            continue
        here = tiles_at.get(t, [])
        entry = (d + 3) % 6
        if len(here) == 0 or (len(here) == 1 and not here[0][1] and entry not in here[0][0]):
            price = water_price if terrain[t] == "water" else TERRAIN_COST[terrain[t]]
            out[d] = price + ridge
    return out


def expected_steps(obs, p):
    """rule_steps for the build under way."""
    b = obs["building"]
    return rule_steps(obs, p, b["start"], b["track"], b["tiles"])


def expected_starts(obs, p):
    """Where p may start building, by the rule: {hex (q, r): cheapest first step}, for every
    city with a first step and every open end of p's unfinished links that can go on."""
    out = {}
    for c in obs["cities"]:
        steps = rule_steps(obs, p, c["id"], [], 0)
        if steps:
            out[tuple(c["hex"])] = min(steps.values())
    for u in obs["unfinished"]:
        if u["owner"] == p:
            steps = rule_steps(obs, p, u["start"], u["track"], 0)
            if steps:
                out[tuple(u["track"][-1][:2])] = min(steps.values())
    return out


def check_starts(s):
    """At the choice of where to build: exactly the rule's starts. At the choice of the
    turn's action: building offered when a start exists, and (ФАЗА 2) a pass only when no
    action is possible with the cash in hand."""
    p = s.current_player()
    obs = s.observation(p)
    index = {(q, r): i for i, (q, r, _t) in enumerate(obs["board"]["hexes"])}
    starts = expected_starts(obs, p)
    legal = s.legal_actions()
    if s.phase == R.PH_BUILD_START:
        assert sorted(a - A_BUILD_AT for a in legal) == sorted(index[h] for h in starts)
        return
    assert (A_BUILD in legal) is bool(starts)
    if {A_URBANIZE, A_UPGRADE, A_DELIVER, A_CARD} & set(legal):
        assert A_PASS_TURN not in legal  # another action is possible
    else:
        cash = obs["players"][p]["cash"]
        can_build = any(price <= cash for price in starts.values())
        assert (A_PASS_TURN in legal) is not can_build, (starts, cash)


def offered_steps(s):
    return sorted(a - A_STEP for a in s.legal_actions() if A_STEP <= a < A_STEP + 6)


def check_steps(s, pay=True):
    """The steps offered now are exactly the rulebook's ones the cash covers; with `pay`,
    each one taken (in a copy) costs the rulebook's price."""
    p = s.current_player()
    obs = s.observation(p)
    want = expected_steps(obs, p)
    cash = obs["players"][p]["cash"]
    assert offered_steps(s) == sorted(d for d, c in want.items() if c <= cash), \
        (obs["building"], want, cash)
    if pay:
        for d in offered_steps(s):
            s2 = s.clone()
            s2.apply(A_STEP + d)
            if any(e["type"] == "income" for e in s2.events):
                continue  # the step ended the round: income and interest came too
            assert cash - s2.observation(p)["players"][p]["cash"] == want[d], (d, want)
    return want


def _exits(h, d_in):
    """The three directions a tile entered going in direction d_in may leave by."""
    ein = (d_in + 3) % 6
    return [(ein + k) % 6 for k in (2, 3, 4)]


def _runs(n):
    """Every run of n tiles from a city over hexes that are not cities (an empty board, no
    hex twice): (start city, directions, head hex)."""
    nb, city_at = M.nb, M.city_at
    out = []

    def walk(c, path, dirs):
        if len(path) == n:
            out.append((c, dirs, path[-1]))
            return
        h = path[-1] if path else M.city_hex[c]
        for d in (range(6) if not dirs else _exits(h, dirs[-1])):
            t = nb[h * 6 + d]
            if t >= 0 and city_at[t] < 0 and t not in path:
                walk(c, path + [t], dirs + [d])
    for c in range(M.num_cities):
        walk(c, [], [])
    return out


def _kind(c, h, d):
    t = M.nb[h * 6 + d]
    if t < 0:
        return "off"
    if M.city_at[t] >= 0:
        return "start" if M.city_at[t] == c else "city"
    return "hex"


def _lay(s, c, dirs):
    s.apply(A_BUILD)
    s.apply(A_BUILD_AT + M.city_hex[c])
    for d in dirs:
        assert A_STEP + d in s.legal_actions(), (c, dirs, d)
        s.apply(A_STEP + d)


@pytest.mark.parametrize("tiles", [1, 2, 3, 4])
@pytest.mark.parametrize("at", [0, 1, 2])
def test_a_city_in_any_exit_of_the_head_is_offered_with_the_other_exits(tiles, at):
    # rulebook: Прокладывание рельсов (building ends on reaching a city or with the 4th tile):
    # the head of a link of `tiles` tiles with a city in its exit number `at` (of three) and
    # a free hex in another; below the limit both are offered, at the limit only the city
    runs = [(c, dirs, h) for c, dirs, h in _runs(tiles)
            if [_kind(c, h, d) for d in _exits(h, dirs[-1])].count("city") == 1
            and _kind(c, h, _exits(h, dirs[-1])[at]) == "city"
            and "hex" in [_kind(c, h, d) for i, d in enumerate(_exits(h, dirs[-1])) if i != at]]
    c, dirs, h = runs[len(runs) // 2]
    s = to_turn(fresh(2, 4), 0)
    give(s, 0, 60000)
    _lay(s, c, dirs)
    exits = _exits(h, dirs[-1])
    assert s.phase == R.PH_BUILD and len(s.observation(0)["building"]["track"]) == tiles
    want = check_steps(s)
    assert exits[at] in want
    if tiles < 4:
        assert len(want) >= 2
    else:
        assert list(want) == [exits[at]]
    # the city ends the link there
    s.apply(A_STEP + exits[at])
    link = s.observation(None)["links"][-1]
    assert link["owner"] == 0 and link["cities"] == [c, M.city_at[M.nb[h * 6 + exits[at]]]]
    assert len(link["track"]) == tiles


@pytest.mark.parametrize("at", [1, 2])
def test_the_fourth_tile_reaches_a_city_in_a_later_exit(at):
    # rulebook: Прокладывание рельсов (the 4th tile is the last: only a city may follow),
    # the city beyond a hex the limit closes: the step into it is offered and finishes
    runs = [(c, dirs, h) for c, dirs, h in _runs(4)
            if [_kind(c, h, d) for d in _exits(h, dirs[-1])][:at + 1]
            == ["hex"] * at + ["city"]]
    c, dirs, h = runs[0]
    s = to_turn(fresh(2, 4), 0)
    give(s, 0, 60000)
    _lay(s, c, dirs)
    d = _exits(h, dirs[-1])[at]
    assert s.phase == R.PH_BUILD and offered_steps(s) == [d]
    s.apply(A_STEP + d)
    assert s.observation(None)["links"][-1]["cities"] == [c, M.city_at[M.nb[h * 6 + d]]]
    assert s.observation(None)["unfinished"] == []


def _crossing():
    """Seat 1's finished link and a city of seat 0 next to one of its tiles X, whose edge
    facing that city is free while X's first exit for a tile entering there is the link's
    and a later exit leads to an empty hex: (link's cities, start city, step into X)."""
    for a, b in near_pairs(2, 3):
        s = fresh(3, 1)
        if route(s, 1, a, b) is None:
            continue
        give(s, 1, 40000)
        build_link(s, 1, a, b)
        for x, e1, e2 in s.links[-1][3]:
            used = (1 << e1) | (1 << e2)
            for e in range(6):
                src = M.nb[x * 6 + e]
                if used >> e & 1 or src < 0 or M.city_at[src] < 0 or M.city_at[src] in (a, b):
                    continue
                if not used >> ((e + 2) % 6) & 1:
                    continue
                free = [(e + k) % 6 for k in (3, 4) if not used >> ((e + k) % 6) & 1
                        and M.nb[x * 6 + (e + k) % 6] >= 0
                        and M.city_at[M.nb[x * 6 + (e + k) % 6]] < 0]
                if free:
                    return (a, b), M.city_at[src], (e + 3) % 6
    raise AssertionError("no crossing on the map")


def test_a_tile_crossing_finished_track_leaves_by_the_edges_that_track_leaves_free():
    # rulebook: Прокладывание рельсов (one may cross another's straight or curved tile with a
    # crossing, never change it): seat 0's tile on a hex of seat 1's finished link goes on by
    # the free exits, past the exit seat 1's track takes
    (a, b), c, d = _crossing()
    s = fresh(3, 1)
    give(s, 1, 40000)
    build_link(s, 1, a, b)
    to_turn(s, 0)
    give(s, 0, 40000)
    _lay(s, c, [d])
    assert s.phase == R.PH_BUILD
    want = check_steps(s)
    assert want  # a later exit is free
    s.apply(A_FINISH)
    # the open end on the crossing is a start again next turn, with the same exits
    to_turn(s, 0)
    s.apply(A_BUILD)
    head = s.observation(0)["unfinished"][0]["track"][-1]
    assert A_BUILD_AT + M.hex_index[(head[0], head[1])] in s.legal_actions()
    s.apply(A_BUILD_AT + M.hex_index[(head[0], head[1])])
    assert check_steps(s) == want


def test_an_unfinished_link_next_to_a_city_is_worth_building_with_no_money():
    # rulebook: ФАЗА 2 (one passes only when no action is possible with the cash in hand)
    # and Прокладывание рельсов (a step into a city lays no tile): an unfinished link whose
    # open end is next to a city (no ridge between) can be finished for nothing, so a
    # player without money, with nothing else to do, does not pass
    runs = [(c, dirs, h) for c, dirs, h in _runs(2)
            if any(_kind(c, h, d) == "city" and not M.ridge[h * 6 + d]
                   for d in _exits(h, dirs[-1]))]
    c, dirs, h = runs[0]
    s = to_turn(fresh(3, 1), 0)
    s.display = [x for x in s.display if GAME.card_kind[x] == R.K_CONDITION]
    cost = sum(GAME.terrain_cost[R.TERRAINS[M.terrain[M.nb[hh * 6 + d]]]]
               for hh, d in [(M.city_hex[c], dirs[0]), (M.nb[M.city_hex[c] * 6 + dirs[0]],
                                                         dirs[1])])
    cost += sum(RIDGE_COST for hh, d in [(M.city_hex[c], dirs[0]),
                                         (M.nb[M.city_hex[c] * 6 + dirs[0]], dirs[1])]
                if M.ridge[hh * 6 + d])
    give(s, 0, cost)
    _lay(s, c, dirs)
    s.apply(A_FINISH)
    assert s.observation(0)["players"][0]["cash"] == 0
    to_turn(s, 0)
    legal = s.legal_actions()
    assert A_BUILD in legal and A_PASS_TURN not in legal
    s.apply(A_BUILD)
    s.apply(A_BUILD_AT + h)
    free = [d for d in offered_steps(s) if _kind(c, h, d) == "city"]
    assert free
    s.apply(A_STEP + free[0])
    assert s.observation(None)["links"][-1]["owner"] == 0
    assert s.observation(0)["players"][0]["cash"] == 0


def test_faza2_a_player_who_cannot_pay_any_first_tile_passes():
    # rulebook: ФАЗА 2 (passing only when no action is possible with the cash in hand):
    # every plain hex next to a city holds the open end of seat 1's unfinished track, so the
    # first tiles left cost $3,000 or more; seat 0 with $2,000 may start nowhere he can pay
    s = fresh(3, 1)
    s.display = [x for x in s.display if GAME.card_kind[x] == R.K_CONDITION]
    give(s, 1, 1000000)
    for c, ch in enumerate(M.city_hex):
        for d in range(6):
            t = M.nb[ch * 6 + d]
            if t < 0 or M.city_at[t] >= 0 or M.terrain[t] != 0 or M.ridge[ch * 6 + d]:
                continue
            s2 = to_turn(s.clone(), 1)
            s2.apply(A_BUILD)
            if A_BUILD_AT + ch not in s2.legal_actions():
                break  # the city has no free first step left
            s2.apply(A_BUILD_AT + ch)
            if A_STEP + d in s2.legal_actions():  # else that hex is taken already
                s2.apply(A_STEP + d)
                if s2.phase == R.PH_BUILD:  # else the track could not go on: done already
                    s2.apply(A_FINISH)
                s = s2
    to_turn(s, 0)
    give(s, 0, 2000)
    legal = s.legal_actions()
    assert A_BUILD in legal and A_PASS_TURN in legal
    s.apply(A_BUILD)
    for a in s.legal_actions():
        s2 = s.clone()
        s2.apply(a)
        want = check_steps(s2)
        assert want and min(want.values()) > 2000
    give(s, 0, 1000)  # $3,000: a water tile is now within reach
    to_turn(s, 0)
    assert A_PASS_TURN not in s.legal_actions()


@pytest.mark.parametrize("keys", [(), ("bridge_company",), ("tunnel_engineers",),
                                  ("bridge_company", "tunnel_engineers")])
def test_every_first_tile_is_priced_with_the_cards_held(keys):
    # rulebook: Прокладывание рельсов (plain $2k, water $3k, mountain $4k, $4k more across a
    # ridge) and Получение карты операции, no symbol (Bridge Company: water at the plain
    # price; Tunnel Engineers: ridges at $2k; our design): every first tile out of every city
    s = fresh(3, 3)
    for key in keys:
        c = GAME.card_id[key]
        if c in s.deck:
            s.deck.remove(c)
            s.display.append(c)
        to_turn(s, 0)
        s.apply(A_CARD)
        s.apply(A_TAKE_CARD + c)
    to_turn(s, 0)
    give(s, 0, 50000)
    s.apply(A_BUILD)
    prices = set()
    for a in s.legal_actions():
        s2 = s.clone()
        s2.apply(a)
        prices |= set(check_steps(s2).values())
    # the prices that occur: plain, water and mountain, with and without a ridge
    water = 2000 if "bridge_company" in keys else 3000
    ridge = 2000 if "tunnel_engineers" in keys else 4000
    assert {2000, water, 4000, 4000 + ridge} <= prices


# -- every build of long random play ------------------------------------------------------

def _builder_policy(s, rng):
    """Mostly building (notes when short), sometimes finishing early or another action, so
    the board fills with links, crossings and unfinished track."""
    legal = s.legal_actions()
    if s.phase == R.PH_TURN and A_BUILD in legal and rng.random() < 0.85:
        return A_BUILD
    if s.phase == R.PH_BUILD:
        steps = [a for a in legal if A_STEP <= a < A_STEP + 6]
        if A_FINISH in legal and rng.random() < 0.15:
            return A_FINISH
        if steps:
            return rng.choice(steps)
        return A_NOTE if A_FINISH not in legal else A_FINISH
    if A_CARD in legal and s.phase == R.PH_TURN and rng.random() < 0.3:
        return A_CARD
    return rng.choice([a for a in legal if a != A_NOTE] or legal)


@pytest.mark.parametrize("seed", [1, 2])
def test_every_build_position_of_long_play_offers_the_rulebooks_steps(seed):
    # rulebook: Прокладывание рельсов, over every position of builds in long play (4 players,
    # twenty rounds at most): the steps offered are the rule's, with the cash in hand
    s = fresh(4, seed)
    rng = random.Random(seed)
    seen = 0
    for _ in range(20000):  # far more than twenty rounds take: play that stalls fails
        if s.is_terminal() or s.round >= 20:
            break
        if s.phase == R.PH_BUILD:
            check_steps(s)
            seen += 1
        elif s.phase in (R.PH_TURN, R.PH_BUILD_START):
            check_starts(s)
        s.apply(_builder_policy(s, rng))
    assert s.is_terminal() or s.round >= 20
    assert seen > 100
