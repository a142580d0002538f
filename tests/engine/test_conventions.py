"""Conventions every game folder follows (docs/developing.md): the action JSON made in one
place, the game's actions.py, with one signature, and the Game only naming that module."""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import random
import re
from pathlib import Path

import pytest

from railtable.engine import Game, IllegalAction
from railtable.engine.registry import games
from railtable.games._template import GAME as TEMPLATE


def folder(game) -> str:
    return type(game).__module__.split(".")[2]


# the game folders of railtable/games (test toys registered by other tests aside) and the
# template, by folder name
FOLDERS = {folder(g): g for g in [*games().values(), TEMPLATE]
           if type(g).__module__.startswith("railtable.games.")}


@pytest.mark.parametrize("name", sorted(FOLDERS))
def test_the_game_names_its_actions_module_and_writes_no_json_methods(name):
    game = FOLDERS[name]
    module = importlib.import_module(f"railtable.games.{folder(game)}.actions")
    assert game.actions is module
    for cls in type(game).__mro__:
        if cls is Game:
            break
        assert "action_to_json" not in vars(cls), f"{cls.__name__} writes action_to_json"
        assert "action_from_json" not in vars(cls), f"{cls.__name__} writes action_from_json"
    assert list(inspect.signature(module.to_json).parameters) == ["state", "a"]
    assert list(inspect.signature(module.from_json).parameters) == ["state", "d"]


JUNK = [None, "x", -1, 10 ** 9, 1.5, [], {}, True]


@pytest.mark.parametrize("name", sorted(FOLDERS))
def test_json_round_trips_and_malformed_json_is_refused(name):
    game = FOLDERS[name]
    types = set()
    for seed in range(2):
        rng = random.Random(seed)
        s = game.new_state(game.min_players, seed)
        steps = 0
        while not s.is_terminal() and steps < 400:
            legal = s.legal_actions()
            for a in legal:
                d = json.loads(json.dumps(game.action_to_json(s, a)))
                assert isinstance(d.get("type"), str) and d["type"]
                types.add(d["type"])
                assert game.action_from_json(s, d) == a
            a = rng.choice(legal)
            d = game.action_to_json(s, a)
            # every field of the form spoilt in turn, or missing: refused or still an action
            for key in d:
                for junk in [*JUNK, "<missing>"]:
                    bad = {k: v for k, v in d.items() if k != key}
                    if junk != "<missing>":
                        bad[key] = junk
                    try:
                        b = game.action_from_json(s, bad)
                    except IllegalAction as e:
                        assert str(e), f"{bad!r} refused without a message"
                    else:
                        assert isinstance(b, int) and 0 <= b < game.num_actions
            s.apply(a)
            steps += 1
        for bad in [None, "claim", 3, [d], {}, {"type": "no_such_action"}]:
            with pytest.raises(IllegalAction) as e:
                game.action_from_json(s, bad)
            assert str(e.value)
    assert types


# -- log lines only through templates ---------------------------------------------------------

PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_.\[\]]*\}")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def events_by_type(game, games_per_count=2, per_type=25) -> dict[str, list[dict]]:
    """Up to `per_type` events of each type from seeded random games at the smallest and
    the largest player count."""
    seen: dict[str, list[dict]] = {}
    for n in sorted({game.min_players, game.max_players}):
        for seed in range(games_per_count):
            rng = random.Random(seed * 7 + n)
            s = game.new_state(n, seed)
            steps = 0
            while not s.is_terminal() and steps < 3000:
                s.apply(rng.choice(s.legal_actions()))
                steps += 1
                for ev in s.events:
                    bucket = seen.setdefault(ev["type"], [])
                    if len(bucket) < per_type:
                        bucket.append(ev)
    return seen


@pytest.mark.parametrize("name", sorted(FOLDERS))
def test_every_event_reads_as_a_filled_template_in_both_languages(name):
    game = FOLDERS[name]
    seen = events_by_type(game)
    assert "game_over" in seen or len(seen) > 1
    for lang in ("en", "ru"):
        assert game.i18n(lang)["log"], f"no log templates in {name}'s i18n.json ({lang})"
        for typ, evs in seen.items():
            for ev in evs:
                line = game.event_text(ev, lang)
                assert isinstance(line, str) and line.strip(), f"{typ} ({lang}): empty line"
                assert not PLACEHOLDER.search(line), f"{typ} ({lang}): unfilled {line!r}"
                assert line != typ, f"{typ} ({lang}): no template, the type printed"
                if lang == "en":
                    assert not CYRILLIC.search(line), f"{typ}: Russian in English {line!r}"


@pytest.mark.parametrize("name", sorted(FOLDERS))
def test_event_text_writes_no_phrase_of_its_own(name):
    """The words of a log line come from i18n.json: event_text's own string constants hold
    no Russian (the English twin of an inline phrase would be beside it)."""
    path = Path(importlib.import_module(f"railtable.games.{name}.text").__file__)
    src = path.read_text(encoding="utf-8")
    funcs = [n for n in ast.walk(ast.parse(src))
             if isinstance(n, ast.FunctionDef) and n.name == "event_text"]
    assert funcs, f"{path} has no event_text"
    for n in ast.walk(funcs[0]):
        if isinstance(n, ast.Constant) and isinstance(n.value, str):
            assert not CYRILLIC.search(n.value), f"inline phrase in event_text: {n.value!r}"


# -- texts only in i18n.json --------------------------------------------------------------

def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and functions."""
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = n.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                out.add(id(body[0].value))
    return out


@pytest.mark.parametrize("name", sorted(FOLDERS))
def test_no_russian_text_in_the_game_code(name):
    """Every Russian word a player reads is in i18n.json: the game's Python holds none in its
    strings (f-strings included). Comments and docstrings may name a rulebook section in
    the rulebook's own words."""
    here = Path(importlib.import_module(f"railtable.games.{name}").__file__).parent
    files = sorted(here.glob("*.py"))
    assert files
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for n in ast.walk(tree):
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
                assert not CYRILLIC.search(n.value), (
                    f"{path.name}:{n.lineno}: Russian text in code {n.value[:60]!r}; it belongs "
                    f"in i18n.json")


SNAKE_ID = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")  # an id such as "move_train"


def _plain(text: str) -> str:
    """The text without its Rich markup."""
    from rich.text import Text
    return Text.from_markup(text).plain


def _check_text(text: str, lang: str, where: str) -> None:
    assert isinstance(text, str) and text.strip(), f"{where}: empty"
    plain = _plain(text)
    assert not PLACEHOLDER.search(plain), f"{where}: unfilled template in {plain!r}"
    ids = SNAKE_ID.findall(plain)
    assert not ids, f"{where}: untranslated id(s) {ids} in {plain!r}"
    if lang == "en":
        assert not CYRILLIC.search(plain), f"{where}: Russian in English {plain!r}"


def positions(game, count=2, steps=400, every=9):
    """Positions of seeded random games (all option values' defaults, smallest and largest
    player count), every few decisions, and the end."""
    for n in sorted({game.min_players, game.max_players}):
        for seed in range(count):
            rng = random.Random(seed * 13 + n)
            s = game.new_state(n, seed)
            k = 0
            while not s.is_terminal() and k < steps:
                if k % every == 0:
                    yield s
                s.apply(rng.choice(s.legal_actions()))
                k += 1
            yield s


@pytest.mark.parametrize("name", sorted(FOLDERS))
def test_labels_and_the_text_view_are_translated(name):
    """describe() of every legal action and render_text of every seat's view, in both
    languages: never empty, no template left unfilled, no id shown as it is, no Russian in
    English, and a Russian label that differs from the action's JSON type."""
    game = FOLDERS[name]
    for s in positions(game):
        where = f"{name} ({s.phase_name()})"
        for a in s.legal_actions():
            typ = game.action_to_json(s, a)["type"]
            for lang in ("en", "ru"):
                label = s.describe(a, lang)
                _check_text(label, lang, f"{where}: label of {typ} ({lang})")
                assert label not in (typ, str(a)), f"{where}: {typ} ({lang}) has no label"
        for p in [None, *range(s.num_players)]:
            obs = s.observation(p)
            for lang in ("en", "ru"):
                _check_text(game.render_text(obs, lang), lang, f"{where}: view of {p} ({lang})")
