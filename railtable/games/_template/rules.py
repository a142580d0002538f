"""TEMPLATE: the rules (the State and the Game). Replace this docstring with the game's name,
publisher and year, and a pointer to docs/games/<id>.md.

This template is a complete tiny game, so a copy runs from the first minute: each train
stands at station 0; on a turn its player plays one of the speed cards in hand (hidden from
the others), runs that many stations and draws a replacement from the face-down deck. The
first train at the last station wins; if the current player has no card left, the game ends
and the train furthest along wins (ties share).

Rules of this file: it never imports a bot, the server or another game (bots are wired in
__init__.py); no global random, no clock, no dict/set order that could differ between runs;
small ints and lists in `__slots__`; tables precomputed once in the Game.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from railtable.engine import (TERMINAL, Fields, Game, Result, State, fields, option, redeal,
                              shuffle, texts)

from . import actions as A

HERE: Final = Path(__file__).parent


# (a plain Python class where mypyc compiles the module: the engine reads its dataclass
# fields and their metadata)
@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class TemplateOptions:
    # TEMPLATE: the variants the rulebook offers, defaults giving the standard game. Each
    # field is an `option(...)` whose label, in both languages, is in i18n.json's "options"
    # (the lobby draws a form).
    stations: int = option(10, label=texts(__file__, "options", "stations"), minimum=5,
                           maximum=20)


class TemplateState(State):
    # TEMPLATE: every field of the position with its type (mypyc compiles the class from
    # these), then grouped by how a clone copies it (clonegen writes clone() from this;
    # docs/developing.md). Say what each holds in one comment.
    # pos: station per seat; hands: speed values per seat (hidden); deck: face down, drawn
    # from the end; cur: the seat to decide; last: the last station; over: ended; reason.
    cur: int
    last: int
    over: bool
    reason: str
    pos: list[int]
    deck: list[int]
    hands: list[list[int]]

    # on_write: shared with a clone; change only through self.own_<name>(), read as usual
    FIELDS: ClassVar[Fields] = fields(shared=("cur", "last", "over", "reason"),
                                      on_write=("pos", "deck"), nested_on_write=("hands",))
    __slots__ = FIELDS

    # clone(): generated from FIELDS by `python -m railtable.engine.clonegen`; do not edit
    def clone(self) -> "TemplateState":
        s = TemplateState()
        s.game = self.game
        s.num_players = self.num_players
        s._seed = self._seed
        s._rng = self._rng
        s.record_events = self.record_events
        s._legal = self._legal
        s.events = []
        s.cur = self.cur
        s.last = self.last
        s.over = self.over
        s.reason = self.reason
        s.pos = self.pos
        s.deck = self.deck
        s.hands = self.hands
        self._rng_own = s._rng_own = False
        self._own = s._own = 0
        return s

    def own_pos(self) -> "list[int]":
        if not self._own & 1:
            self.pos = self.pos.copy()
            self._own |= 1
        return self.pos

    def own_deck(self) -> "list[int]":
        if not self._own & 2:
            self.deck = self.deck.copy()
            self._own |= 2
        return self.deck

    def own_hands(self) -> "list[list[int]]":
        if not self._own & 4:
            self.hands = [x.copy() for x in self.hands]
            self._own |= 4
        return self.hands
    # (end of the generated clone)

    # -- the contract ------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.over else self.cur

    def _legal_actions(self) -> list[int]:
        # TEMPLATE: sorted, never empty unless the game is over; compute it directly. The
        # base caches it and checks every action against it before `_apply`.
        if self.over:
            return []
        return sorted({v - 1 for v in self.hands[self.cur]})

    def _why_illegal(self, a) -> str:
        # TEMPLATE: why an action is refused, in words a person understands.
        return f"you hold no speed card for action {a!r}"

    def _apply(self, a: int) -> None:
        # TEMPLATE: the step of a decision the base has already checked legal (and cleared
        # the events for): its effect, then the end check.
        p, value = self.cur, a + 1
        hands = self.own_hands()
        hands[p].remove(value)
        self.own_pos()[p] = min(self.pos[p] + value, self.last)
        if self.record_events:
            self.emit({"type": "play", "player": p, "value": value})
        if self.deck:
            card = self.own_deck().pop()
            hands[p].append(card)
            if self.record_events:  # the card to its owner, a public twin without it
                self.emit({"type": "draw", "player": p, "card": card, "to": [p]})
                self.emit({"type": "draw_back", "player": p,
                           "to": [q for q in range(self.num_players) if q != p]})
        self.cur = (p + 1) % self.num_players
        if self.pos[p] == self.last:
            self._end("terminus")
        elif not self.hands[self.cur]:
            self._end("no_cards")

    # TEMPLATE: forced single choices (docs/developing.md). If some decisions, when they
    # have a single legal choice, are no choice at all (the one route left for a moving
    # train, the one way to pay), declare them and the engine takes them in the same apply:
    #
    #     def _forced(self) -> bool:
    #         return self.phase in FORCED_PHASES  # cheap: asked after every step
    #
    # The template forces nothing: playing one's only speed card is still the seat's move.

    def _end(self, reason: str) -> None:
        self.over, self.reason = True, reason
        if self.record_events:
            self.emit({"type": "game_over", "reason": reason, "reveal": True,
                       "hands": [list(h) for h in self.hands]})

    def result(self) -> Result:
        # TEMPLATE: scores, winners after the rulebook's tie-breaks, the reason, details.
        best = max(self.pos)
        winners = tuple(p for p, x in enumerate(self.pos) if x == best) if self.over else ()
        return Result(tuple(float(x) for x in self.pos), winners, self.reason,
                      tuple({"station": x} for x in self.pos))

    # -- the observation: the engine builds the envelope, the game adds its part ---------

    def phase_name(self) -> str:
        return "over" if self.over else "play"

    def public_scores(self) -> list:
        return list(self.pos)

    def _observe(self, player: int | None) -> dict:
        # TEMPLATE: everything a view needs to draw the position, and nothing the viewer
        # may not know: other hands and the deck only as counts. No envelope keys here.
        return {
            "stations": self.last + 1,
            "positions": list(self.pos),
            "hand_counts": [len(h) for h in self.hands],
            "deck": len(self.deck),
            "hand": sorted(self.hands[player]) if player is not None else None,
        }

    def describe(self, a: int, lang: str = "en", names=None) -> str:
        from .text import describe
        return describe(self, a, lang, names)

    # -- what a seat has not seen -----------------------------------------------------

    def determinize(self, player: int, rng: random.Random) -> "TemplateState":
        # TEMPLATE: re-deal everything `player` has not seen (other hands, the deck's
        # order), consistently with what it has seen, then reseed.
        s = self.clone()
        s.deck = redeal(s.own_hands(), s.deck, player, rng)  # changes hands: own_
        s.reseed(rng)
        return s


# (subclassed in Python by the game's package, which adds the bots)
@mypyc_attr(allow_interpreted_subclasses=True)
class TemplateGame(Game):
    actions: ClassVar[Any] = A
    # TEMPLATE: the game's facts, declared up front.
    id = "template"  # the folder's name
    title = texts(__file__, "title")
    description = texts(__file__, "description")
    min_players = 2
    max_players = 4
    Options = TemplateOptions
    num_actions = A.NUM_ACTIONS

    def __init__(self) -> None:
        self.data = json.loads((HERE / "data.json").read_text(encoding="utf-8"))
        self.cards = tuple(self.data["cards"])

    def new_state(self, num_players: int, seed: int, options=None, *,
                  record_events: bool = True) -> TemplateState:
        self.check_players(num_players)
        opts = self.parse_options(options)
        s = TemplateState.__new__(TemplateState)
        s._init_base(self, num_players, seed, record_events)
        deck = list(self.cards)
        shuffle(s.rng(), deck)  # the state's generator, at every random step
        k = self.data["hand_size"]
        s.hands = [[deck.pop() for _ in range(k)] for _ in range(num_players)]
        s.deck = deck
        s.pos = [0] * num_players
        s.cur, s.last, s.over, s.reason = 0, opts.stations - 1, False, ""
        return s

    def event_text(self, event: dict, lang: str = "en", names=None) -> str:
        from .text import event_text
        return event_text(self, event, lang, names)

    def render_text(self, observation: dict, lang: str = "en", names=None) -> str:
        from .text import render_text
        return render_text(self, observation, lang, names)
