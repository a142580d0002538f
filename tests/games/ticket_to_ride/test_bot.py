"""The heuristic bot: it beats random play and decides only from what its seat may know;
the opponent model search bots use."""

import math
import random

import pytest

from railtable.bots.base import make_bot
from railtable.engine.game import Game
from railtable.games.ticket_to_ride import GAME, belief
from railtable.games.ticket_to_ride.bot import (FIT, CautiousBot, HeuristicBot, Planner,
                                                ticket_weights)
from railtable.games.ticket_to_ride.actions import (CLAIM_BASE, DRAW_TICKETS, FACE_UP_SLOTS,
                                                    KEEP_BASE, LOCO, PAY_BASE)
from railtable.games.ticket_to_ride.rules import INITIAL, OVER, TURN
from railtable.sim.match import play_match

from .helpers import position, route, ticket
from .test_properties import determinize_along_random_games


def test_heuristic_is_registered_and_beats_random():
    assert "heuristic" in GAME.bots()
    wins = 0
    for i in range(24):
        n = 2 if i % 2 else 4
        seat = i % n
        bots = ["random"] * n
        bots[seat] = "heuristic"
        m = play_match(GAME, n, 40 + i, bots)
        wins += seat in m.state.result().winners
    assert wins >= 21


def test_heuristic_ignores_what_its_seat_cannot_see():
    checked = 0
    for seed in range(4):
        n = 3
        bots = [make_bot("heuristic", GAME, p, seed) for p in range(n)]
        s = GAME.new_state(n, seed)
        rng = random.Random(seed)
        while s.phase != OVER:
            p = s.current_player()
            a = bots[p].act(s)
            assert a in s.legal_actions()
            if rng.random() < 0.3:
                d = s.determinize(p, random.Random(rng.random()))
                assert bots[p].act(d) == a
                checked += 1
            s.apply(a)
    assert checked > 50


def test_opponent_model_weighs_tickets_by_the_claimed_network():
    # seat 1 has built Seattle-Portland-San Francisco-Los Angeles: a ticket it completes
    # weighs most, one it half covers less, one far from its track not at all
    s = position(claimed={1: [route("Seattle", "Portland"), route("Portland", "San Francisco"),
                              route("San Francisco", "Los Angeles")]})
    w = ticket_weights(s, 0)
    assert set(w) == {1}
    w1 = w[1]
    done = w1[ticket("Seattle", "Los Angeles")]
    half = w1[ticket("Portland", "Phoenix")]
    far = w1[ticket("New York", "Atlanta")]
    assert done == pytest.approx(math.exp(FIT))
    assert done > half > far == 1.0
    # nothing claimed: no evidence, every ticket alike
    assert set(ticket_weights(position(), 1)[0]) == {1.0}


def unseen_by_seat_0(s, t):
    """Builder: ticket `t` is one seat 0 has not seen. If seat 0 holds it, it changes
    places with the pile's first entry; if seat 0 put it back under the pile, it is there
    as if another seat had. Sets: tickets[0] and the pile (entries and their marks of who
    placed them, bit 5 + seat)."""
    if t in s.tickets[0]:
        other = s.pile[0] & 31
        s.tickets[0] = tuple(other if x == t else x for x in s.tickets[0])
        s.pile[0] = t
    s.pile = [e & ~(1 << 5) if e & 31 == t else e for e in s.pile]
    assert t in s.unseen_tickets(0)


def test_search_samples_fitting_opponent_tickets_more_often():
    s = position(claimed={1: [route("Seattle", "Portland"), route("Portland", "San Francisco"),
                              route("San Francisco", "Los Angeles")]})
    target = ticket("Seattle", "Los Angeles")
    unseen_by_seat_0(s, target)
    rng = random.Random(5)
    sampler = GAME.world_sampler(s, 0)
    weighted = sum(target in sampler(rng).tickets[1] for _ in range(400))
    uniform = sum(target in s.determinize(0, rng).tickets[1] for _ in range(400))
    assert weighted > 2 * uniform > 0
    # the base sampler of the engine is the uniform one
    base = Game.world_sampler(GAME, s, 0)(random.Random(9))
    same = s.determinize(0, random.Random(9))
    assert base.tickets == same.tickets and base.hands == same.hands


def test_the_opponent_models_worlds_are_consistent():
    # what test_properties.test_determinize_is_consistent checks of the uniform worlds, for
    # the worlds GAME.world_sampler makes (it only reweights the same choices)
    determinize_along_random_games(lambda s, p, rng: GAME.world_sampler(s, p)(rng))


def test_heuristic_claims_the_planned_route_whose_loss_would_cost_its_plan_most():
    # with several planned routes claimable, the bot claims the one whose loss would make
    # its unfinished tickets dearest (then the longest); checked against that rule computed
    # in full, banning each route (and its twin) in turn
    checked = 0
    for seed in range(6):
        s = GAME.new_state(2, 300 + seed, record_events=False)
        bots = [make_bot("heuristic", GAME, p, seed * 7 + p) for p in range(2)]
        while s.phase != OVER:
            p = s.current_player()
            bot = bots[p]
            if s.phase == TURN and s.turns_left < 0:
                planner, unfinished, (todo, _, _) = bot._plan(s)
                claimable = {a - CLAIM_BASE for a in s.legal_actions()
                             if CLAIM_BASE <= a < PAY_BASE}
                ready = [r for r in todo if r in claimable]
                if len(ready) > 1:
                    def cost(r):
                        tw = GAME.route_twin[r]
                        banned = {r} if tw < 0 else {r, tw}
                        total = 0.0
                        for t in unfinished:
                            a, b = GAME.ticket_cities[t]
                            total += min(planner.path(a, b, set(), banned)[0], 60.0)
                        return (total, GAME.route_length[r])
                    expected = CLAIM_BASE + max(ready, key=cost)
                    assert bot.act(s) == expected
                    checked += 1
            s.apply(bot.act(s))
    assert checked >= 20


def test_explained_marks_the_claims_on_each_tickets_way():
    claims = [route("Seattle", "Portland"), route("Portland", "San Francisco"),
              route("San Francisco", "Los Angeles")]
    s = position(claimed={1: claims})
    masks = belief.explained(s, 1)
    assert s.claimed[1] == tuple(claims)
    assert masks[ticket("Seattle", "Los Angeles")] == 0b111  # all three on its way
    assert masks[ticket("New York", "Atlanta")] == 0          # far from the track


def test_opponent_sets_that_explain_its_claims_are_drawn_far_more_often():
    # seat 1 holds two tickets and has built Seattle-Los Angeles: a set with a ticket whose
    # way uses all three claims explains them; a set of two far tickets explains none
    claims = [route("Seattle", "Portland"), route("Portland", "San Francisco"),
              route("San Francisco", "Los Angeles")]
    s = position(claimed={1: claims})
    s.tickets[1] = s.tickets[1][:2]
    target = ticket("Seattle", "Los Angeles")
    unseen_by_seat_0(s, target)
    pool = s.unseen_tickets(0)
    assert target in pool and not set(pool) & set(s.tickets[0])
    post = belief.TicketPosterior.build(s, 1, pool, ticket_weights(s, 0)[1])
    assert post is not None and len(post.sets) == math.comb(len(pool), 2)
    masks = belief.explained(s, 1)
    rng = random.Random(3)
    full = sum(masks[t] | masks[u] == 0b111 for t, u in (post.draw(rng) for _ in range(500)))
    base = sum(masks[t] | masks[u] == 0b111 for t, u in
               (s.determinize(0, rng).tickets[1] for _ in range(500)))
    assert full > 480 and base < 300  # uniform dealing: about 200
    # every draw is a set the seat could hold, and determinize deals exactly it
    chosen = post.draw(rng)
    d = s.determinize(0, rng, ticket_sets={1: chosen})
    assert d.tickets[1] == chosen and d.tickets[0] == s.tickets[0]
    assert sorted(d.unseen_tickets(0)) == pool


def test_too_many_sets_fall_back_to_ticket_by_ticket_weights(monkeypatch):
    s = position(claimed={1: [route("Seattle", "Portland")]})
    monkeypatch.setattr(belief, "MAX_SETS", 0)
    assert belief.TicketPosterior.build(s, 1, s.unseen_tickets(0), ticket_weights(s, 0)[1]) \
        is None
    d = GAME.world_sampler(s, 0)(random.Random(1))
    assert len(d.tickets[1]) == len(s.tickets[1]) and d.observation(0) == s.observation(0)


def _kept(state, seat, action):
    mask = action - KEEP_BASE
    return [t for i, t in enumerate(state.offer[seat]) if mask >> i & 1]


def test_cautious_bot_keeps_light_initial_tickets_and_draws_no_more_in_small_games():
    # docs/bots.md, "Ticket to Ride: the cautious bot": with two or three players it keeps
    # initial tickets whose plan leaves 15 trains spare and never draws tickets again
    checked = 0
    for seed, n in [(0, 2), (1, 2), (2, 3), (3, 3)]:
        s = GAME.new_state(n, seed)
        bots = [make_bot("cautious" if p == 0 else "heuristic", GAME, p, seed)
                for p in range(n)]
        while s.phase != OVER:
            p = s.current_player()
            a = bots[p].act(s)
            if p == 0:
                assert a != DRAW_TICKETS
                if s.phase == INITIAL:
                    planner = Planner(s, 0)
                    need = {b: planner.plan(_kept(s, 0, b))[1] for b in s.legal_actions()}
                    budget = s.trains[0] - CautiousBot.INITIAL_RESERVE
                    if min(need.values()) <= budget:
                        assert need[a] <= budget
                        checked += 1
            s.apply(a)
    assert checked == 4


def test_cautious_bot_keeps_the_heuristics_tickets_with_four_or_more_players():
    # there it differs from the heuristic only in never taking a face-up locomotive
    no_locomotive = type("NoLocomotive", (HeuristicBot,), {"FACE_UP_LOCOMOTIVE": False})
    s = GAME.new_state(4, 5)
    heuristic = [no_locomotive(p, 5) for p in range(4)]
    cautious = [make_bot("cautious", GAME, p, 5) for p in range(4)]
    drew = False
    while s.phase != OVER:
        p = s.current_player()
        a = heuristic[p].act(s)
        assert cautious[p].act(s) == a
        drew = drew or a == DRAW_TICKETS
        s.apply(a)
    assert drew  # the heuristic's policy draws tickets: this game tested that part too


def test_cautious_bot_never_spends_a_draw_on_a_face_up_locomotive():
    # a face-up locomotive is the whole draw (rulebook: «Карты Вагонов»); the
    # heuristic does it when its plan lacks much, the cautious bot draws from the deck
    takes = {"heuristic": 0, "cautious": 0}
    for seed in range(6):
        s = GAME.new_state(2, seed)
        bots = [make_bot("cautious", GAME, 0, seed), make_bot("heuristic", GAME, 1, seed)]
        while s.phase != OVER:
            p = s.current_player()
            a = bots[p].act(s)
            if s.phase == TURN and a < FACE_UP_SLOTS and s.face_up[a] == LOCO:
                takes[bots[p].name] += 1
            s.apply(a)
    assert takes["cautious"] == 0 and takes["heuristic"] > 0


def test_search_is_guided_and_played_out_by_the_cautious_bot():
    bot = make_bot("mcts(iterations=5)", GAME, 0)
    assert bot._settings["rollout"] == bot._settings["guide"] == "cautious"
    assert isinstance(bot._own_guide, CautiousBot)
