"""The engine contract, checked on every registered game, player count and option set.

The cases come from the registry (see cases.py): a new game or option is covered without a
line here. Each check replays a few random games of a case (more for the default options)
and does something on the way: clones played to the end, refused actions, determinizations,
JSON round trips, a replay from a record. Game-specific invariants (conservation of cards,
money, loot) stay in tests/games/<id>/test_properties.py.
"""

from __future__ import annotations

import copy
import json
import math
import random

import pytest

from railtable.engine.game import TERMINAL, IllegalAction
from railtable.engine.record import Record, check_result, replay, start

from .cases import Case, cases, registered
from .play import (diff, max_decisions, obs_diff, observe, pick, play_out, policy, seats,
                   snapshot, trajectories)

# Genuine bugs the suite found and that are routed to their owners: (check, case id) ->
# the bug. Strict: the mark must go when the bug is fixed.
KNOWN_BUGS: dict[tuple[str, str], str] = {}


def params(check: str) -> list:
    out = []
    for case in cases():
        reason = KNOWN_BUGS.get((check, case.id))
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        out.append(pytest.param(case, id=case.id, marks=marks))
    return out


# -- legal actions, whose turn, bounded length --------------------------------------------

@pytest.mark.parametrize("case", params("legal"))
def test_legal_actions_and_length(case: Case):
    game = case.game
    for t in trajectories(case):
        s = case.new_state(t.seed)
        for i in range(len(t) + 1):
            legal = s.legal_actions()
            p = s.current_player()
            where = f"{case.id} seed {t.seed} decision {i}"
            assert legal == sorted(set(legal)), f"{where}: legal actions not sorted and unique"
            assert all(isinstance(a, int) and 0 <= a < game.num_actions for a in legal), (
                f"{where}: legal actions outside 0..num_actions-1 ({game.num_actions})")
            if s.is_terminal():
                assert p == TERMINAL and legal == [], f"{where}: a finished game offers {legal}"
                break
            assert legal, f"{where}: no legal action in a live position"
            # the engine takes a forced single choice in the apply that led to it (and
            # new_state at the start): one is never left for a player
            assert not (len(legal) == 1 and s._forced()), (
                f"{where}: the only legal action {game.action_to_json(s, legal[0])} is one the "
                f"game declares forced (_forced), yet it is left as a decision")
            assert isinstance(p, int) and 0 <= p < case.num_players, (
                f"{where}: player to move {p!r} is not a seat")
            assert i < len(t), f"{where}: the game goes on where its first play ended"
            t.step(s, i, "nothing")
        assert s.is_terminal() and len(t) <= max_decisions(case)


def _game_params(check: str) -> list:
    out = []
    for game_id in registered():
        reason = KNOWN_BUGS.get((check, game_id))
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        out.append(pytest.param(game_id, id=game_id, marks=marks))
    return out


@pytest.mark.parametrize("case", params("labels"))
def test_legal_actions_have_distinct_labels(case: Case):
    # A player (and OpenSpiel, which checks action strings) must tell every choice apart:
    # two legal actions never share a label, in either language.
    for t in trajectories(case, default=1, other=1):
        s = case.new_state(t.seed)
        for i in range(len(t) + 1):
            if s.is_terminal():
                break
            for lang in ("en", "ru"):
                labels = [s.describe(a, lang) for a in s.legal_actions()]
                twice = sorted({x for x in labels if labels.count(x) > 1})
                assert not twice, f"{case.id} seed {t.seed} decision {i} ({lang}): {twice}"
            if i < len(t):
                s.apply(t.actions[i])


@pytest.mark.parametrize("game_id", _game_params("legal_list"))
def test_legal_list_belongs_to_the_caller(game_id: str):
    """A list returned by legal_actions() is the caller's: changing it changes nothing."""
    for case in [c for c in cases() if c.game_id == game_id and c.is_default][:2]:
        t = trajectories(case)[0]
        s = case.new_state(t.seed)
        for i in range(len(t)):
            got = s.legal_actions()
            got.append(-7)
            got.reverse()
            assert tuple(s.legal_actions()) == t.legal[i], (
                f"{case.id} decision {i}: changing the list legal_actions() returned "
                f"changed the state's legal actions")
            t.step(s, i, "changing the lists legal_actions() returned")


# -- illegal actions ---------------------------------------------------------------------

@pytest.mark.parametrize("case", params("illegal"))
def test_illegal_actions_are_refused_and_change_nothing(case: Case):
    n_actions = case.game.num_actions
    for t in trajectories(case):
        rng = policy(case, "illegal", t.seed)
        s = case.new_state(t.seed)
        marks = set(t.checkpoints(8, "illegal"))
        for i in range(len(t)):
            if i in marks:
                legal = set(t.legal[i])
                tries = {-1, n_actions, n_actions + 5}
                tries |= {rng.randrange(n_actions) for _ in range(6)}
                before = snapshot(s)
                for a in sorted(tries - legal):
                    with pytest.raises(IllegalAction) as err:
                        s.apply(a)
                    assert str(err.value), f"{case.id}: IllegalAction({a}) without a reason"
                    after = snapshot(s)
                    assert after == before, (
                        f"{case.id} seed {t.seed} decision {i}: refusing action {a} changed "
                        f"the state ({diff(before, after)})")
            t.step(s, i, "refused actions")
        t.check_end(s, "refused actions")
        with pytest.raises(IllegalAction):
            s.apply(0)
        assert snapshot(s) == t.final


# -- deep clones -------------------------------------------------------------------------

@pytest.mark.parametrize("case", params("clone"))
def test_clone_is_deep(case: Case):
    limit = max_decisions(case)
    for t in trajectories(case):
        rng = policy(case, "clone", t.seed)
        s = case.new_state(t.seed)
        deep = set(t.checkpoints(3, "clone") + [1, 2])
        kept = []   # (decision, a clone left alone, its snapshot)
        for i in range(len(t)):
            where = f"{case.id} seed {t.seed} decision {i}"
            if i in deep:
                before = snapshot(s)
                c = s.clone()
                assert snapshot(c) == before, f"{where}: a fresh clone differs from its original"
                kept.append((i, s.clone(), before))
                play_out(c, rng, limit, f"{where}: clone")
                after = snapshot(s)
                assert after == before, (
                    f"{where}: playing a clone to the end changed the original "
                    f"({diff(before, after)})")
            elif rng.random() < 0.3:
                c = s.clone()   # a short look-ahead, as a search does
                for _ in range(3):
                    if c.is_terminal():
                        break
                    c.apply(pick(rng, c.legal_actions()))
            t.step(s, i, "playing clones of it to the end")
        t.check_end(s, "playing clones of it to the end")
        for i, c, before in kept:
            got = snapshot(c)
            assert got == before, (
                f"{case.id} seed {t.seed}: playing the original on changed a clone taken at "
                f"decision {i} ({diff(before, got)})")
            for j in range(i, len(t)):
                t.step(c, j, f"cloning at decision {i}")
            t.check_end(c, f"cloning at decision {i}")


# -- replay from a record ----------------------------------------------------------------

@pytest.mark.parametrize("case", params("replay"))
def test_replay_from_a_record(case: Case):
    game = case.game
    for t in trajectories(case):
        s = case.new_state(t.seed)
        rec = start(game, case.num_players, t.seed, case.options_dict,
                    ["random"] * case.num_players)
        for i, a in enumerate(t.actions):
            rec.actions.append(game.action_to_json(s, a))
            s.apply(a)
        rec.result = s.result().to_json()
        rec = Record.from_json(json.loads(rec.dumps()))
        again = replay(rec, record_events=True)   # events on: recording must not change play
        assert check_result(rec, again) == s.result()
        t.check_end(again, "a replay from its record")
        half = len(t) // 2
        part = replay(rec, upto=half)
        for j in range(half, len(t)):
            t.step(part, j, f"a replay of its first {half} decisions")
        t.check_end(part, "a partial replay")


# -- determinize and hidden information ----------------------------------------------------

DETERMINIZATIONS = 2


@pytest.mark.parametrize("case", params("determinize"))
def test_determinize_keeps_the_seat_view(case: Case):
    """A determinization for seat p is a world p cannot tell from the real one: p sees the
    same, the same player is to move (with the same choices when it is p), the spectator
    sees the same (a spectator knows less than any seat), and it plays on to an end; the
    original is left as it was."""
    limit = max_decisions(case)
    for t in trajectories(case):
        rng = policy(case, "determinize", t.seed)
        s = case.new_state(t.seed)
        marks = set(t.checkpoints(4, "determinize"))
        for i in range(len(t)):
            if i in marks:
                before = snapshot(s)
                for p in range(case.num_players):
                    for k in range(DETERMINIZATIONS):
                        where = (f"{case.id} seed {t.seed} decision {i}, determinized for "
                                 f"seat {p}")
                        d = s.determinize(p, random.Random(rng.random()))
                        assert d is not s
                        assert d.current_player() == s.current_player(), (
                            f"{where}: player to move {s.current_player()} -> "
                            f"{d.current_player()}")
                        if s.current_player() == p:
                            assert d.legal_actions() == s.legal_actions(), (
                                f"{where}: the seat's own legal actions changed")
                        for q in (p, None):
                            a, b = observe(s, q), observe(d, q)
                            assert a == b, (
                                f"{where}: the {'seat' if q is not None else 'spectator'}'s "
                                f"observation changed ({obs_diff(a, b)})")
                        if k == 0 and p == i % case.num_players:
                            play_out(d, rng, limit, f"{where}: the determinization")
                after = snapshot(s)
                assert after == before, (
                    f"{case.id} seed {t.seed} decision {i}: determinizing changed the "
                    f"original ({diff(before, after)})")
            t.step(s, i, "determinizations of it")
        t.check_end(s, "determinizations of it")


_BASE_SLOTS = {"game", "num_players", "_seed", "events", "record_events"}

# Fields that mirror others a seat sees (a train's heading and the occupied spaces follow its
# place, the discs per city follow the signals): changed alone they make a state that cannot
# arise, so the swap below would take them for hidden.
# A game whose state keeps such a mirror lists it here.
MIRRORS = {"switch_and_signal": {"thead", "occ", "city_discs"},
           # the bandit of each character (the inverse of char) and the seats of Ghost and
           # Doc; the first round's first player, from which `first` follows; the turns of
           # the round card on show
           "colt_express": {"slot", "ghost_seat", "doc_seat", "first0", "turns"}}


def _slots(s) -> list[str]:
    # (declared_fields, not __slots__: a class compiled by mypyc has no __slots__)
    return [name for name in s.declared_fields()
            if name not in _BASE_SLOTS and not name.startswith("_")]


def hidden_slots(s, other, p: int) -> list[str]:
    """The state's fields that seat p cannot see: those where `other` (a game of another
    seed) holds another value, and copying that value into `s` leaves p's observation and
    p's legal actions as they were."""
    view = observe(s, p)
    legal = s.legal_actions() if s.current_player() == p else None
    out = []
    for name in _slots(s):
        if name in MIRRORS.get(s.game.id, ()):
            continue
        theirs = getattr(other, name)
        if getattr(s, name) == theirs:
            continue
        h = s.clone()
        setattr(h, name, copy.deepcopy(theirs))
        try:
            same = observe(h, p) == view and (legal is None or h.legal_actions() == legal)
        except Exception:  # noqa: BLE001 - a mixed state may not hold together: not hidden
            same = False
        if same:
            out.append(name)
    return out


RESAMPLES = 8


@pytest.mark.parametrize("case", params("resample"))
def test_determinize_resamples_what_the_seat_cannot_see(case: Case):
    """Statistically: a field that p cannot see at the start of a game (another seed's value
    leaves p's view unchanged) takes more than one value over several determinizations for
    p, hidden orders (shuffled tokens, piles) included. A field determinize keeps in place
    is one the seat's search would know."""
    seeds = range(2 if case.is_default else 1)
    for seed in seeds:
        s, other = case.new_state(seed), case.new_state(seed + 1000)
        for p in range(case.num_players):
            for name in hidden_slots(s, other, p):
                values = {repr(getattr(s.determinize(p, random.Random(k)), name))
                          for k in range(RESAMPLES)}
                assert len(values) > 1, (
                    f"{case.id} seed {seed}: seat {p} cannot see the field {name!r} (another "
                    f"seed's value leaves its view unchanged), but {RESAMPLES} "
                    f"determinizations for seat {p} all keep it as {values.pop()[:120]}")


# -- JSON --------------------------------------------------------------------------------

def _json_safe(x, where: str) -> None:
    """Only dicts with string keys, lists, str, int, finite floats, bool and None."""
    if isinstance(x, dict):
        for k, v in x.items():
            assert isinstance(k, str), f"{where}: a non-string key {k!r}"
            _json_safe(v, f"{where}.{k}")
    elif isinstance(x, list):
        for k, v in enumerate(x):
            _json_safe(v, f"{where}[{k}]")
    elif isinstance(x, float):
        assert math.isfinite(x), f"{where}: {x}"
    else:
        assert x is None or isinstance(x, (str, int, bool)), (
            f"{where}: {type(x).__name__} is not JSON ({x!r:.60})")


@pytest.mark.parametrize("case", params("json"))
def test_json_round_trips(case: Case):
    game = case.game
    for t in trajectories(case):
        s = case.new_state(t.seed, record_events=True)
        marks = set(t.checkpoints(12, "json"))
        for i in range(len(t) + 1):
            where = f"{case.id} seed {t.seed} decision {i}"
            if i in marks or i == len(t):
                for p in seats(s):
                    _json_safe(s.observation(p), f"{where}: observation({p})")
                for a in s.legal_actions():
                    d = game.action_to_json(s, a)
                    _json_safe(d, f"{where}: action_to_json({a})")
                    back = game.action_from_json(s, json.loads(json.dumps(d)))
                    assert back == a, f"{where}: action {a} -> {d} -> {back}"
            for e in s.events:   # events go out as JSON (tuples become lists)
                json.dumps(e, allow_nan=False)
            if i == len(t):
                break
            t.step(s, i, "recording events")
        _json_safe(s.result().to_json(), f"{case.id}: result")
        t.check_end(s, "recording events")


# -- results -----------------------------------------------------------------------------

@pytest.mark.parametrize("case", params("result"))
def test_results(case: Case):
    game = case.game
    n = case.num_players
    for t in trajectories(case):
        s = case.new_state(t.seed)
        for a in t.actions:
            s.apply(a)
        res = s.result()
        where = f"{case.id} seed {t.seed}"
        assert len(res.scores) == n and all(
            isinstance(x, (int, float)) and math.isfinite(x) for x in res.scores), where
        assert list(res.winners) == sorted(set(res.winners)) and set(res.winners) <= set(
            range(n)), f"{where}: winners {res.winners}"
        assert isinstance(res.reason, str) and res.reason, f"{where}: no reason"
        assert len(res.details) in (0, n), f"{where}: details for {len(res.details)} seats"
        if game.cooperative:
            assert res.winners in ((), tuple(range(n))), (
                f"{where}: a cooperative game is won by all or none, not {res.winners}")
        elif res.winners:
            low = min(res.scores[p] for p in res.winners)
            assert all(res.scores[q] <= low for q in range(n) if q not in res.winners), (
                f"{where}: a loser outscores a winner: {res.scores}, winners {res.winners}")
        ret = s.returns()
        assert len(ret) == n and all(0.0 <= r <= 1.0 for r in ret)
        assert [p for p in range(n) if ret[p] > 0] == list(res.winners), (
            f"{where}: returns {ret} do not reward the winners {res.winners}")
