"""The engine contract every game implements.

A `Game` holds the static data of one game (loaded once, shared by every state) and makes
states. A `State` is one mutable position: whose decision it is, the legal decisions as
small integers, and `apply` to take one. All randomness comes from the state's own generator,
seeded from the game's seed, so `new_state(n, seed, options)` plus the list of actions
reproduces a game exactly.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
import sys
import textwrap
import typing
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Final, Sequence

# how mypyc compiles a class (a decorator that changes nothing in Python)
from mypy_extensions import mypyc_attr

TERMINAL: Final = -1

# 2**63: the state's generator seed lives in this range.
_SEED_SPACE: Final = 1 << 63


class IllegalAction(ValueError):
    """A decision that the rules do not allow now. The message is for a person to read."""


class OptionsError(ValueError):
    """Game options that are not valid for the game (unknown name, wrong type or value)."""


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished game.

    scores: one number per seat (the game's own score: dollars, points...).
    winners: the seats that won after the rulebook's tie-breaks (all seats or none in a
        cooperative game).
    reason: a stable id for why the game ended, e.g. "last_round", "trains_exhausted".
    details: per seat, a JSON-safe dict of what makes up the score.
    """

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str
    details: tuple[dict, ...] = ()

    def to_json(self) -> dict:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "reason": self.reason,
            "details": [dict(d) for d in self.details],
        }

    @classmethod
    def from_json(cls, d: dict) -> "Result":
        return cls(
            scores=tuple(d["scores"]),
            winners=tuple(d["winners"]),
            reason=d["reason"],
            details=tuple(d.get("details", ())),
        )


def option(default: Any, *, label: dict | None = None, choices: tuple | None = None,
           minimum: int | None = None, maximum: int | None = None) -> Any:
    """A field of a game's Options dataclass, with what the lobby needs to draw it.

    label: {"en": ..., "ru": ...}; choices: the allowed values of a string option.
    """
    meta = {"label": label or {}, "choices": choices, "minimum": minimum, "maximum": maximum}
    return field(default=default, metadata=meta)


@mypyc_attr(allow_interpreted_subclasses=True)
class Game:
    """One game: identity, static data, options and the action space.

    Subclasses set the class attributes (`actions` names the game's actions module) and
    implement `new_state`.
    """

    id: ClassVar[str]
    title: ClassVar[dict]  # {"en": ..., "ru": ...}
    description: ClassVar[dict] = {}  # short text for the lobby, {"en": ..., "ru": ...}
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    cooperative: ClassVar[bool] = False
    rules_version: ClassVar[str] = "1"
    # The bot of bots() that search bots use by default to play games out: a fast one
    # that plays sensibly (the heuristic unless it is slow).
    rollout_bot: ClassVar[str] = "heuristic"
    # The bot of bots() that names the move a search tries first at each node (its guide):
    # the strongest sensible player, even one too slow to play games out.
    guide_bot: ClassVar[str] = "heuristic"
    Options: ClassVar[type]  # a frozen dataclass; its defaults give the standard game
    # The game's actions module: `to_json(state, a) -> dict` and `from_json(state, d) -> int`
    # (docs/developing.md, "Actions as JSON"); the two methods below delegate to it.
    actions: ClassVar[Any] = None
    num_actions: int

    # -- options -----------------------------------------------------------------------

    def options_schema(self) -> dict:
        """A JSON description of the options so a lobby can draw a form."""
        props = {}
        hints = typing.get_type_hints(self.Options)
        for f in dataclasses.fields(self.Options):
            meta = f.metadata
            kind = _json_type(hints[f.name])
            prop: dict[str, Any] = {"type": kind, "default": f.default}
            if meta.get("label"):
                prop["title"] = meta["label"]
            if meta.get("choices"):
                prop["enum"] = list(meta["choices"])
            if meta.get("minimum") is not None:
                prop["minimum"] = meta["minimum"]
            if meta.get("maximum") is not None:
                prop["maximum"] = meta["maximum"]
            props[f.name] = prop
        return {"type": "object", "properties": props, "additionalProperties": False}

    def parse_options(self, options: Any = None) -> Any:
        """Options from None, an Options instance or a JSON dict; raises OptionsError."""
        if options is None:
            return self.Options()
        if isinstance(options, self.Options):
            return options
        if not isinstance(options, dict):
            raise OptionsError(f"options for {self.id} must be a JSON object")
        schema = self.options_schema()["properties"]
        unknown = sorted(set(options) - set(schema))
        if unknown:
            raise OptionsError(
                f"unknown option(s) for {self.id}: {', '.join(unknown)}; "
                f"known: {', '.join(schema) or 'none'}")
        values = {}
        for name, value in options.items():
            prop = schema[name]
            values[name] = _check_option(self.id, name, prop, value)
        return self.Options(**values)

    def options_to_json(self, options: Any) -> dict:
        return dataclasses.asdict(options)

    # -- states and actions ------------------------------------------------------------

    def check_players(self, num_players: Any) -> None:  # Any: checked here, in both builds
        if not isinstance(num_players, int) or not (
                self.min_players <= num_players <= self.max_players):
            raise OptionsError(
                f"{self.id} is played by {self.min_players}-{self.max_players} players, "
                f"not {num_players}")

    def new_state(self, num_players: int, seed: int, options: Any = None, *,
                  record_events: bool = True) -> "State":
        raise NotImplementedError

    # (state: Any, not State: a game whose action ids need no position takes None)
    def action_to_json(self, state: Any, a: int) -> dict:
        """The JSON form of action `a` in `state`: the actions module's `to_json`."""
        return self.actions.to_json(state, a)

    def action_from_json(self, state: Any, d: Any) -> int:
        """The action id for a JSON action (the actions module's `from_json`); raises
        IllegalAction if it is malformed, whatever the module raised."""
        if not isinstance(d, dict):
            raise IllegalAction(f"an action of {self.id} is a JSON object, not {d!r}")
        try:
            return self.actions.from_json(state, d)
        except IllegalAction:
            raise
        except (KeyError, ValueError, TypeError, IndexError) as e:
            why = str(e) if isinstance(e, ValueError) and str(e) else f"malformed action {d!r}"
            raise IllegalAction(why) from None

    # -- presentation ------------------------------------------------------------------

    def i18n(self, lang: str | None = None) -> dict:
        """The game's i18n.json (`load_i18n`): the whole file, or one language's part."""
        return load_i18n(str(sys.modules[type(self).__module__].__file__), lang)

    def event_text(self, event: dict, lang: str = "en",
                   names: Sequence[str | None] | None = None) -> str:
        """One line of the game log for an event, in "ru" or "en". `names` are the seats'
        names at the table (None or a missing name: "Player n" / "Игрок n"), given to
        `railtable.language.seat_name`, the one place a log line names a player."""
        return str(event.get("type", ""))

    def render_text(self, observation: dict, lang: str = "en",
                    names: Sequence[str | None] | None = None) -> str:
        """The observation drawn as text for terminal play (Rich markup allowed). `names`
        are the seats' names, as for `event_text`."""
        import json
        return json.dumps(observation, ensure_ascii=False, indent=1)

    def menu(self, state: "State", lang: str = "en",
             names: Sequence[str | None] | None = None) -> list | None:
        """The legal actions of the seat to move, for terminal play: `railtable.menu.Choice`s
        (a number that keeps its meaning while the turn goes on, a short command, a label,
        a group; docs/cli.md), built only from that seat's legal actions and observation;
        `names` as for `State.describe`.
        None: the terminal numbers the legal list as it is."""
        return None

    def difficulty_levels(self) -> list[tuple[str, dict]]:
        """Named option sets from easiest to hardest, for difficulty curves (may be empty)."""
        return []

    def evaluate(self, state: "State") -> list[float] | None:
        """Optional: how good an unfinished position is for each seat, a win-probability-like
        value in [0, 1]. Search bots with a playout horizon score the positions where they
        cut playouts short with it. None (the base): the game has no evaluation."""
        return None

    def bots(self) -> dict:
        """This game's own bots: name -> factory(seat, seed, **params) returning a Bot."""
        return {}

    def world_sampler(self, state: "State", seat: int) -> Callable[[random.Random], "State"]:
        """How a search bot of `seat` samples the worlds it may be in, from `state`: a
        function rng -> a determinized copy. The base samples uniformly
        (`state.determinize`); a game may add an opponent model, weighting what `seat`
        cannot see by the others' public play (still consistent with what it has seen)."""
        return functools.partial(state.determinize, seat)

    def __repr__(self) -> str:
        return f"<Game {self.id}>"

    def __reduce__(self):
        # Pickle by id: a state sent to another process refers to that process's own copy
        # of the game's static data instead of carrying it along.
        return (_game_by_id, (self.id,))


@functools.cache
def _read_i18n(module_file: str) -> dict:
    # cached by the module's path as given: resolving a path on every call cost more than
    # the labels themselves (describe() of every legal action in OpenSpiel's checks)
    path = Path(module_file).resolve().parent / "i18n.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def load_i18n(module_file: str, lang: str | None = None) -> dict:
    """The one way a game loads its texts: the i18n.json beside `module_file` (any module of
    the game's folder: pass `__file__`), read once. Without `lang`, the whole file
    ({"ru": {...}, "en": {...}}); with it, that language's part, English when the file has
    no such language. A folder without i18n.json has no texts ({})."""
    data = _read_i18n(module_file)
    if lang is None:
        return data
    return data.get(lang) or data.get("en") or {}


def texts(module_file: str, *keys: str) -> dict:
    """One text of the i18n.json beside `module_file` in every language of the file,
    {"en": ..., "ru": ...}: for the texts a game declares in Python, its `title` and
    `description` (`texts(__file__, "title")`) and an option's label
    (`option(..., label=texts(__file__, "options", "board"))`). `keys` lead down to the
    text; a missing one fails when the module is imported."""
    out = {}
    for lang, part in load_i18n(module_file).items():
        for k in keys:
            part = part[k]
        out[lang] = part
    return out


def _game_by_id(game_id: str) -> "Game":
    from railtable.engine.registry import get_game
    return get_game(game_id)


def static_part(game_id: str, table: str, key: str) -> Any:
    """`getattr(game, table)[key]` of the game loaded in this process: how a game's static
    part (a board, a map) pickles by name, as the game does (`__reduce__` returns
    `(static_part, (game_id, table, key))`): a state sent to another process uses that
    process's own copy, and a compiled class has no default pickling."""
    return getattr(_game_by_id(game_id), table)[key]


# The keys every observation starts with (State.observation).
ENVELOPE: Final = ("game", "seat", "current_player", "phase", "round", "scores", "result")


@mypyc_attr(native_class=False)  # a tuple subclass: mypyc compiles it as a Python class
class Fields(tuple):
    """A state class's slots, grouped by how `clone()` copies each (see `fields`).

    A tuple of the slot names, so it can be a class's `__slots__`; the groups ride along.
    """

    groups: dict[str, tuple[str, ...]]


# How the clone copies one slot of each group: a line of its generated body.
_COPY_LINE: Final = {
    "shared": "s.{0} = self.{0}",
    "replaced": "s.{0} = self.{0}",
    "copied": "s.{0} = self.{0}.copy()",
    "nested": "s.{0} = [x.copy() for x in self.{0}]",
    "cloned": "s.{0} = self.{0}.clone()",
    "fresh": "s.{0} = []",
    "on_write": "s.{0} = self.{0}",
    "nested_on_write": "s.{0} = self.{0}",
}

# How a state takes its own copy of an `on_write` value before changing it (`own_<name>()`).
_OWN_COPY: Final = {
    "on_write": "self.{0}.copy()",
    "nested_on_write": "[x.copy() for x in self.{0}]",
}


# (the groups are typed Any: a string instead of a tuple must reach the check below, also
# where mypyc compiled the engine and would refuse it first)
def fields(*, shared: Any = (), replaced: Any = (), copied: Any = (), nested: Any = (),
           cloned: Any = (), fresh: Any = (), on_write: Any = (),
           nested_on_write: Any = ()) -> Fields:
    """Declare a state class's slots by how a clone copies them: the class's `FIELDS`
    (a `ClassVar[Fields]`), which is also its `__slots__`.

    shared: the same object in the clone: numbers, strings, None, tuples and frozensets of
        such, and the game's static data (objects nobody changes after loading).
    replaced: a mutable value the rules never change in place, only replace whole (a cache,
        a list handed out and then swapped for a new one): shared with the clone.
    copied: a list, dict, set or bytearray of shared values: a shallow copy.
    nested: a list of lists of shared values: each inner list copied.
    cloned: an object with its own `clone()`.
    fresh: a new empty list in the clone (what belongs to the last apply only).
    on_write: a list, dict, set or bytearray of shared values, shared with the clone until
        one of the two changes it: every change goes through `self.own_<name>()`, which
        returns the state's own copy (made at the first change after a clone, then kept).
        For values most steps leave alone: a clone copies none of them.
    nested_on_write: a list of lists of shared values, the same way (`own_<name>()` copies
        the outer list and every inner one at the first change after a clone).

    `clone()` is generated from this (`clone_source`): by the engine when the class is
    defined, or, in a game's source where mypyc compiles it, written out by
    `python -m railtable.engine.clonegen` and checked against the declaration when the class
    is defined. A slot named twice (here or in a base), or a state class without its
    declaration, fails when the class is defined; a slot left unset fails at the first clone.
    """
    groups = {"shared": shared, "replaced": replaced, "copied": copied, "nested": nested,
              "cloned": cloned, "fresh": fresh, "on_write": on_write,
              "nested_on_write": nested_on_write}
    names: list[str] = []
    for group, slots in groups.items():
        if isinstance(slots, str):
            raise TypeError(f"fields({group}=...) takes a tuple of slot names, not a string")
        names.extend(slots)
    out = Fields(names)
    seen: set[str] = set()
    twice = []
    for n in names:
        if n in seen:
            twice.append(n)
        seen.add(n)
    if twice:
        raise TypeError(f"slot(s) declared twice: {', '.join(twice)}")
    out.groups = {g: tuple(v) for g, v in groups.items() if v}
    return out


def _declaration(klass: type) -> Any:
    """A class's own declaration of its fields: FIELDS, which is also its __slots__ in
    Python (a class compiled by mypyc keeps FIELDS but no __slots__); () for a subclass
    that adds no fields; None if it declares nothing."""
    own = vars(klass)
    if klass is State:
        return _STATE_FIELDS
    declared = own.get("FIELDS")
    slots = own.get("__slots__")
    if declared is None:
        return slots
    if not isinstance(declared, Fields):
        raise TypeError(f"{klass.__qualname__}.FIELDS must be fields(shared=..., copied=..., ...)")
    if slots is not None and slots is not declared:
        raise TypeError(f"{klass.__qualname__}: write __slots__ = FIELDS, so that the slots "
                        f"are the declared fields")
    return declared


def _field_groups(cls: type) -> dict[str, str]:
    """Every slot of a state class and its bases -> its group, checked: declared by
    `fields(...)`, each slot once."""
    groups: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if klass is object:
            continue
        slots = _declaration(klass)
        if slots is None:
            raise TypeError(f"{klass.__qualname__} must declare its fields: FIELDS: "
                            f"ClassVar[Fields] = fields(...) and __slots__ = FIELDS, so "
                            f"that clone() can copy each")
        if not slots and not isinstance(slots, str):
            continue  # `__slots__ = ()`: a subclass that adds no fields
        if not isinstance(slots, Fields):
            raise TypeError(
                f"{klass.__qualname__}.__slots__ must be fields(shared=..., copied=..., ...), "
                f"so that clone() knows how to copy each of {tuple(slots)!r}")
        for group, names in slots.groups.items():
            for name in names:
                if name in groups:
                    raise TypeError(f"{klass.__qualname__}: slot {name!r} is already declared "
                                    f"by a base class ({groups[name]})")
                groups[name] = group
    return groups


def on_write_bits(groups: dict[str, str]) -> dict[str, int]:
    """Each `on_write` or `nested_on_write` slot -> its bit in the state's `_own` mask (in
    the order the slots are declared, a base's first)."""
    names = [n for n, g in groups.items() if g in _OWN_COPY]
    return {n: 1 << i for i, n in enumerate(names)}


def clone_source(cls_name: str, groups: dict[str, str],
                 types: dict[str, str] | None = None) -> str:
    """The source of a state class's `clone` method, generated from its field groups (as
    dataclasses generates `__init__`): straight-line code, one line a slot, indented as a
    method. Copies use `.copy()`, and a comprehension of `.copy()` for a list of lists: the
    fastest both as Python and compiled (2026-11-26: 20-50% faster compiled than slices,
    `list(...)` or `map(list.copy, ...)`). The generator is shared until one of the two states draws
    from it (State.rng): the last line clears both flags (so the flag is not copied first).

    A class with `on_write` slots gets, after the clone, one `own_<name>()` method each
    (`types`: the slot's annotation, the method's return type): the clone shares the values
    and clears the ownership mask `_own` of both states; the first `own_<name>()` after
    that copies the value and sets the slot's bit, so each later change in the same state
    costs only the test of a bit."""
    bits = on_write_bits(groups)
    skip = ("_rng_own", "_own") if bits else ("_rng_own",)
    lines = [_COPY_LINE[g].format(n) for n, g in groups.items() if n not in skip]
    lines.append("self._rng_own = s._rng_own = False")
    if bits:
        lines.append("self._own = s._own = 0")
    body = "\n        ".join([f"s = {cls_name}()", *lines, "return s"])
    out = [f"    def clone(self) -> \"{cls_name}\":\n        {body}\n"]
    for n, bit in bits.items():
        tp = (types or {}).get(n, "Any")
        copy = _OWN_COPY[groups[n]].format(n)
        out.append(f"\n    def own_{n}(self) -> \"{tp}\":\n"
                   f"        if not self._own & {bit}:\n"
                   f"            self.{n} = {copy}\n"
                   f"            self._own |= {bit}\n"
                   f"        return self.{n}\n")
    return "".join(out)


def _generated_methods(cls: type, groups: dict[str, str]) -> dict[str, Callable]:
    """The clone function of `cls` and its `own_<name>` functions, compiled from
    `clone_source` in a namespace where the class's name is the class."""
    src = textwrap.dedent(clone_source(cls.__name__, groups))
    ns: dict[str, Any] = {cls.__name__: cls}
    exec(compile(src, f"<clone of {cls.__qualname__}>", "exec"), ns)
    out = {}
    for name, fn in ns.items():
        if name == "clone" or name.startswith("own_"):
            fn.__qualname__ = f"{cls.__qualname__}.{name}"
            out[name] = fn
    return out


def _same_code(a: Any, b: Any) -> bool:
    """Whether two functions (or code objects) run the same instructions on the same names
    and constants, wherever their source lines are (a comprehension is a code object
    among the constants: compared the same way)."""
    ca, cb = getattr(a, "__code__", a), getattr(b, "__code__", b)
    if not (hasattr(ca, "co_code") and hasattr(cb, "co_code")):
        return False
    if (ca.co_code, ca.co_names, ca.co_varnames, len(ca.co_consts)) != (
            cb.co_code, cb.co_names, cb.co_varnames, len(cb.co_consts)):
        return False
    for x, y in zip(ca.co_consts, cb.co_consts):
        if hasattr(x, "co_code") or hasattr(y, "co_code"):
            if not _same_code(x, y):
                return False
        elif x != y:
            return False
    return True


# Off only in `clonegen`, which imports a game whose written clone is stale to rewrite it.
check_written_clones = True


def _set_clone(cls: type, groups: dict[str, str]) -> None:
    """Give `cls` its clone: the one written in its source by `clonegen` if it has one
    (checked against the declaration where it runs as Python; a compiled one was checked in
    the pure build), else the one generated now."""
    generated = _generated_methods(cls, groups)
    if vars(cls).get("clone") is None:
        for name, fn in generated.items():
            setattr(cls, name, fn)
        return
    if not check_written_clones:
        return
    for name, fn in generated.items():
        written = vars(cls).get(name)
        if written is None or (hasattr(written, "__code__") and not _same_code(written, fn)):
            raise TypeError(f"{cls.__qualname__}.{name}() is not the one its fields declare "
                            f"(written by hand, missing, or stale): run "
                            f"python -m railtable.engine.clonegen")


# The base state's fields, declared like a game's (State.__slots__).
# `_rng`, the state's generator, is shared with a clone and copied by each state that draws
# from it after the clone (`_rng_own` says whether this state may draw from it as it is);
# the derived clone clears both flags, so a shared generator is never drawn from again.
# `_own` is the mask of the `on_write` values this state holds alone (clone_source).
_STATE_FIELDS: Final = fields(shared=("game", "num_players", "_seed", "_rng", "_rng_own",
                               "_own", "record_events"),
                       replaced=("_legal",), fresh=("events",))


# Games subclass State and Game in plain Python even where mypyc compiled the engine.
@mypyc_attr(allow_interpreted_subclasses=True)
class State:
    """One position of a game.

    A subclass declares its fields as `FIELDS: ClassVar[Fields] = fields(...)` (how a clone
    copies each) with `__slots__ = FIELDS`, annotates each field with its type, and gets
    `clone()` generated from that (`fields`). It writes the hooks `_legal_actions()` and
    `_apply(a)`; the base's `apply` and `legal_actions` own the legality check, the cached
    legal list and the event list.
    """

    __slots__ = _STATE_FIELDS

    game: Any  # the Game (Any: test doubles and scenario builders leave it None)
    num_players: int
    _seed: int
    _rng: random.Random | None
    _rng_own: bool
    _own: int
    record_events: bool
    _legal: list[int] | None
    events: list[dict]
    _forces: ClassVar[bool] = False  # set per class: does it override `_forced`?
    _field_groups: ClassVar[dict[str, str]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._field_groups = _field_groups(cls)
        _set_clone(cls, cls._field_groups)
        # whether the game declares any forced decision (else apply skips the check)
        cls._forces = cls._forced is not State._forced

    def __reduce__(self) -> tuple:
        # every declared field by name: the same in both builds, and complete where a
        # compiled engine's State (whose own pickling knows only its own fields) is the
        # base of a game's class in Python
        names = type(self)._field_groups
        return (_restore_state, (type(self), tuple([getattr(self, n) for n in names])))

    @classmethod
    def declared_fields(cls) -> dict[str, str]:
        """Every field of the state and how `clone()` copies it: name -> group
        ("shared", "replaced", "copied", "nested", "cloned", "fresh", "on_write" or
        "nested_on_write")."""
        return dict(cls._field_groups)

    # -- randomness ----------------------------------------------------------------------

    def _init_base(self, game: Any, num_players: int, seed: int, record_events: bool) -> None:
        self.game = game
        self.num_players = num_players
        self.events = []
        self.record_events = record_events
        self._legal = None
        self._own = -1  # a new state holds every value it built alone
        self.set_seed(seed)

    def rng(self) -> random.Random:
        """The state's generator, for the random step being taken now (a shuffle, a roll, a
        draw from a face-down pile).

        One generator per state, made from the seed at the first random step and drawn
        from by every step after it, so a step costs no new generator. A clone shares it,
        and each state that draws after the clone copies it (a clone costs nothing more than
        the seed). Take it at each random step (`shuffle(self.rng(), deck)`) and
        pass it around within that step; never keep it in a field.
        """
        r = self._rng
        if self._rng_own and r is not None:
            return r
        if r is None:
            r = random.Random(self._seed)
        else:  # shared with a clone: this state's own copy from here on
            c = random.Random(0)
            c.setstate(r.getstate())
            r = c
        self._rng = r
        self._rng_own = True
        return r

    @property
    def chance_seed(self) -> tuple:
        """Changes when the state draws randomness (its seed and its generator's state, a
        tuple of some 600 numbers: for a caller that asks once an action, such as the
        undo barrier, to tell that the action shuffled, rolled or drew)."""
        r = self._rng
        return self._seed, None if r is None else r.getstate()

    def set_seed(self, seed: int) -> None:
        """Start the state's randomness anew from `seed`: its next random step draws from a
        generator seeded with it (`random.Random(seed)`)."""
        self._seed = seed % _SEED_SPACE
        self._rng = None
        self._rng_own = False

    def reseed(self, rng: random.Random) -> None:
        """Make future randomness unknown (used by determinize)."""
        self.set_seed(rng.getrandbits(63))

    def emit(self, event: dict) -> None:
        """Record an event (call it only when recording is on).

        `event["to"]` is the audience: None for everyone, or a list of seats. It is never a
        game value such as a destination; the check costs little since events are built
        only when recording.
        """
        to = event.setdefault("to", None)
        if to is not None and (not isinstance(to, list)
                               or not all(isinstance(p, int) for p in to)):
            raise TypeError(f"event 'to' must be None or a list of seats, not {to!r} "
                            f"(in {event.get('type')!r}); name a destination otherwise")
        self.events.append(event)

    # -- the contract ------------------------------------------------------------------

    def current_player(self) -> int:
        raise NotImplementedError

    def legal_actions(self) -> list[int]:
        """The legal decisions, ascending; a new list the caller may keep or change."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        return legal[:]

    def apply(self, a: Any) -> None:  # Any: a compiled build must refuse a str the same way
        """Take decision `a`. An illegal one raises IllegalAction and changes nothing."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        if a not in legal or type(a) is not int:
            raise IllegalAction("the game is over" if self.is_terminal()
                                else self._why_illegal(a))
        if self.record_events:
            self.events = []
        self._legal = None
        self._apply(a)
        if self._forces:
            self._take_forced()

    def _take_forced(self) -> None:
        """Take, one after another, the forced single choices now: while the decision to
        move is one the game declares forced (`_forced()`) and has a single legal choice,
        take it with `_apply`, its events added to the apply's. The base `apply` calls it
        after every step; a game's `new_state` calls it last when the first decision may be
        forced, and a game that writes its own `apply` calls it after its step."""
        while self._forced():
            legal = self._legal
            if legal is None:
                legal = self._legal = self._legal_actions()
            if len(legal) != 1:
                return
            self._legal = None
            self._apply(legal[0])

    # -- the game's hooks ---------------------------------------------------------------

    def _legal_actions(self) -> list[int]:
        """The legal decisions now, ascending (empty once the game is over). The base caches
        the list in `_legal` until the next apply; a game whose step already knows the next
        list may set `_legal` itself instead."""
        raise NotImplementedError

    def _apply(self, a: int) -> None:
        """Take decision `a`, already checked legal: the game's step and its end check (the
        engine then takes forced single choices, `_forced`). Emit events only when
        `record_events` is on."""
        raise NotImplementedError

    def _forced(self) -> bool:
        """Whether the engine takes the decision now by itself when it has a single legal
        choice (docs/developing.md, "Forced single choices"). The base forces nothing.
        Called after every step (also the last: once the game is over the legal list is
        empty and nothing is taken) before the legal list is built, so test something
        cheap, such as the phase."""
        return False

    def _why_illegal(self, a: Any) -> str:
        """Why `a` is not legal now, for a person to read."""
        return f"{a!r} is not a legal action now"

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def result(self) -> Result:
        raise NotImplementedError

    def returns(self) -> list[float]:
        """What bots maximise: by default 1 for a winner (shared among tied winners), else 0."""
        if not self.is_terminal():
            return [0.0] * self.num_players
        res = self.result()
        if not res.winners:
            return [0.0] * self.num_players
        if self.game.cooperative:
            return [1.0] * self.num_players
        share = 1.0 / len(res.winners)
        return [share if p in res.winners else 0.0 for p in range(self.num_players)]

    # -- the observation: a common envelope, then the game's own part -------------------

    def observation(self, player: int | None) -> dict:
        """What `player` may know (None: a spectator), JSON-safe.

        It starts with the envelope every reader (server, terminal, views, RL wrappers)
        reads the same way in every game (`ENVELOPE`, docs/developing.md):
        game, seat (the viewer), current_player (None when the game is over), phase,
        round (None if the game has no rounds), scores (the public running scores, None if
        the game keeps them hidden) and result (`Result.to_json()` once the game is over,
        else None). The game's own part, `_observe(player)`, follows; it never repeats an
        envelope key.
        """
        cur = self.current_player()
        over = cur == TERMINAL
        obs = {"game": self.game.id, "seat": player,
               "current_player": None if over else cur,
               "phase": self.phase_name(), "round": self.round_number(),
               "scores": self.public_scores(),
               "result": self.result().to_json() if over else None}
        obs.update(self._observe(player))
        return obs

    def _observe(self, player: int | None) -> dict:
        """The game's own part of the observation (everything a view needs to draw the
        position), without the envelope's keys."""
        raise NotImplementedError

    def phase_name(self) -> str:
        """The envelope's phase: a stable snake_case id of the step of play now."""
        return "over" if self.is_terminal() else "play"

    def round_number(self) -> int | None:
        """The envelope's round, counted from 1 (None: the game has no rounds)."""
        return None

    def public_scores(self) -> list | None:
        """The envelope's scores: each seat's score so far as everyone sees it (None: the
        game keeps them hidden until the end, or has none, as in a cooperative game)."""
        return None

    def clone(self) -> "State":
        """An independent copy (derived per class from its declared fields)."""
        raise NotImplementedError  # replaced in every subclass by __init_subclass__

    def determinize(self, player: int, rng: random.Random) -> "State":
        raise NotImplementedError

    def describe(self, a: int, lang: str = "en",
                 names: Sequence[str | None] | None = None) -> str:
        """Action `a`'s label in "ru" or "en"; `names` are the seats' names at the table, as
        for `Game.event_text` (a label that names a player names it by
        `railtable.language.seat_name`)."""
        return str(self.game.action_to_json(self, a))

    def visible_events(self, player: int | None) -> list[dict]:
        """The events of the last apply that `player` may see (None: a spectator)."""
        return [e for e in self.events
                if e.get("to") is None or (player is not None and player in e["to"])]


State._field_groups = _field_groups(State)


# Random draws. Each gives the same numbers, and leaves the generator in the same state, as
# the `random.Random` method of its name (CPython's `_randbelow_with_getrandbits`, on which
# `shuffle`, `choice`, `randrange` and `randint` are built; tests/engine/test_draws.py):
# records are the same whichever a game calls, but these run compiled, where the methods of
# `random.Random` are Python code.

def randbelow(rng: random.Random, n: int) -> int:
    """A number in [0, n), as `rng.randrange(n)` draws it."""
    if n <= 0:
        raise ValueError(f"empty range for randbelow: {n}")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def randint(rng: random.Random, a: int, b: int) -> int:
    """A number in [a, b], both included, as `rng.randint(a, b)` draws it (a die: 1, 6)."""
    return a + randbelow(rng, b - a + 1)


def choice(rng: random.Random, seq: Sequence[Any]) -> Any:
    """One item of a non-empty sequence, as `rng.choice(seq)` picks it."""
    if not seq:
        raise IndexError("cannot choose from an empty sequence")
    return seq[randbelow(rng, len(seq))]


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """Shuffle the list in place, as `rng.shuffle(x)` does."""
    for i in range(len(x) - 1, 0, -1):
        j = randbelow(rng, i + 1)
        x[i], x[j] = x[j], x[i]


def _restore_state(cls: type[State], values: tuple) -> State:
    s = cls.__new__(cls)
    for name, value in zip(cls._field_groups, values):
        setattr(s, name, value)
    return s


def redeal(hands: list[list], pile: list, keep: int, rng: random.Random) -> list:
    """For `determinize`: the cards seat `keep` cannot see (every other hand and the face-down
    `pile`) shuffled together and dealt back in the same sizes. The other hands are replaced
    in `hands`; returns the new pile."""
    unseen = list(pile)
    for q, h in enumerate(hands):
        if q != keep:
            unseen += h
    shuffle(rng, unseen)
    for q, h in enumerate(hands):
        if q != keep:
            k = len(h)
            hands[q], unseen = unseen[:k], unseen[k:]
    return unseen


def _json_type(tp: Any) -> str:
    if tp is bool:
        return "boolean"
    if tp is int:
        return "integer"
    if tp is float:
        return "number"
    return "string"


def _check_option(game_id: str, name: str, prop: dict, value: Any) -> Any:
    kind = prop["type"]
    ok = {
        "boolean": isinstance(value, bool),
        "integer": isinstance(value, int) and not isinstance(value, bool),
        "number": isinstance(value, (int, float)) and not isinstance(value, bool),
        "string": isinstance(value, str),
    }[kind]
    if not ok:
        raise OptionsError(f"option {name} of {game_id} must be a {kind}, not {value!r}")
    if "enum" in prop and value not in prop["enum"]:
        raise OptionsError(
            f"option {name} of {game_id} must be one of {', '.join(map(str, prop['enum']))}")
    if "minimum" in prop and value < prop["minimum"]:
        raise OptionsError(f"option {name} of {game_id} must be at least {prop['minimum']}")
    if "maximum" in prop and value > prop["maximum"]:
        raise OptionsError(f"option {name} of {game_id} must be at most {prop['maximum']}")
    return value
