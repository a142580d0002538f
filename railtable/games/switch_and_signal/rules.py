"""Switch & Signal (Паровозы и семафоры): the State and the Game (the board's tables: board.py).

The rulebook (ПОДГОТОВКА К ИГРЕ, ХОД ИГРЫ, ПРАВИЛА ДВИЖЕНИЯ, Жетоны времени, Помощники,
КОНЕЦ ИГРЫ, Регулировка уровня сложности, Варианты игры, Особые правила для Северной Америки)
is the specification; docs/games/switch_and_signal.md lists every interpretation.

Board model (the project's own, see the docs): the network is a graph of nodes (trade cities,
ports, starting points, junctions) joined by lines; a line of length L is L track sections.
Cities and starting points are one space each; junctions and signal fields are not spaces and
cost nothing. A signal field sits on a boundary of a line (every city end of a line has one)
and is passable only while a green signal disc lies on it. A junction's switch discs leave
exactly two of its branches open; a train passes between the open branches only.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from railtable.engine import (TERMINAL, Fields, Game, Result, State, fields, option, shuffle,
                              texts)
from railtable.games.switch_and_signal import actions as A
from railtable.games.switch_and_signal.board import (  # noqa: F401 - kinds re-exported
    JUNC, PORT, START, TRADE, Board)
from railtable.games.switch_and_signal.movement import (  # noqa: F401 - kinds re-exported
    BEHIND, MET, OCCUPIED, RED, RUNNING, STOPPED, SWITCH, exits, run)

HERE: Final = Path(__file__).parent

# card steps of a departure card
DEP_ANY: Final = 0          # deploy a train of a colour the team chooses
DEP_FIXED: Final = 1        # 1..3: deploy black/brown/gray (start card)
MV_COL: Final = 4           # 4..6: move every train of black/brown/gray
MV_ANY: Final = 7           # multicolour train: the team picks the colour
MV_ALL: Final = 8           # three multicolour trains: every train on the network moves

START_CARD: Final = 18

# helpers (bit index in helpers_used)
# Central Europe
LOGISTICIAN: Final = 0
DISPATCHER: Final = 1
CONDUCTOR: Final = 2
# North America
SWITCHMAN: Final = 0
STATION_MASTER: Final = 1
COUPLER: Final = 2

# phases
PH_REVEAL: Final = 0
PH_DEPLOY_COLOUR: Final = 1
PH_DEPLOY_PLACE: Final = 2
PH_MOVE_COLOUR: Final = 3
PH_MOVE_TRAIN: Final = 4
PH_ROLL: Final = 5
PH_ROUTE: Final = 6
PH_CITY: Final = 7
PH_ACTIONS: Final = 8
PH_SIG_FROM: Final = 9
PH_SIG_TO: Final = 10
PH_SW_JUNCTION: Final = 11
PH_SW_CONFIG: Final = 12
PH_CARD_TRAIN: Final = 13
PH_SETUP_SWITCH: Final = 14
PH_SETUP_CITY: Final = 15
PH_SETUP_TRACK: Final = 16
PH_SETUP_EXTRA: Final = 17
PH_OVER: Final = 18
PHASE_NAMES: Final = ("reveal", "deploy_colour", "deploy_place", "move_colour", "move_train",
                      "roll", "route", "city", "actions", "signal_from", "signal_to",
                      "switch_junction", "switch_setting", "card_train", "setup_switch",
                      "setup_city_signal", "setup_track_signal", "setup_extra_signal", "over")

# the time-loss reason of a train stopping short, by `run`'s why
_STOP_WHY: Final = {RED: "red_signal", SWITCH: "switch", OCCUPIED: "occupied",
                    BEHIND: "train_ahead"}

# where a move came from
CTX_CARD: Final = 0
CTX_ACTION: Final = 1

LOSS_DEPARTURE: Final = "departure_cards_exhausted"
LOSS_CLOCK: Final = "clock_ran_out"
WIN: Final = "all_goods_delivered"


def _load_json(name: str) -> dict:
    with open(HERE / name, encoding="utf-8") as f:
        return json.load(f)


# (a plain Python class where mypyc compiles the module: the engine reads its dataclass
# fields and their metadata)
@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class SwitchAndSignalOptions:
    board: str = option("central_europe", label=texts(__file__, "options", "board"),
                        choices=("central_europe", "north_america"))
    layout: str = option("first_game", label=texts(__file__, "options", "layout"),
                         choices=("first_game", "free", "random"))
    removed_departure_cards: int = option(
        3, label=texts(__file__, "options", "removed_departure_cards"),
        minimum=0, maximum=6)
    time_tokens: int = option(7, label=texts(__file__, "options", "time_tokens"),
                              minimum=7, maximum=10)
    extra_signal: bool = option(False, label=texts(__file__, "options", "extra_signal"))
    ten_goods: bool = option(False, label=texts(__file__, "options", "ten_goods"))
    location_tokens: str = option(
        "off", label=texts(__file__, "options", "location_tokens"),
        choices=("off", "random_numbers", "draw_instead_of_dice"))


class SwitchAndSignalState(State):
    # Each field's type: mypyc compiles the class from these (docs/performance.md).
    opts: SwitchAndSignalOptions
    board: Board
    na: bool
    phase: int
    active: int
    turn: int
    over: bool
    won: bool
    reason: str | None
    tokens: int
    clock_max: int
    pile_known: int
    card: int
    helpers: int
    dispatching: bool
    steps: tuple[int, ...]
    step_i: int
    dep_colours: int
    any_colours: int
    started: int
    mv_train: int
    mv_left: int
    mv_ctx: int
    mv_pos: int
    mv_head: int
    mv_arrival: int
    deploy_colour: int
    purpose: int
    sig_from: int
    sw_junction: int
    setup_i: int
    tokens_lost: int
    number_start: dict[int, int]
    tpos: list[int]
    thead: list[int]
    tgood: list[int]
    occ: list[int]
    green: list[bool]
    city_discs: list[int]
    jconf: list[int]
    goods: list[int]
    pile: list[int]
    revealed: list[int]
    deck: list[int]
    adiscard: list[int]
    pending: list[int]
    loc_stack: list[int]
    loc_first: list[int]
    by_seat: list[int]
    delivered: list[list[int]]
    hands: list[list[int]]

    # Every field, by how a clone copies it.
    FIELDS: ClassVar[Fields] = fields(
        shared=("opts", "board", "na", "phase", "active", "turn", "over", "won", "reason",
                "tokens", "clock_max", "pile_known", "card", "helpers", "dispatching",
                "steps", "step_i", "dep_colours", "any_colours", "started",
                "mv_train", "mv_left", "mv_ctx", "mv_pos", "mv_head", "mv_arrival",
                "deploy_colour", "purpose", "sig_from", "sw_junction", "setup_i",
                "tokens_lost"),
        replaced=("number_start",),  # dealt once at the start
        # shared with a clone until a state changes them: every change goes through
        # own_<name>() (railtable.engine.fields)
        on_write=("tpos", "thead", "tgood", "occ", "green", "city_discs", "jconf", "goods",
                  "pile", "revealed", "deck", "adiscard", "pending", "loc_stack", "loc_first",
                  "by_seat"),
        nested_on_write=("delivered", "hands"),
    )
    __slots__ = FIELDS

    # clone(): generated from FIELDS by `python -m railtable.engine.clonegen`; do not edit
    def clone(self) -> "SwitchAndSignalState":
        s = SwitchAndSignalState()
        s.game = self.game
        s.num_players = self.num_players
        s._seed = self._seed
        s._rng = self._rng
        s.record_events = self.record_events
        s._legal = self._legal
        s.events = []
        s.opts = self.opts
        s.board = self.board
        s.na = self.na
        s.phase = self.phase
        s.active = self.active
        s.turn = self.turn
        s.over = self.over
        s.won = self.won
        s.reason = self.reason
        s.tokens = self.tokens
        s.clock_max = self.clock_max
        s.pile_known = self.pile_known
        s.card = self.card
        s.helpers = self.helpers
        s.dispatching = self.dispatching
        s.steps = self.steps
        s.step_i = self.step_i
        s.dep_colours = self.dep_colours
        s.any_colours = self.any_colours
        s.started = self.started
        s.mv_train = self.mv_train
        s.mv_left = self.mv_left
        s.mv_ctx = self.mv_ctx
        s.mv_pos = self.mv_pos
        s.mv_head = self.mv_head
        s.mv_arrival = self.mv_arrival
        s.deploy_colour = self.deploy_colour
        s.purpose = self.purpose
        s.sig_from = self.sig_from
        s.sw_junction = self.sw_junction
        s.setup_i = self.setup_i
        s.tokens_lost = self.tokens_lost
        s.number_start = self.number_start
        s.tpos = self.tpos
        s.thead = self.thead
        s.tgood = self.tgood
        s.occ = self.occ
        s.green = self.green
        s.city_discs = self.city_discs
        s.jconf = self.jconf
        s.goods = self.goods
        s.pile = self.pile
        s.revealed = self.revealed
        s.deck = self.deck
        s.adiscard = self.adiscard
        s.pending = self.pending
        s.loc_stack = self.loc_stack
        s.loc_first = self.loc_first
        s.by_seat = self.by_seat
        s.delivered = self.delivered
        s.hands = self.hands
        self._rng_own = s._rng_own = False
        self._own = s._own = 0
        return s

    def own_tpos(self) -> "list[int]":
        if not self._own & 1:
            self.tpos = self.tpos.copy()
            self._own |= 1
        return self.tpos

    def own_thead(self) -> "list[int]":
        if not self._own & 2:
            self.thead = self.thead.copy()
            self._own |= 2
        return self.thead

    def own_tgood(self) -> "list[int]":
        if not self._own & 4:
            self.tgood = self.tgood.copy()
            self._own |= 4
        return self.tgood

    def own_occ(self) -> "list[int]":
        if not self._own & 8:
            self.occ = self.occ.copy()
            self._own |= 8
        return self.occ

    def own_green(self) -> "list[bool]":
        if not self._own & 16:
            self.green = self.green.copy()
            self._own |= 16
        return self.green

    def own_city_discs(self) -> "list[int]":
        if not self._own & 32:
            self.city_discs = self.city_discs.copy()
            self._own |= 32
        return self.city_discs

    def own_jconf(self) -> "list[int]":
        if not self._own & 64:
            self.jconf = self.jconf.copy()
            self._own |= 64
        return self.jconf

    def own_goods(self) -> "list[int]":
        if not self._own & 128:
            self.goods = self.goods.copy()
            self._own |= 128
        return self.goods

    def own_pile(self) -> "list[int]":
        if not self._own & 256:
            self.pile = self.pile.copy()
            self._own |= 256
        return self.pile

    def own_revealed(self) -> "list[int]":
        if not self._own & 512:
            self.revealed = self.revealed.copy()
            self._own |= 512
        return self.revealed

    def own_deck(self) -> "list[int]":
        if not self._own & 1024:
            self.deck = self.deck.copy()
            self._own |= 1024
        return self.deck

    def own_adiscard(self) -> "list[int]":
        if not self._own & 2048:
            self.adiscard = self.adiscard.copy()
            self._own |= 2048
        return self.adiscard

    def own_pending(self) -> "list[int]":
        if not self._own & 4096:
            self.pending = self.pending.copy()
            self._own |= 4096
        return self.pending

    def own_loc_stack(self) -> "list[int]":
        if not self._own & 8192:
            self.loc_stack = self.loc_stack.copy()
            self._own |= 8192
        return self.loc_stack

    def own_loc_first(self) -> "list[int]":
        if not self._own & 16384:
            self.loc_first = self.loc_first.copy()
            self._own |= 16384
        return self.loc_first

    def own_by_seat(self) -> "list[int]":
        if not self._own & 32768:
            self.by_seat = self.by_seat.copy()
            self._own |= 32768
        return self.by_seat

    def own_delivered(self) -> "list[list[int]]":
        if not self._own & 65536:
            self.delivered = [x.copy() for x in self.delivered]
            self._own |= 65536
        return self.delivered

    def own_hands(self) -> "list[list[int]]":
        if not self._own & 131072:
            self.hands = [x.copy() for x in self.hands]
            self._own |= 131072
        return self.hands
    # (end of the generated clone)

    # ------------------------------------------------------------------ contract --

    def current_player(self) -> int:
        return TERMINAL if self.over else self.active

    def _apply(self, a: int) -> None:
        self._do(a)

    def _forced(self) -> bool:
        # Every single choice is forced (docs/games/switch_and_signal.md): each is a part of
        # a card or a move the team has already chosen (the only route, train, colour,
        # junction setting), or the end of the action phase once no card can be played.
        return not self.over

    def result(self) -> Result:
        n = self.num_players
        total = sum(map(sum, self.delivered))
        winners = tuple(range(n)) if self.won else ()
        details = tuple({"goods_delivered_team": total, "goods_delivered": self.by_seat[p],
                         "won": self.won, "time_tokens_lost": self.tokens_lost,
                         "departure_cards_left": len(self.pile)} for p in range(n))
        return Result(tuple(float(total) for _ in range(n)), winners,
                      self.reason or "", details)

    def determinize(self, player: int, rng: random.Random) -> "SwitchAndSignalState":
        """Resample the hidden order of the action deck, the departure pile (and the cards
        boxed unseen), the location-token stack and the first trains' tokens; reseed the
        dice."""
        s = self.clone()
        # hidden orders are first put in a canonical order, so the result depends only on
        # what the player knows and on rng
        deck = s.own_deck()
        deck.sort()
        shuffle(rng, deck)
        known = s.pile[:s.pile_known]
        # before the first turn (free set-up) the start card still lies on top, face down
        top = [START_CARD] if s.pile and s.pile[-1] == START_CARD else []
        unseen = [c for c in range(18) if c not in s.revealed and c not in known]
        shuffle(rng, unseen)
        s.pile = known + unseen[:len(s.pile) - s.pile_known - len(top)] + top
        stack = s.own_loc_stack()
        stack.sort()
        shuffle(rng, stack)
        if s.loc_first:
            # the first trains' tokens not drawn yet: none of those drawn, whose trains
            # stand on their starting points (one there is redrawn on the first turn anyway)
            b = s.board
            free = [n for n in sorted(s.number_start) if s.occ[b.node_cell[s.number_start[n]]] < 0]
            s.loc_first = rng.sample(free, len(s.loc_first))
        s.reseed(rng)
        return s

    def describe(self, a: int, lang: str = "en", names=None) -> str:
        from railtable.games.switch_and_signal.text import describe
        return describe(self, a, lang, names)

    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def _observe(self, player) -> dict:
        b = self.board
        cols = ("black", "brown", "gray")
        gcols = ("yellow", "blue", "red", "white")
        trains = []
        for t in range(9):
            p = self.tpos[t]
            d = {"id": t, "colour": cols[t // 3], "good": gcols[self.tgood[t]] if self.tgood[t] >= 0
                 else None}
            if p < 0:
                d["where"] = "depot"
            elif p < b.num_node_cells:
                n = b.cell_node[p]
                d["where"] = "start" if b.node_kind[n] == START else "city"
                d["node"] = b.node_ids[n]
            else:
                li = b.cell_line[p]
                d["where"] = "track"
                d["line"], d["section"] = li, b.cell_idx[p]
                d["toward"] = b.node_ids[b.line_b[li] if self.thead[t] > 0 else b.line_a[li]]
            trains.append(d)
        helpers = self.game.helpers[b.id]
        obs = {
            "board": b.id,
            "map": b.map_json,
            "turn": self.turn,
            "trains": trains,
            "signals": [f for f in range(b.num_fields) if self.green[f]],
            "switches": {b.node_ids[n]: [b.node_ids[b.end_far_node[b.node_ends[n][i]]]
                                         for i in b.junction_configs[j][self.jconf[j]]]
                         for j, n in enumerate(b.junctions)},
            "goods": {b.node_ids[b.trade_of_colour[c]]: {"colour": gcols[c], "count": self.goods[c]}
                      for c in range(4)},
            "delivered": [{"port": b.node_ids[n],
                           "goods": {gcols[c]: self.delivered[i][c] for c in range(4)}}
                          for i, n in enumerate(b.ports)],
            "goal": self.game.goal(self.opts, len(b.ports)),
            "time_tokens": self.tokens,
            "clock": self.clock_max,
            "departure_pile": len(self.pile),
            # rulebook: Стрелочник - the card he puts under the pile was revealed to the whole
            # team: public, bottom card first
            "departure_pile_bottom": [self._card_json(c) for c in self.pile[:self.pile_known]],
            "departure_card": self._card_json(self.card) if self.card >= 0 else None,
            "departure_step": self.step_i,
            "departure_discard": [c for c in self.revealed],
            "hands": [{"signal": h[0], "switch": h[1], "move_train": h[2]} for h in self.hands],
            "action_deck": len(self.deck),
            "action_discard": {"signal": self.adiscard[0], "switch": self.adiscard[1],
                               "move_train": self.adiscard[2]},
            "helpers": {name: bool(self.helpers >> i & 1) for i, name in enumerate(helpers)},
            "dispatcher_active": self.dispatching,
            "starting_numbers": {b.node_ids[s]: n for n, s in self.number_start.items()},
            "pending_trains": list(self.pending) if self.phase == PH_MOVE_TRAIN else [],
            "moving": None if self.phase not in (PH_ROLL, PH_ROUTE, PH_CITY) else
            {"train": self.mv_train, "points": self.mv_left},
            "location_tokens_left": len(self.loc_stack)
            if self.opts.location_tokens == "draw_instead_of_dice" else None,
            # what a view needs to offer the choice on the board: the field whose disc a
            # signal card lifted, the junction being set and the branches each setting opens
            "lifted": self.sig_from if self.phase == PH_SIG_TO else None,
            "switching": self._switching_json(),
        }
        return obs

    def _switching_json(self):
        """The junction whose discs are being set and, for each setting k (the `setting`
        of its switch_setting actions), the two neighbours it opens; None otherwise."""
        if self.phase == PH_SW_CONFIG:
            j = self.sw_junction
        elif self.phase == PH_SETUP_SWITCH:
            j = self.setup_i
        else:
            return None
        b = self.board
        n = b.junctions[j]
        return {"junction": b.node_ids[n],
                "settings": [[b.node_ids[b.end_far_node[b.node_ends[n][i]]] for i in conf]
                             for conf in b.junction_configs[j]]}

    def _card_json(self, c: int) -> dict:
        if c == START_CARD:
            return {"id": "start", **self.game.data["start_card"]}
        return dict(self.game.data["departure_cards"][c])

    # ------------------------------------------------------------------ legality --

    def _legal_actions(self) -> list[int]:
        ph = self.phase
        b = self.board
        if ph == PH_ACTIONS:
            return self._legal_actions_phase()
        if ph == PH_MOVE_TRAIN:
            out = [A.TRAIN + t for t in sorted(self.pending)]
            used = self.helpers
            if not self.na and not used >> CONDUCTOR & 1:
                seen = 0
                for t in self.pending:
                    c = t // 3
                    if not self.started >> c & 1 and not seen >> c & 1:
                        seen |= 1 << c
                for c in range(3):
                    if seen >> c & 1:
                        out.append(A.CONDUCTOR + c)
            if self.na and not used >> STATION_MASTER & 1:
                out.extend(A.HOLD + t for t in sorted(self.pending))
            out.sort()
            return out
        if ph == PH_ROUTE:
            return [A.ROUTE + e for e in self._green_exits(self.mv_pos, -1)]
        if ph == PH_CITY:
            out = [A.STOP]
            if self.na or self.dispatching:
                out.extend(A.ROUTE + e for e in self._green_exits(self.mv_pos, self.mv_arrival))
            elif not self.helpers >> DISPATCHER & 1:
                out.append(A.DISPATCHER)
            return out
        if ph == PH_ROLL:
            return [A.ACCEPT_ROLL, A.LOGISTICIAN]
        if ph == PH_DEPLOY_COLOUR:
            return [A.DEPLOY_COLOUR + c for c in range(3)
                    if not self.dep_colours >> c & 1 and self._in_depot(c) >= 0]
        if ph == PH_MOVE_COLOUR:
            return [A.MOVE_COLOUR + c for c in range(3) if not self.any_colours >> c & 1]
        if ph == PH_DEPLOY_PLACE:
            return [A.ROLL_DEPLOY] + [A.COUPLER + i for i, s in enumerate(b.starts)
                                      if self.occ[b.node_cell[s]] < 0]
        if ph == PH_REVEAL:
            return [A.SWITCHMAN, A.ACCEPT_CARD]
        if ph == PH_SIG_FROM:
            return [A.FIELD_FROM + f for f in range(b.num_fields)
                    if self.green[f] and self._sig_targets(f)]
        if ph == PH_SIG_TO:
            return [A.FIELD_TO + f for f in self._sig_targets(self.sig_from)]
        if ph == PH_SW_JUNCTION:
            return [A.JUNCTION + j for j in range(len(b.junctions))]
        if ph == PH_SW_CONFIG:
            j = self.sw_junction
            return [A.CONFIG + k for k in range(len(b.junction_configs[j])) if k != self.jconf[j]]
        if ph == PH_CARD_TRAIN:
            return [A.TRAIN + t for t in range(9) if self.tpos[t] >= 0]
        if ph == PH_SETUP_SWITCH:
            return [A.CONFIG + k for k in range(len(b.junction_configs[self.setup_i]))]
        if ph == PH_SETUP_CITY:
            return [A.FIELD_TO + f for f in b.city_fields[b.cities[self.setup_i]]]
        if ph == PH_SETUP_TRACK:
            return [A.FIELD_TO + f for f in b.track_fields if not self.green[f]]
        if ph == PH_SETUP_EXTRA:
            return [A.FIELD_TO + f for f in range(b.num_fields) if not self.green[f]]
        return []

    def _legal_actions_phase(self) -> list[int]:
        h = self.hands[self.active]
        out = [A.END]
        on_net = False
        for t in range(9):
            if self.tpos[t] >= 0:
                on_net = True
                break
        for purpose in range(3):
            if purpose == 2 and not on_net:
                continue
            base = A.PLAY + purpose * 7
            if h[purpose]:
                out.append(base)
            for k, (x, y) in enumerate(A.PAIRS):
                if (h[x] >= 2) if x == y else (h[x] and h[y]):
                    out.append(base + 1 + k)
        if h[0] or h[1] or h[2]:
            b = self.board
            nnc = b.num_node_cells
            for t in range(9):
                p = self.tpos[t]
                if 0 <= p < nnc and self.tgood[t] < 0:
                    g = b.node_goods[b.cell_node[p]]
                    if g >= 0 and self.goods[g]:
                        base = A.LOAD + 3 * t
                        out.extend(base + c for c in range(3) if h[c])
        out.sort()
        return out

    def _why_illegal(self, a: Any) -> str:  # Any: whatever a caller passed
        if not isinstance(a, int) or not 0 <= a < A.NUM_ACTIONS:
            return f"{a!r} is not an action of Switch & Signal"
        try:
            what = self.describe(a, "en")
        except Exception:  # noqa: BLE001 - a label for an error message only
            what = str(a)
        return f"'{what}' is not allowed now (the team is deciding: {PHASE_NAMES[self.phase]})"

    def _green_exits(self, cell: int, arrival: int) -> list[int]:
        return exits(self.board, self.green, cell, arrival)

    def _sig_targets(self, f: int) -> list[int]:
        """Red fields the disc on field f may move to (each city keeps a green signal)."""
        b = self.board
        c = b.field_city[f]
        if c >= 0 and self.city_discs[b.cities.index(c)] == 1:
            return [g for g in b.city_fields[c] if not self.green[g]]
        return [g for g in range(b.num_fields) if not self.green[g]]

    def _in_depot(self, colour: int) -> int:
        for t in range(3 * colour, 3 * colour + 3):
            if self.tpos[t] < 0:
                return t
        return -1

    # ------------------------------------------------------------------ transitions --

    def _do(self, a: int) -> None:
        ph = self.phase
        b = self.board
        if ph == PH_ACTIONS:
            if a == A.END:
                self._end_turn()
            elif a < A.LOAD:
                purpose, slot = divmod(a - A.PLAY, 7)
                h = self.own_hands()[self.active]
                adiscard = self.own_adiscard()
                paid = (purpose,) if slot == 0 else A.PAIRS[slot - 1]
                for c in paid:
                    h[c] -= 1
                    adiscard[c] += 1
                self.purpose = purpose
                if self.record_events:
                    self.emit({"type": "play", "player": self.active, "action": A.PURPOSES[purpose],
                               "cards": [A.CARD_TYPES[c] for c in paid]})
                self.phase = (PH_SIG_FROM, PH_SW_JUNCTION, PH_CARD_TRAIN)[purpose]
            else:
                t, c = divmod(a - A.LOAD, 3)
                self.own_hands()[self.active][c] -= 1
                self.own_adiscard()[c] += 1
                g = b.node_goods[b.cell_node[self.tpos[t]]]
                self.own_goods()[g] -= 1
                self.own_tgood()[t] = g
                if self.record_events:
                    self.emit({"type": "load", "player": self.active, "train": t,
                               "good": g, "card": A.CARD_TYPES[c]})
        elif ph == PH_MOVE_TRAIN:
            if a >= A.HOLD:
                t = a - A.HOLD
                self.own_pending().remove(t)
                self.helpers |= 1 << STATION_MASTER
                if self.record_events:
                    self.emit({"type": "helper", "helper": "station_master", "train": t})
                self._group_continue()
            elif a >= A.TRAIN:
                t = a - A.TRAIN
                self.own_pending().remove(t)
                self.started |= 1 << (t // 3)
                self._start_move(t, CTX_CARD)
            else:
                c = a - A.CONDUCTOR
                self.pending = [t for t in self.pending if t // 3 != c]
                self.helpers |= 1 << CONDUCTOR
                if self.record_events:
                    self.emit({"type": "helper", "helper": "conductor", "colour": c})
                self._group_continue()
        elif ph == PH_ROUTE:
            self._move_run(a - A.ROUTE)
        elif ph == PH_CITY:
            if a == A.STOP:
                self._settle(self.mv_pos, 0)
                self._move_end()
            elif a == A.DISPATCHER:
                self.helpers |= 1 << DISPATCHER
                self.dispatching = True
                if self.record_events:
                    self.emit({"type": "helper", "helper": "dispatcher"})
            else:
                self._move_run(a - A.ROUTE)
        elif ph == PH_ROLL:
            if a == A.LOGISTICIAN:
                self.helpers |= 1 << LOGISTICIAN
                self.mv_left = self._roll(self.mv_train)
                if self.record_events:
                    self.emit({"type": "helper", "helper": "logistician",
                               "train": self.mv_train, "roll": self.mv_left})
            self._move_begin()
        elif ph == PH_DEPLOY_COLOUR:
            self.deploy_colour = a - A.DEPLOY_COLOUR
            self.dep_colours |= 1 << self.deploy_colour
            self._begin_place()
        elif ph == PH_MOVE_COLOUR:
            c = a - A.MOVE_COLOUR
            self.any_colours |= 1 << c
            if self.record_events:
                self.emit({"type": "move_colour", "colour": c})
            self._begin_group([t for t in range(3 * c, 3 * c + 3) if self.tpos[t] >= 0])
        elif ph == PH_DEPLOY_PLACE:
            if a == A.ROLL_DEPLOY:
                self._place_by_chance()
            else:
                self.helpers |= 1 << COUPLER
                s = b.starts[a - A.COUPLER]
                if self.record_events:
                    self.emit({"type": "helper", "helper": "coupler", "node": b.node_ids[s]})
                self._place(s)
        elif ph == PH_REVEAL:
            if a == A.SWITCHMAN:
                self.helpers |= 1 << SWITCHMAN
                card = self.card
                self.own_revealed().pop()
                self.own_pile().insert(0, card)
                self.pile_known += 1
                if self.record_events:
                    self.emit({"type": "helper", "helper": "switchman", "card": card})
                self._reveal()
            else:
                self._next_step()
        elif ph == PH_SIG_FROM:
            self.sig_from = a - A.FIELD_FROM
            self.phase = PH_SIG_TO
        elif ph == PH_SIG_TO:
            f, g = self.sig_from, a - A.FIELD_TO
            self._set_signal(f, False)
            self._set_signal(g, True)
            if self.record_events:
                self.emit({"type": "signal", "player": self.active, "from_field": f, "to_field": g})
            self.phase = PH_ACTIONS
        elif ph == PH_SW_JUNCTION:
            self.sw_junction = a - A.JUNCTION
            self.phase = PH_SW_CONFIG
        elif ph == PH_SW_CONFIG:
            self.own_jconf()[self.sw_junction] = a - A.CONFIG
            if self.record_events:
                self.emit({"type": "switch", "player": self.active,
                           "junction": b.node_ids[b.junctions[self.sw_junction]],
                           "setting": a - A.CONFIG})
            self.phase = PH_ACTIONS
        elif ph == PH_CARD_TRAIN:
            self._start_move(a - A.TRAIN, CTX_ACTION)
        elif ph == PH_SETUP_SWITCH:
            self.own_jconf()[self.setup_i] = a - A.CONFIG
            self.setup_i += 1
            if self.setup_i == len(b.junctions):
                self.setup_i = 0
                self.phase = PH_SETUP_CITY
        elif ph == PH_SETUP_CITY:
            self._set_signal(a - A.FIELD_TO, True)
            self.setup_i += 1
            if self.setup_i == len(b.cities):
                self.setup_i = 0
                self.phase = PH_SETUP_TRACK
        elif ph == PH_SETUP_TRACK:
            self._set_signal(a - A.FIELD_TO, True)
            self.setup_i += 1
            if self.setup_i == 3:
                self._after_layout()
        elif ph == PH_SETUP_EXTRA:
            self._set_signal(a - A.FIELD_TO, True)
            self._start_game()

    def _set_signal(self, f: int, on: bool) -> None:
        self.own_green()[f] = on
        c = self.board.field_city[f]
        if c >= 0:
            self.own_city_discs()[self.board.cities.index(c)] += 1 if on else -1

    def _after_layout(self) -> None:
        if self.opts.extra_signal:
            self.phase = PH_SETUP_EXTRA
        else:
            self._start_game()

    def _start_game(self) -> None:
        self._reveal()

    # -- the departure card -------------------------------------------------------------

    def _reveal(self) -> None:
        card = self.own_pile().pop()
        if self.pile_known > len(self.pile):
            self.pile_known = len(self.pile)
        self.card = card
        self.own_revealed().append(card)
        if card == START_CARD:
            self.steps = (DEP_FIXED, DEP_FIXED + 1, DEP_FIXED + 2)
        else:
            self.steps = self.game.card_steps[card]
        self.step_i = 0
        self.dep_colours = self.any_colours = 0
        self.pending = []
        if self.record_events:
            self.emit({"type": "reveal", "player": self.active, "card": card, "reveal": True})
        if self.na and card != START_CARD and self.pile and not self.helpers >> SWITCHMAN & 1:
            self.phase = PH_REVEAL
            return
        self._next_step()

    def _next_step(self) -> None:
        while self.step_i < len(self.steps):
            code = self.steps[self.step_i]
            if code == DEP_ANY:
                if any(not self.dep_colours >> c & 1 and self._in_depot(c) >= 0 for c in range(3)):
                    self.phase = PH_DEPLOY_COLOUR
                    return
                self.step_i += 1
                continue
            if code <= DEP_FIXED + 2:
                c = code - DEP_FIXED
                if self._in_depot(c) < 0:
                    self.step_i += 1
                    continue
                self.deploy_colour = c
                self.dep_colours |= 1 << c
                self._begin_place()
                return
            if code == MV_ANY:
                self.phase = PH_MOVE_COLOUR
                return
            if code == MV_ALL:
                self._begin_group([t for t in range(9) if self.tpos[t] >= 0])
            else:
                c = code - MV_COL
                self._begin_group([t for t in range(3 * c, 3 * c + 3) if self.tpos[t] >= 0])
            return
        self.phase = PH_ACTIONS

    def _begin_place(self) -> None:
        if self.na and not self.helpers >> COUPLER & 1:
            self.phase = PH_DEPLOY_PLACE
            return
        self._place_by_chance()

    def _place_by_chance(self) -> None:
        b = self.board
        first = self.card == START_CARD
        while True:
            if self.opts.location_tokens == "draw_instead_of_dice":
                if first and self.loc_first:
                    number = self.own_loc_first().pop(0)
                else:
                    stack = self.own_loc_stack()
                    if not stack:
                        stack = self.loc_stack = list(range(2, 13))  # a new list: held alone
                        shuffle(self.rng(), stack)
                    number = stack.pop()
                roll = None
            else:
                r = self.rng()
                d1, d2 = int(r.random() * 6) + 1, int(r.random() * 6) + 1
                number, roll = d1 + d2, (d1, d2)
            s = self.number_start[number]
            if self.record_events:
                self.emit({"type": "deploy_roll", "colour": self.deploy_colour, "dice": roll,
                           "number": number, "node": b.node_ids[s]})
            if self.occ[b.node_cell[s]] < 0 or not first:
                break
        self._place(s)

    def _place(self, s: int) -> None:
        b = self.board
        cell = b.node_cell[s]
        if self.occ[cell] >= 0:
            # rulebook: Отправление поездов (an occupied starting point costs 2 time tokens)
            if self.record_events:
                self.emit({"type": "deploy_blocked", "node": b.node_ids[s]})
            self._lose(2)
            if self.over:
                return
        else:
            t = self._in_depot(self.deploy_colour)
            self.own_tpos()[t] = cell
            self.own_thead()[t] = b.end_head[b.start_end[s]]
            self.own_occ()[cell] = t
            if self.record_events:
                self.emit({"type": "deploy", "train": t, "node": b.node_ids[s]})
        self.step_i += 1
        self._next_step()

    def _begin_group(self, trains: list) -> None:
        self.pending = trains
        self.started = 0
        self._group_continue()

    def _group_continue(self) -> None:
        if self.pending:
            self.pending = [t for t in self.pending if self.tpos[t] >= 0]
        if self.pending:
            self.phase = PH_MOVE_TRAIN
            return
        self.step_i += 1
        self._next_step()

    # -- movement -----------------------------------------------------------------------

    def _roll(self, t: int) -> int:
        r = self.rng()
        return self.game.dice[t // 3][int(r.random() * 6)]

    def _start_move(self, t: int, ctx: int) -> None:
        self.mv_train, self.mv_ctx = t, ctx
        self.mv_left = self._roll(t)
        if self.record_events:
            self.emit({"type": "roll", "train": t, "roll": self.mv_left})
        if not self.na and not self.helpers >> LOGISTICIAN & 1:
            self.phase = PH_ROLL
            return
        self._move_begin()

    def _move_begin(self) -> None:
        b = self.board
        t = self.mv_train
        pos = self.tpos[t]
        self.mv_pos, self.mv_head, self.mv_arrival = pos, self.thead[t], -1
        if pos < b.num_node_cells:
            n = b.cell_node[pos]
            if b.node_kind[n] == START:
                self._move_run(b.start_end[n])
                return
            if self._green_exits(pos, -1):
                self.phase = PH_ROUTE
                return
            # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 3, 4 (no green exit: every point is lost)
            self._settle(pos, 0)
            self._penalty(self.mv_left, "red_signal")
            self._move_end()
            return
        self._move_run(-1)

    def _move_run(self, e: int) -> None:
        """Move the train from mv_pos; e >= 0: it leaves its node along end e."""
        b = self.board
        occ = self.own_occ()  # written below: the state's own
        t = self.mv_train
        occ[self.tpos[t]] = -1  # the train is under way
        pos, head, left, kind, where, why = run(b, occ, self.green, self.jconf, self.thead, t,
                                                self.mv_pos, self.mv_head, e, self.mv_left)
        if kind == STOPPED:
            if self.mv_arrival >= 0 and pos == self.mv_pos:
                # rulebook: ПРИМЕР ХОДА, Б and «Особые правила для Северной Америки»: a
                # train ending its move in a city loses no time, also when the way out it
                # chose is blocked at once (interpretation 20)
                self._settle(pos, head)
                return self._move_end()
            return self._stop_short(pos, head, left, _STOP_WHY[why])
        if kind == MET:
            # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 11 (head-on meeting)
            u = occ[where]
            self._settle(-1, 0)
            if self.record_events:
                self.emit({"type": "head_on", "train": t, "other": u, "lost": left})
            self._penalty(2 * left, "head_on")
            return self._move_end()
        if kind == RUNNING:
            self._settle(pos, head)
            return self._move_end()
        # arrived in a node's cell
        self.mv_arrival = where
        n = b.cell_node[pos]
        k = b.node_kind[n]
        self.mv_left = left
        if k == START:
            # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 12 (arriving at a starting point)
            self._settle(-1, 0)
            if self.record_events:
                self.emit({"type": "start_point", "train": t, "node": b.node_ids[n]})
            self._penalty(2, "starting_point")
            return self._move_end()
        if k == PORT and self._port_takes(t, n):
            # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 10 (the port unloads and empties the train)
            g = self.tgood[t]
            self._settle(-1, 0, keep_good=True)
            if g >= 0:
                self.own_tgood()[t] = -1
                self.own_delivered()[b.port_index[n]][g] += 1
                self.own_by_seat()[self.active] += 1
                if self.record_events:
                    self.emit({"type": "deliver", "train": t, "good": g,
                               "node": b.node_ids[n]})
                if self.game.goal_met(self):
                    self.over, self.won, self.reason = True, True, WIN
                    self.phase = PH_OVER
                    return
            elif self.record_events:
                self.emit({"type": "port_empty", "train": t, "node": b.node_ids[n]})
            return self._move_end()
        # a trade city (or a North American port the train does not unload in):
        # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 9 (stop, no time lost) unless it may pass
        self.mv_pos, self.mv_head = pos, 0
        if left and (self.na or self.dispatching or not self.helpers >> DISPATCHER & 1) \
                and self._green_exits(pos, self.mv_arrival):
            # the train waits in the city while the team decides
            self.own_tpos()[t], self.own_thead()[t] = pos, 0
            occ[pos] = t
            self.phase = PH_CITY
            return
        self._settle(pos, 0)
        return self._move_end()

    def _port_takes(self, t: int, n: int) -> bool:
        if not self.na:
            return True
        g = self.tgood[t]
        if g < 0:
            return False
        d = self.delivered[self.board.port_index[n]]
        if d[g] == 0:
            return True
        return self.opts.ten_goods and sum(d) - sum(1 for x in d if x) < 1

    def _stop_short(self, pos: int, head: int, left: int, why: str) -> None:
        self._settle(pos, head)
        self._penalty(left, why)
        self._move_end()

    def _settle(self, pos: int, head: int, keep_good: bool = False) -> None:
        t = self.mv_train
        tpos, thead = self.own_tpos(), self.own_thead()
        if pos < 0:
            tpos[t] = -1
            thead[t] = 0
            g = self.tgood[t]
            if g >= 0 and not keep_good:
                # the good goes back to the city it came from
                self.own_goods()[g] += 1
                self.own_tgood()[t] = -1
            return
        tpos[t] = pos
        thead[t] = head
        self.own_occ()[pos] = t
        if self.record_events:
            self.emit({"type": "stop", "train": t, "cell": pos})

    def _penalty(self, n: int, why: str) -> None:
        if n <= 0:
            return
        if self.record_events:
            self.emit({"type": "time_lost", "tokens": n, "why": why})
        self._lose(n)

    def _move_end(self) -> None:
        if self.over:
            return
        if self.mv_ctx == CTX_CARD:
            self._group_continue()
        else:
            self.phase = PH_ACTIONS

    # -- the clock ----------------------------------------------------------------------

    def _lose(self, n: int) -> None:
        """Remove n time tokens; rulebook: Жетоны времени (the clock and its overflow)."""
        self.tokens_lost += n
        while n > 0:
            if n < self.tokens:
                self.tokens -= n
                return
            n -= self.tokens
            self.tokens = 0
            if not self.pile:
                # rulebook: КОНЕЦ ИГРЫ (a card must be boxed on the last turn: lost at once)
                self.over, self.won, self.reason = True, False, LOSS_CLOCK
                self.phase = PH_OVER
                if self.record_events:
                    self.emit({"type": "game_over", "reason": LOSS_CLOCK})
                return
            self.own_pile().pop()  # the departure card is boxed: out of the game
            if self.pile_known > len(self.pile):
                self.pile_known = len(self.pile)
            self.tokens = self.clock_max
            if self.record_events:
                self.emit({"type": "departure_boxed", "left": len(self.pile)})

    # -- end of turn --------------------------------------------------------------------

    def _end_turn(self) -> None:
        want = min(self.game.draw_per_turn, self.game.hand_limit - sum(self.hands[self.active]))
        drawn = [0, 0, 0]
        if want > 0:
            h = self.own_hands()[self.active]
            deck = self.own_deck()
            for _ in range(want):
                if not deck:
                    # new lists, held by this state alone
                    deck = self.deck = [c for c in range(3) for _ in range(self.adiscard[c])]
                    self.adiscard = [0, 0, 0]
                    if not deck:
                        break
                    shuffle(self.rng(), deck)
                    if self.record_events:
                        self.emit({"type": "reshuffle", "cards": len(deck)})
                c = deck.pop()
                h[c] += 1
                drawn[c] += 1
        if self.record_events:
            self.emit({"type": "draw", "player": self.active, "count": sum(drawn),
                       "cards": {"signal": drawn[0], "switch": drawn[1], "move_train": drawn[2]}})
        if not self.pile:
            # rulebook: КОНЕЦ ИГРЫ (the last departure card has been carried out)
            self.over, self.won, self.reason = True, False, LOSS_DEPARTURE
            self.phase = PH_OVER
            if self.record_events:
                self.emit({"type": "game_over", "reason": LOSS_DEPARTURE})
            return
        self.active = (self.active + 1) % self.num_players
        self.turn += 1
        self.dispatching = False
        self._reveal()


# (subclassed in Python by the game's package, which adds the bots)
@mypyc_attr(allow_interpreted_subclasses=True)
class SwitchAndSignalGame(Game):
    actions: ClassVar[Any] = A
    id = "switch_and_signal"
    title = texts(__file__, "title")
    description = texts(__file__, "description")
    min_players = 2
    max_players = 4
    cooperative = True
    # search bots play out with the fast greedy policy: the heuristic samples and is slow
    rollout_bot = "greedy"
    # and are guided by the farsighted heuristic that plays the last two turns greedily
    # (docs/bots.md, "Switch & Signal: the endgame")
    guide_bot = "finisher"
    # 2: North American ports are through stations (issue #26); 3: one generator per state, drawn from at every random step (issue #28)
    rules_version = "4"  # 4: a train blocked leaving a city it entered loses no time
    Options = SwitchAndSignalOptions
    num_actions = A.NUM_ACTIONS

    def __init__(self) -> None:
        self.data = _load_json("data.json")
        self.boards = {name: Board(_load_json(f"boards/{name}.json"))
                       for name in ("central_europe", "north_america")}
        for bd in self.boards.values():
            assert len(bd.junctions) <= A.MAX_JUNCTIONS and bd.num_fields <= A.MAX_FIELDS
            assert len(bd.line_len) * 2 <= A.MAX_ENDS
        d = self.data
        cols = d["train_colours"]
        self.dice = [tuple(d["movement_dice"][c]) for c in cols]
        self.helpers = d["helpers"]
        self.draw_per_turn = d["draw_per_turn"]
        self.hand_limit = d["hand_limit"]
        self.card_steps = []
        for card in d["departure_cards"]:
            steps = [DEP_ANY] * card["deploy"]
            for m in card["moves"]:
                steps.append(MV_ANY if m == "any" else MV_ALL if m == "all"
                             else MV_COL + cols.index(m))
            self.card_steps.append(tuple(steps))

    # -- goals --------------------------------------------------------------------------

    def goal(self, opts, num_ports: int) -> dict:
        if num_ports == 1:
            return {"per_colour": 2, "total": 10 if opts.ten_goods else 8}
        return {"per_colour_per_port": 1, "per_port": 5 if opts.ten_goods else 4}

    def goal_met(self, s: SwitchAndSignalState) -> bool:
        if not s.na:
            d = s.delivered[0]
            return min(d) >= 2 and sum(d) >= (10 if s.opts.ten_goods else 8)
        need = 5 if s.opts.ten_goods else 4
        return all(min(d) >= 1 and sum(d) >= need for d in s.delivered)

    # -- states -------------------------------------------------------------------------

    def new_state(self, num_players, seed, options=None, *, record_events=True):
        self.check_players(num_players)
        opts = self.parse_options(options)
        b = self.boards[opts.board]
        s = SwitchAndSignalState.__new__(SwitchAndSignalState)
        s._init_base(self, num_players, seed, record_events)
        s.opts, s.board, s.na = opts, b, opts.board == "north_america"
        s.active, s.turn, s.over, s.won, s.reason = 0, 1, False, False, None
        s.tpos, s.thead, s.tgood = [-1] * 9, [0] * 9, [-1] * 9
        s.occ = [-1] * b.num_cells
        s.green = [False] * b.num_fields
        s.city_discs = [0] * len(b.cities)
        s.jconf = list(b.first_switches)
        per = 3 if opts.ten_goods else 2
        s.goods = [per] * 4
        s.delivered = [[0] * 4 for _ in b.ports]
        s.tokens = s.clock_max = opts.time_tokens
        s.helpers, s.dispatching = 0, False
        s.steps, s.step_i, s.dep_colours, s.any_colours = (), 0, 0, 0
        s.pending, s.started = [], 0
        s.mv_train = s.mv_left = s.mv_ctx = s.mv_pos = s.mv_head = 0
        s.mv_arrival = -1
        s.deploy_colour = s.purpose = s.sig_from = s.sw_junction = s.setup_i = 0
        s.by_seat, s.tokens_lost = [0] * num_players, 0
        s.card = -1
        s._legal = None
        # starting-point numbers (variant: location tokens shuffled onto the locations)
        numbers = list(range(2, 13))
        if opts.location_tokens == "random_numbers":
            shuffle(s.rng(), numbers)
            s.number_start = {numbers[i]: st for i, st in enumerate(b.starts)}
        else:
            s.number_start = {b.start_number[st]: st for st in b.starts}
        s.loc_stack, s.loc_first = [], []
        if opts.location_tokens == "draw_instead_of_dice":
            first = list(range(2, 13))
            shuffle(s.rng(), first)
            s.loc_first = first[:3]
            s.loc_stack = list(range(2, 13))
            shuffle(s.rng(), s.loc_stack)
        # departure pile: shuffle, box some unseen, start card on top
        pile = list(range(18))
        shuffle(s.rng(), pile)
        s.pile = pile[opts.removed_departure_cards:] + [START_CARD]
        s.pile_known = 0
        s.revealed = []
        # action cards
        per_type = self.data["action_cards_per_type"]
        deck = [c for c in range(3) for _ in range(per_type)]
        shuffle(s.rng(), deck)
        s.hands = []
        for _ in range(num_players):
            h = [0, 0, 0]
            for _ in range(self.data["hand_size"]):
                h[deck.pop()] += 1
            s.hands.append(h)
        s.deck, s.adiscard = deck, [0, 0, 0]
        # switches and signals
        if opts.layout == "first_game":
            for f in b.first_signals:
                s._set_signal(f, True)
            s.phase = PH_ACTIONS
            s._after_layout()
        elif opts.layout == "random":
            r = s.rng()
            s.jconf = [r.randrange(len(cf)) for cf in b.junction_configs]
            for c in b.cities:
                s._set_signal(r.choice(b.city_fields[c]), True)
            for f in r.sample(b.track_fields, 3):
                s._set_signal(f, True)
            if opts.extra_signal:
                s._set_signal(r.choice([f for f in range(b.num_fields) if not s.green[f]]), True)
            s._start_game()
        else:
            s.phase = PH_SETUP_SWITCH
        s._take_forced()
        s.events = [] if not record_events else s.events
        return s

    def event_text(self, event, lang="en", names=None):
        from railtable.games.switch_and_signal.text import event_text
        return event_text(self, event, lang, names)

    def render_text(self, observation: dict, lang: str = "en", names=None) -> str:
        from railtable.games.switch_and_signal.text import render_text
        return render_text(observation, lang, names)

    def menu(self, state, lang: str = "en", names=None):
        from railtable.games.switch_and_signal.text_menu import menu
        return menu(state, lang, names)

    def difficulty_levels(self):
        return [
            ("easiest", {"removed_departure_cards": 0, "time_tokens": 10, "extra_signal": True}),
            ("easier", {"removed_departure_cards": 1, "time_tokens": 8, "extra_signal": True}),
            ("easy", {"removed_departure_cards": 2, "extra_signal": True}),
            ("standard", {}),
            ("harder", {"removed_departure_cards": 4}),
            ("hard", {"removed_departure_cards": 5}),
            ("hardest", {"removed_departure_cards": 6, "ten_goods": True}),
        ]
