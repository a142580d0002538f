"""The engine's own machinery, checked on the toy game."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from railtable.bots.spec import SpecError, parse_spec, split_specs
from railtable.engine import IllegalAction, OptionsError
from railtable.engine.record import Record, RecordError, check_result, load, replay
from railtable.engine.registry import UnknownGame, get_game
from railtable.sim.match import play_match
from tests.engine.toy_game import GAME, ToyState


def test_options_schema_and_validation():
    schema = GAME.options_schema()
    assert schema["properties"]["decisions"] == {
        "type": "integer", "default": 12, "title": {"en": "Decisions", "ru": "Решения"},
        "minimum": 2, "maximum": 40}
    assert GAME.parse_options({"decisions": 5}).decisions == 5
    with pytest.raises(OptionsError, match="unknown option"):
        GAME.parse_options({"speed": 1})
    with pytest.raises(OptionsError, match="must be a integer"):
        GAME.parse_options({"decisions": "5"})
    with pytest.raises(OptionsError, match="at most 40"):
        GAME.parse_options({"decisions": 41})
    with pytest.raises(OptionsError, match="2-4 players"):
        GAME.new_state(5, 1)


def test_same_seed_same_game_and_clone_is_independent():
    a, b = GAME.new_state(3, 42), GAME.new_state(3, 42)
    assert a.observation(None) == b.observation(None)
    assert a.hands == b.hands
    c = a.clone()
    c.apply(c.legal_actions()[-1])
    assert a.left == 12 and c.left == 11
    # the clone's future randomness equals the original's
    assert a.rng().random() == b.rng().random()


def test_illegal_action_leaves_state_unchanged():
    s = GAME.new_state(2, 7)
    before = s.observation(0), s.observation(1), s.chance_seed
    bad = next(v for v in range(1, 7) if v not in s.hands[0])
    with pytest.raises(IllegalAction):
        s.apply(bad)
    assert (s.observation(0), s.observation(1), s.chance_seed) == before


def test_a_state_draws_every_random_step_from_one_generator():
    s = GAME.new_state(2, 7)
    s.set_seed(12345)
    r = random.Random(12345)  # the steps after set_seed draw from this generator, in turn
    first = s.rng()
    assert first.random() == r.random()
    assert s.rng() is first and s.rng().random() == r.random()


def test_clones_share_the_generator_until_one_draws_and_do_not_change_the_stream():
    s = GAME.new_state(2, 7)
    s.set_seed(99)
    s.rng().random()  # the generator is made, and s owns it
    alone = GAME.new_state(2, 7)
    alone.set_seed(99)
    alone.rng().random()
    c = s.clone()
    d = c.clone()
    before = s.chance_seed
    # each that draws copies the generator: all continue alone's stream
    expected = [alone.rng().random() for _ in range(3)]
    assert [c.rng().random() for _ in range(3)] == expected
    assert [s.rng().random() for _ in range(3)] == expected
    assert [d.rng().random() for _ in range(3)] == expected
    assert s.chance_seed != before and c.rng() is not s.rng() is not d.rng()


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 1_000), st.integers(0, 3)),
                max_size=40))
def test_any_mix_of_clones_and_draws_gives_each_state_the_stream_of_a_game_alone(ops):
    # Each state draws the numbers a state that was never cloned would draw after as many
    # draws as its own history holds, however clones and draws interleave.
    import pickle
    stream = random.Random(99)
    expected = [stream.random() for _ in range(200)]
    first = GAME.new_state(2, 7)
    first.set_seed(99)
    states, drawn = [first], [0]
    for clone, pick, draws in ops:
        i = pick % len(states)
        if clone:
            states.append(states[i].clone())
            drawn.append(drawn[i])
        for _ in range(draws):
            assert states[i].rng().random() == expected[drawn[i]]
            drawn[i] += 1
    for s, n in zip(states, drawn):  # a state travels with its stream too
        assert pickle.loads(pickle.dumps(s)).rng().random() == expected[n]


def test_determinize_keeps_what_the_player_sees():
    s = GAME.new_state(3, 5)
    d = s.determinize(1, random.Random(9))
    assert d.hands[1] == s.hands[1]
    assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
    assert sorted(d.deck + d.hands[0] + d.hands[2]) == sorted(s.deck + s.hands[0] + s.hands[2])
    assert d.observation(1) == s.observation(1)


class ForcedToyState(ToyState):
    """The toy game with every single choice forced (the engine takes it by itself)."""
    __slots__ = ()

    def _forced(self) -> bool:
        return True


def _endgame(cls: type) -> ToyState:
    # the deck is out: seat 0 holds 4 and 6, seat 1 two 5s; three decisions are left
    s = GAME.new_state(2, 3)
    s.__class__ = cls
    s.deck, s.hands, s.turn, s.left, s._legal = [], [[4, 6], [5, 5]], 0, 3, None
    return s


def test_the_engine_takes_forced_single_choices_in_the_same_apply():
    assert not ToyState._forces and ForcedToyState._forces
    plain = _endgame(ToyState)
    plain.apply(6)
    assert plain.current_player() == 1 and plain.legal_actions() == [5]  # a decision
    s = _endgame(ForcedToyState)
    s.apply(6)
    # seat 1's lone 5, then seat 0's lone 4, were taken by the engine, with their events
    assert s.is_terminal() and s.scores == [10, 5] and s.hands == [[], [5]]
    assert [(e["player"], e["card"]) for e in s.events] == [(0, 6), (1, 5), (0, 4)]
    assert [(e["player"], e["card"]) for e in s.visible_events(1)] == [(0, 6), (1, 5), (0, 4)]
    # a refused action changes nothing and takes nothing forced
    t = _endgame(ForcedToyState)
    with pytest.raises(IllegalAction):
        t.apply(5)
    assert t.left == 3 and t.hands == [[4, 6], [5, 5]] and t.events == []


def test_a_forced_choice_is_taken_only_when_it_is_the_only_one():
    s = _endgame(ForcedToyState)
    s.hands[1] = [2, 5]
    s.apply(4)
    assert s.current_player() == 1 and s.legal_actions() == [2, 5] and s.left == 2


def test_events_are_filtered_per_seat():
    s = GAME.new_state(2, 3)
    s.apply(0)  # draw
    assert [e["type"] for e in s.visible_events(0)] == ["draw", "draw_back"]
    assert [e["type"] for e in s.visible_events(1)] == ["draw_back"]
    assert [e["type"] for e in s.visible_events(None)] == ["draw_back"]


def test_record_replays_to_the_same_result(tmp_path):
    m = play_match(GAME, 3, 11, ["random"] * 3, keep_record=True)
    path = tmp_path / "games.jsonl"
    path.write_text(m.record.dumps() + "\n")
    (rec,) = load(path)
    end = replay(rec)
    assert end.observation(None) == m.state.observation(None)
    assert check_result(rec, end).scores == m.state.result().scores


def test_tampered_record_is_refused():
    m = play_match(GAME, 2, 4, ["random"] * 2, keep_record=True)
    rec = Record.from_json(m.record.to_json())
    rec.result = {"scores": [99, 0], "winners": [0], "reason": "x"}
    with pytest.raises(RecordError, match="record says"):
        check_result(rec, replay(rec))
    rec.actions[0] = {"type": "fly"}
    with pytest.raises(RecordError, match="action 0"):
        replay(rec)
    with pytest.raises(UnknownGame):
        get_game("chess")


def test_bot_specs():
    assert split_specs("mcts(ms=1000,rollout=heuristic),heuristic,random") == [
        "mcts(ms=1000,rollout=heuristic)", "heuristic", "random"]
    spec = parse_spec("mcts(ms=1000, rollout=heuristic, jobs=2)")
    assert spec.name == "mcts" and spec.params == {"ms": 1000, "rollout": "heuristic", "jobs": 2}
    assert str(spec) == "mcts(ms=1000,rollout=heuristic,jobs=2)"
    for bad in ("mcts(ms=1", "mcts(ms)", "a,,b", "9lives"):
        with pytest.raises(SpecError):
            split_specs(bad) if "," in bad else parse_spec(bad)


def test_event_audience_must_be_a_list_of_seats():
    s = GAME.new_state(2, 1)
    with pytest.raises(TypeError, match="destination"):
        s.emit({"type": "move", "to": 3})
    s.emit({"type": "draw", "to": [1]})
    assert s.visible_events(1)[-1]["type"] == "draw" and not s.visible_events(0)


def test_every_game_package_loads():
    from railtable.engine.registry import broken, games
    assert broken() == {}
    assert {"colt_express", "ticket_to_ride"} <= set(games())


def test_result_lines_without_records_are_refused(tmp_path):
    path = tmp_path / "out.jsonl"
    path.write_text('{"seed": 1, "result": {"scores": [1, 2], "winners": [1]}}\n')
    with pytest.raises(RecordError, match="--records"):
        load(path)


def test_every_bot_of_every_game_refuses_a_parameter_it_does_not_have():
    # a spec comes from the command line or a lobby: a misspelt parameter must not pass
    # silently as if the bot had taken it
    from railtable.bots.base import make_bot
    from railtable.engine.registry import games
    checked = 0
    for game in games().values():
        for name in game.bots():
            with pytest.raises(SpecError, match="no_such_knob"):
                make_bot(f"{name}(no_such_knob=1)", game, 0)
            checked += 1
    assert checked >= 7
