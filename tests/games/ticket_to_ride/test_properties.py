"""Properties over many seeded random games: conservation, independent rescoring, hidden
information (replay, clones and illegal actions: tests/conformance)."""

import json
import random
from pathlib import Path

import pytest

from railtable.engine import IllegalAction
from railtable.games.ticket_to_ride import GAME
from railtable.games.ticket_to_ride.actions import KEEP_BASE
from railtable.games.ticket_to_ride.rules import OVER, PAY, TURN

from .helpers import snapshot

import railtable.games.ticket_to_ride as ttr_package

# the data read independently of the game object
DATA = json.loads((Path(ttr_package.__file__).parent / "data.json").read_text(encoding="utf-8"))
ROUTES = DATA["routes"]
TICKETS = DATA["tickets"]
POINTS = {int(k): v for k, v in DATA["route_points"].items()}
GAMES_PER_COUNT = {2: 300, 3: 200, 4: 200, 5: 150}


def random_games(n, count, seed0=0, record_events=False):
    for seed in range(seed0, seed0 + count):
        s = GAME.new_state(n, seed, record_events=record_events)
        rng = random.Random(seed * 7 + n)
        yield s, rng


def check_conservation(s):
    n = s.num_players
    per_kind = [0] * 9
    for h in s.hands:
        for k in range(9):
            assert h[k] >= 0
            per_kind[k] += h[k]
    for c in s.deck:
        per_kind[c] += 1
    for k in range(9):
        per_kind[k] += s.discard[k]
    for c in s.face_up:
        if c >= 0:
            per_kind[c] += 1
    assert per_kind == [12] * 8 + [14]
    for p in range(n):
        assert s.trains[p] + sum(ROUTES[r]["length"] for r in s.claimed[p]) == 45
        for k in range(9):
            assert 0 <= s.known[p][k] <= s.hands[p][k]
    tickets = [e & 31 for e in s.pile] + [t for ts in s.tickets for t in ts] + \
        [t for o in s.offer for t in o]
    assert sorted(tickets) == list(range(30))
    claimed = [r for c in s.claimed for r in c]
    assert len(claimed) == len(set(claimed))


def check_deck(s):
    # rulebook: «Карты Вагонов» -- the discard pile becomes the new deck as the deck runs
    # out, so after every step the deck is empty only when the discard pile is
    assert s.deck or not any(s.discard), (len(s.deck), s.discard)
    obs = s.observation(None) if s.record_events else None
    if obs is not None:
        assert obs["deck"] or not obs["discard"]


def brute_longest(routes):
    """Longest trail by trying every start city and every unused route (no pruning)."""
    best = 0

    def walk(city, used, length):
        nonlocal best
        best = max(best, length)
        for r in routes:
            if r in used:
                continue
            a, b = ROUTES[r]["a"], ROUTES[r]["b"]
            if city in (a, b):
                walk(b if city == a else a, used | {r}, length + ROUTES[r]["length"])
    cities = {ROUTES[r]["a"] for r in routes} | {ROUTES[r]["b"] for r in routes}
    for c in cities:
        walk(c, frozenset(), 0)
    return best


def connected(routes, a, b):
    seen, todo = {a}, [a]
    while todo:
        c = todo.pop()
        for r in routes:
            x, y = ROUTES[r]["a"], ROUTES[r]["b"]
            for u, v in ((x, y), (y, x)):
                if u == c and v not in seen:
                    seen.add(v)
                    todo.append(v)
    return b in seen


def rescore(obs):
    """Final scores from the final public observation only."""
    n = obs["num_players"]
    fin = obs["final"]
    lps = [brute_longest(obs["claimed"][p]) for p in range(n)]
    best = max(lps)
    scores = []
    for p in range(n):
        s = DATA["start_score"] + sum(POINTS[ROUTES[r]["length"]] for r in obs["claimed"][p])
        for tk in fin["tickets"][p]:
            t = TICKETS[tk["id"]]
            ok = connected(obs["claimed"][p], t["a"], t["b"])
            assert tk["completed"] == ok
            s += t["points"] if ok else -t["points"]
        if best > 0 and lps[p] == best:
            s += DATA["longest_path_bonus"]
        scores.append(s)
    return scores, lps


def test_private_events_go_to_their_seat_only():
    s = GAME.new_state(2, 11)
    s.apply(s.legal_actions()[-1])
    s.apply(s.legal_actions()[-1])
    s.apply(5)   # a blind card
    private = [e for e in s.events if e.get("to") is not None]
    assert private and all(e["to"] == [0] for e in private)
    assert all("card" not in e for e in s.visible_events(1) if e["type"] == "take_blind")
    assert any("card" in e for e in s.visible_events(0) if e["type"] == "take_blind")


def check_determinized(s, d, p):
    """What a world `determinize` (or a search bot's sampler) makes for seat p must keep: p's
    observation, its own cards and tickets, every count, the pile entries p placed, the
    cards and tickets in all; and it plays on legally."""
    n = s.num_players
    assert d.observation(p) == s.observation(p)
    check_conservation(d)
    assert d.hands[p] == s.hands[p] and d.tickets[p] == s.tickets[p]
    assert d.offer[p] == s.offer[p]
    for q in range(n):
        assert sum(d.hands[q]) == sum(s.hands[q])
        assert len(d.tickets[q]) == len(s.tickets[q])
        assert all(d.hands[q][k] >= s.known[q][k] for k in range(9))
    assert len(d.deck) == len(s.deck) and d.face_up == s.face_up
    # pile entries that p placed there stay where they are
    bit = 1 << (p + 5)
    for i, e in enumerate(s.pile):
        if e & bit:
            assert d.pile[i] == e
    assert d._seed != s._seed
    # the determinized copy plays on legally
    dl = d.legal_actions()
    d.apply(dl[-1])


def determinize_along_random_games(sample):
    """check_determinized on about one position in ten of 15 random 4-player games, the
    world made by sample(state, seat, rng)."""
    for s, rng in random_games(4, 15, seed0=700):
        while s.phase != OVER:
            if rng.random() < 0.1:
                p = s.current_player()
                check_determinized(s, sample(s, p, random.Random(rng.random())), p)
            legal = s.legal_actions()
            s.apply(legal[int(rng.random() * len(legal))])


def test_determinize_is_consistent():
    # the search bots' opponent model (GAME.world_sampler) is checked the same way in
    # test_bot.py; the rules' own weighted and chosen ticket deals below
    determinize_along_random_games(lambda s, p, rng: s.determinize(p, rng))


def test_determinize_deals_the_tickets_a_search_bot_chooses_or_weighs():
    # determinize's parameters for an opponent model: ticket_sets names the tickets a seat
    # holds, ticket_weights makes the others' kept tickets likelier in proportion
    s = GAME.new_state(3, 21)
    s.apply(KEEP_BASE + 0b111)
    s.apply(KEEP_BASE + 0b011)          # seat 1 returns one ticket under the pile
    s.apply(KEEP_BASE + 0b110)          # seat 2 too
    for viewer in (0, 2):
        others = [q for q in range(3) if q != viewer]
        unseen = s.unseen_tickets(viewer)
        assert len(unseen) == 30 - len(s.tickets[viewer]) - (1 if viewer == 2 else 0)
        on_pile = [e & 31 for e in s.pile]
        # a set chosen for the first other seat, from the pile (none of its real tickets)
        first, second = others
        chosen = tuple(t for t in on_pile if t in unseen)[:len(s.tickets[first])]
        heavy = [t for t in unseen if t not in chosen][-4:]
        weights = {t: 1.0 if t in heavy else 1e-12 for t in range(30)}
        for k in range(12):
            d = s.determinize(viewer, random.Random(k),
                              ticket_weights={first: {t: 1.0 for t in range(30)},
                                              second: weights},
                              ticket_sets={first: chosen})
            check_determinized(s, d.clone(), viewer)
            assert d.tickets[first] == chosen
            assert set(d.tickets[second]) <= set(heavy)
            assert len(d.tickets[second]) == len(s.tickets[second])
            assert sorted(d.unseen_tickets(viewer)) == sorted(unseen)


def test_determinize_during_a_pending_claim_keeps_it_payable():
    # another seat's claim waits for its payment: the resampled hand must still pay for it
    checked = 0
    for s, rng in random_games(3, 40, seed0=1300):
        while s.phase != OVER:
            if s.phase == PAY:
                for q in range(3):
                    d = s.determinize(q, random.Random(rng.random()))
                    assert d.phase == PAY and d.pending == s.pending and d.cur == s.cur
                    assert d.observation(q) == s.observation(q)
                    assert d.payments(d.cur, d.pending)
                    check_conservation(d)
                    dl = d.legal_actions()
                    d.apply(dl[-1])              # a payment: the claim completes
                    assert d.claimed[s.cur][-1] == s.pending
                    checked += 1
            legal = s.legal_actions()
            s.apply(legal[int(rng.random() * len(legal))])
    assert checked > 100
    # a hand that random cards would almost never make: six spaces, seven unknown cards
    r = 52                                   # Helena-Seattle, yellow 6
    s = GAME.new_state(2, 5)
    s.apply(s.legal_actions()[-1])
    s.apply(s.legal_actions()[-1])
    h = s.hands[0]
    s.deck.extend(k for k in range(9) for _ in range(h[k]))
    s.hands[0] = [0] * 9
    for k, c in ((2, 5), (8, 2)):            # five yellow, two locomotives
        for _ in range(c):
            s.deck.remove(k)
        s.hands[0][k] = c
    s.known[0] = [0] * 9
    s.apply(16 + r)
    assert s.phase == PAY and s.pending == r
    check_conservation(s)
    for i in range(20):
        d = s.determinize(1, random.Random(i))
        assert len(d.payments(0, r)) >= 1 and sum(d.hands[0]) == 7
        assert d.hands[1] == s.hands[1]
        check_conservation(d)


def is_trail(routes):
    """True if the routes, in order, can be walked one after another."""
    if not routes:
        return True
    first = ROUTES[routes[0]]
    for start in (first["a"], first["b"]):
        city, ok = start, True
        for r in routes:
            a, b = ROUTES[r]["a"], ROUTES[r]["b"]
            if city == a:
                city = b
            elif city == b:
                city = a
            else:
                ok = False
                break
        if ok:
            return True
    return False


def test_longest_path_matches_brute_force_on_grown_networks():
    # NOTES 9: the game's search (odd-degree starts, Euler shortcut) against plain DFS
    rng = random.Random(5)
    for _ in range(250):
        start = rng.randrange(len(DATA["cities"]))
        cities, routes = {start}, set()
        size = rng.randint(1, 13)
        while len(routes) < size:
            c = rng.choice(sorted(cities))
            r = rng.choice([x["id"] for x in ROUTES if c in (x["a"], x["b"])])
            routes.add(r)
            cities.update((ROUTES[r]["a"], ROUTES[r]["b"]))
        if rng.random() < 0.3:
            routes.add(rng.randrange(len(ROUTES)))
        routes = sorted(routes)
        length, trail = GAME.longest_path(routes)
        assert length == brute_longest(routes)
        assert len(set(trail)) == len(trail) and set(trail) <= set(routes)
        assert sum(ROUTES[r]["length"] for r in trail) == length and is_trail(list(trail))


# The tests over many random games last, the costliest at the very end: `scripts/mutation`
# runs this file with -x after the rule tests, so the cheaper tests stop most mutations
# sooner.

@pytest.mark.parametrize("n", [2, 3, 5])
def test_kartochki_vagonov_the_deck_is_never_empty_beside_a_discard_pile(n):
    # rulebook: «Карты Вагонов» (when the deck runs out, the discard pile is shuffled into a
    # new deck) in random games of card-hungry players (nine times in ten a card when one
    # can be taken), which empty deck and discards often, then claim: after every step the
    # deck is empty only when the discard pile is, and cards are conserved
    from_empty = refills = resets = 0
    for seed in range(40):
        s = GAME.new_state(n, 4000 + seed, record_events=True)
        rng = random.Random(seed * 11 + n)
        while s.phase != OVER:
            legal = s.legal_actions()
            cards = [a for a in legal if a <= 5]
            a = rng.choice(cards) if cards and rng.random() < 0.9 else rng.choice(legal)
            empty = not s.deck
            s.apply(a)
            check_deck(s)
            check_conservation(s)
            types = [e["type"] for e in s.events]
            if empty and "reshuffle" in types:    # paid cards made the new deck at once
                from_empty += 1
                refills += "face_up" in types
            resets += "face_up_reset" in types
    assert from_empty > 300 and refills > 300 and resets > 100


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_games_conserve_and_rescore(n):
    ends = set()
    steps_of = {PAY: 0, "cancel": 0}
    for s, rng in random_games(n, GAMES_PER_COUNT[n]):
        steps = 0
        while s.phase != OVER:
            legal = s.legal_actions()
            assert legal and legal == sorted(set(legal))
            a = legal[int(rng.random() * len(legal))]
            if s.phase == PAY:
                steps_of[PAY] += 1
                steps_of["cancel"] += a == 15
            s.apply(a)
            check_deck(s)
            if steps % 5 == 0:
                check_conservation(s)
            steps += 1
        check_conservation(s)
        assert s.legal_actions() == [] and s.current_player() == -1
        ends.add(s.reason)
        res = s.result()
        obs = s.observation(None)
        scores, lps = rescore(obs)
        assert list(res.scores) == scores
        assert [d["longest_path"] for d in res.details] == lps
        for p, trail in enumerate(obs["final"]["longest_path_routes"]):
            assert is_trail(trail) and set(trail) <= set(obs["claimed"][p])
            assert sum(ROUTES[r]["length"] for r in trail) == lps[p]
        # winners: most points, then most completed tickets, then the longest path
        key = [(scores[p], res.details[p]["tickets_completed"], lps[p]) for p in range(n)]
        assert sorted(res.winners) == [p for p in range(n) if key[p] == max(key)]
        if s.reason == "last_round":
            assert min(s.trains) <= 2
    assert "last_round" in ends
    assert steps_of[PAY] > 100 and steps_of["cancel"] > 10   # both steps of claims were played


def expected_payments(s, rid):
    """Every legal payment of seat s.cur for route rid as action ids, enumerated from the
    rules and data.json without the game's tables."""
    h = s.hands[s.cur]
    r = ROUTES[rid]
    length = r["length"]
    out = set()
    for k in range(length + 1):
        if h[8] < k:
            continue
        if k == length:
            out.add(116 + 48)
            continue
        for c, name in enumerate(DATA["colors"]):
            if (r["color"] == "gray" or r["color"] == name) and h[c] >= length - k:
                out.add(116 + c * 6 + k)
    return out


def expected_claims(s):
    """Every legal claim (route ids as actions 16 + route), from the rules and data.json."""
    p, n = s.cur, s.num_players
    owner = {r: q for q, rs in enumerate(s.claimed) for r in rs}
    out = set()
    for r in ROUTES:
        rid, length = r["id"], r["length"]
        if rid in owner or length > s.trains[p]:
            continue
        tw = r["twin"]
        if tw is not None and tw in owner and (owner[tw] == p or n < 4):
            continue
        if expected_payments(s, rid):
            out.add(16 + rid)
    return out


def check_claim_steps(s, rid, rng):
    """Claiming rid on a copy: paid at once when one payment exists, else exactly the
    expected payments are offered for it (and the way back, once per turn)."""
    want = expected_payments(s, rid)
    c = s.clone()
    p = c.cur
    c.apply(16 + rid)
    if len(want) == 1:
        assert c.claimed[p][-1] == rid and c.phase != PAY
        return
    assert c.phase == PAY and c.pending == rid and c.cur == p
    legal = c.legal_actions()
    assert set(legal) - {15} == want and (15 in legal) == (not s.cancelled)
    before = snapshot(c)
    for _ in range(3):
        a = 116 + rng.randrange(49)
        if a not in want:
            with pytest.raises(IllegalAction):
                c.apply(a)
            assert snapshot(c) == before
    c.apply(rng.choice(sorted(want)))
    assert c.claimed[p][-1] == rid and c.phase != PAY and c.pending == -1


@pytest.mark.parametrize("n", [2, 4])
def test_legal_claims_match_an_independent_enumeration(n):
    # rulebook: «Создание железнодорожного маршрута»; NOTES 1, 6, 8
    checked = 0
    for s, rng in random_games(n, 20, seed0=2000):
        while s.phase != OVER:
            legal = s.legal_actions()
            if s.phase == TURN:  # the first decision of a turn
                claims = {a for a in legal if 16 <= a < 116}
                assert claims == expected_claims(s)
                assert not [a for a in legal if a >= 116]
                for a in rng.sample(sorted(claims), min(2, len(claims))):
                    check_claim_steps(s, a - 16, rng)
                checked += 1
                # big hands too (random play keeps hands small)
                c = s.clone()
                c.own_hands()[c.cur] = [rng.randint(0, 8) for _ in range(9)]  # its own: s shares it
                claims = {a for a in c.legal_actions() if 16 <= a < 116}
                assert claims == expected_claims(c)
                for a in rng.sample(sorted(claims), min(3, len(claims))):
                    check_claim_steps(c, a - 16, rng)
            elif s.phase == PAY:
                assert set(legal) - {15} == expected_payments(s, s.pending)
            s.apply(legal[int(rng.random() * len(legal))])
    assert checked > 1000


def test_observations_hide_hands_tickets_and_deck():
    for s, rng in random_games(3, 15, seed0=300, record_events=True):
        # the board is one object every observation shares (map_json): encoded once a game,
        # the rest of each observation at every step
        board = s.observation(None)["map"]
        json.dumps(board)
        while s.phase != OVER:
            for p in (None, 0, 1, 2):
                obs = s.observation(p)
                assert obs["map"] is board
                text = json.dumps({k: v for k, v in obs.items() if k != "map"})
                assert isinstance(obs["deck"], int)
                for q in range(3):
                    if q != p:
                        assert obs["hand_counts"][q] == sum(s.hands[q])
                if p is None:
                    assert "hand" not in obs and "tickets" not in obs
                else:
                    assert set(obs["hand"].values()) <= set(range(111))
                    assert [t["id"] for t in obs["tickets"]] == list(s.tickets[p])
                # resampling what p cannot see leaves p's observation as it was
                if p is not None:
                    d = s.determinize(p, random.Random(len(text)))
                    assert d.observation(p) == obs
            legal = s.legal_actions()
            s.apply(legal[int(rng.random() * len(legal))])
            for e in s.events:
                if e["type"] in ("take_blind", "draw_tickets", "keep_tickets") \
                        and e.get("to") is None:
                    assert "card" not in e and "tickets" not in e


def test_determinize_leaves_a_paying_seat_a_payment_when_the_others_hold_its_colour():
    # determinize, while another seat's claim waits for payment: that seat was dealt after
    # the seats before it, which could take every red card and locomotive it needed, and
    # the exchange with the deck then found none (a world with no legal action). Seat 2
    # claims a red route of 4 with 4 red cards and a locomotive (two payments: it is asked)
    # while seat 1 holds the other 8 red cards, 13 locomotives and most of the rest, and
    # five cards are left in the deck; seat 0 determinizes.
    red, loco = 0, 8
    r = next(r for r in range(GAME.num_routes)
             if GAME.route_color[r] == red and GAME.route_length[r] == 4)
    s = GAME.new_state(3, 1)
    others = [k for k in range(1, 8) for _ in range(12)]  # 84 cards of the other colours
    hands = [[0] * 9 for _ in range(3)]
    hands[2][red], hands[2][loco] = 4, 1
    hands[1][red], hands[1][loco] = 8, 13
    for c in others[:70]:
        hands[1][c] += 1
    for c in others[70:74]:
        hands[0][c] += 1
    s.hands, s.known = hands, [[0] * 9 for _ in range(3)]
    s.face_up, s.deck, s.discard = others[74:79], others[79:], [0] * 9
    s.phase, s.cur, s.pending = PAY, 2, r
    check_conservation(s)
    assert len(s.payments(2, r)) == 2
    for k in range(40):
        d = s.determinize(0, random.Random(k))
        check_conservation(d)
        assert d.payments(2, r), f"seed {k}: seat 2 cannot pay in the determinized world"
        assert sum(d.hands[1]) == 91 and sum(d.hands[2]) == 5
