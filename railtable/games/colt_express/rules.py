"""Colt Express: the state, its setup, Schemin', Stealin', events and scoring.

Encoding (all small ints, for speed):
- a bandit slot b: seat * bps + sub (bps = bandits per seat, 1 or 2); char[b] its character;
- a position: car * 2 + level (car 0 = locomotive, W = caboose; level 1 = roof);
- loot tokens 0-17 purses, 18-23 jewels, 24-25 strongboxes; tloc[token] is a position,
  HELD + b when a bandit holds it, BOX (not in play), WAIT (second strongbox by the
  locomotive) or LOST (Marshal's Revenge);
- a card: sub * 6 + kind for action cards, NEUTRAL (12) or 13 + shooter slot for bullets;
- a pile entry: card | face_down << 4 | seat << 5.
Decks keep their top at the end of the list.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from railtable.engine import (TERMINAL, Fields, Game, OptionsError, Result, State, choice, fields,
                              option, randbelow, shuffle, texts)

from . import actions as A
# the card kinds (MOVE ... MARSHAL) and the bandits (BELLE ... TUCO), as the action space
# numbers them
from .actions import (BELLE, CHEYENNE, CHOOSE, CLIMB, DISCARD, DJANGO, DOC, DRAFT, DRAW, FIRE,
                      FIRE_AT, GHOST, HIDE, KEEP, LOOT_BOX, LOOT_JEWEL, LOOT_PURSE, MARSHAL,
                      MARSHAL_TO, MOVE, MOVE_TO, PASS, PLAY, PLAY_DOWN, PUNCH, PUNCH_AT,
                      PUNCH_TO, ROBBERY, TEAM, TUCO)

HERE: Final = Path(__file__).parent
DATA: Final = json.loads((HERE / "data.json").read_text(encoding="utf-8"))

NORMAL: Final = 0
TUNNEL: Final = 1
SPEED: Final = 2
SWITCH: Final = 3
NEUTRAL: Final = 12
HELD: Final = 16
BOX: Final = -1
WAIT: Final = -2
LOST: Final = -3
JEWEL0: Final = 18
BOX0: Final = 24
NTOK: Final = 26
PH_DRAFT: Final = 0
PH_TEAM: Final = 1
PH_HIDE: Final = 2
PH_CHOOSE: Final = 3
PH_SCHEME: Final = 4
PH_CHAIN: Final = 5
PH_DISCARD: Final = 6
PH_MOVE: Final = 7
PH_FIRE: Final = 8
PH_PUNCH_TARGET: Final = 9
PH_PUNCH_LOOT: Final = 10
PH_PUNCH_KEEP: Final = 11
PH_PUNCH_DIR: Final = 12
PH_ROB: Final = 13
PH_MARSHAL: Final = 14
PH_PICKPOCKET: Final = 15
PH_OVER: Final = 16
PHASE_NAMES: Final = ("choose_bandit", "choose_team", "hide", "choose_card", "schemin", "chain",
                      "discard", "move", "fire", "punch_target", "punch_loot", "punch_keep",
                      "punch_direction", "robbery", "marshal", "pickpocketing", "game_over")
EVENTS: Final = tuple(DATA["events"])
EV_ANGRY: Final = 0
EV_SWIVEL: Final = 1
EV_BRAKING: Final = 2
EV_TAKE_ALL: Final = 3
EV_REBELLION: Final = 4
EV_PICKPOCKET: Final = 5
EV_REVENGE: Final = 6
EV_HOSTAGE: Final = 7
BANDITS: Final = A.BANDITS
KINDS: Final = A.KINDS
TURN_KINDS: Final = tuple(DATA["turn_kinds"])


# (a plain Python class where mypyc compiles the module: the engine reads its dataclass
# fields and their metadata)
@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Options:
    station_cards: bool = option(False, label=texts(__file__, "options", "station_cards"))
    expert: bool = option(False, label=texts(__file__, "options", "expert"))
    two_bandits: bool = option(False, label=texts(__file__, "options", "two_bandits"))
    tuco_both_ways: bool = option(False, label=texts(__file__, "options", "tuco_both_ways"))
    random_bandits: bool = option(False, label=texts(__file__, "options", "random_bandits"))
    # rulebook: ПРОДВИНУТЫЕ ПРАВИЛА: the first game, without the bandits' abilities and the
    # round cards' events (declared last: the conformance suite's set of all the other
    # options together, and its stored game, stay as they were)
    basic: bool = option(False, label=texts(__file__, "options", "basic"))


def _shuffle(x: list, rng: random.Random) -> None:
    """Fisher-Yates on rng.random(): faster than Random.shuffle for short decks."""
    rnd = rng.random
    for i in range(len(x) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        x[i], x[j] = x[j], x[i]


def _bit(seat: int) -> int:
    return 1 << seat


class ColtState(State):
    # Each field's type: mypyc compiles the class from these (docs/performance.md).
    two: bool
    expert: bool
    station: bool
    basic: bool  # the basic game: no bandit abilities, no round-card events
    bps: int
    nb: int
    W: int
    phase: int
    cur: int
    marshal: int
    neutral: int
    rob_i: int
    round_no: int
    first0: int
    first: int
    rcards: tuple[int, ...]
    turn_i: int
    ord_i: int
    step: int
    turns: tuple[int, ...]
    ctx_b: int
    ctx_t: int
    ctx_tok: int
    queue: tuple[int, ...]
    teams: tuple[tuple[int, ...], ...]
    wagons: tuple[int, ...]
    ghost_seat: int
    doc_seat: int
    tuco_down: bool
    tval: list[int]
    char: list[int]
    slot: list[int]
    pos: list[int]
    tloc: list[int]
    known: list[int]
    cyl: list[int]
    fired: list[int]
    recv: list[int]
    ransom: list[int]
    dknown: list[int]
    hknown: list[tuple[int, ...]]
    dpub: list[tuple[int, ...]]
    pile: list[int]
    hidden: list[int]
    chained: list[int]
    hands: list[list[int]]
    decks: list[list[int]]
    discards: list[list[int]]

    # Every field, by how a clone copies it. The legal list (the base's `_legal`) is set by
    # each step for the next decision, never left to the base to compute.
    FIELDS: ClassVar[Fields] = fields(
        shared=("two", "expert", "station", "basic", "bps", "nb", "W", "phase", "cur",
                "marshal", "neutral", "rob_i", "round_no", "first0", "first", "rcards", "turn_i",
                "ord_i", "step", "turns", "ctx_b", "ctx_t", "ctx_tok", "queue", "teams",
                "wagons", "ghost_seat", "doc_seat", "tuco_down"),
        replaced=("tval",),  # purse values: determinize deals a new list
        # shared with a clone until a state changes them: every change goes through
        # own_<name>() (railtable.engine.fields)
        on_write=("char", "slot", "pos", "tloc", "known", "cyl", "fired", "recv", "ransom",
                  "dknown", "hknown", "dpub", "pile", "hidden", "chained"),
        nested_on_write=("hands", "decks", "discards"),
    )
    __slots__ = FIELDS

    # clone(): generated from FIELDS by `python -m railtable.engine.clonegen`; do not edit
    def clone(self) -> "ColtState":
        s = ColtState()
        s.game = self.game
        s.num_players = self.num_players
        s._seed = self._seed
        s._rng = self._rng
        s.record_events = self.record_events
        s._legal = self._legal
        s.events = []
        s.two = self.two
        s.expert = self.expert
        s.station = self.station
        s.basic = self.basic
        s.bps = self.bps
        s.nb = self.nb
        s.W = self.W
        s.phase = self.phase
        s.cur = self.cur
        s.marshal = self.marshal
        s.neutral = self.neutral
        s.rob_i = self.rob_i
        s.round_no = self.round_no
        s.first0 = self.first0
        s.first = self.first
        s.rcards = self.rcards
        s.turn_i = self.turn_i
        s.ord_i = self.ord_i
        s.step = self.step
        s.turns = self.turns
        s.ctx_b = self.ctx_b
        s.ctx_t = self.ctx_t
        s.ctx_tok = self.ctx_tok
        s.queue = self.queue
        s.teams = self.teams
        s.wagons = self.wagons
        s.ghost_seat = self.ghost_seat
        s.doc_seat = self.doc_seat
        s.tuco_down = self.tuco_down
        s.tval = self.tval
        s.char = self.char
        s.slot = self.slot
        s.pos = self.pos
        s.tloc = self.tloc
        s.known = self.known
        s.cyl = self.cyl
        s.fired = self.fired
        s.recv = self.recv
        s.ransom = self.ransom
        s.dknown = self.dknown
        s.hknown = self.hknown
        s.dpub = self.dpub
        s.pile = self.pile
        s.hidden = self.hidden
        s.chained = self.chained
        s.hands = self.hands
        s.decks = self.decks
        s.discards = self.discards
        self._rng_own = s._rng_own = False
        self._own = s._own = 0
        return s

    def own_char(self) -> "list[int]":
        if not self._own & 1:
            self.char = self.char.copy()
            self._own |= 1
        return self.char

    def own_slot(self) -> "list[int]":
        if not self._own & 2:
            self.slot = self.slot.copy()
            self._own |= 2
        return self.slot

    def own_pos(self) -> "list[int]":
        if not self._own & 4:
            self.pos = self.pos.copy()
            self._own |= 4
        return self.pos

    def own_tloc(self) -> "list[int]":
        if not self._own & 8:
            self.tloc = self.tloc.copy()
            self._own |= 8
        return self.tloc

    def own_known(self) -> "list[int]":
        if not self._own & 16:
            self.known = self.known.copy()
            self._own |= 16
        return self.known

    def own_cyl(self) -> "list[int]":
        if not self._own & 32:
            self.cyl = self.cyl.copy()
            self._own |= 32
        return self.cyl

    def own_fired(self) -> "list[int]":
        if not self._own & 64:
            self.fired = self.fired.copy()
            self._own |= 64
        return self.fired

    def own_recv(self) -> "list[int]":
        if not self._own & 128:
            self.recv = self.recv.copy()
            self._own |= 128
        return self.recv

    def own_ransom(self) -> "list[int]":
        if not self._own & 256:
            self.ransom = self.ransom.copy()
            self._own |= 256
        return self.ransom

    def own_dknown(self) -> "list[int]":
        if not self._own & 512:
            self.dknown = self.dknown.copy()
            self._own |= 512
        return self.dknown

    def own_hknown(self) -> "list[tuple[int, ...]]":
        if not self._own & 1024:
            self.hknown = self.hknown.copy()
            self._own |= 1024
        return self.hknown

    def own_dpub(self) -> "list[tuple[int, ...]]":
        if not self._own & 2048:
            self.dpub = self.dpub.copy()
            self._own |= 2048
        return self.dpub

    def own_pile(self) -> "list[int]":
        if not self._own & 4096:
            self.pile = self.pile.copy()
            self._own |= 4096
        return self.pile

    def own_hidden(self) -> "list[int]":
        if not self._own & 8192:
            self.hidden = self.hidden.copy()
            self._own |= 8192
        return self.hidden

    def own_chained(self) -> "list[int]":
        if not self._own & 16384:
            self.chained = self.chained.copy()
            self._own |= 16384
        return self.chained

    def own_hands(self) -> "list[list[int]]":
        if not self._own & 32768:
            self.hands = [x.copy() for x in self.hands]
            self._own |= 32768
        return self.hands

    def own_decks(self) -> "list[list[int]]":
        if not self._own & 65536:
            self.decks = [x.copy() for x in self.decks]
            self._own |= 65536
        return self.decks

    def own_discards(self) -> "list[list[int]]":
        if not self._own & 131072:
            self.discards = [x.copy() for x in self.discards]
            self._own |= 131072
        return self.discards
    # (end of the generated clone)

    # -- the contract ----------------------------------------------------------------------

    def current_player(self) -> int:
        return self.cur

    def is_terminal(self) -> bool:
        return self.cur < 0

    def _apply(self, a: int) -> None:
        self._step(a)

    def _forced(self) -> bool:
        # Forced: the last bandit or team of the draft (docs/games/colt_express.md). A lone
        # "pass" after a Fire or a face-down card stays a question, so that asking reveals
        # nothing about the hand; a card with one possible effect is resolved by its step.
        return self.phase < PH_HIDE

    def _why_illegal(self, a) -> str:
        if not isinstance(a, int) or not 0 <= a < A.NUM_ACTIONS:
            return f"{a!r} is not a Colt Express action"
        d = A.to_json(self, a)
        return (f"{d} is not allowed now: seat {self.cur} must decide "
                f"({PHASE_NAMES[self.phase]})")

    # -- one decision -------------------------------------------------------------------------

    def _step(self, a: int) -> None:
        ph = self.phase
        if ph == PH_SCHEME:
            self._scheme_act(a)
        elif ph == PH_MOVE:
            self._do_move(self.ctx_b, a - MOVE_TO)
            self._card_done()
        elif ph == PH_FIRE:
            self._do_fire(self.ctx_b, self.slot[a - FIRE_AT])
            self._card_done()
        elif ph == PH_ROB:
            self._take(self.ctx_b, self._token_of(a, self.pos[self.ctx_b]))
            self._card_done()
        elif ph == PH_MARSHAL:
            self._marshal_to(a - MARSHAL_TO)
            self._card_done()
        elif ph == PH_PUNCH_TARGET:
            if self._punch_target(self.ctx_b, self.slot[a - PUNCH_AT]):
                self._card_done()
        elif ph == PH_PUNCH_LOOT:
            if self._punch_loot(a):
                self._card_done()
        elif ph == PH_PUNCH_KEEP:
            b, tok = self.ctx_b, self.ctx_tok
            if a == KEEP:
                self.own_tloc()[tok] = HELD + b
                self.own_known()[tok] |= _bit(b // self.bps)
            else:
                self.own_tloc()[tok] = self.pos[b]
            if self.record_events:
                self.emit({"type": "punch_loot", "bandit": BANDITS[self.char[b]],
                           "victim": BANDITS[self.char[self.ctx_t]], "loot": "purse",
                           "purse": tok, "kept": a == KEEP})
            if self._punch_dir():
                self._card_done()
        elif ph == PH_PUNCH_DIR:
            self._push(self.ctx_t, a - PUNCH_TO, "punch")
            self._card_done()
        elif ph == PH_CHAIN:
            self._chain_act(a)
        elif ph == PH_DISCARD:
            self._discard_act(a)
        elif ph == PH_CHOOSE:
            self._choose_act(a)
        elif ph == PH_PICKPOCKET:
            self._pickpocket_act(a)
        elif ph == PH_DRAFT:
            self._draft_act(a)
        elif ph == PH_TEAM:
            self._team_act(a)
        elif ph == PH_HIDE:
            self._hide_act(a)

    # -- setup --------------------------------------------------------------------------------

    def _draft_act(self, a: int) -> None:
        c = a - DRAFT
        self.own_char()[self.cur] = c
        self.own_slot()[c] = self.cur
        if self.record_events:
            self.emit({"type": "choose_bandit", "player": self.cur, "bandit": BANDITS[c]})
        if self.cur + 1 < self.num_players:
            self.cur += 1
            self._legal = [DRAFT + x for x in range(6) if self.slot[x] < 0]
        else:
            self._bandits_chosen()

    def _team_act(self, a: int) -> None:
        t = a - TEAM
        p = self.cur
        self._set_team(p, t)
        if self.record_events:
            self.emit({"type": "choose_team", "player": p,
                       "bandits": [BANDITS[x] for x in self.teams[t]]})
        if p + 1 < self.num_players:
            self.cur = p + 1
            self._legal = [TEAM + x for x in range(3) if self.slot[self.teams[x][0]] < 0]
        else:
            self._bandits_chosen()

    def _set_team(self, p: int, t: int) -> None:
        char, slot = self.own_char(), self.own_slot()
        for sub in (0, 1):
            c = self.teams[t][sub]
            char[p * 2 + sub] = c
            slot[c] = p * 2 + sub

    def _bandits_chosen(self) -> None:
        # the seats whose Ghost and Doc abilities apply (none in the basic game)
        gs = ds = -1
        if not self.basic:
            for b in range(self.nb):
                if self.char[b] == GHOST:
                    gs = b // self.bps
                elif self.char[b] == DOC:
                    ds = b // self.bps
        self.ghost_seat, self.doc_seat = gs, ds
        if self.two:
            self.phase = PH_HIDE
            self.cur = 0
            self.hidden = [-1] * self.num_players
            self._legal = sorted([HIDE + self.char[0], HIDE + self.char[1]])
        else:
            self._begin()

    def _hide_act(self, a: int) -> None:
        p = self.cur
        self.own_hidden()[p] = a - HIDE
        if self.record_events:
            self.emit({"type": "hide", "player": p, "bandit": BANDITS[a - HIDE], "to": [p]})
            self.emit({"type": "hide_done", "player": p})
        if p + 1 < self.num_players:
            self.cur = p + 1
            self._legal = sorted([HIDE + self.char[2 * p + 2], HIDE + self.char[2 * p + 3]])
        else:
            self._begin()

    def _begin(self) -> None:
        """The first player is drawn, the bandits board the train, round 1 begins."""
        rng = self.rng()
        n, W = self.num_players, self.W
        self.first0 = randbelow(rng, n)
        pos = self.own_pos()
        if self.two:
            for p in range(n):
                for sub in (0, 1):
                    b = 2 * p + sub
                    pos[b] = (W if self.char[b] == self.hidden[p] else W - 1) * 2
        else:
            for p in range(n):
                # rulebook: odd-numbered players (counted from the first player) in the caboose
                pos[p] = (W if (p - self.first0) % n % 2 == 0 else W - 1) * 2
        if self.record_events:
            self.emit({"type": "first_player", "player": self.first0})
            self.emit({"type": "board", "reveal": self.two,
                       "bandits": {BANDITS[self.char[b]]: pos[b] >> 1 for b in range(self.nb)}})
        self._start_round(rng)

    # -- rounds -------------------------------------------------------------------------------

    def _start_round(self, rng=None) -> None:
        n = self.num_players
        self.first = (self.first0 + self.round_no) % n
        card = self.rcards[self.round_no]
        self.turns = self.game.card_turns[card]
        self.pile = []
        self.rob_i = 0
        if self.record_events:
            ev = self.game.card_event[card] if not self.basic else -1
            self.emit({"type": "round", "round": self.round_no + 1, "card": card,
                       "event": EVENTS[ev] if ev >= 0 else None, "first_player": self.first,
                       "turns": [TURN_KINDS[t] for t in self.turns], "reveal": True})
        if self.two:
            self.phase = PH_CHOOSE
            self.ord_i = 0
            self.cur = self.first
            self._legal = self._choose_legal()
        else:
            self._deal(rng)

    def _choose_legal(self) -> list[int]:
        return [CHOOSE + c for c in sorted(set(self.decks[self.cur])) if c < 12]

    def _choose_act(self, a: int) -> None:
        p = self.cur
        c = a - CHOOSE
        self.own_decks()[p].remove(c)
        self.own_hands()[p].append(c)
        if self.record_events:
            self.emit({"type": "choose_card", "player": p, "card": self._card_json(p, c),
                       "to": [p]})
            self.emit({"type": "choose_card_done", "player": p})
        self.ord_i += 1
        if self.ord_i < self.num_players:
            self.cur = (self.first + self.ord_i) % self.num_players
            self._legal = self._choose_legal()
        else:
            self._deal(None)

    def _deal(self, rng) -> None:
        """Round start: shuffle and draw (expert: draw up to the hand size)."""
        if rng is None:
            rng = self.rng()
        base = self.game.hand_size
        hands, decks, dknown = self.own_hands(), self.own_decks(), self.own_dknown()
        for p in range(self.num_players):
            size = base + (p == self.doc_seat)
            hand = hands[p]
            if self.expert:
                self._draw(p, size - len(hand), rng)
                continue
            deck = decks[p]
            _shuffle(deck, rng)
            dknown[p] = 0
            k = len(deck) - size
            got = deck[k:]
            del deck[k:]
            if self.two:
                hand.extend(got)
            else:
                hands[p] = got  # a new list (a slice)
            if self.record_events:
                self.emit({"type": "deal", "player": p,
                           "cards": [self._card_json(p, c) for c in got], "to": [p]})
                self.emit({"type": "deal_count", "player": p, "count": len(got)})
        self.phase = PH_SCHEME
        self.turn_i = self.ord_i = self.step = 0
        self.cur = self.first
        self._legal = self._scheme_legal()

    def _draw(self, p: int, k: int, rng=None) -> list[int]:
        if k <= 0:
            return []
        deck = self.own_decks()[p]
        hand = self.own_hands()[p]
        m = min(self.dknown[p], k, len(deck))
        if m:
            # everyone saw these bullets put on top of the deck: now they are in the hand
            self.own_hknown()[p] += tuple(deck[len(deck) - m:])
        if len(deck) >= k:
            got = deck[-k:]
            del deck[-k:]
        else:
            got = deck[:]
            deck.clear()
            if self.expert and self.discards[p]:
                # expert: an exhausted deck is replaced by the shuffled discard pile
                if rng is None:
                    rng = self.rng()
                disc = self.own_discards()[p]
                self.own_dpub()[p] = ()
                _shuffle(disc, rng)
                deck.extend(disc)
                disc.clear()
                if self.record_events:
                    self.emit({"type": "reshuffle", "player": p})
                more = min(k - len(got), len(deck))
                if more:
                    got += deck[-more:]
                    del deck[-more:]
        kn = self.dknown[p] - len(got)
        self.own_dknown()[p] = kn if kn > 0 else 0
        hand.extend(got)
        if self.record_events:
            self.emit({"type": "draw", "player": p,
                       "cards": [self._card_json(p, c) for c in got], "to": [p]})
            self.emit({"type": "draw_count", "player": p, "count": len(got)})
        return got

    # -- Schemin' ---------------------------------------------------------------------------

    def _scheme_legal(self) -> list[int]:
        p = self.cur
        acts = [DRAW] if (self.decks[p] or (self.expert and self.discards[p])) else []
        cs = sorted(set(self.hands[p]))
        while cs and cs[-1] >= 12:
            cs.pop()
        acts += [PLAY + c for c in cs]
        if p == self.ghost_seat and self.turn_i == 0 and self.turns[0] != TUNNEL:
            acts += [PLAY_DOWN + c for c in cs]
        return acts or [DRAW]

    def _scheme_act(self, a: int) -> None:
        p = self.cur
        if a == DRAW:
            self._draw(p, 3)
            self._scheme_next()
            return
        kind = self.turns[self.turn_i]
        if a >= PLAY_DOWN:
            c = a - PLAY_DOWN
            down = 1
        else:
            c = a - PLAY
            down = 1 if kind == TUNNEL else 0
        self.own_hands()[p].remove(c)
        self.own_pile().append(c | down << 4 | p << 5)
        if self.record_events:
            self._emit_play(p, c, down)
        if self.two and kind == NORMAL and (down or c % 6 == FIRE):
            # rulebook: 2 БАНДИТА, ОБЩЕЕ ПРАВИЛО: a partner's card may follow a Fire. The
            # question is asked after every face-up Fire and every face-down card, even with
            # nothing to add, so that asking reveals nothing about the hand or the card.
            self.phase = PH_CHAIN
            self._legal = self._chain_legal(p, c)
            return
        self._scheme_next()

    def _chain_legal(self, p: int, c: int) -> list[int]:
        if c % 6 != FIRE:
            return [PASS]
        other = 1 - c // 6
        return [PASS] + [PLAY + x for x in sorted(set(self.hands[p]))
                         if x < 12 and x // 6 == other and x != MARSHAL]

    def _emit_play(self, p: int, c: int, down: int) -> None:
        if down:
            self.emit({"type": "play", "player": p, "card": self._card_json(p, c),
                       "face_down": True, "to": [p]})
            self.emit({"type": "play_face_down", "player": p})
        else:
            self.emit({"type": "play", "player": p, "card": self._card_json(p, c),
                       "face_down": False})

    def _chain_act(self, a: int) -> None:
        p = self.cur
        if a != PASS:
            c = a - PLAY
            self.own_hands()[p].remove(c)
            self.own_chained().append(len(self.pile))
            self.own_pile().append(c | p << 5)
            if self.record_events:
                self._emit_play(p, c, 0)
        self.phase = PH_SCHEME
        self._scheme_next()

    def _scheme_next(self) -> None:
        turns = self.turns
        if self.step == 0 and turns[self.turn_i] == SPEED:
            self.step = 1
            self._legal = self._scheme_legal()
            return
        self.step = 0
        n = self.num_players
        self.ord_i += 1
        if self.ord_i == n:
            self.ord_i = 0
            self.turn_i += 1
            if self.turn_i == len(turns):
                self._end_scheme()
                return
        if turns[self.turn_i] == SWITCH:
            self.cur = (self.first - self.ord_i) % n
        else:
            self.cur = (self.first + self.ord_i) % n
        self._legal = self._scheme_legal()

    def _end_scheme(self) -> None:
        if self.expert:
            for p in range(self.num_players):
                hand = self.hands[p]
                bullets = [c for c in hand if c >= 12]
                if self.hknown[p]:
                    # bullets known to be in the hand are known to be in the discard pile
                    self.own_dpub()[p] += self.hknown[p]
                    self.own_hknown()[p] = ()
                if bullets:
                    self.own_hands()[p] = [c for c in hand if c < 12]
                    self.own_discards()[p].extend(bullets)
                    if self.record_events:
                        self.emit({"type": "discard_bullets", "player": p,
                                   "count": len(bullets)})
            self.ord_i = 0
            self._next_discard()
            return
        decks, hands = self.own_decks(), self.own_hands()
        for p in range(self.num_players):
            decks[p].extend(hands[p])
            hands[p] = []
        self._start_rob()

    def _next_discard(self) -> None:
        n = self.num_players
        while self.ord_i < n:
            p = (self.first + self.ord_i) % n
            cs = sorted(set(self.hands[p]))
            if cs:
                self.phase = PH_DISCARD
                self.cur = p
                self._legal = [PASS] + [DISCARD + c for c in cs]
                return
            self.ord_i += 1
        self._start_rob()

    def _discard_act(self, a: int) -> None:
        p = self.cur
        if a == PASS:
            self.ord_i += 1
        else:
            c = a - DISCARD
            self.own_hands()[p].remove(c)
            self.own_discards()[p].append(c)
            if self.record_events:
                self.emit({"type": "discard", "player": p, "card": self._card_json(p, c),
                           "to": [p]})
                self.emit({"type": "discard_count", "player": p, "count": 1})
        self._next_discard()

    # -- Stealin' -----------------------------------------------------------------------------

    def _start_rob(self) -> None:
        self.rob_i = 0
        if self.record_events:
            self.emit({"type": "stealin", "round": self.round_no + 1})
        self._rob_continue()

    def _card_done(self) -> None:
        e = self.pile[self.rob_i]
        if self.expert:
            self.own_discards()[e >> 5].append(e & 15)
            self.own_dpub()[e >> 5] += (e & 15,)
        else:
            self.own_decks()[e >> 5].append(e & 15)
        self.rob_i += 1
        self._rob_continue()

    def _rob_continue(self) -> None:
        pile = self.pile
        rec = self.record_events
        while self.rob_i < len(pile):
            e = pile[self.rob_i]
            c = e & 15
            p = e >> 5
            b = p * self.bps + c // 6
            kind = c % 6
            if rec and e & 16:
                self.emit({"type": "reveal", "player": p, "card": self._card_json(p, c),
                           "reveal": True})
            elif rec:  # each card's effects under its own line: two alike stay apart
                self.emit({"type": "resolve", "player": p, "card": self._card_json(p, c),
                           "step": self.rob_i + 1, "of": len(pile)})
            self.cur = p
            self.ctx_b = b
            if kind == MOVE:
                opts = self._move_opts(b)
                if len(opts) > 1:
                    self.phase = PH_MOVE
                    self._legal = [MOVE_TO + x for x in opts]
                    return
                self._do_move(b, opts[0])
            elif kind == CLIMB:
                q = self.pos[b]
                if rec:
                    self.emit({"type": "climb", "bandit": BANDITS[self.char[b]],
                               "car": q >> 1, "roof": not q & 1})
                if q & 1:
                    self.own_pos()[b] = q - 1
                    if q >> 1 == self.marshal:
                        self._flee([b])
                else:
                    self.own_pos()[b] = q + 1
            elif kind == FIRE:
                ts = self._fire_targets(b) if self.cyl[b] else ()
                if len(ts) > 1:
                    self.phase = PH_FIRE
                    self._legal = sorted([FIRE_AT + self.char[t] for t in ts])
                    return
                if ts:
                    self._do_fire(b, ts[0])
                elif rec:
                    self.emit({"type": "no_effect", "bandit": BANDITS[self.char[b]],
                               "card": "fire"})
            elif kind == ROBBERY:
                opts = self._loot_here(self.pos[b])
                if len(opts) > 1:
                    self.phase = PH_ROB
                    self._legal = opts
                    return
                if opts:
                    self._take(b, self._token_of(opts[0], self.pos[b]))
                elif rec:
                    self.emit({"type": "no_effect", "bandit": BANDITS[self.char[b]],
                               "card": "robbery"})
            elif kind == PUNCH:
                q = self.pos[b]
                ts = [t for t in range(self.nb) if t != b and self.pos[t] == q]
                if len(ts) > 1:
                    ts = self._belle(ts)
                if len(ts) > 1:
                    self.phase = PH_PUNCH_TARGET
                    self._legal = sorted([PUNCH_AT + self.char[t] for t in ts])
                    return
                if ts:
                    if not self._punch_target(b, ts[0]):
                        return
                elif rec:
                    self.emit({"type": "no_effect", "bandit": BANDITS[self.char[b]],
                               "card": "punch"})
            else:
                m = self.marshal
                if 0 < m < self.W:
                    self.phase = PH_MARSHAL
                    self._legal = [MARSHAL_TO + m - 1, MARSHAL_TO + m + 1]
                    return
                self._marshal_to(1 if m == 0 else m - 1)
            if self.expert:
                self.own_discards()[p].append(c)
                self.own_dpub()[p] += (c,)
            else:
                self.own_decks()[p].append(c)
            self.rob_i += 1
        self._end_round()

    def _move_opts(self, b: int) -> list[int]:
        q = self.pos[b]
        c = q >> 1
        W = self.W
        if q & 1:
            lo = c - 3 if c > 3 else 0
            hi = c + 3 if c + 3 < W else W
            return [x for x in range(lo, hi + 1) if x != c]
        if c == 0:
            return [1]
        if c == W:
            return [W - 1]
        return [c - 1, c + 1]

    def _do_move(self, b: int, x: int) -> None:
        q = self.pos[b]
        self.own_pos()[b] = x * 2 + (q & 1)
        if self.record_events:
            self.emit({"type": "move", "bandit": BANDITS[self.char[b]], "from": q >> 1,
                       "car": x, "roof": bool(q & 1)})
        if not q & 1 and x == self.marshal:
            self._flee([b])

    def _flee(self, group: list[int]) -> None:
        """Bandits inside the Marshal's car climb to its roof and take a neutral bullet."""
        pos = self.own_pos()
        for b in group:
            pos[b] |= 1
        got = self._neutral(group)
        if self.record_events:
            self.emit({"type": "flee", "bandits": [BANDITS[self.char[b]] for b in group],
                       "car": self.marshal, "bullet": got})

    def _neutral(self, group) -> bool:
        """Neutral bullets for a group: all of them or, if too few are left, none."""
        k = len(group)
        if not k or self.neutral < k:
            return False
        self.neutral -= k
        bps = self.bps
        decks, recv, dknown = self.own_decks(), self.own_recv(), self.own_dknown()
        for b in group:
            p = b // bps
            decks[p].append(NEUTRAL)
            recv[p] += 1
            dknown[p] += 1
        return True

    def _belle(self, ts: list[int]) -> list[int]:
        """Of several targets, all but Belle (her ability; none in the basic game)."""
        if not self.basic:
            s = self.slot[BELLE]
            if s in ts:
                ts.remove(s)
        return ts

    def _fire_targets(self, b: int) -> list[int]:
        pos = self.pos
        q = pos[b]
        c = q >> 1
        nb = self.nb
        if q & 1:
            ts = []
            for d in (-1, 1):
                x = c + d
                while 0 <= x <= self.W:
                    r = x * 2 + 1
                    found = [t for t in range(nb) if pos[t] == r]
                    if found:
                        ts += found
                        break
                    x += d
            if self.tuco_down and self.char[b] == TUCO:
                ts += [t for t in range(nb) if pos[t] == q - 1]
        else:
            ts = [t for t in range(nb) if not pos[t] & 1 and (pos[t] >> 1) - c in (1, -1)]
            if self.char[b] == TUCO and not self.basic:
                # rulebook: БАНДИТЫ, Туко: he may shoot a bandit on the roof of his own car
                ts += [t for t in range(nb) if pos[t] == q + 1]
        if len(ts) > 1:
            ts = self._belle(ts)
        return ts

    def _do_fire(self, b: int, t: int) -> None:
        bps = self.bps
        self.own_cyl()[b] -= 1
        pt = t // bps
        self.own_decks()[pt].append(13 + b)
        self.own_recv()[pt] += 1
        self.own_dknown()[pt] += 1
        if pt != b // bps:
            self.own_fired()[b // bps] += 1
        if self.record_events:
            self.emit({"type": "fire", "bandit": BANDITS[self.char[b]],
                       "target": BANDITS[self.char[t]]})
        if self.char[b] == DJANGO and not self.basic:
            qt = self.pos[t]
            x = qt >> 1
            x += 1 if x > self.pos[b] >> 1 else -1
            if 0 <= x <= self.W:
                self._push(t, x, "django")

    def _push(self, t: int, x: int, why: str) -> None:
        q = self.pos[t]
        self.own_pos()[t] = x * 2 + (q & 1)
        if self.record_events:
            self.emit({"type": "pushed", "bandit": BANDITS[self.char[t]], "by": why,
                       "from": q >> 1, "car": x, "roof": bool(q & 1)})
        if not q & 1 and x == self.marshal:
            self._flee([t])

    def _loot_here(self, q: int) -> list[int]:
        tloc = self.tloc
        opts = [LOOT_PURSE + i for i in range(JEWEL0) if tloc[i] == q]
        if q in tloc[JEWEL0:BOX0]:
            opts.append(LOOT_JEWEL)
        if q in tloc[BOX0:]:
            opts.append(LOOT_BOX)
        return opts

    def _token_of(self, a: int, where: int) -> int:
        if a < LOOT_JEWEL:
            return a - LOOT_PURSE
        lo = JEWEL0 if a == LOOT_JEWEL else BOX0
        return self.tloc.index(where, lo)

    def _take(self, b: int, tok: int) -> None:
        self.own_tloc()[tok] = HELD + b
        if tok < JEWEL0:
            self.own_known()[tok] |= _bit(b // self.bps)
        if self.record_events:
            self.emit(self._loot_event("take", b, tok))

    def _loot_event(self, kind: str, b: int, tok: int) -> dict:
        d: dict[str, Any] = {"type": kind, "bandit": BANDITS[self.char[b]],
                             "loot": _loot_kind(tok)}
        if tok < JEWEL0:
            d["purse"] = tok
        return d

    def _punch_target(self, b: int, t: int) -> bool:
        """The victim is chosen; True when the card is finished without a decision."""
        self.ctx_t = t
        if self.record_events:
            self.emit({"type": "punch", "bandit": BANDITS[self.char[b]],
                       "target": BANDITS[self.char[t]]})
        opts = self._loot_here(HELD + t)
        if not opts:
            return self._punch_dir()
        if len(opts) > 1:
            self.phase = PH_PUNCH_LOOT
            self._legal = opts
            return False
        return self._punch_loot(opts[0])

    def _punch_loot(self, a: int) -> bool:
        b, t = self.ctx_b, self.ctx_t
        tok = self._token_of(a, HELD + t)
        if tok < JEWEL0 and self.char[b] == CHEYENNE and not self.basic:
            self.ctx_tok = tok
            self.phase = PH_PUNCH_KEEP
            self._legal = [PASS, KEEP]
            return False
        self.own_tloc()[tok] = self.pos[b]
        if self.record_events:
            self.emit({**self._loot_event("punch_loot", b, tok),
                       "victim": BANDITS[self.char[t]], "kept": False})
        return self._punch_dir()

    def _punch_dir(self) -> bool:
        t = self.ctx_t
        c = self.pos[t] >> 1
        if c == 0:
            x = 1
        elif c == self.W:
            x = c - 1
        else:
            self.phase = PH_PUNCH_DIR
            self._legal = [PUNCH_TO + c - 1, PUNCH_TO + c + 1]
            return False
        self._push(t, x, "punch")
        return True

    def _marshal_to(self, x: int) -> None:
        self.marshal = x
        if self.record_events:
            self.emit({"type": "marshal", "car": x})
        q = x * 2
        group = [b for b in range(self.nb) if self.pos[b] == q]
        if group:
            self._flee(group)

    # -- end of round ------------------------------------------------------------------------

    def _end_round(self) -> None:
        # rulebook: ПРОДВИНУТЫЕ ПРАВИЛА: events belong to the advanced rules
        ev = self.game.card_event[self.rcards[self.round_no]] if not self.basic else -1
        if ev >= 0:
            self._round_event(ev)
            if self.phase == PH_PICKPOCKET:
                return
        self._next_round()

    def _round_event(self, ev: int) -> None:
        pos = self.pos
        nb = self.nb
        rec = self.record_events
        if rec:
            self.emit({"type": "event", "event": EVENTS[ev]})
        if ev == EV_ANGRY:
            m = self.marshal
            group = [b for b in range(nb) if pos[b] == m * 2 + 1]
            got = self._neutral(group)
            if rec and group:
                self.emit({"type": "marshal_shoots",
                           "bandits": [BANDITS[self.char[b]] for b in group], "bullet": got})
            if m < self.W:
                self._marshal_to(m + 1)
        elif ev == EV_SWIVEL:
            pos = self.own_pos()  # written below: the state's own
            for b in range(nb):
                if pos[b] & 1:
                    pos[b] = self.W * 2 + 1
        elif ev == EV_BRAKING:
            pos = self.own_pos()  # written below: the state's own
            for b in range(nb):
                if pos[b] & 1 and pos[b] > 1:
                    pos[b] -= 2
        elif ev == EV_TAKE_ALL:
            self.own_tloc()[BOX0 + 1] = self.marshal * 2
        elif ev == EV_REBELLION:
            group = [b for b in range(nb) if not pos[b] & 1]
            got = self._neutral(group)
            if rec:
                self.emit({"type": "rebellion", "bullet": got,
                           "bandits": [BANDITS[self.char[b]] for b in group]})
        elif ev == EV_PICKPOCKET:
            n = self.num_players
            queue = []
            for k in range(n):
                p = (self.first + k) % n
                for b in range(p * self.bps, (p + 1) * self.bps):
                    q = pos[b]
                    if pos.count(q) == 1 and q in self.tloc[:JEWEL0]:
                        queue.append(b)
            if queue:
                self.queue = tuple(queue)
                self._next_pickpocket()
        elif ev == EV_REVENGE:
            m = self.marshal * 2 + 1
            tloc = self.own_tloc()  # written below: the state's own
            for b in range(nb):
                if pos[b] == m:
                    mine = [i for i in range(JEWEL0) if tloc[i] == HELD + b]
                    if mine:
                        tok = min(mine, key=lambda i: (self.tval[i], i))
                        tloc[tok] = LOST
                        if rec:
                            self.emit({"type": "revenge", "bandit": BANDITS[self.char[b]],
                                       "purse": tok})
        elif ev == EV_HOSTAGE:
            for b in range(nb):
                if pos[b] < 2:
                    self.own_ransom()[b] += self.game.ransom_value
                    if rec:
                        self.emit({"type": "ransom", "bandit": BANDITS[self.char[b]],
                                   "value": self.game.ransom_value})

    def _next_pickpocket(self) -> None:
        if not self.queue:
            self.phase = PH_SCHEME  # leaves the event; _next_round sets the real phase
            self._next_round()
            return
        b = self.queue[0]
        self.queue = self.queue[1:]
        self.ctx_b = b
        self.cur = b // self.bps
        self.phase = PH_PICKPOCKET
        q = self.pos[b]
        self._legal = [PASS] + [LOOT_PURSE + i for i in range(JEWEL0) if self.tloc[i] == q]

    def _pickpocket_act(self, a: int) -> None:
        if a != PASS:
            b = self.ctx_b
            tok = a - LOOT_PURSE
            self.own_tloc()[tok] = HELD + b
            self.own_known()[tok] |= _bit(b // self.bps)
            if self.record_events:
                self.emit(self._loot_event("pickpocket", b, tok))
        self._next_pickpocket()

    def _next_round(self) -> None:
        self.round_no += 1
        self.chained = []
        if self.round_no == len(self.rcards):
            self.phase = PH_OVER
            self.cur = TERMINAL
            self._legal = []
            self.pile = []
            if self.record_events:
                r = self.result()
                self.emit({"type": "game_over", "scores": list(r.scores),
                           "winners": list(r.winners), "reveal": True,
                           "purses": {str(i): self.tval[i] for i in range(JEWEL0)
                                      if self.tloc[i] >= HELD}})
            return
        self._start_round()

    # -- scoring ----------------------------------------------------------------------------------

    def loot_value(self, b: int) -> int:
        g: ColtExpress = self.game
        v = self.ransom[b]
        h = HELD + b
        tloc = self.tloc
        for i in range(NTOK):
            if tloc[i] == h:
                v += self.tval[i] if i < JEWEL0 else (g.jewel_value if i < BOX0 else g.box_value)
        return v

    def result(self) -> Result:
        n, bps = self.num_players, self.bps
        loot = [sum(self.loot_value(p * bps + s) for s in range(bps)) for p in range(n)]
        top = max(self.fired)
        # rulebook: КОНЕЦ ИГРЫ: every tied best shooter gets $1000 (nobody shot: all tie)
        gun = [f == top for f in self.fired]
        scores = [loot[p] + (self.game.gunslinger if gun[p] else 0) for p in range(n)]
        best = max(scores)
        tied = [p for p in range(n) if scores[p] == best]
        fewest = min(self.recv[p] for p in tied)
        winners = tuple(p for p in tied if self.recv[p] == fewest)
        details = []
        for p in range(n):
            names = [BANDITS[self.char[p * bps + s]] for s in range(bps)]
            details.append({"bandit": "+".join(names), "loot": loot[p],
                            "bullets_received": self.recv[p], "bullets_fired": self.fired[p],
                            "gunslinger": gun[p], "score": scores[p]})
        return Result(tuple(scores), winners, "last_round", tuple(details))

    # -- copies -----------------------------------------------------------------------------------

    def determinize(self, player: int, rng: random.Random) -> "ColtState":
        """A clone where everything `player` cannot see is resampled consistently."""
        s = self.clone()
        n = self.num_players
        me = _bit(player)
        # purse values the player does not know
        unknown = [i for i in range(JEWEL0) if not s.known[i] & me]
        if unknown and s.phase != PH_OVER:
            vals = [s.tval[i] for i in unknown]
            shuffle(rng, vals)
            tval = s.tval[:]
            for i, v in zip(unknown, vals):
                tval[i] = v
            s.tval = tval
        # round cards still face down
        if s.phase != PH_OVER:
            shown = s.round_no + (0 if s.phase < PH_CHOOSE else 1)
            rc = list(s.rcards)
            last = len(rc) - 1 if s.station else len(rc)
            if shown < last:
                pool = [c for c in self.game.card_pool(n, s.two) if c not in rc[:shown]]
                shuffle(rng, pool)
                rc[shown:last] = pool[:last - shown]
            if s.station and shown <= last:
                rc[last] = choice(rng, (14, 15, 16))
            s.rcards = tuple(rc)
        # hidden starting choices of the two-bandit game
        if s.phase == PH_HIDE:
            hidden = s.own_hidden()
            for p in range(n):
                if p != player and hidden[p] >= 0:
                    hidden[p] = s.char[2 * p + randbelow(rng, 2)]
        # other players' cards: hand, unknown part of the deck, discard, face-down pile cards
        down: dict[int, list[int]] = {}
        first_hidden = s.rob_i + (1 if PH_MOVE <= s.phase <= PH_MARSHAL else 0)
        for i in range(first_hidden, len(s.pile)):
            e = s.pile[i]
            if e & 16 and (e >> 5) != player and (i + 1) not in s.chained:
                down.setdefault(e >> 5, []).append(i)
        # every seat's cards are dealt anew below: the clone's own lists
        hands, decks, pile = s.own_hands(), s.own_decks(), s.own_pile()
        discards = s.own_discards() if s.expert else s.discards
        for p in range(n):
            hand, deck = hands[p], decks[p]
            keep = s.dknown[p] if s.expert else 0
            cut = len(deck) - keep
            if p == player:
                # even one's own deck order is unknown
                top = deck[cut:]
                mine = deck[:cut]
                shuffle(rng, mine)
                decks[p] = mine + top
                continue
            pool = hand + deck[:cut]
            fixed = s.hknown[p]
            for c in fixed:
                pool.remove(c)
            if s.expert:
                disc = discards[p][:]
                for c in s.dpub[p]:
                    disc.remove(c)
                pool += disc
            slots = down.get(p, ())
            nh = len(hand)
            # face-down pile cards are action cards; so is an expert hand after Schemin'
            acts_only = nh if (s.expert and PH_DISCARD <= s.phase < PH_OVER) else 0
            if slots or acts_only:
                acts = [c for c in pool if c < 12] + [pile[i] & 15 for i in slots]
                shuffle(rng, acts)
                for k, i in enumerate(slots):
                    pile[i] = (pile[i] & ~15) | acts[k]
                k = len(slots)
                fixed_hand = acts[k:k + acts_only]
                pool = acts[k + acts_only:] + [c for c in pool if c >= 12]
            else:
                fixed_hand = []
            shuffle(rng, pool)
            fixed_hand += fixed
            nh -= len(fixed_hand)
            hands[p] = fixed_hand + pool[:nh]
            decks[p] = pool[nh:nh + cut] + deck[cut:]
            if s.expert:
                discards[p] = list(s.dpub[p]) + pool[nh + cut:]
        if s.cur != player:
            # the decider's options depend on the cards just resampled
            if s.phase == PH_SCHEME:
                s._legal = s._scheme_legal()
            elif s.phase == PH_CHOOSE:
                s._legal = s._choose_legal()
            elif s.phase == PH_DISCARD:
                s._legal = [PASS] + [DISCARD + c for c in sorted(set(s.hands[s.cur]))]
            elif s.phase == PH_CHAIN:
                s._legal = s._chain_legal(s.cur, s.pile[-1] & 15)
        s.reseed(rng)
        return s

    # -- presentation ----------------------------------------------------------------------------

    def _card_json(self, p: int, c: int) -> dict:
        if c < 12:
            d = {"kind": KINDS[c % 6]}
            if self.two:
                d["bandit"] = BANDITS[self.char[p * 2 + c // 6]]
            return d
        if c == NEUTRAL:
            return {"kind": "bullet", "from": None}
        return {"kind": "bullet", "from": BANDITS[self.char[c - 13]]}

    def describe(self, a: int, lang: str = "en", names=None) -> str:
        from .text import describe
        return describe(self, a, lang, names)

    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def round_number(self) -> int | None:
        if self.phase == PH_OVER:
            return len(self.rcards)
        return self.round_no + 1 if self.phase >= PH_CHOOSE else None  # None: the draft

    def _observe(self, player):
        from .text import observation
        return observation(self, player)


def _loot_kind(tok: int) -> str:
    return "purse" if tok < JEWEL0 else ("jewel" if tok < BOX0 else "strongbox")


# (subclassed in Python by the game's package, which adds the bots)
@mypyc_attr(allow_interpreted_subclasses=True)
class ColtExpress(Game):
    actions: ClassVar[Any] = A
    id = "colt_express"
    title = texts(__file__, "title")
    description = texts(__file__, "description")
    min_players = 2
    max_players = 6
    # 2: one generator per state, drawn from at every random step (issue #28)
    rules_version = "2"
    Options = Options
    num_actions = A.NUM_ACTIONS

    def __init__(self) -> None:
        d = DATA
        kinds = {k: i for i, k in enumerate(d["turn_kinds"])}
        self.card_turns = tuple(tuple(kinds[t] for t in c["turns"]) for c in d["round_cards"])
        self.card_event = tuple(EVENTS.index(c["event"]) if c["event"] else -1
                                for c in d["round_cards"])
        self.hand_size = d["hand_size"]
        self.jewel_value = d["jewel_value"]
        self.box_value = d["strongbox_value"]
        self.ransom_value = d["ransom_value"]
        self.gunslinger = d["gunslinger_bonus"]
        self.purse_values = tuple(d["purse_values"])
        self.wagon_loot = tuple((w["purses"], w["jewels"]) for w in d["wagons"])
        ki = {k: i for i, k in enumerate(KINDS)}
        self.deck_one = tuple(ki[k] for k in d["deck_one_bandit"])
        each = [ki[k] for k in d["deck_two_bandits_each"]]
        self.deck_two = tuple(each + [6 + k for k in each] + [MARSHAL])
        self.leaders = tuple(BANDITS.index(x) for x in d["team_leaders"])
        self.partners = tuple(BANDITS.index(x) for x in d["team_partners"])
        self.pools = {
            "small": tuple(c["id"] for c in d["round_cards"] if c["players"] == "2-4"),
            "large": tuple(c["id"] for c in d["round_cards"] if c["players"] == "5-6"),
            "station": tuple(c["id"] for c in d["round_cards"] if c["players"] == "station"),
        }

    def card_pool(self, n: int, two: bool) -> tuple:
        return self.pools["small" if two or n <= 4 else "large"]

    def new_state(self, num_players, seed, options=None, *, record_events=True):
        self.check_players(num_players)
        o = self.parse_options(options)
        n = num_players
        two = n == 2 or (n == 3 and o.two_bandits)
        if o.two_bandits and n > 3:
            raise OptionsError("two bandits per player is a variant for 2-3 players")
        if o.expert and two:
            raise OptionsError("the expert variant is played with one bandit per player")
        if o.basic and o.station_cards:
            raise OptionsError("the station cards are an event of the advanced rules: they are "
                               "not played in the basic game")
        if o.basic and o.tuco_both_ways:
            raise OptionsError("tuco_both_ways changes Tuco's ability, and the basic game has "
                               "no bandit abilities")
        s = ColtState.__new__(ColtState)
        s._init_base(self, n, seed, record_events)
        rng = s.rng()
        s.two, s.expert, s.station = two, o.expert, o.station_cards
        s.basic = o.basic
        s.tuco_down = o.tuco_both_ways
        s.bps = 2 if two else 1
        nb = s.nb = n * s.bps
        W = s.W = 3 if n == 2 else n if not two else n + 1
        s.wagons = tuple(rng.sample(range(6), W))
        # loot: one $250 starting purse per bandit; the wagons get the rest at random
        vals = list(self.purse_values)
        start = self.purse_values[0]
        for _ in range(nb):
            vals.remove(start)
        shuffle(rng, vals)
        s.tval = [start] * nb + vals
        allseats = (1 << n) - 1
        s.known = [allseats] * nb + [0] * (JEWEL0 - nb)
        tloc = [BOX] * NTOK
        nextp, nextj = nb, JEWEL0
        for car, w in enumerate(s.wagons, start=1):
            purses, jewels = self.wagon_loot[w]
            for _ in range(purses):
                tloc[nextp] = car * 2
                nextp += 1
            for _ in range(jewels):
                tloc[nextj] = car * 2
                nextj += 1
        for b in range(nb):
            tloc[b] = HELD + b
        tloc[BOX0] = 0
        tloc[BOX0 + 1] = WAIT
        s.tloc = tloc
        pool = self.card_pool(n, two)
        if o.station_cards:
            s.rcards = tuple(rng.sample(pool, 4)) + (choice(rng, self.pools["station"]),)
        else:
            s.rcards = tuple(rng.sample(pool, 5))
        s.marshal = 0
        s.char = [-1] * nb
        s.slot = [-1] * 6
        s.pos = [0] * nb
        s.cyl = [6] * nb
        s.fired = [0] * n
        s.recv = [0] * n
        s.neutral = 13
        s.ransom = [0] * nb
        deck = self.deck_two if two else self.deck_one
        s.hands = [[] for _ in range(n)]
        s.decks = [list(deck) for _ in range(n)]
        s.discards = [[] for _ in range(n)]
        s.dknown = [0] * n
        s.hknown = [()] * n
        s.dpub = [()] * n
        if o.expert:
            for d in s.decks:
                shuffle(rng, d)
        s.pile = []
        s.chained = []
        s.rob_i = s.round_no = s.first0 = s.first = 0
        s.turn_i = s.ord_i = s.step = 0
        s.turns = ()
        s.ctx_b = s.ctx_t = s.ctx_tok = -1
        s.queue = ()
        s.hidden = []  # each seat's hidden bandit, during the two-bandit choice
        s.ghost_seat = s.doc_seat = -1
        s.cur = 0
        if two:
            partners = list(self.partners)
            shuffle(rng, partners)
            s.teams = tuple(zip(self.leaders, partners))
            if o.random_bandits:
                order = list(range(3))
                shuffle(rng, order)
                for p in range(n):
                    s._set_team(p, order[p])
                s._bandits_chosen()
            else:
                s.phase = PH_TEAM
                s._legal = [TEAM, TEAM + 1, TEAM + 2]
        else:
            s.teams = ()
            if o.random_bandits:
                chars = rng.sample(range(6), n)
                for p in range(n):
                    s.char[p] = chars[p]
                    s.slot[chars[p]] = p
                s._bandits_chosen()
            else:
                s.phase = PH_DRAFT
                s._legal = [DRAFT + x for x in range(6)]
        return s

    def event_text(self, event, lang="en", names=None):
        from .text import event_text
        return event_text(event, lang, names)

    def render_text(self, observation: dict, lang: str = "en", names=None) -> str:
        from .text import render_text
        return render_text(observation, lang, names)
