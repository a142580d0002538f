"""The declared fields of a state, the clone derived from them and the base's apply.

The engine generates `clone()` from `FIELDS = fields(...)` (the class's `__slots__`), or
checks the one `clonegen` wrote into a game's source; these tests check the declaration
rules on small classes, and every registered game's values against the groups
they are declared in, along random games with every option value.
"""

import random
import typing

import pytest

from railtable.engine import IllegalAction, State, clonegen, fields
from railtable.engine.game import clone_source
from railtable.engine.registry import games

MUTABLE = (list, dict, set, bytearray)


# -- the declaration ------------------------------------------------------------------------


class Piece:
    """An object with its own clone(), for the `cloned` group."""

    def __init__(self, cells):
        self.cells = cells

    def clone(self):
        return Piece(self.cells[:])


class Sample(State):
    FIELDS = fields(shared=("turn", "names"), replaced=("cache",), copied=("deck", "seen"),
                    nested=("hands",), cloned=("piece",), fresh=("log",))
    __slots__ = FIELDS


def sample() -> Sample:
    s = Sample.__new__(Sample)
    s._init_base(None, 2, 7, True)
    s.turn, s.names = 1, ("a", "b")
    s.cache = [1, 2]
    s.deck, s.seen = [3, 4], {5: 6}
    s.hands = [[1], [2, 3]]
    s.piece = Piece([0, 1])
    s.log = ["x"]
    s.events = [{"type": "e", "to": None}]
    return s


def test_derived_clone_copies_each_group_as_declared():
    s = sample()
    c = s.clone()
    assert type(c) is Sample
    assert c.turn == 1 and c.names is s.names and c.game is s.game and c._seed == s._seed
    assert c.cache is s.cache and c._legal is s._legal
    assert c.deck == s.deck and c.deck is not s.deck
    assert c.seen == s.seen and c.seen is not s.seen
    assert c.hands == s.hands and c.hands is not s.hands
    assert all(a is not b for a, b in zip(c.hands, s.hands))
    assert c.piece is not s.piece and c.piece.cells == [0, 1]
    assert c.log == [] and c.events == []
    c.hands[1].append(9)
    c.deck.pop()
    c.seen[7] = 8
    c.piece.cells.append(2)
    assert s.hands == [[1], [2, 3]] and s.deck == [3, 4] and s.seen == {5: 6}
    assert s.piece.cells == [0, 1]


def test_a_slot_declared_twice_fails_when_declared():
    with pytest.raises(TypeError, match="declared twice: deck"):
        fields(shared=("deck",), copied=("deck",))


def test_a_slot_of_the_base_declared_again_fails():
    with pytest.raises(TypeError, match="'_seed' is already declared"):
        class Again(State):
            FIELDS = fields(shared=("_seed",))
            __slots__ = FIELDS


def test_undeclared_slots_fail_when_the_class_is_defined():
    with pytest.raises(TypeError, match="must be fields"):
        class Plain(State):
            __slots__ = ("deck", "turn")
    with pytest.raises(TypeError, match="must declare its fields"):
        class NoSlots(State):
            pass
    with pytest.raises(TypeError, match="tuple of slot names"):
        fields(shared="turn")
    with pytest.raises(TypeError, match="write __slots__ = FIELDS"):
        class Apart(State):
            FIELDS = fields(shared=("turn",))
            __slots__ = ("turn",)


def test_a_hand_written_clone_is_refused():
    with pytest.raises(TypeError, match="not the one its fields declare"):
        class ByHand(State):
            FIELDS = fields(shared=("turn",))
            __slots__ = FIELDS

            def clone(self):
                return self


def test_the_clone_written_by_clonegen_is_accepted_and_a_stale_one_refused():
    ns = {"State": State, "fields": fields}
    written = clonegen.BEGIN + clone_source("Written", {
        **State.declared_fields(), "turn": "shared", "deck": "copied", "hands": "nested"})
    written += clonegen.END
    exec("class Written(State):\n"
         "    FIELDS = fields(shared=('turn',), copied=('deck',), nested=('hands',))\n"
         "    __slots__ = FIELDS\n\n" + written, ns)
    s = ns["Written"].__new__(ns["Written"])
    s._init_base(None, 2, 7, True)
    s.turn, s.deck, s.hands = 3, [1, 2], [[4]]
    c = s.clone()
    assert c.turn == 3 and c.deck == [1, 2] and c.deck is not s.deck
    assert c.hands == [[4]] and c.hands[0] is not s.hands[0]
    # the declaration changed (deck now shared) and the written clone was not regenerated
    with pytest.raises(TypeError, match="stale"):
        exec("class Stale(State):\n"
             "    FIELDS = fields(shared=('turn', 'deck'), nested=('hands',))\n"
             "    __slots__ = FIELDS\n\n" + written.replace("Written", "Stale"), ns)


def test_clonegen_finds_every_game_up_to_date():
    assert clonegen.main(["--check"]) == 0


def test_every_field_of_a_game_state_is_annotated_with_its_type():
    # mypyc compiles a game's state class from its annotations: a field without one would
    # not exist in the compiled class
    for game_id in GAMES:
        cls = type(games()[game_id].new_state(games()[game_id].min_players, 1))
        if hasattr(cls.clone, "__code__"):  # Python: the annotations
            known = set(typing.get_type_hints(cls))
        else:  # compiled: the attributes mypyc made from them (it keeps no annotations)
            known = {n for n in cls.declared_fields()
                     if type(getattr(cls, n, None)).__name__ == "getset_descriptor"}
        missing = [n for n in cls.declared_fields() if n not in known]
        assert not missing, f"{cls.__qualname__} does not annotate {missing}"


def test_a_subclass_without_new_fields_inherits_the_clone():
    class Sub(Sample):
        __slots__ = ()

    s = sample()
    s.__class__ = Sub
    c = s.clone()
    assert type(c) is Sub and c.deck == [3, 4] and c.deck is not s.deck


def test_a_slot_left_unset_fails_at_the_first_clone():
    s = sample()
    del s.deck
    with pytest.raises(AttributeError, match="deck"):
        s.clone()


class Lazy(State):
    FIELDS = fields(shared=("turn",), copied=("deck",), on_write=("pile", "seen"),
                    nested_on_write=("hands",))
    __slots__ = FIELDS


def lazy() -> Lazy:
    s = Lazy.__new__(Lazy)
    s._init_base(None, 2, 7, True)
    s.turn, s.deck, s.pile, s.seen, s.hands = 0, [1], [2, 3], {4: 5}, [[6], [7, 8]]
    return s


def test_on_write_values_are_shared_until_a_state_changes_its_own():
    s = lazy()
    assert s.own_pile() is s.pile  # a new state already holds what it built
    c = s.clone()
    assert c.pile is s.pile and c.seen is s.seen and c.hands is s.hands
    assert c.deck is not s.deck
    pile = c.own_pile()
    pile.append(9)
    assert s.pile == [2, 3] and c.pile == [2, 3, 9] and pile is c.pile
    assert c.own_pile() is pile  # copied once, then kept
    hands = c.own_hands()
    hands[1].pop()
    assert s.hands == [[6], [7, 8]] and c.hands == [[6], [7]]
    assert hands[0] is not s.hands[0]  # the inner lists too
    # the original lost its sole hold at the clone: its first change copies as well
    old = s.seen
    s.own_seen()[4] = 0
    assert c.seen == {4: 5} and s.seen == {4: 0} and s.seen is not old
    # a clone of a clone shares again, both ways
    d = c.clone()
    d.own_pile().clear()
    assert c.pile == [2, 3, 9] and d.pile == []
    c.own_pile().append(1)
    assert d.pile == [] and c.pile == [2, 3, 9, 1]


def test_own_methods_are_generated_and_checked_like_the_clone():
    src = clone_source("Lazy", Lazy.declared_fields(), {"pile": "list[int]"})
    assert 'def own_pile(self) -> "list[int]":' in src
    assert 'def own_hands(self) -> "Any":' in src
    assert "self._own = s._own = 0" in src
    # a class without on_write values keeps `_own` as a shared number and has no own_
    plain = clone_source("Sample", Sample.declared_fields())
    assert "own_" not in plain.replace("self._own", "").replace("s._own", "")

    class Full(State):
        FIELDS = fields(on_write=("pile",))
        __slots__ = FIELDS

    # the clone written as generated, but not its own_pile()
    clone_only = clone_source("Forgot", Full.declared_fields()).split("\n    def own_")[0]
    body = "class Forgot(State):\n    FIELDS = fields(on_write=('pile',))\n    __slots__ = FIELDS\n"
    with pytest.raises(TypeError, match=r"Forgot\.own_pile\(\)"):
        exec(body + clone_only, {"State": State, "fields": fields})
    exec(body + clone_source("Forgot", Full.declared_fields()), {"State": State, "fields": fields})


# -- every game: values against their groups ------------------------------------------------


def _immutable(v) -> bool:
    if isinstance(v, MUTABLE):
        return False
    if isinstance(v, (tuple, frozenset)):
        return all(_immutable(x) for x in v)
    return True  # numbers, strings, None, the game and its static data


def _problems(state) -> list[str]:
    out = []
    for name, group in state.declared_fields().items():
        v = getattr(state, name)
        if group == "shared" and not _immutable(v):
            out.append(f"{name} is shared but holds {type(v).__name__} {v!r:.60}")
        elif group in ("copied", "on_write"):
            inner = v.values() if isinstance(v, dict) else v
            if not isinstance(v, MUTABLE) or not all(map(_immutable, inner)):
                out.append(f"{name} is copied but holds {v!r:.60}")
        elif group in ("nested", "nested_on_write"):
            if not isinstance(v, list) or not all(
                    isinstance(x, list) and all(map(_immutable, x)) for x in v):
                out.append(f"{name} is nested but holds {v!r:.60}")
    return out


def test_the_check_sees_a_list_declared_shared():
    # Switch & Signal's hand-written clone shared its list of first location tokens; the
    # same mistake in a declaration is reported
    class Aliased(State):
        FIELDS = fields(shared=("first",), copied=("deck",), nested=("hands",))
        __slots__ = FIELDS

    s = Aliased.__new__(Aliased)
    s._init_base(None, 2, 1, False)
    s.first, s.deck, s.hands = [4, 9], [(1, 2)], [[1], (2,)]
    assert [p.split()[0] for p in _problems(s)] == ["first", "hands"]


def _option_variants(game) -> list[dict | None]:
    """The defaults, then each non-default value of each option alone."""
    out: list[dict | None] = [None]
    for name, prop in game.options_schema()["properties"].items():
        if prop.get("enum"):
            out += [{name: v} for v in prop["enum"] if v != prop["default"]]
        elif prop["type"] == "boolean":
            out.append({name: not prop["default"]})
    return out


def _positions(game, n, options, seed, every):
    """States along one random game (None if the options do not allow n players)."""
    try:
        s = game.new_state(n, seed, options, record_events=False)
    except Exception:  # an option that needs another player count
        return
    rng = random.Random(seed)
    k = 0
    while True:
        if k % every == 0 or s.is_terminal():
            yield s
        if s.is_terminal():
            return
        s.apply(rng.choice(s.legal_actions()))
        k += 1


# the shipped games (tests register toy games of their own, one of which crashes on purpose)
GAMES = sorted(i for i, g in games().items() if type(g).__module__.startswith("railtable.games."))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_field_holds_what_its_group_allows(game_id):
    game = games()[game_id]
    seen = 0
    for options in _option_variants(game):
        for n in sorted({game.min_players, game.max_players}):
            for s in _positions(game, n, options, seed=3, every=7):
                problems = _problems(s)
                assert not problems, f"{game_id} {options} {n} players: {problems}"
                seen += 1
    assert seen > 3


@pytest.mark.parametrize("game_id", GAMES)
def test_legal_actions_hands_out_a_copy_and_illegal_actions_change_nothing(game_id):
    # issue #26: a caller that changes the list it was given must not change the state
    game = games()[game_id]
    for s in _positions(game, game.min_players, None, seed=5, every=11):
        legal = s.legal_actions()
        kept = legal[:]
        legal.clear()
        legal.append(-1)
        assert s.legal_actions() == kept
        before = s.clone()
        events = list(s.events)
        for bad in (-1, game.num_actions, 1.0 if 1 in kept else None, "0"):
            if bad is None:
                continue
            with pytest.raises(IllegalAction) as err:
                s.apply(bad)
            assert str(err.value)
            assert not _differences(s, before) and s.events == events
        if s.is_terminal():
            with pytest.raises(IllegalAction, match="the game is over"):
                s.apply(0)


def _differences(s, t) -> list[str]:
    return [name for name, group in s.declared_fields().items()
            if group not in ("fresh", "replaced") and getattr(s, name) != getattr(t, name)]


def _values(s) -> dict:
    """Deep copies of a state's values (not the private caches, which may grow, nor what
    belongs to the last step only)."""
    import copy
    return {name: copy.deepcopy(getattr(s, name)) for name, group in s.declared_fields().items()
            if group != "fresh" and not name.startswith("_") and name != "game"}


@pytest.mark.parametrize("game_id", GAMES)
def test_a_step_never_changes_what_a_clone_holds(game_id):
    # A clone shares the `replaced` and `on_write` values (docs/developing.md, "State
    # fields"): a step that changed one in place, not through `own_<name>()`, would change
    # every clone of the state too. Every option, the fewest and the most players; the
    # clone played on, and the state it was taken from.
    game = games()[game_id]
    rng = random.Random(11)
    checked = 0
    for options in _option_variants(game):
        for n in sorted({game.min_players, game.max_players}):
            for s in _positions(game, n, options, seed=11, every=3):
                if s.is_terminal():
                    continue
                original, twin = s.clone(), s.clone()
                kept = _values(twin)
                for _ in range(6):  # play the original on a few steps, its twin stays put
                    if original.is_terminal():
                        break
                    original.apply(rng.choice(original.legal_actions()))
                assert _values(twin) == kept, f"{game_id} {options}: a step changed a clone"
                kept = _values(original)
                for _ in range(3):  # and the other way round
                    if twin.is_terminal():
                        break
                    twin.apply(rng.choice(twin.legal_actions()))
                assert _values(original) == kept, f"{game_id} {options}: a clone changed its original"
                checked += 1
    assert checked > 10
