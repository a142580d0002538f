"""Branch Line (Ветка): the rules. The project's own small game; docs/games/branch_line.md.

Two to four railway companies build links between the towns of a small map. Each holds
secret contracts (two towns and their points) and wants its own track to join them. A turn
is one decision: build a free link (pay its length in rails, score it at once), stock up on
rails, or draw one more contract. After the last round, a company scores the contracts its
track completes and loses those it does not.
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
from railtable.games.branch_line import actions as A

HERE: Final = Path(__file__).parent


# (a plain Python class where mypyc compiles the module: the engine reads its dataclass
# fields and their metadata)
@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class BranchLineOptions:
    rounds: int = option(10, label=texts(__file__, "options", "rounds"), minimum=4, maximum=16)


class BranchLineState(State):
    # Each field's type: mypyc compiles the class from these (docs/performance.md).
    cur: int
    taken: int
    over: bool
    reason: str
    _rounds: int
    owner: list[int]
    rails: list[int]
    points: list[int]
    deck: list[int]
    hands: list[list[int]]

    # owner: per link, the seat that built it or -1; rails, points (from links), hands
    # (contract ids) per seat; deck: contract ids, face down, drawn from the end;
    # cur: the seat to decide; taken: decisions taken so far; over: the game has ended;
    # _rounds: the rounds option.
    # The lists are shared with a clone: every change goes through own_<name>().
    FIELDS: ClassVar[Fields] = fields(shared=("cur", "taken", "over", "reason", "_rounds"),
                                      on_write=("owner", "rails", "points", "deck"),
                                      nested_on_write=("hands",))
    __slots__ = FIELDS

    # clone(): generated from FIELDS by `python -m railtable.engine.clonegen`; do not edit
    def clone(self) -> "BranchLineState":
        s = BranchLineState()
        s.game = self.game
        s.num_players = self.num_players
        s._seed = self._seed
        s._rng = self._rng
        s.record_events = self.record_events
        s._legal = self._legal
        s.events = []
        s.cur = self.cur
        s.taken = self.taken
        s.over = self.over
        s.reason = self.reason
        s._rounds = self._rounds
        s.owner = self.owner
        s.rails = self.rails
        s.points = self.points
        s.deck = self.deck
        s.hands = self.hands
        self._rng_own = s._rng_own = False
        self._own = s._own = 0
        return s

    def own_owner(self) -> "list[int]":
        if not self._own & 1:
            self.owner = self.owner.copy()
            self._own |= 1
        return self.owner

    def own_rails(self) -> "list[int]":
        if not self._own & 2:
            self.rails = self.rails.copy()
            self._own |= 2
        return self.rails

    def own_points(self) -> "list[int]":
        if not self._own & 4:
            self.points = self.points.copy()
            self._own |= 4
        return self.points

    def own_deck(self) -> "list[int]":
        if not self._own & 8:
            self.deck = self.deck.copy()
            self._own |= 8
        return self.deck

    def own_hands(self) -> "list[list[int]]":
        if not self._own & 16:
            self.hands = [x.copy() for x in self.hands]
            self._own |= 16
        return self.hands
    # (end of the generated clone)

    # -- the contract ------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.over else self.cur

    def _legal_actions(self) -> list[int]:
        if self.over:
            return []
        g = self.game
        rails = self.rails[self.cur]
        acts = [k for k in range(g.num_links)
                if self.owner[k] < 0 and g.link_length[k] <= rails]
        acts.append(A.stock_up(g.num_links))  # always allowed, even with a full yard
        if self.deck and len(self.hands[self.cur]) < g.max_contracts:
            acts.append(A.draw_contract(g.num_links))
        return acts

    def _apply(self, a: int) -> None:
        g = self.game
        p = self.cur
        if a < g.num_links:
            self.own_owner()[a] = p
            self.own_rails()[p] -= g.link_length[a]
            self.own_points()[p] += g.link_points[a]
            if self.record_events:
                self.emit({"type": "build", "player": p, "link": a,
                           "points": g.link_points[a]})
        elif a == A.stock_up(g.num_links):
            gain = min(g.stock_up_rails, g.max_rails - self.rails[p])
            self.own_rails()[p] += gain
            if self.record_events:
                self.emit({"type": "stock_up", "player": p, "rails": gain})
        else:
            c = self.own_deck().pop()
            self.own_hands()[p].append(c)
            if self.record_events:
                self.emit({"type": "draw_contract", "player": p, "contract": c, "to": [p]})
                self.emit({"type": "draw_contract_back", "player": p,
                           "to": [q for q in range(self.num_players) if q != p]})
        self.taken += 1
        if all(o >= 0 for o in self.owner):
            self._end("all_links_built")
        elif self.taken >= self.num_players * self._rounds:
            self._end("last_round")
        else:
            self.cur = (p + 1) % self.num_players

    def _why_illegal(self, a) -> str:
        g = self.game
        if not isinstance(a, int) or not 0 <= a < g.num_actions:
            return f"there is no action {a!r}"
        if a < g.num_links:
            if self.owner[a] >= 0:
                return "that link is already built"
            return (f"that link needs {g.link_length[a]} rails and you have "
                    f"{self.rails[self.cur]}")
        if not self.deck:
            return "the contract deck is empty"
        return f"you may hold at most {g.max_contracts} contracts"

    def _end(self, reason: str) -> None:
        self.over = True
        self.reason = reason
        if self.record_events:
            res = self.result()
            self.emit({"type": "game_over", "reason": reason, "scores": list(res.scores),
                       "winners": list(res.winners), "reveal": True,
                       "contracts": [list(h) for h in self.hands]})

    # -- scoring -------------------------------------------------------------------------

    def completed(self, p: int) -> list[bool]:
        """Per contract in p's hand: does p's own track join its two towns?"""
        g = self.game
        root = list(range(g.num_towns))

        def find(x: int) -> int:
            while root[x] != x:
                root[x] = root[root[x]]
                x = root[x]
            return x
        for k, o in enumerate(self.owner):
            if o == p:
                root[find(g.link_a[k])] = find(g.link_b[k])
        return [find(g.contract_a[c]) == find(g.contract_b[c]) for c in self.hands[p]]

    def result(self) -> Result:
        g = self.game
        scores, details = [], []
        for p in range(self.num_players):
            done = self.completed(p)
            won = sum(g.contract_points[c] for c, ok in zip(self.hands[p], done) if ok)
            lost = sum(g.contract_points[c] for c, ok in zip(self.hands[p], done) if not ok)
            scores.append(self.points[p] + won - lost)
            details.append({"link_points": self.points[p], "contract_points": won - lost,
                            "contracts_completed": sum(done),
                            "contracts_failed": len(done) - sum(done),
                            "links_built": self.owner.count(p)})
        winners: tuple[int, ...] = ()
        if self.over:
            # rulebook (docs/games/branch_line.md, "End and scoring"): most points, then
            # most contracts completed; still tied, the win is shared
            best = max((scores[p], details[p]["contracts_completed"])
                       for p in range(self.num_players))
            winners = tuple(p for p in range(self.num_players)
                            if (scores[p], details[p]["contracts_completed"]) == best)
        return Result(tuple(float(x) for x in scores), winners, self.reason, tuple(details))

    # -- the observation ---------------------------------------------------------------

    def phase_name(self) -> str:
        return "over" if self.over else "build"

    def round_number(self) -> int:
        return min(self.taken // self.num_players + 1, self._rounds)

    def public_scores(self) -> list:
        return list(self.points)  # links only: contracts stay secret until the end

    def _observe(self, player: int | None) -> dict:
        g = self.game
        n = self.num_players
        obs = {
            "num_players": n,
            "rounds": self._rounds,
            "map": g.map_json(),
            "owners": [o if o >= 0 else None for o in self.owner],
            "rails": list(self.rails),
            "contract_counts": [len(h) for h in self.hands],
            "deck": len(self.deck),
            "max_contracts": g.max_contracts,
            "contracts": None,
            "revealed": None,
        }
        if player is not None and 0 <= player < n:
            obs["contracts"] = self._contracts_json(player)
        if self.over:
            obs["revealed"] = [self._contracts_json(p) for p in range(n)]
        return obs

    def _contracts_json(self, p: int) -> list[dict]:
        g = self.game
        return [{"id": c, "a": g.contract_a[c], "b": g.contract_b[c],
                 "points": g.contract_points[c], "completed": ok}
                for c, ok in zip(self.hands[p], self.completed(p))]

    def describe(self, a: int, lang: str = "en", names=None) -> str:
        from railtable.games.branch_line.text import describe
        return describe(self, a, lang, names)

    # -- what a seat has not seen -----------------------------------------------------

    def determinize(self, player: int, rng: random.Random) -> "BranchLineState":
        """Other seats' contracts and the deck's order re-dealt from what `player` has not
        seen (every contract outside its own hand, until the end reveals them all)."""
        s = self.clone()
        if not s.over:  # the end reveals every hand
            s.deck = redeal(s.own_hands(), s.deck, player, rng)  # changes hands: own_
        s.reseed(rng)
        return s


# (subclassed in Python by the game's package, which adds the bots)
@mypyc_attr(allow_interpreted_subclasses=True)
class BranchLine(Game):
    actions: ClassVar[Any] = A
    id = "branch_line"
    title = texts(__file__, "title")
    description = texts(__file__, "description")
    min_players = 2
    max_players = 4
    rules_version = "2"  # 2: one generator per state, drawn from at every random step (issue #28)
    Options = BranchLineOptions

    def __init__(self) -> None:
        data = json.loads((HERE / "data.json").read_text(encoding="utf-8"))
        self.data = data
        self.num_towns = len(data["towns"])
        links = data["links"]
        self.num_links = len(links)
        self.link_a = tuple(x["a"] for x in links)
        self.link_b = tuple(x["b"] for x in links)
        self.link_length = tuple(x["length"] for x in links)
        self.link_points = tuple(data["link_points"][str(x["length"])] for x in links)
        # per town: (link, town at its other end)
        self.adjacent = tuple(
            tuple((k, self.link_b[k] if self.link_a[k] == t else self.link_a[k])
                  for k in range(self.num_links) if t in (self.link_a[k], self.link_b[k]))
            for t in range(self.num_towns))
        cs = data["contracts"]
        self.contract_a = tuple(c["a"] for c in cs)
        self.contract_b = tuple(c["b"] for c in cs)
        self.contract_points = tuple(c["points"] for c in cs)
        self.start_rails = data["start_rails"]
        self.stock_up_rails = data["stock_up_rails"]
        self.max_rails = data["max_rails"]
        self.start_contracts = data["start_contracts"]
        self.max_contracts = data["max_contracts"]
        self.num_actions = self.num_links + 2

    def new_state(self, num_players: int, seed: int, options=None, *,
                  record_events: bool = True) -> BranchLineState:
        self.check_players(num_players)
        opts = self.parse_options(options)
        s = BranchLineState.__new__(BranchLineState)
        s._init_base(self, num_players, seed, record_events)
        s._rounds = opts.rounds
        s.owner = [-1] * self.num_links
        s.rails = [self.start_rails] * num_players
        s.points = [0] * num_players
        deck = list(range(len(self.contract_points)))
        shuffle(s.rng(), deck)
        s.hands = [[deck.pop() for _ in range(self.start_contracts)]
                   for _ in range(num_players)]
        s.deck = deck
        s.cur, s.taken, s.over, s.reason = 0, 0, False, ""
        if record_events:
            for p in range(num_players):
                s.emit({"type": "deal", "player": p, "contracts": list(s.hands[p]), "to": [p]})
        return s

    def map_json(self) -> dict:
        d = self.data
        return {"towns": [{"id": i, **t} for i, t in enumerate(d["towns"])],
                "links": [{"id": k, "a": self.link_a[k], "b": self.link_b[k],
                           "length": self.link_length[k], "points": self.link_points[k]}
                          for k in range(self.num_links)]}

    def event_text(self, event: dict, lang: str = "en", names=None) -> str:
        from railtable.games.branch_line.text import event_text
        return event_text(self, event, lang, names)

    def render_text(self, observation: dict, lang: str = "en", names=None) -> str:
        from railtable.games.branch_line.text import render_text
        return render_text(self, observation, lang, names)
