"""Properties over random games: conservation and bounds, hidden piles, and what clones and
determinizations keep (the engine contract for every option: tests/conformance)."""

import json
import random

import pytest

from railtable.games.switch_and_signal import actions as A

from .helpers import GAME

OPTIONS = [None, {"board": "north_america"}, {"ten_goods": True, "layout": "random"},
           {"location_tokens": "draw_instead_of_dice", "extra_signal": True},
           {"board": "north_america", "location_tokens": "random_numbers", "ten_goods": True}]


def check_invariants(s):
    b = s.board
    # 9 trains, each in its depot or on exactly one space
    placed = [t for t in range(9) if s.tpos[t] >= 0]
    assert sorted(s.occ[s.tpos[t]] for t in placed) == placed
    assert sum(1 for x in s.occ if x >= 0) == len(placed)
    # every goods cube somewhere: a trade city, a train or a port
    total = 12 if s.opts.ten_goods else 8
    on_trains = sum(1 for t in range(9) if s.tgood[t] >= 0)
    assert all(s.tpos[t] >= 0 for t in range(9) if s.tgood[t] >= 0)
    assert sum(s.goods) + on_trains + sum(map(sum, s.delivered)) == total
    # the clock
    assert 0 <= s.tokens <= s.clock_max
    if not s.over:
        assert s.tokens >= 1
    # signals: every city keeps one; the number of discs never changes after set-up
    if s.card >= 0:
        for c in b.cities:
            assert any(s.green[f] for f in b.city_fields[c])
        discs = (9 if s.na else 8) + (1 if s.opts.extra_signal else 0)
        assert sum(s.green) == discs
    assert all(sum(h) <= 10 for h in s.hands)
    assert sum(map(sum, s.hands)) + len(s.deck) + sum(s.adiscard) == 81


@pytest.mark.parametrize("opts", OPTIONS)
def test_random_games_keep_the_invariants(opts):
    for seed in range(25):
        s = GAME.new_state(2 + seed % 3, seed, opts, record_events=seed % 2 == 0)
        r = random.Random(seed)
        n = 0
        while not s.is_terminal():
            check_invariants(s)
            legal = s.legal_actions()
            assert legal and legal == sorted(legal)
            a = legal[int(r.random() * len(legal))]
            if seed % 5 == 0:  # the text side: labels, log lines, the terminal view
                for lang in ("ru", "en"):
                    assert s.describe(a, lang)
                    GAME.render_text(s.observation(s.current_player()), lang)
            s.apply(a)
            if seed % 5 == 0:
                for e in s.events:
                    GAME.event_text(e, "ru")
                    GAME.event_text(e, "en")
            n += 1
            assert n < 5000
        check_invariants(s)
        res = s.result()
        assert res.reason in ("all_goods_delivered", "departure_cards_exhausted", "clock_ran_out")
        assert res.winners in ((), tuple(range(s.num_players)))
        json.dumps(res.to_json())


def test_observation_shows_hands_but_hides_deck_and_pile_order():
    s = GAME.new_state(3, 2)
    for p in (None, 0, 2):
        o = s.observation(p)
        assert [sum(h.values()) for h in o["hands"]] == [5, 5, 5]
        assert o["action_deck"] == len(s.deck) and o["departure_pile"] == len(s.pile)
        text = json.dumps(o)
        assert "deck\": [" not in text and "pile\": [" not in text


def test_determinize_resamples_only_the_hidden():
    s = GAME.new_state(3, 2)
    seen = set(s.revealed)
    piles = set()
    for k in range(10):
        d = s.determinize(0, random.Random(k))
        assert len(d.pile) == len(s.pile) and not set(d.pile) & seen
        assert sorted(d.deck) == sorted(s.deck) and d.hands == s.hands
        assert d.tpos == s.tpos and d.green == s.green
        piles.add(tuple(d.pile))
    assert len(piles) > 1


# -- clone and determinize: what a search may know ------------------------------------------

DRAW_NA = {"board": "north_america", "location_tokens": "draw_instead_of_dice"}


def _start_of(obs, train):
    t = obs["trains"][train]
    return t.get("node") if t["where"] == "start" else None


def test_location_tokens_a_clone_draws_its_own_first_tokens():
    # rulebook: Варианты игры «Жетоны локаций», Отказ от кубиков отправления (the first
    # three tokens place the first trains): a clone that draws them, as a search does,
    # leaves the real game's first tokens as they were
    s, fresh = GAME.new_state(2, 4, DRAW_NA), GAME.new_state(2, 4, DRAW_NA)
    assert s.legal_actions() == fresh.legal_actions() and A.ROLL_DEPLOY in s.legal_actions()
    c = s.clone()
    while not c.is_terminal():
        c.apply(A.ROLL_DEPLOY if A.ROLL_DEPLOY in c.legal_actions() else c.legal_actions()[0])
    for state in (s, fresh):
        for _ in range(3):   # the start card's three trains
            if A.ROLL_DEPLOY in state.legal_actions():
                state.apply(A.ROLL_DEPLOY)
    assert [_start_of(s.observation(0), t) for t in (0, 3, 6)] == \
        [_start_of(fresh.observation(0), t) for t in (0, 3, 6)]


def test_location_tokens_first_tokens_are_hidden_from_a_determinization():
    # rulebook: Варианты игры «Жетоны локаций», Отказ от кубиков отправления (the three
    # first tokens are drawn at random and stay face down until each places its train):
    # a determinized world draws them anew, on free starting points only
    s = GAME.new_state(3, 8, DRAW_NA)
    s.apply(A.ROLL_DEPLOY)                      # the black train is placed
    first = _start_of(s.observation(0), 0)
    assert first is not None
    places = set()
    for k in range(20):
        d = s.determinize(0, random.Random(k))
        assert d.observation(0) == s.observation(0)
        d.apply(A.ROLL_DEPLOY)                  # the brown train
        place = _start_of(d.observation(0), 3)
        assert place is not None and place != first
        places.add(place)
    assert len(places) > 3


@pytest.mark.parametrize("removed", [0, 3])
def test_free_setup_determinize_keeps_the_start_card_on_top(removed):
    # rulebook: ПОДГОТОВКА К ИГРЕ, п. 8 (the start card lies face down on top of the
    # departure pile) with the free set-up (ВАЖНО! В дальнейших играх ...): a determinized
    # world keeps the pile's size and opens with the start card
    opts = {"layout": "free", "removed_departure_cards": removed}
    s = GAME.new_state(2, 5, opts)
    assert s.observation(0)["departure_pile"] == 19 - removed
    for k in range(5):
        d = s.determinize(1, random.Random(k))
        assert d.observation(1) == s.observation(1)
        while d.observation(0)["departure_card"] is None:   # finish the set-up
            d.apply(d.legal_actions()[0])
        assert d.observation(0)["departure_card"]["id"] == "start"
        assert d.observation(0)["departure_pile"] == 18 - removed


def test_the_conformance_suite_covers_drawn_location_tokens_in_north_america():
    # the clone that shared the first tokens only showed with both options together
    from tests.conformance.cases import cases
    assert any(c.game_id == GAME.id and ("board", "north_america") in c.options
               and ("location_tokens", "draw_instead_of_dice") in c.options for c in cases())


@pytest.mark.parametrize("opts", [None, {"location_tokens": "draw_instead_of_dice",
                                         "board": "north_america"}])
def test_a_determinized_world_depends_only_on_what_the_team_knows(opts):
    # what a search may know: the action deck's order, the departure pile's order under the
    # cards the switchman put back, and the location tokens' order are hidden; two games
    # that differ only there give the same sampled world for the same generator
    s = GAME.new_state(3, 11, opts)
    s.apply(s.legal_actions()[0])
    t = s.clone()
    r = random.Random(5)
    r.shuffle(t.own_deck())   # the clone's own lists: s keeps its orders
    hidden = t.pile[t.pile_known:]
    r.shuffle(hidden)
    t.own_pile()[t.pile_known:] = hidden
    r.shuffle(t.own_loc_stack())
    assert (t.deck, t.pile, t.loc_stack) != (s.deck, s.pile, s.loc_stack)
    for k in range(5):
        d, e = s.determinize(0, random.Random(k)), t.determinize(0, random.Random(k))
        assert (d.deck, d.pile, d.loc_stack) == (e.deck, e.pile, e.loc_stack)


@pytest.mark.parametrize("removed", [3, 6])
def test_a_determinized_pile_may_hold_any_card_not_seen(removed):
    # rulebook: ПОДГОТОВКА К ИГРЕ (some departure cards go back to the box unseen): a sampled
    # pile draws from every card the team has not seen, boxed ones included (card 0 and
    # card 17 too), never from one turned over
    s = GAME.new_state(2, 4, {"removed_departure_cards": removed})
    s.apply(A.END)
    seen = set(s.observation(None)["departure_discard"])
    unseen = set(range(18)) - seen
    found = set()
    for k in range(60):
        d = s.determinize(1, random.Random(k))
        assert len(d.pile) == len(s.pile) and not set(d.pile) & seen
        found |= set(d.pile)
    assert found == unseen


def test_a_determinized_world_rolls_its_own_dice():
    # what a search may know: the next movement roll is not known in advance (ПРАВИЛА
    # ДВИЖЕНИЯ п. 1, the die is rolled when the train moves), so sampled worlds roll anew
    from .helpers import blank, put, rig
    s = blank()
    put(s, 0, ("brussels", "amsterdam"), k=0)
    rig(s, 0, 5)
    rolls = set()
    for k in range(12):
        d = s.determinize(0, random.Random(k))
        d.apply(A.PLAY + 14)
        rolls.add(next(e["roll"] for e in d.events if e["type"] == "roll"))
    assert len(rolls) > 1


@pytest.mark.parametrize("placed_first", [1, 2])
def test_location_tokens_a_determinized_world_places_the_first_trains_with_the_first_tokens(
        placed_first):
    # rulebook: Отказ от кубиков отправления (three of the eleven tokens place the first
    # black, brown and gray trains; the other stack is shuffled apart): in every sampled
    # world the trains still to place take the first tokens still face down, none of them
    # the number of a starting point already taken, so the stack stays whole
    s = GAME.new_state(3, 8, DRAW_NA)
    for _ in range(placed_first):
        s.apply(A.ROLL_DEPLOY)
    numbers = s.observation(0)["starting_numbers"]
    taken = {numbers[t["node"]] for t in s.observation(0)["trains"] if t["where"] == "start"}
    assert len(taken) == placed_first
    for k in range(30):
        d = s.determinize(0, random.Random(k))
        placed = []
        for _ in range(3 - placed_first):
            d.apply(A.ROLL_DEPLOY)
            placed += [e["number"] for e in d.events if e["type"] == "deploy_roll"]
        obs = d.observation(0)
        assert obs["location_tokens_left"] == 11
        assert not taken & set(placed)
        assert len({obs["trains"][t]["node"] for t in (0, 3, 6)}) == 3
