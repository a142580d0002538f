"""Railways of the World: the State (set-up, legal actions, transitions, scoring) and the Game.

Rules follow the Russian base rulebook (sections named in comments); the map, the
locomotive costs, the income track and the operations deck are the project's own design,
kept as data (data.json, maps/*.json). See docs/games/railways_of_the_world.md.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from railtable.engine import (TERMINAL, Fields, Game, OptionsError, Result, State, fields, option,
                              randbelow, shuffle, static_part, texts)
from railtable.games.railways_of_the_world import actions as A
from railtable.games.railways_of_the_world.actions import (
    A_BID, A_BUILD, A_BUILD_AT, A_CARD, A_CUBE, A_DELIVER, A_FINISH, A_MOVE, A_NOTE,
    A_PASS_BID, A_PASS_TURN, A_STEP, A_TAKE_CARD, A_UPGRADE, A_URB_CITY, A_URB_COLOUR,
    A_URBANIZE, A_USE_CARD, MAX_RAISE, MAX_SEATS, NUM_COLOURS)
from railtable.games.railways_of_the_world.actions import A_RAISE_MORE

HERE: Final = Path(__file__).parent
GRAY: Final = 5  # a city's colour index when it is gray (no colour yet)
COLOUR_INDEX: Final = {c: i for i, c in enumerate(A.COLOURS)}
DIRS: Final = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))  # e, ne, nw, w, sw, se (axial)

# phases: whose decision and of what kind
PH_AUCTION: Final = 0
PH_TURN: Final = 1
PH_BUILD_START: Final = 2
PH_BUILD: Final = 3
PH_URB_COLOUR: Final = 4
PH_URB_CITY: Final = 5
PH_DEL_CUBE: Final = 6
PH_DEL_STEP: Final = 7
PH_CARD: Final = 8
PH_OVER: Final = 9
PH_RAISE: Final = 10  # the auction, a raise under way: the same player adds to it until it ends
# The decisions the engine takes by itself when they are the only legal choice (`_forced`):
# the parts of an action already chosen (where the track starts, the new city's colour and
# place, the cube and each link of a delivery, the operations card taken).
FORCED_PHASES: Final = frozenset((PH_BUILD_START, PH_URB_COLOUR, PH_URB_CITY, PH_DEL_CUBE,
                           PH_DEL_STEP, PH_CARD))
PHASE_NAMES: Final = ("auction", "choose_action", "build_start", "build", "urbanize_colour",
                      "urbanize_city", "deliver_cube", "deliver_move", "take_card", "over", "raise")

# card kinds (the rulebook's five symbols) and effects
K_CONDITION: Final = 0
K_ONCE: Final = 1
K_IMMEDIATE: Final = 2
K_KEEP: Final = 3
K_PERMANENT: Final = 4
KIND_OF: Final = {"condition": K_CONDITION, "once_per_round": K_ONCE, "immediate": K_IMMEDIATE,
                  "keep": K_KEEP, "permanent": K_PERMANENT}
E_MAJOR: Final = 0
E_BOUNTY: Final = 1
E_LONG: Final = 2
E_SUBSIDY: Final = 3
E_EXTRA_TILE: Final = 4
E_CASH: Final = 5
E_POINTS: Final = 6
E_FREE_UPGRADE: Final = 7
E_WINDFALL: Final = 8
E_BOOST: Final = 9
E_BRIDGE: Final = 10
E_TUNNEL: Final = 11
E_LOCO_DISCOUNT: Final = 12
E_MAIL: Final = 13
EFFECT_OF: Final = {"major_line": E_MAJOR, "service_bounty": E_BOUNTY, "long_haul": E_LONG,
                    "subsidy": E_SUBSIDY, "extra_tile": E_EXTRA_TILE, "cash": E_CASH,
                    "points": E_POINTS, "free_upgrade": E_FREE_UPGRADE, "windfall": E_WINDFALL,
                    "boost": E_BOOST, "bridge": E_BRIDGE, "tunnel": E_TUNNEL,
                    "loco_discount": E_LOCO_DISCOUNT, "mail": E_MAIL}
TERRAINS: Final = ("plain", "water", "mountain")


class MapData:
    """A map with everything precomputed: hex neighbours, edges, ridges, cities.

    Hexes are stored in axial coordinates (q, r); distances use cube coordinates
    (x = q, z = r, y = -q - r). Direction d's opposite is (d + 3) % 6.
    """

    def __reduce__(self) -> tuple:
        return (static_part, ("railways_of_the_world", "maps", self.id))  # by name

    def __init__(self, d: dict, terrain_cost: dict):
        self.id = d["id"]
        self.title = d["title"]
        self.raw = d
        hexes = d["hexes"]
        if len(hexes) > A.MAX_HEX or len(d["cities"]) > A.MAX_CITY:
            raise ValueError(f"map {self.id} is larger than the action space allows")
        self.hex_qr = [(h[0], h[1]) for h in hexes]
        self.hex_index = {qr: i for i, qr in enumerate(self.hex_qr)}
        self.num_hexes = len(hexes)
        self.terrain = [TERRAINS.index(h[2]) for h in hexes]
        self.hex_cost = [terrain_cost[h[2]] for h in hexes]
        nb = [-1] * (6 * self.num_hexes)
        for i, (q, r) in enumerate(self.hex_qr):
            for dd, (dq, dr) in enumerate(DIRS):
                nb[i * 6 + dd] = self.hex_index.get((q + dq, r + dr), -1)
        self.nb = tuple(nb)
        # canonical edges: edge[h * 6 + d] is shared by both hexes of the edge (-1 off-map)
        edge = [-1] * (6 * self.num_hexes)
        self.edge_hexes: list[tuple[int, int]] = []
        for i in range(self.num_hexes):
            for dd in range(6):
                j = nb[i * 6 + dd]
                if j > i:
                    edge[i * 6 + dd] = edge[j * 6 + (dd + 3) % 6] = len(self.edge_hexes)
                    self.edge_hexes.append((i, j))
        self.edge = tuple(edge)
        ridge = [False] * (6 * self.num_hexes)
        self.ridges = []
        mountain = TERRAINS.index("mountain")
        for q1, r1, q2, r2 in d["ridges"]:
            where = f"map {self.id}: ridge [{q1}, {r1}, {q2}, {r2}]"
            if (q1, r1) not in self.hex_index or (q2, r2) not in self.hex_index:
                raise ValueError(f"{where} names a hex that is not on the map")
            if (q2 - q1, r2 - r1) not in DIRS:
                raise ValueError(f"{where} does not lie between two neighbouring hexes")
            a, b = self.hex_index[(q1, r1)], self.hex_index[(q2, r2)]
            # rulebook: Прокладывание рельсов - a ridge is the dark-brown stripe of a
            # mountain hex, so it lies on an edge of at least one mountain hex
            if self.terrain[a] != mountain and self.terrain[b] != mountain:
                raise ValueError(f"{where} touches no mountain hex "
                                 f"({hexes[a][2]} and {hexes[b][2]})")
            dd = DIRS.index((q2 - q1, r2 - r1))
            ridge[a * 6 + dd] = True
            ridge[b * 6 + (dd + 3) % 6] = True
            self.ridges.append((a, dd))
        self.ridge = tuple(ridge)
        cities = d["cities"]
        self.num_cities = len(cities)
        self.city_key = [c["key"] for c in cities]
        self.city_id = {c["key"]: i for i, c in enumerate(cities)}
        self.city_hex = [self.hex_index[tuple(c["hex"])] for c in cities]
        self.city_at = [-1] * self.num_hexes
        for i, h in enumerate(self.city_hex):
            self.city_at[h] = i
        self.city_colour0 = [GRAY if c["colour"] == "gray" else COLOUR_INDEX[c["colour"]]
                             for c in cities]
        self.city_cubes = [c["cubes"] for c in cities]
        self.gray_cities = [i for i, c in enumerate(self.city_colour0) if c == GRAY]
        self.markers_to_end = {int(k): v for k, v in d["empty_markers_to_end"].items()}
        # the static board for views (shared by every observation; do not mutate)
        self.board_json = {
            "id": self.id, "title": dict(self.title), "orientation": "pointy",
            "hexes": [[q, r, TERRAINS[t]] for (q, r), t in zip(self.hex_qr, self.terrain)],
            "ridges": [list(x) for x in d["ridges"]],
        }

    @staticmethod
    def distance(a: tuple, b: tuple) -> int:
        """Hex distance through cube coordinates."""
        ax, az = a
        bx, bz = b
        ay, by = -ax - az, -bx - bz
        return max(abs(ax - bx), abs(ay - by), abs(az - bz))


# the default cash of a «1» note comes from data.json
_DEFAULT_NOTE_VALUE: Final = json.loads(
    (HERE / "data.json").read_text(encoding="utf-8"))["note_value"]


# (a plain Python class where mypyc compiles the module: the engine reads its dataclass
# fields and their metadata)
@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class RotwOptions:
    map: str = option("eastern_us_canada", label=texts(__file__, "options", "map"),
                      choices=("eastern_us_canada",))
    variant1: bool = option(False, label=texts(__file__, "options", "variant1"))
    note_value: int = option(_DEFAULT_NOTE_VALUE,
                             label=texts(__file__, "options", "note_value"),
                             minimum=1000, maximum=20000)
    variant2: bool = option(False, label=texts(__file__, "options", "variant2"))


class RotwState(State):
    # Each field's type: mypyc compiles the class from these (docs/performance.md).
    m: MapData
    variant1: bool
    variant2: bool
    markers_to_end: int
    note_value: int
    phase: int
    round: int
    turn: int
    pos: int
    first: int
    end_round: int
    bank: int
    notes_taken: int
    income_paid: int
    payments: int
    bid: int
    bidder: int
    cur: int
    opener: int
    other_bid: bool
    markers: int
    delivered: int
    wl_start: int
    wl_tiles: int
    wl_steps: int
    urb_colour: int
    del_src: int
    del_colour: int
    del_cur: int
    del_visited: int
    del_left: int
    tv: int
    _dcache: tuple[tuple[int, int, int, int, int], list[int]] | None
    _sc: tuple[int, list[tuple[int, int, int, int]]] | None
    _cs: tuple[int, list[int]] | None
    order: list[int]
    cash: list[int]
    notes: list[int]
    level: list[int]
    points: list[int]
    links_built: list[int]
    used: list[int]
    boost: list[int]
    active: list[bool]
    pass_order: list[int]
    bids: list[int]
    cubes: list[int]
    city_colour: list[int]
    empty: list[bool]
    bag: list[int]
    new_city_tiles: list[int]
    display: list[int]
    deck: list[int]
    discard: list[int]
    hex_used: bytearray
    hex_nseg: bytearray
    hex_pend: bytearray
    links: list[tuple[int, int, int, tuple[tuple[int, ...], ...]]]
    adj: list[tuple[tuple[int, int], ...]]
    net: list[tuple[int, ...]]
    del_path: list[tuple[int, int]]
    cards: list[list[int]]
    unfinished: list[list[tuple[int, tuple[tuple[int, ...], ...]]]]
    wl_segs: list[list[int]]

    # Every field, by how a clone copies it.
    FIELDS: ClassVar[Fields] = fields(
        shared=("m", "variant1", "variant2", "markers_to_end", "note_value",
                "phase", "round", "turn", "pos", "first", "end_round",
                "bank", "notes_taken", "income_paid", "payments",
                "bid", "bidder", "cur", "opener", "other_bid", "markers", "delivered",
                "wl_start", "wl_tiles", "wl_steps",
                "urb_colour", "del_src", "del_colour", "del_cur", "del_visited", "del_left",
                "tv"),
        # caches keyed by `tv`, the track version; the map's track, cities and cubes, shared
        # with clones and replaced whole by every step that changes them (a clone copies
        # no list of 250 cubes or 307 hexes)
        replaced=("_dcache", "_sc", "_cs", "hex_used", "hex_nseg", "hex_pend", "links", "adj",
                  "cubes", "city_colour", "empty"),
        # shared with a clone until a state changes them: every change goes through
        # own_<name>() (railtable.engine.fields)
        on_write=("order", "cash", "notes", "level", "points", "links_built", "used", "boost",
                  "active", "pass_order", "bids", "bag", "new_city_tiles", "display", "deck",
                  "discard", "net", "del_path"),
        nested_on_write=("cards", "unfinished", "wl_segs"),
    )
    __slots__ = FIELDS

    # clone(): generated from FIELDS by `python -m railtable.engine.clonegen`; do not edit
    def clone(self) -> "RotwState":
        s = RotwState()
        s.game = self.game
        s.num_players = self.num_players
        s._seed = self._seed
        s._rng = self._rng
        s.record_events = self.record_events
        s._legal = self._legal
        s.events = []
        s.m = self.m
        s.variant1 = self.variant1
        s.variant2 = self.variant2
        s.markers_to_end = self.markers_to_end
        s.note_value = self.note_value
        s.phase = self.phase
        s.round = self.round
        s.turn = self.turn
        s.pos = self.pos
        s.first = self.first
        s.end_round = self.end_round
        s.bank = self.bank
        s.notes_taken = self.notes_taken
        s.income_paid = self.income_paid
        s.payments = self.payments
        s.bid = self.bid
        s.bidder = self.bidder
        s.cur = self.cur
        s.opener = self.opener
        s.other_bid = self.other_bid
        s.markers = self.markers
        s.delivered = self.delivered
        s.wl_start = self.wl_start
        s.wl_tiles = self.wl_tiles
        s.wl_steps = self.wl_steps
        s.urb_colour = self.urb_colour
        s.del_src = self.del_src
        s.del_colour = self.del_colour
        s.del_cur = self.del_cur
        s.del_visited = self.del_visited
        s.del_left = self.del_left
        s.tv = self.tv
        s._dcache = self._dcache
        s._sc = self._sc
        s._cs = self._cs
        s.hex_used = self.hex_used
        s.hex_nseg = self.hex_nseg
        s.hex_pend = self.hex_pend
        s.links = self.links
        s.adj = self.adj
        s.cubes = self.cubes
        s.city_colour = self.city_colour
        s.empty = self.empty
        s.order = self.order
        s.cash = self.cash
        s.notes = self.notes
        s.level = self.level
        s.points = self.points
        s.links_built = self.links_built
        s.used = self.used
        s.boost = self.boost
        s.active = self.active
        s.pass_order = self.pass_order
        s.bids = self.bids
        s.bag = self.bag
        s.new_city_tiles = self.new_city_tiles
        s.display = self.display
        s.deck = self.deck
        s.discard = self.discard
        s.net = self.net
        s.del_path = self.del_path
        s.cards = self.cards
        s.unfinished = self.unfinished
        s.wl_segs = self.wl_segs
        self._rng_own = s._rng_own = False
        self._own = s._own = 0
        return s

    def own_order(self) -> "list[int]":
        if not self._own & 1:
            self.order = self.order.copy()
            self._own |= 1
        return self.order

    def own_cash(self) -> "list[int]":
        if not self._own & 2:
            self.cash = self.cash.copy()
            self._own |= 2
        return self.cash

    def own_notes(self) -> "list[int]":
        if not self._own & 4:
            self.notes = self.notes.copy()
            self._own |= 4
        return self.notes

    def own_level(self) -> "list[int]":
        if not self._own & 8:
            self.level = self.level.copy()
            self._own |= 8
        return self.level

    def own_points(self) -> "list[int]":
        if not self._own & 16:
            self.points = self.points.copy()
            self._own |= 16
        return self.points

    def own_links_built(self) -> "list[int]":
        if not self._own & 32:
            self.links_built = self.links_built.copy()
            self._own |= 32
        return self.links_built

    def own_used(self) -> "list[int]":
        if not self._own & 64:
            self.used = self.used.copy()
            self._own |= 64
        return self.used

    def own_boost(self) -> "list[int]":
        if not self._own & 128:
            self.boost = self.boost.copy()
            self._own |= 128
        return self.boost

    def own_active(self) -> "list[bool]":
        if not self._own & 256:
            self.active = self.active.copy()
            self._own |= 256
        return self.active

    def own_pass_order(self) -> "list[int]":
        if not self._own & 512:
            self.pass_order = self.pass_order.copy()
            self._own |= 512
        return self.pass_order

    def own_bids(self) -> "list[int]":
        if not self._own & 1024:
            self.bids = self.bids.copy()
            self._own |= 1024
        return self.bids

    def own_bag(self) -> "list[int]":
        if not self._own & 2048:
            self.bag = self.bag.copy()
            self._own |= 2048
        return self.bag

    def own_new_city_tiles(self) -> "list[int]":
        if not self._own & 4096:
            self.new_city_tiles = self.new_city_tiles.copy()
            self._own |= 4096
        return self.new_city_tiles

    def own_display(self) -> "list[int]":
        if not self._own & 8192:
            self.display = self.display.copy()
            self._own |= 8192
        return self.display

    def own_deck(self) -> "list[int]":
        if not self._own & 16384:
            self.deck = self.deck.copy()
            self._own |= 16384
        return self.deck

    def own_discard(self) -> "list[int]":
        if not self._own & 32768:
            self.discard = self.discard.copy()
            self._own |= 32768
        return self.discard

    def own_net(self) -> "list[tuple[int, ...]]":
        if not self._own & 65536:
            self.net = self.net.copy()
            self._own |= 65536
        return self.net

    def own_del_path(self) -> "list[tuple[int, int]]":
        if not self._own & 131072:
            self.del_path = self.del_path.copy()
            self._own |= 131072
        return self.del_path

    def own_cards(self) -> "list[list[int]]":
        if not self._own & 262144:
            self.cards = [x.copy() for x in self.cards]
            self._own |= 262144
        return self.cards

    def own_unfinished(self) -> "list[list[tuple[int, tuple[tuple[int, ...], ...]]]]":
        if not self._own & 524288:
            self.unfinished = [x.copy() for x in self.unfinished]
            self._own |= 524288
        return self.unfinished

    def own_wl_segs(self) -> "list[list[int]]":
        if not self._own & 1048576:
            self.wl_segs = [x.copy() for x in self.wl_segs]
            self._own |= 1048576
        return self.wl_segs
    # (end of the generated clone)

    # -- the contract ------------------------------------------------------------------

    def current_player(self) -> int:
        if self.phase == PH_OVER:
            return TERMINAL
        if self.phase == PH_AUCTION or self.phase == PH_RAISE:
            return self.cur
        return self.order[self.pos]

    def _forced(self) -> bool:
        # docs/games/railways_of_the_world.md: a lone loan note while building, and a lone
        # pass of the turn, stay decisions (the player's money and turn)
        return self.phase in FORCED_PHASES

    def _apply(self, a: int) -> None:
        ph = self.phase
        p = self.current_player()
        if a == A_NOTE:
            self._take_notes(p, 1, "loan")
            return
        if A_USE_CARD <= a < A_RAISE_MORE:
            self._use_card(p, a - A_USE_CARD)
            return
        if ph == PH_AUCTION or ph == PH_RAISE:
            self._auction(p, a)
        elif ph == PH_TURN:
            self._choose(p, a)
        elif ph == PH_BUILD_START:
            self._build_start(p, a - A_BUILD_AT)
        elif ph == PH_BUILD:
            if a == A_FINISH:
                self._end_build(p, finished=False)
            else:
                self._build_step(p, a - A_STEP)
        elif ph == PH_URB_COLOUR:
            self.urb_colour = a - A_URB_COLOUR
            self.phase = PH_URB_CITY
        elif ph == PH_URB_CITY:
            self._urbanize(p, a - A_URB_CITY)
        elif ph == PH_DEL_CUBE:
            self._choose_cube(p, a - A_CUBE)
        elif ph == PH_DEL_STEP:
            self._move(p, a - A_MOVE)
        elif ph == PH_CARD:
            self._take_card(p, a - A_TAKE_CARD)

    def is_terminal(self) -> bool:
        return self.phase == PH_OVER

    # -- legal actions -----------------------------------------------------------------

    def _legal_actions(self) -> list[int]:
        ph = self.phase
        if ph == PH_OVER:
            return []
        if ph == PH_AUCTION:
            # rulebook: ФАЗА 1 - a raise of at least $1,000, with no upper bound and whatever
            # one's cash (only the winner pays, with new notes if need be); ДЕНЬГИ И ЗАЙМЫ -
            # notes at any moment of one's turn
            p = self.cur
            out = [A_PASS_BID]
            out.extend(range(A_BID, A_BID + MAX_RAISE))
            out.append(A_NOTE)
            if self.cards[p]:
                out += self._card_uses(p, False)
            out.append(A_RAISE_MORE)
            return out
        if ph == PH_RAISE:
            return list(range(A_BID, A_BID + MAX_RAISE)) + [A_RAISE_MORE]
        p = self.order[self.pos]
        if ph == PH_TURN:
            g: RotwGame = self.game
            # rulebook: ДЕНЬГИ И ЗАЙМЫ - a note at any moment of one's turn, any number
            out = [A_NOTE]
            if self._any_build_start(p, True):
                out.append(A_BUILD)
            if self.cash[p] >= g.urbanize_cost and self._urbanize_colours() and \
                    self._gray_targets():
                out.append(A_URBANIZE)
            if self.level[p] < g.max_level and self.cash[p] >= self._upgrade_cost(p):
                out.append(A_UPGRADE)
            if self._deliverable_cached(p):
                out.append(A_DELIVER)
            if any(self.game.card_kind[c] != K_CONDITION for c in self.display):
                out.append(A_CARD)
            if out == [A_NOTE] or (out == [A_NOTE, A_BUILD] and not self._build_affordable(p)):
                # rulebook: ФАЗА 2 lists five actions; passing only when none is possible
                # with the cash in hand (notes are never compulsory in this phase)
                out.append(A_PASS_TURN)
            if self.cards[p]:
                out += self._card_uses(p, True)
            return out
        if ph == PH_BUILD_START:
            return [A_BUILD_AT + h for h in self._any_build_start(p, False)]
        if ph == PH_BUILD:
            out = [A_NOTE]  # rulebook: ДЕНЬГИ И ЗАЙМЫ - at any moment of one's turn
            cash = self.cash[p]
            for d, cost, _t, _c in self._steps(p):
                if cost <= cash:
                    out.append(A_STEP + d)
            if self.wl_steps:
                out.append(A_FINISH)
            out.sort()
            if self.cards[p]:
                out += self._card_uses(p, False)
            return out
        if ph == PH_URB_COLOUR:
            return [A_URB_COLOUR + k for k in self._urbanize_colours()]
        if ph == PH_URB_CITY:
            return [A_URB_CITY + c for c in self._gray_targets()]
        if ph == PH_DEL_CUBE:
            return [A_CUBE + x for x in self._deliverable_cached(p)]
        if ph == PH_DEL_STEP:
            return self._move_options(p)
        if ph == PH_CARD:
            kind = self.game.card_kind
            return sorted(A_TAKE_CARD + c for c in self.display if kind[c] != K_CONDITION)
        return []

    def _card_uses(self, p: int, boost_ok: bool) -> list[int]:
        """Held cards that may be played now (not an action): a once-per-round card not
        used this round, a keep card (boosts only when choosing the turn's action)."""
        g: RotwGame = self.game
        used = self.used[p]
        out = []
        for c in sorted(self.cards[p]):
            eff = g.card_effect[c]
            if eff == E_SUBSIDY and not (used >> c) & 1:
                out.append(A_USE_CARD + c)
            elif eff == E_WINDFALL:
                out.append(A_USE_CARD + c)
            elif eff == E_BOOST and boost_ok and self.boost[p] == 0:
                out.append(A_USE_CARD + c)
        return out

    def _why_illegal(self, a: Any) -> str:  # Any: whatever a caller passed
        if self.phase == PH_OVER:
            return "the game is over"
        if not isinstance(a, int) or not 0 <= a < A.NUM_ACTIONS:
            return f"{a!r} is not an action of this game"
        try:
            label = self.game.describe_action(self, a, "en")
        except Exception:
            label = f"action {a}"
        hint = {
            PH_AUCTION: "it is the first-player auction: pass, raise by $1,000-$5,000 or "
                        "more (raise_more), or take a loan note",
            PH_RAISE: "a raise is under way: add $1,000-$5,000 to end it, or $5,000 more",
            PH_TURN: "choose one of the turn's actions (that action must be possible now; "
                     "upgrading and urbanizing need the cash in hand)",
            PH_BUILD_START: "choose where the new track starts",
            PH_BUILD: "lay the next track tile (in a free direction you can afford) or finish",
            PH_URB_COLOUR: "choose the colour of an available new-city tile",
            PH_URB_CITY: "choose a gray city",
            PH_DEL_CUBE: "choose a goods cube that can reach a city of its colour",
            PH_DEL_STEP: "choose the next link of the delivery (it must still reach a city "
                         "of the cube's colour)",
            PH_CARD: "choose an operations card that may be taken",
        }[self.phase]
        return f"{label} is not allowed now: {hint}"

    # -- money -------------------------------------------------------------------------

    def _pay(self, p: int, amount: int) -> None:
        self.own_cash()[p] -= amount
        self.bank += amount
        self.payments += amount

    def _receive(self, p: int, amount: int) -> None:
        self.own_cash()[p] += amount
        self.bank -= amount
        self.income_paid += amount

    def _pay_with_notes(self, p: int, amount: int, why: str) -> None:
        """Pay `amount`, first taking the fewest new notes that cover what cash lacks."""
        short = amount - self.cash[p]
        if short > 0:
            self._take_notes(p, -(-short // self.note_value), why)
        self._pay(p, amount)

    def _take_notes(self, p: int, n: int, why: str) -> None:
        # rulebook: ДЕНЬГИ И ЗАЙМЫ - notes are taken at any moment, never repaid
        v = self.note_value * n
        self.own_notes()[p] += n
        self.own_cash()[p] += v
        self.bank -= v
        self.notes_taken += n
        if self.record_events:
            self.emit({"type": "notes", "player": p, "count": n, "why": why})

    # -- phase 1: the first-player auction -----------------------------------------------

    def _start_auction(self) -> None:
        n = self.num_players
        self.phase = PH_AUCTION
        self.turn = 0  # the round's turns have not begun
        self.bid = 0
        self.bidder = -1
        self.active = [True] * n
        self.opener = self.first
        self.cur = self.first
        self.other_bid = False
        self.pass_order = []
        self.bids = [0] * n

    def _auction(self, p: int, a: int) -> None:
        if a == A_PASS_BID:
            self.own_active()[p] = False
            self.own_pass_order().append(p)
            if self.variant2 and self.bids[p]:
                half = -(-self.bids[p] // 2000) * 1000  # half, rounded up to thousands
                self._pay_with_notes(p, half, "auction")
            if self.record_events:
                self.emit({"type": "pass_bid", "player": p})
        elif a == A_RAISE_MORE:
            # the raise goes on: the same player adds to it before the next player speaks
            self.bid += MAX_RAISE * self.game.bid_step
            self.bidder = p
            self.own_bids()[p] = self.bid
            if p != self.opener:
                self.other_bid = True
            self.phase = PH_RAISE
            return
        else:
            self.phase = PH_AUCTION
            self.bid += (a - A_BID + 1) * self.game.bid_step
            self.bidder = p
            self.own_bids()[p] = self.bid
            if p != self.opener:
                self.other_bid = True
            if self.record_events:
                self.emit({"type": "bid", "player": p, "amount": self.bid})
        n = self.num_players
        left = sum(self.active)
        if left == 0 or (left == 1 and self.bidder >= 0 and self.active[self.bidder]):
            self._end_auction()
            return
        q = (p + 1) % n
        while not self.active[q]:
            q = (q + 1) % n
        self.cur = q

    def _end_auction(self) -> None:
        n = self.num_players
        prev = self.first
        winner = self.bidder
        if winner < 0 or (winner == self.opener and not self.other_bid):
            # rulebook: ФАЗА 1, a failed auction: the card passes to the left neighbour
            first = (prev + 1) % n
            paid = 0
        else:
            first = winner
            paid = self.bid
            # rulebook: ФАЗА 1 - the winner pays in cash or takes new notes to pay
            self._pay_with_notes(winner, paid, "auction")
        self.first = first
        if self.variant2:
            rest = [q for q in reversed(self.pass_order) if q != first]
            others = [q for q in ((first + i) % n for i in range(1, n)) if q not in rest]
            self.order = [first] + others + rest
        else:
            self.order = [(first + i) % n for i in range(n)]
        if self.record_events:
            self.emit({"type": "first_player", "player": first, "paid": paid,
                       "order": list(self.order)})
        self._start_turns()

    def _start_turns(self) -> None:
        self.phase = PH_TURN
        self.turn = 0
        self.pos = 0

    # -- phase 2: the turn ---------------------------------------------------------------

    def _choose(self, p: int, a: int) -> None:
        g: RotwGame = self.game
        if a == A_BUILD:
            self.phase = PH_BUILD_START
        elif a == A_URBANIZE:
            self.phase = PH_URB_COLOUR
        elif a == A_UPGRADE:
            # rulebook: Модернизация локомотивов - one level per action, up to 8
            cost = self._upgrade_cost(p)
            self._pay(p, cost)
            self.own_level()[p] += 1
            if self.record_events:
                self.emit({"type": "upgrade", "player": p, "level": self.level[p],
                           "cost": cost})
            self._end_turn()
        elif a == A_DELIVER:
            self.phase = PH_DEL_CUBE
        elif a == A_CARD:
            self.phase = PH_CARD
        elif a == A_PASS_TURN:
            if self.record_events:
                self.emit({"type": "pass_turn", "player": p})
            self._end_turn()

    def _use_card(self, p: int, c: int) -> None:
        # rulebook: Получение карты операции - purple diamond (once a round) and fan (once,
        # then discarded) cards are played without spending the action
        g: RotwGame = self.game
        eff = g.card_effect[c]
        if eff == E_SUBSIDY:
            self.own_used()[p] |= 1 << c
            self._receive(p, g.card_params[c]["amount"])
        elif eff == E_WINDFALL:
            self.own_cards()[p].remove(c)
            self.own_discard().append(c)
            self._receive(p, g.card_params[c]["amount"])
        elif eff == E_BOOST:
            self.own_cards()[p].remove(c)
            self.own_discard().append(c)
            self.own_boost()[p] = g.card_params[c]["links"]
        if self.record_events:
            self.emit({"type": "use_card", "player": p, "card": c})

    def _end_turn(self) -> None:
        p = self.order[self.pos]
        if self.boost[p]:
            self.own_boost()[p] = 0
        self.phase = PH_TURN
        self.pos += 1
        if self.pos == self.num_players:
            self.pos = 0
            self.turn += 1
            if self.turn == 3:
                self._end_round()

    # -- building track ----------------------------------------------------------------

    def _any_build_start(self, p: int, exists: bool):
        """Hexes where p may start building: cities with a free first step, and the open
        ends of p's unfinished links that can go on. With exists=True: a bool."""
        m = self.m
        out = []
        for u in self.unfinished[p]:
            h = u[1][-1][0]
            if self._head_steps(p, u[0], u[1], 0, True):
                if exists:
                    return True
                out.append(h)
        cities = self._city_starts()
        if exists:
            return bool(cities)
        if not out:
            return cities
        out.extend(cities)
        out.sort()
        return out

    def _build_affordable(self, p: int) -> bool:
        """Whether p can lay a first tile (or end an unfinished link) with the cash in hand."""
        cash = self.cash[p]
        for u in self.unfinished[p]:
            if any(cost <= cash for _d, cost, _t, _c in self._head_steps(p, u[0], u[1], 0)):
                return True
        if cash < self.game.cheapest_tile:
            return False  # a first tile out of a city costs at least the cheapest terrain
        m = self.m
        for h in self._city_starts():
            if any(cost <= cash for _d, cost, _t, _c in self._head_steps(p, m.city_at[h], [], 0)):
                return True
        return False

    def _city_starts(self) -> list[int]:
        """City hexes with a free first step (the same for every player), remembered until
        the track changes (self.tv counts track changes)."""
        cs = self._cs
        if cs is not None and cs[0] == self.tv:
            return cs[1]
        m = self.m
        nb, city_at, used, nseg, pend = m.nb, m.city_at, self.hex_used, self.hex_nseg, \
            self.hex_pend
        out = []
        for ch in m.city_hex:
            base = ch * 6
            for d in range(6):
                t = nb[base + d]
                if t < 0 or city_at[t] >= 0:
                    continue
                n_ = nseg[t]
                if n_ == 0 or (n_ == 1 and not pend[t] and not (used[t] >> ((d + 3) % 6)) & 1):
                    out.append(ch)
                    break
        out.sort()
        self._cs = (self.tv, out)
        return out

    def _tile_cost(self, p: int, t: int) -> int:
        c = self.m.hex_cost[t]
        if self.m.terrain[t] == 1 and self.game.has_effect(self, p, E_BRIDGE):
            c = self.game.terrain_cost["plain"]
        return c

    def _ridge_cost(self, p: int) -> int:
        tc = self.game.tunnel_card
        if tc >= 0 and tc in self.cards[p]:
            return self.game.card_params[tc]["ridge_cost"]
        return self.game.ridge_cost

    def _head_steps(self, p: int, start: int, segs, tiles: int, exists: bool = False):
        """The possible next steps of a link: (direction, cost, target hex, city or -1)."""
        m = self.m
        nb, city_at, used, nseg, pend, ridge = m.nb, m.city_at, self.hex_used, \
            self.hex_nseg, self.hex_pend, m.ridge
        limit = self.game.tiles_per_build
        if tiles >= limit and self._extra_tile_ready(p):
            limit += 1
        out = []
        if not segs:
            h = m.city_hex[start]
            dirs: range | tuple[int, ...] = range(6)
        else:
            h, ein, _ = segs[-1]
            dirs = ((ein + 2) % 6, (ein + 3) % 6, (ein + 4) % 6)  # gentle curves, straight
        mine = None
        for d in dirs:
            if segs and (used[h] >> d) & 1:
                continue
            t = nb[h * 6 + d]
            if t < 0:
                continue
            c = city_at[t]
            rc = self._ridge_cost(p) if ridge[h * 6 + d] else 0
            if c >= 0:
                if not segs or c == start:
                    continue
                if exists:
                    return True
                out.append((d, rc, t, c))
                continue
            if tiles >= limit:
                continue
            n_ = nseg[t]
            if n_ == 0 or (n_ == 1 and not pend[t] and not (used[t] >> ((d + 3) % 6)) & 1):
                if mine is None:
                    mine = {s[0] for s in segs}
                if t in mine:
                    continue
                if exists:
                    return True
                out.append((d, self._tile_cost(p, t) + rc, t, -1))
        if exists:
            return False
        return out

    def _extra_tile_ready(self, p: int) -> bool:
        c = self.game.extra_tile_card
        return c >= 0 and c in self.cards[p] and not (self.used[p] >> c) & 1

    def _steps(self, p: int):
        """The next steps of the link being built, remembered until the track changes."""
        sc = self._sc
        if sc is not None and sc[0] == self.tv:
            return sc[1]
        out = self._head_steps(p, self.wl_start, self.wl_segs, self.wl_tiles)
        self._sc = (self.tv, out)
        return out

    def _build_start(self, p: int, h: int) -> None:
        m = self.m
        self.tv += 1
        c = m.city_at[h]
        self.wl_tiles = 0
        self.wl_steps = 0
        if c >= 0:
            self.wl_start = c
            self.wl_segs = []
        else:
            us = self.own_unfinished()[p]
            for i, u in enumerate(us):
                if u[1][-1][0] == h:
                    del us[i]
                    self.wl_start = u[0]
                    self.wl_segs = [list(s) for s in u[1]]
                    break
        self.phase = PH_BUILD
        if self.record_events:
            self.emit({"type": "build_start", "player": p, "hex": list(m.hex_qr[h])})

    def _build_step(self, p: int, d: int) -> None:
        # rulebook: Прокладывание рельсов - one tile per step, up to four per action;
        # plain $2k, water $3k, mountain $4k, +$4k across a ridge
        m = self.m
        for dd, cost, t, c in self._steps(p):
            if dd == d:
                break
        segs = self.own_wl_segs()  # written below: the state's own
        self.tv += 1
        # the track: replaced, never changed in place (FIELDS)
        self.hex_used, self.hex_nseg, self.hex_pend = (
            self.hex_used.copy(), self.hex_nseg.copy(), self.hex_pend.copy())
        if segs:
            h = segs[-1][0]
            segs[-1][2] = d
            self.hex_used[h] |= 1 << d
            self.hex_pend[h] = 0
        self._pay(p, cost)
        self.wl_steps += 1
        if c >= 0:
            if self.record_events:
                self.emit({"type": "build_step", "player": p, "hex": list(m.hex_qr[t]),
                           "cost": cost, "city": c, "map": m.id})
            self._end_build(p, finished=True, end_city=c)
            return
        ein = (d + 3) % 6
        if self.wl_tiles >= self.game.tiles_per_build:
            self.own_used()[p] |= 1 << self.game.extra_tile_card
        self.wl_tiles += 1
        segs.append([t, ein, -1])
        self.hex_used[t] |= 1 << ein
        self.hex_nseg[t] += 1
        self.hex_pend[t] = p + 1
        if self.record_events:
            self.emit({"type": "build_step", "player": p, "hex": list(m.hex_qr[t]),
                       "cost": cost, "city": -1})
        if not self._steps(p):
            self._end_build(p, finished=False)

    def _end_build(self, p: int, finished: bool, end_city: int = -1) -> None:
        self.tv += 1
        segs = tuple(tuple(s) for s in self.wl_segs)
        if finished:
            a, b = self.wl_start, end_city
            # links and adj: replaced, never changed in place (FIELDS)
            self.links = self.links + [(p, a, b, segs)]
            adj = self.adj.copy()
            adj[a] = adj[a] + ((b, p),)
            adj[b] = adj[b] + ((a, p),)
            self.adj = adj
            net = self.net[p]
            for c in (a, b):
                if c not in net:
                    net = net + (c,)
            self.own_net()[p] = net
            self.own_links_built()[p] += 1
            if self.record_events:
                self.emit({"type": "link", "player": p, "cities": [a, b], "map": self.m.id})
            self._check_major_lines(p)
        else:
            self.own_unfinished()[p].append((self.wl_start, segs))
            if self.record_events:
                self.emit({"type": "unfinished", "player": p, "tiles": len(segs)})
        self.wl_segs = []
        self._end_turn()

    def _remove_unfinished(self) -> None:
        self.tv += 1
        # rulebook: ФАЗА 3 - the tiles of unfinished links are removed
        # the track: replaced, never changed in place (FIELDS)
        used, nseg, pend = self.hex_used.copy(), self.hex_nseg.copy(), self.hex_pend.copy()
        self.hex_used, self.hex_nseg, self.hex_pend = used, nseg, pend
        removed = 0
        # the state's own lists only where there is something to clear
        unfinished = self.own_unfinished() if any(self.unfinished) else []
        for us in unfinished:
            for _start, segs in us:
                for h, ein, eout in segs:
                    mask = 1 << ein
                    if eout >= 0:
                        mask |= 1 << eout
                    used[h] &= ~mask
                    nseg[h] -= 1
                    pend[h] = 0
                    removed += 1
            us.clear()
        if removed and self.record_events:
            self.emit({"type": "unfinished_removed", "tiles": removed})

    # -- urbanize ------------------------------------------------------------------------

    def _urbanize_colours(self) -> list[int]:
        return [k for k in range(NUM_COLOURS) if self.new_city_tiles[k] > 0]

    def _gray_targets(self) -> list[int]:
        cc = self.city_colour
        return [c for c in self.m.gray_cities if cc[c] == GRAY]

    def _urbanize(self, p: int, c: int) -> None:
        # rulebook: Развитие города - $10k, a new-city tile, two cubes from the bag,
        # the empty-city marker removed
        self._pay(p, self.game.urbanize_cost)
        k = self.urb_colour
        self.own_new_city_tiles()[k] -= 1
        # city_colour, empty and cubes: replaced, never changed in place (FIELDS)
        self.city_colour, self.cubes = self.city_colour.copy(), self.cubes.copy()
        self.city_colour[c] = k
        if self.empty[c]:
            self.empty = self.empty.copy()
            self.empty[c] = False
            self.markers -= 1
        drawn = self._draw(self.rng(), 2)
        base = c * NUM_COLOURS
        for x in drawn:
            self.cubes[base + x] += 1
        if self.record_events:
            self.emit({"type": "urbanize", "player": p, "city": c, "colour": k, "map": self.m.id,
                       "cubes": drawn})
        self._end_turn()

    def _draw(self, rng: random.Random, n: int) -> list[int]:
        bag = self.own_bag()  # written below: the state's own
        out = []
        for _ in range(n):
            total = sum(bag)
            if total == 0:
                break
            x = randbelow(rng, total)
            k = 0
            while x >= bag[k]:
                x -= bag[k]
                k += 1
            bag[k] -= 1
            out.append(k)
        return out

    # -- upgrade -------------------------------------------------------------------------

    def _upgrade_cost(self, p: int) -> int:
        g: RotwGame = self.game
        cost = g.loco_cost[self.level[p] + 1] if self.level[p] < g.max_level else 0
        lc = g.loco_discount_card
        if lc >= 0 and lc in self.cards[p]:
            cost = max(0, cost - g.card_params[lc]["amount"])
        return cost

    # -- delivery ------------------------------------------------------------------------

    def _can_reach(self, cur: int, visited: int, left: int, colour: int) -> bool:
        adj, cc = self.adj, self.city_colour
        for n, _o in adj[cur]:
            if (visited >> n) & 1:
                continue
            if cc[n] == colour:
                return True
            if left > 1 and self._can_reach(n, visited | (1 << n), left - 1, colour):
                return True
        return False

    def _first_steps(self, p: int, src: int, colour: int, rng: int, first: bool) -> list:
        """Next links (city, owner) from the delivery's current city that still reach a city
        of the cube's colour; on the first link only p's own links."""
        adj, cc = self.adj, self.city_colour
        out = []
        visited = self.del_visited if not first else (1 << src)
        for n, o in adj[src]:
            if first and o != p:
                continue
            if (visited >> n) & 1:
                continue
            if cc[n] == colour or (rng > 1 and self._can_reach(n, visited | (1 << n),
                                                                 rng - 1, colour)):
                out.append((n, o))
        return out

    def _deliverable_cached(self, p: int) -> list[int]:
        """_deliverable(p) remembered until links, cubes, colours or range change."""
        key = (p, self.level[p] + self.boost[p], len(self.links), self.delivered,
               sum(self.new_city_tiles))
        dc = self._dcache
        if dc is not None and dc[0] == key:
            return dc[1]
        out = self._deliverable(p, False)
        self._dcache = (key, out)
        return out

    def _deliverable(self, p: int, exists: bool):
        """Cubes p can deliver now (city * 5 + colour)."""
        # rulebook: Доставка товара - the first link is one's own, up to the locomotive's
        # level in links, no link or city twice, the first city of the cube's colour
        rng = self.level[p] + self.boost[p]
        adj, cubes, cc = self.adj, self.cubes, self.city_colour
        out = []
        for c in self.net[p]:
            a = adj[c]
            base = c * NUM_COLOURS
            if not any(cubes[base:base + NUM_COLOURS]):
                continue
            own = [n for n, o in a if o == p]
            if not own:
                continue
            for k in range(NUM_COLOURS):
                if not cubes[base + k]:
                    continue
                vis = 1 << c
                ok = False
                for n in own:
                    if cc[n] == k or (rng > 1 and self._can_reach(n, vis | (1 << n), rng - 1, k)):
                        ok = True
                        break
                if ok:
                    if exists:
                        return True
                    out.append(base + k)
        if exists:
            return False
        out.sort()
        return out

    def _choose_cube(self, p: int, x: int) -> None:
        c, k = divmod(x, NUM_COLOURS)
        self.del_src = c
        self.del_colour = k
        self.del_cur = c
        self.del_visited = 1 << c
        self.del_left = self.level[p] + self.boost[p]
        self.del_path = []
        self.phase = PH_DEL_STEP

    def _move_options(self, p: int) -> list[int]:
        first = not self.del_path
        opts = self._first_steps(p, self.del_cur, self.del_colour, self.del_left, first)
        return sorted({A_MOVE + n * MAX_SEATS + o for n, o in opts})

    def _move(self, p: int, x: int) -> None:
        n, o = divmod(x, MAX_SEATS)
        self.own_del_path().append((n, o))
        self.own_points()[o] += 1  # one point per link, to the link's owner
        self.del_visited |= 1 << n
        self.del_left -= 1
        self.del_cur = n
        if self.city_colour[n] != self.del_colour:
            return
        src, k = self.del_src, self.del_colour
        self.cubes = self.cubes.copy()  # replaced, never changed in place (FIELDS)
        self.cubes[src * NUM_COLOURS + k] -= 1
        self.own_bag()[k] += 1  # a delivered cube goes back into the bag
        self.delivered += 1
        if self.record_events:
            self.emit({"type": "delivery", "player": p, "colour": k, "map": self.m.id,
                       "cities": [src] + [c for c, _ in self.del_path],
                       "owners": [o_ for _, o_ in self.del_path]})
        base = src * NUM_COLOURS
        if not any(self.cubes[base:base + NUM_COLOURS]) and not self.empty[src]:
            self.empty = self.empty.copy()
            self.empty[src] = True
            self.markers += 1
            if self.record_events:
                self.emit({"type": "empty_city", "city": src, "markers": self.markers,
                           "map": self.m.id})
            if self.markers >= self.markers_to_end and self.end_round < 0:
                # rulebook: ОКОНЧАНИЕ ИГРЫ - finish this round, play one more
                self.end_round = self.round + 1
                if self.record_events:
                    self.emit({"type": "end_triggered", "last_round": self.end_round})
        self._check_delivery_cards(p, n, len(self.del_path))
        self._end_turn()

    # -- operations cards ----------------------------------------------------------------

    def _take_card(self, p: int, c: int) -> None:
        g: RotwGame = self.game
        self.own_display().remove(c)
        kind = g.card_kind[c]
        eff = g.card_effect[c]
        prm = g.card_params[c]
        if self.record_events:
            self.emit({"type": "take_card", "player": p, "card": c})
        if kind == K_IMMEDIATE:
            # rulebook: red cross - used at once and discarded
            if eff == E_CASH:
                self._receive(p, prm["amount"])
            elif eff == E_POINTS:
                self.own_points()[p] += prm["points"]
            elif eff == E_FREE_UPGRADE and self.level[p] < g.max_level:
                self.own_level()[p] += 1
            self.own_discard().append(c)
        else:
            self.own_cards()[p].append(c)
        self._end_turn()

    def _award(self, p: int, c: int) -> None:
        self.own_points()[p] += self.game.card_params[c]["points"]
        self.own_display().remove(c)
        self.own_discard().append(c)
        if self.record_events:
            self.emit({"type": "card_reward", "player": p, "card": c,
                       "points": self.game.card_params[c]["points"]})

    def _check_major_lines(self, p: int) -> None:
        # rulebook: green circle - a reward for meeting the condition, then discarded.
        # Called when p finishes a link: a face-up Major Line is never met beforehand (a
        # card that comes out already met is awarded then, _reveal_major_line), so p's
        # network joins its cities now only through the link just built.
        g: RotwGame = self.game
        for c in [c for c in self.display if g.card_effect[c] == E_MAJOR]:
            ids = g.card_params[c]["city_ids"].get(self.m.id)
            if not ids:
                continue  # the card names cities this map does not have
            a, b = ids
            seen = {a}
            todo = [a]
            while todo:
                x = todo.pop()
                for n, o in self.adj[x]:
                    if o == p and n not in seen:
                        seen.add(n)
                        todo.append(n)
            if b in seen:
                self._award(p, c)

    def _joins(self, p: int, a: int, b: int, links) -> bool:
        """Whether p's own links among `links` join cities a and b."""
        adj: dict[int, list[int]] = {}
        for o, x, y, _segs in links:
            if o == p:
                adj.setdefault(x, []).append(y)
                adj.setdefault(y, []).append(x)
        seen = {a}
        todo = [a]
        while todo:
            for n in adj.get(todo.pop(), ()):
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        return b in seen

    def _reveal_major_line(self, c: int) -> None:
        """A Major Line card that comes out already met goes at once to the player who met it
        first (the one whose own links joined its cities after the fewest links built)."""
        ids = self.game.card_params[c]["city_ids"].get(self.m.id)
        if not ids:
            return  # the card names cities this map does not have
        for k in range(1, len(self.links) + 1):
            p = self.links[k - 1][0]
            if self._joins(p, ids[0], ids[1], self.links[:k]):
                self._award(p, c)
                return

    def _check_delivery_cards(self, p: int, dest: int, nlinks: int) -> None:
        g: RotwGame = self.game
        for c in [c for c in self.display if g.card_kind[c] == K_CONDITION]:
            eff = g.card_effect[c]
            if eff == E_BOUNTY and g.card_params[c]["city_ids"].get(self.m.id, [-1])[0] == dest:
                self._award(p, c)
            elif eff == E_LONG and nlinks >= g.card_params[c]["links"]:
                self._award(p, c)

    # -- phase 3: income and interest ------------------------------------------------------

    def _end_round(self) -> None:
        g: RotwGame = self.game
        inc = g.income
        top = len(inc) - 1
        mail = g.mail_card
        for p in range(self.num_players):
            # rulebook: ФАЗА 3 - income by the income track, then $1k per «1» note
            amount = inc[min(max(self.points[p], 0), top)]
            if mail >= 0 and mail in self.cards[p]:
                amount += g.card_params[mail]["amount"]
            self._receive(p, amount)
            interest = self.notes[p] * g.note_interest
            short = interest - self.cash[p]
            if short > 0:
                self._take_notes(p, -(-short // self.note_value), "interest")
            self._pay(p, interest)
            if self.record_events:
                self.emit({"type": "income", "player": p, "income": amount,
                           "interest": interest})
        if self.end_round >= 0 and self.round >= self.end_round:
            # rulebook: ОКОНЧАНИЕ ИГРЫ - the extra round played, the game ends here. ФАЗА 3's
            # closing steps (unfinished track off the board, the round marker back to «1»,
            # a new operations card) prepare the next round, and there is none: no card
            # comes out (a Major Line revealed now would change the final score), and the
            # board stays as the last turn left it (unfinished track scores nothing anyway)
            self.phase = PH_OVER
            if self.record_events:
                self.emit({"type": "game_over"})
            return
        self._remove_unfinished()
        if self.deck:
            c = self.own_deck().pop()
            self.own_display().append(c)
            if self.record_events:
                self.emit({"type": "card_revealed", "card": c, "reveal": True})
            if self.game.card_effect[c] == E_MAJOR:
                # rulebook: green circle - the condition is judged once the card is in play
                self._reveal_major_line(c)
        self.used = [0] * self.num_players
        self.round += 1
        self._start_auction()

    # -- results -------------------------------------------------------------------------

    def final_scores(self) -> list[int]:
        # rulebook: ОКОНЧАНИЕ ИГРЫ - one point back per «1» note
        return [self.points[p] - self.notes[p] for p in range(self.num_players)]

    def result(self) -> Result:
        scores = self.final_scores()
        key = [(scores[p], self.links_built[p], self.cash[p]) for p in range(self.num_players)]
        best = max(key)
        winners = tuple(p for p in range(self.num_players) if key[p] == best)
        details = tuple({"score": scores[p], "income_track": self.points[p],
                         "notes": self.notes[p], "links": self.links_built[p],
                         "cash": self.cash[p], "locomotive": self.level[p]}
                        for p in range(self.num_players))
        return Result(tuple(float(s) for s in scores), winners,
                      "empty_cities" if self.phase == PH_OVER else "unfinished", details)

    # -- views ---------------------------------------------------------------------------

    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def round_number(self) -> int:
        return self.round + 1

    def public_scores(self) -> list:
        return list(self.points)  # the score track so far (end bonuses come with the result)

    def _observe(self, player):
        g, m = self.game, self.m
        n = self.num_players
        players = []
        for p in range(n):
            players.append({
                "cash": self.cash[p], "notes": self.notes[p], "locomotive": self.level[p],
                "points": self.points[p],
                "income": g.income[min(max(self.points[p], 0), len(g.income) - 1)],
                "links": self.links_built[p],
                "cards": [g.cards[c]["key"] for c in self.cards[p]],
                "used_this_round": [g.cards[c]["key"] for c in self.cards[p]
                                    if (self.used[p] >> c) & 1],
                "boost": self.boost[p],
            })
        cities = []
        for c in range(m.num_cities):
            col = self.city_colour[c]
            cities.append({
                "id": c, "key": m.city_key[c], "hex": list(m.hex_qr[m.city_hex[c]]),
                "colour": "gray" if col == GRAY else A.COLOURS[col],
                "cubes": self.cubes[c * NUM_COLOURS:(c + 1) * NUM_COLOURS],
                "empty": self.empty[c]})
        obs = {
            # the last round's three turns done, the game over: still turn 3 of 3
            "map": m.id, "board": m.board_json, "turn": min(self.turn, 2) + 1,
            "first_player": self.first, "order": list(self.order),
            "players": players, "cities": cities,
            "links": [{"owner": o, "cities": [a, b],
                       "track": [[*m.hex_qr[h], ein, eout] for h, ein, eout in segs]}
                      for o, a, b, segs in self.links],
            "unfinished": [{"owner": p, "start": u[0],
                            "track": [[*m.hex_qr[h], ein, eout] for h, ein, eout in u[1]]}
                           for p in range(n) for u in self.unfinished[p]],
            "bag": list(self.bag), "delivered": self.delivered,
            "new_city_tiles": {A.COLOURS[k]: self.new_city_tiles[k] for k in range(1, 5)},
            "empty_markers": self.markers, "markers_to_end": self.markers_to_end,
            "last_round": self.end_round + 1 if self.end_round >= 0 else None,
            "display": [g.cards[c]["key"] for c in self.display],
            "deck": len(self.deck), "discard": [g.cards[c]["key"] for c in self.discard],
        }
        if self.phase == PH_AUCTION or self.phase == PH_RAISE:
            obs["auction"] = {"bid": self.bid, "bidder": self.bidder,
                              "active": list(self.active), "opener": self.opener}
        if self.phase == PH_BUILD:
            obs["building"] = {"start": self.wl_start, "tiles": self.wl_tiles,
                               "track": [[*m.hex_qr[h], ein, eout]
                                         for h, ein, eout in self.wl_segs]}
        if self.phase == PH_URB_CITY:
            obs["urbanize_colour"] = A.COLOURS[self.urb_colour]
        if self.phase == PH_DEL_STEP:
            obs["delivery"] = {"from": self.del_src, "colour": A.COLOURS[self.del_colour],
                               "at": self.del_cur, "links_left": self.del_left,
                               "path": [[c, o] for c, o in self.del_path]}
        return obs

    def describe(self, a: int, lang: str = "en", names=None) -> str:
        return self.game.describe_action(self, a, lang, names)

    # -- copies --------------------------------------------------------------------------

    def determinize(self, player: int, rng: random.Random) -> "RotwState":
        """Only the order of the operations deck is hidden (and future bag draws)."""
        s = self.clone()
        shuffle(rng, s.own_deck())
        s.reseed(rng)
        return s


# (subclassed in Python by the game's package, which adds the bots)
@mypyc_attr(allow_interpreted_subclasses=True)
class RotwGame(Game):
    actions: ClassVar[Any] = A
    id = "railways_of_the_world"
    title = texts(__file__, "title")
    description = texts(__file__, "description")
    min_players = 2
    max_players = 6
    # 2: the money, auction and Major Line rules of issue #26; 3: forced single choices
    # taken by the engine (issue #27); 4: one generator per state, drawn from at every random step (issue #28);
    # 5: no operations card turned up after the last round, and the map's ridges only on
    # mountain hexes (one plain hex made a mountain, two ridge edges dropped)
    rules_version = "5"
    Options = RotwOptions
    num_actions = A.NUM_ACTIONS

    def __init__(self):
        data = json.loads((HERE / "data.json").read_text(encoding="utf-8"))
        self.data = data
        self.terrain_cost = data["terrain_cost"]
        self.cheapest_tile = min(self.terrain_cost.values())  # no tile costs less
        self.ridge_cost = data["ridge_cost"]
        self.urbanize_cost = data["urbanize_cost"]
        self.note_value = data["note_value"]
        self.note_interest = data["note_interest"]
        self.tiles_per_build = data["tiles_per_build"]
        self.bid_step = data["bid_step"]
        self.cubes_per_colour = data["cubes_per_colour"]
        self.loco_cost = [0] + [x["cost"] for x in data["locomotives"]]
        self.max_level = len(data["locomotives"])
        self.income = data["income"]
        self.new_city_tiles = [data["new_city_tiles"].get(c, 0) for c in A.COLOURS]
        self.cards = data["cards"]
        if len(self.cards) > A.MAX_CARD:
            raise ValueError("too many operations cards for the action space")
        self.card_id = {c["key"]: c["id"] for c in self.cards}
        self.card_kind = [KIND_OF[c["kind"]] for c in self.cards]
        self.card_effect = [EFFECT_OF[c["effect"]] for c in self.cards]
        self.card_params = [dict(c["params"]) for c in self.cards]
        self.start_cards = [c["id"] for c in self.cards if c["start"]]
        self.maps = {}
        for mid in data["maps"]:
            md = json.loads((HERE / "maps" / f"{mid}.json").read_text(encoding="utf-8"))
            self.maps[mid] = MapData(md, self.terrain_cost)
        for i, prm in enumerate(self.card_params):
            if "cities" in prm or "city" in prm:
                names = prm.get("cities") or [prm["city"]]
                prm["city_ids"] = {mid: [m.city_id[x] for x in names]
                                   for mid, m in self.maps.items() if all(
                                       x in m.city_id for x in names)}

        def single(eff):
            ids = [i for i, e in enumerate(self.card_effect) if e == eff]
            return ids[0] if len(ids) == 1 else (-1 if not ids else ids[0])
        self.extra_tile_card = single(E_EXTRA_TILE)
        self.tunnel_card = single(E_TUNNEL)
        self.loco_discount_card = single(E_LOCO_DISCOUNT)
        self.mail_card = single(E_MAIL)
        self.bridge_card = single(E_BRIDGE)

    def has_effect(self, state, p, eff) -> bool:
        if eff == E_BRIDGE:
            return self.bridge_card >= 0 and self.bridge_card in state.cards[p]
        return False

    # -- states --------------------------------------------------------------------------

    def new_state(self, num_players, seed, options=None, *, record_events=True):
        self.check_players(num_players)
        opts = self.parse_options(options)
        m = self.maps[opts.map]
        s = RotwState.__new__(RotwState)
        s._init_base(self, num_players, seed, record_events)
        n = num_players
        s.m = m
        s.variant1 = opts.variant1
        s.variant2 = opts.variant2
        if opts.note_value % 1000:
            raise OptionsError("note_value must be a multiple of $1,000")
        s.note_value = opts.note_value
        s.markers_to_end = m.markers_to_end[n]
        s.round = 0
        s.turn = 0
        s.pos = 0
        s.first = 0  # rulebook: НАЧАЛО ИГРЫ - the youngest (seat 0) bids first
        s.order = list(range(n))
        s.end_round = -1
        s.cash = [0] * n  # rulebook: ДЕНЬГИ И ЗАЙМЫ - players start without money
        s.notes = [0] * n
        s.level = [1] * n
        s.points = [0] * n
        s.links_built = [0] * n
        s.cards = [[] for _ in range(n)]
        s.used = [0] * n
        s.boost = [0] * n
        s.bank = 0
        s.notes_taken = 0
        s.income_paid = 0
        s.payments = 0
        s.bid = 0
        s.bidder = -1
        s.active = [True] * n
        s.cur = 0
        s.opener = 0
        s.other_bid = False
        s.pass_order = []
        s.bids = [0] * n
        s.bag = [self.cubes_per_colour] * NUM_COLOURS
        s.cubes = [0] * (m.num_cities * NUM_COLOURS)
        s.city_colour = m.city_colour0[:]
        s.empty = [False] * m.num_cities
        s.markers = 0
        s.new_city_tiles = self.new_city_tiles[:]
        s.delivered = 0
        # rulebook: НАЧАЛО ИГРЫ - cubes from the bag, one fewer with 2-3 players (min 1)
        rng = s.rng()
        fewer = 1 if n <= 3 else 0
        for c in range(m.num_cities):
            for k in s._draw(rng, max(1, m.city_cubes[c] - fewer)):
                s.cubes[c * NUM_COLOURS + k] += 1
        # rulebook: Получение карты операции - 3 S cards plus twice the players from the deck
        deck = [c for c in range(len(self.cards)) if c not in self.start_cards]
        shuffle(s.rng(), deck)
        s.display = list(self.start_cards)
        for _ in range(min(2 * n, len(deck))):
            s.display.append(deck.pop())
        s.deck = deck
        s.discard = []
        # per hex, as bytes (a clone copies them in one go): the track's sides used, its
        # number of track segments, and 1 + the seat whose unfinished link ends there (0:
        # none)
        s.hex_used = bytearray(m.num_hexes)
        s.hex_nseg = bytearray(m.num_hexes)
        s.hex_pend = bytearray(m.num_hexes)
        s.links = []
        s.adj = [()] * m.num_cities
        s.net = [()] * n
        s.unfinished = [[] for _ in range(n)]
        s.wl_start = -1
        s.wl_segs = []
        s.wl_tiles = 0
        s.wl_steps = 0
        s.urb_colour = -1
        s.del_src = s.del_colour = s.del_cur = -1
        s.del_visited = 0
        s.del_left = 0
        s.del_path = []
        s._legal = None
        s._dcache = None
        s.tv = 0
        s._sc = None
        s._cs = None
        if opts.variant1:
            # rulebook: Вариант 1 - no auction in round 1; $1k to the 2nd, $2k to the 3rd...
            s.order = list(range(n))
            for i, p in enumerate(s.order):
                if i:
                    s._receive(p, i * 1000)
            s._start_turns()
        else:
            s._start_auction()
        return s

    # -- actions -------------------------------------------------------------------------

    def describe_action(self, state, a, lang="en", names=None):
        from railtable.games.railways_of_the_world.text import describe
        return describe(state, a, lang, names)

    def event_text(self, event, lang="en", names=None):
        from railtable.games.railways_of_the_world.text import event_text
        return event_text(self, event, lang, names)

    def render_text(self, observation: dict, lang: str = "en", names=None) -> str:
        from railtable.games.railways_of_the_world.text import render_text
        return render_text(self, observation, lang, names)

    def menu(self, state, lang: str = "en", names=None):
        from railtable.games.railways_of_the_world.text_menu import menu
        return menu(state, lang, names)
