"""Every text a player reads after a move or at the end, in both languages (issue #29).

Random games of every game at every player count are played with events recorded; each
event is written as a log line for every audience (a spectator and each seat) in Russian
and English with the seats' names given, and each end reason and result detail is looked
up in the game's catalogue. A line fails on an untranslated id (a snake_case word),
`None`, `True`/`False`, a Python list, a "P1"- or "Player 1"-style name where the seat has
a name, a blank line, English words in Russian, or the same line twice in a row for
one move. Plural forms come from Babel's CLDR rules (railtable.language).
"""

from __future__ import annotations

import random
import re

import pytest

from railtable.engine.registry import games
from railtable.language import count, detail_rows, fill, plural_form, reason_text

GAMES = {gid: g for gid, g in games().items() if type(g).__module__.startswith("railtable.games.")}
NAMES = {"en": ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"],
         "ru": ["Анна", "Борис", "Вера", "Глеб", "Дина", "Ефим"]}
GAMES_PER_COUNT = 6
MAX_STEPS = 4000

SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
BAD_WORD = re.compile(r"\b(None|True|False|nan)\b")
SEAT_NUMBER = re.compile(r"\bP\d\b|\b(Player|Игрок|игрок) \d\b")
PY_LIST = re.compile(r"\[[\d\s,'\"-]*\]|\{\s*'")
LATIN_WORD = re.compile(r"\b[A-Za-z]{3,}\b")

# Option sets sampled besides the defaults (variants with log lines of their own).
OPTIONS = {"colt_express": [{"expert": True, "station_cards": True}, {"two_bandits": True}]}

# Log templates no random sample of a few games reaches; each with why.
RARE = {
    "steamland": {
        "dead_end": "a hero walled in by the map's edge and explored hexes",
        "launch": "the Stokes machine needs every part found by tasks",
        # counted over 200 random games (2-6 players, seeds 0-39): 31 games gamble, 2 land
        # a hero in the dungeon
        "gamble": "a hero must be where gambling is offered, with an item to stake",
        "dungeon": "a hero caught stealing with neither items nor money to lose",
    },
    "ticket_to_ride": {"pass": "a seat without any legal move (no trains, no cards left)"},
    "switch_and_signal": {
        "deliver": "random switching brings no good to its city",
        "reshuffle": "the action deck runs out only in long games",
        # 2 of 120 random games (2-4 players, seeds 0-39)
        "port_empty": "a train must reach a port with nothing left to unload",
    },
}


def line_problems(line: str, lang: str) -> list[str]:
    bad = []
    if not line.strip():
        bad.append("blank line")
    for pattern, what in ((SNAKE, "raw id"), (BAD_WORD, "raw value"),
                          (SEAT_NUMBER, "seat number instead of the name"),
                          (PY_LIST, "a Python list")):
        if pattern.search(line):
            bad.append(what)
    if lang == "ru":
        if any(w not in NAMES["en"] for w in LATIN_WORD.findall(line)):
            bad.append("English words in Russian")
    elif re.search(r"[А-Яа-яЁё]", line):
        bad.append("Russian in English")
    return bad


def play(game, n: int, seed: int, options=None):
    """(event lists of each move, the finished state) of one random game."""
    rng = random.Random(seed * 31 + n)
    s = game.new_state(n, seed, game.parse_options(options))
    moves = [list(s.events)]
    steps = 0
    while not s.is_terminal() and steps < MAX_STEPS:
        s.apply(rng.choice(s.legal_actions()))
        moves.append(list(s.events))
        steps += 1
    return moves, s


def _valid(game, n: int, opts: dict) -> bool:
    try:
        game.new_state(n, 0, game.parse_options(opts))
    except (ValueError, TypeError):
        return False
    return True


@pytest.fixture(scope="module")
def samples():
    out = {}
    for gid, game in GAMES.items():
        out[gid] = [(n, *play(game, n, seed, opts))
                    for opts in [None, *OPTIONS.get(gid, [])]
                    for n in range(game.min_players, game.max_players + 1)
                    for seed in range(GAMES_PER_COUNT)
                    if opts is None or _valid(game, n, opts)]
    return out


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_every_log_line_reads_in_both_languages(gid, samples):
    game = GAMES[gid]
    problems: dict[str, str] = {}
    seen: set[str] = set()
    for n, moves, _ in samples[gid]:
        for events in moves:
            seen.update(e["type"] for e in events)
            for lang in ("en", "ru"):
                names = NAMES[lang][:n]
                for viewer in [None, *range(n)]:
                    prev = None
                    for e in events:
                        if e.get("to") is not None and viewer not in e["to"]:
                            continue
                        line = game.event_text(e, lang, names)
                        bad = line_problems(line, lang)
                        if line == prev:
                            bad.append("the same line twice in a row")
                        prev = line
                        for b in bad:
                            problems.setdefault(f"{e['type']} ({lang}): {b}", line)
    assert not problems, "\n".join(f"{k}: {v!r}" for k, v in sorted(problems.items()))
    # every template of the catalogue is reached by the sample (a variant such as
    # "take_blind_private" or "punch_loot_kept" counts with its event type)
    rare = RARE.get(gid, {})
    unseen = sorted(k for k in game.i18n("en")["log"]
                    if k not in seen and k not in rare
                    and not any(k.startswith(t + "_") for t in seen))
    assert not unseen, f"{gid}: log templates no sampled game reached: {unseen}"


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_end_reasons_and_details_have_catalogue_texts(gid, samples):
    game = GAMES[gid]
    reasons = set()
    for n, _, s in samples[gid]:
        res = s.result()
        reasons.add(res.reason)
        for lang in ("en", "ru"):
            cat = game.i18n(lang)
            text = reason_text(cat, res.reason, lang)
            assert text != "—" and not line_problems(text, lang), (gid, lang, res.reason, text)
            for label, vals in detail_rows(cat, res.details, lang):
                assert not line_problems(label, lang), (gid, lang, label)
                for v in vals:
                    assert not line_problems(v, lang), (gid, lang, label, v)
    # every reason the catalogue names is one the rules can give: no stale ids
    assert reasons <= set(game.i18n("en")["reasons"]) | {"unfinished"}
    assert set(game.i18n("en")["reasons"]) == set(game.i18n("ru")["reasons"])


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_catalogues_have_the_same_keys_and_complete_plurals(gid):
    cat = GAMES[gid].i18n()
    for section in ("log", "reasons", "details", "plurals"):
        assert set(cat["en"].get(section, {})) == set(cat["ru"].get(section, {})), section
    for noun, forms in cat["ru"].get("plurals", {}).items():
        assert {"one", "few", "many", "other"} <= set(forms), noun
    for noun, forms in cat["en"].get("plurals", {}).items():
        assert {"one", "other"} <= set(forms), noun
    # every counted noun a template names is in the catalogue
    for lang in ("en", "ru"):
        for key, template in cat[lang]["log"].items():
            for noun in re.findall(r"\{\w+:@(\w+)\}", template):
                assert noun in cat[lang]["plurals"], (lang, key, noun)


def test_russian_plural_forms_follow_cldr():
    forms = {"one": "вагон", "few": "вагона", "many": "вагонов", "other": "вагона"}
    got = [count(k, forms, "ru") for k in (1, 2, 5, 11, 21, 22, 25)]
    assert got == ["1 вагон", "2 вагона", "5 вагонов", "11 вагонов", "21 вагон",
                   "22 вагона", "25 вагонов"]
    assert [plural_form(k, "en") for k in (1, 2, 21)] == ["one", "other", "other"]
    cat = {"plurals": {"card": {"one": "карту", "few": "карты", "many": "карт",
                                "other": "карты"}}}
    assert fill("{p} берёт {k:@card}.", cat, "ru", p="Анна", k=21) == "Анна берёт 21 карту."
    assert fill("{p} берёт {k:@card}.", cat, "ru", p="Анна", k=12) == "Анна берёт 12 карт."


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_a_games_counted_nouns_agree_in_russian(gid):
    cat = GAMES[gid].i18n("ru")
    for noun, forms in cat.get("plurals", {}).items():
        for k, form in ((1, "one"), (2, "few"), (5, "many"), (11, "many"), (21, "one"),
                        (22, "few"), (25, "many")):
            assert count(k, forms, "ru") == f"{k} {forms[form]}", (noun, k)


def test_a_log_line_names_the_seat_or_falls_back_to_its_number():
    game = GAMES["branch_line"]
    e = {"type": "stock_up", "player": 1, "rails": 2, "to": None}
    assert game.event_text(e, "ru", ["Анна", "Борис"]) == "Борис запасается: +2 рельса."
    assert game.event_text(e, "ru") == "Игрок 2 запасается: +2 рельса."
    assert game.event_text(e, "en", ["Ann", None]) == "Player 2 stocks up: +2 rails."
    assert game.event_text({**e, "rails": 5}, "ru") == "Игрок 2 запасается: +5 рельсов."


@pytest.mark.parametrize("gid", ["steamland", "railways_of_the_world"])
def test_an_action_label_names_the_player_it_is_about(gid):
    # issue #29 point 1: a choice such as "challenge" or "move to X (owner)" names the seat
    # as the table does (Steamland: challenge, help, offer; Railways of the World: whose link
    # a delivery takes), falling back to "Player n" / "Игрок n" without names
    game = GAMES[gid]
    names = ["Анна", "Борис", "Вера"]
    numbered = re.compile(r"\b(Player|Игрок) [1-3]\b")
    seen = 0
    for seed in range(40):
        rng = random.Random(seed)
        st = game.new_state(3, seed)
        while not st.is_terminal() and seen < 8:
            for a in st.legal_actions():
                for lang in ("ru", "en"):
                    plain = st.describe(a, lang)
                    named = st.describe(a, lang, names)
                    m = numbered.search(plain)
                    if not m:
                        assert named == plain
                        continue
                    seen += 1
                    p = int(m.group(0).split()[1]) - 1
                    assert names[p] in named and not numbered.search(named), (plain, named)
            st.apply(rng.choice(st.legal_actions()))
        if seen >= 8:
            break
    assert seen >= 8, f"no label of {gid} named a player in 40 random games"
