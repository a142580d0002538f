"""Switch & Signal's encoding (docs/games/switch_and_signal.md, "RL encoding"): the nine
trains, every signal and switch of the board in play, goods and deliveries, the clock and
the departure cards, and the team's hands (the game hides nothing from its players)."""

from __future__ import annotations

from railtable.games.switch_and_signal.rules import PHASE_NAMES
from railtable.rl.encoding import Encoder

TRAINS = 9
WHERE = ("depot", "start", "city", "track")
GOODS = ("yellow", "blue", "red", "white")
CARDS = ("signal", "switch", "move_train")


class SwitchAndSignalEncoder(Encoder):
    phases = PHASE_NAMES

    def __init__(self, game, num_players, options) -> None:
        super().__init__(game, num_players, options)
        n = num_players
        b = self.board = game.boards[options.board]
        self.node = {k: i for i, k in enumerate(b.node_ids)}
        self.N, self.L = len(b.node_ids), len(b.line_len)
        self.colours = tuple(game.data["train_colours"])
        self.moves = self.colours + ("any", "all")
        self.ends = max(len(b.node_ends[j]) for j in b.junctions)
        # per junction, the node at the far end of each of its track ends
        self.far = [[b.node_ids[b.end_far_node[e]] for e in b.node_ends[j]]
                    for j in b.junctions]
        self.starts = [b.node_ids[s] for s in b.starts]
        self.helpers = game.helpers[b.id]
        self.cards = len(game.data["departure_cards"])
        self.slice("counters", 8)
        self.slice("train_where", TRAINS, len(WHERE))
        self.slice("train_node", TRAINS, self.N)
        self.slice("train_line", TRAINS, self.L)
        self.slice("train_section", TRAINS, 2)  # section, heading toward the line's end b
        self.slice("train_good", TRAINS, len(GOODS))
        self.slice("signals", b.num_fields)
        self.slice("switches", len(b.junctions), self.ends)
        self.slice("goods", len(GOODS))
        self.slice("delivered", len(b.ports), len(GOODS))
        self.slice("goal", 2)
        self.slice("departure_card", 2 + len(self.moves))
        self.slice("departure_discard", self.cards + 1)
        self.slice("hands", n, len(CARDS))
        self.slice("action_discard", len(CARDS))
        self.slice("helpers", len(self.helpers))
        self.slice("starting_numbers", len(self.starts))
        self.slice("pending_trains", TRAINS)
        self.slice("moving", TRAINS + 1)

    def fill(self, obs: dict, seat: int, out: list) -> None:
        b = self.board
        loc = obs["location_tokens_left"]
        out += [obs["turn"], obs["time_tokens"], obs["clock"], obs["departure_pile"],
                obs["departure_step"], obs["action_deck"], int(obs["dispatcher_active"]),
                -1 if loc is None else loc]
        where = [0] * (TRAINS * len(WHERE))
        node = [0] * (TRAINS * self.N)
        line = [0] * (TRAINS * self.L)
        section = [0] * (TRAINS * 2)
        good = [0] * (TRAINS * len(GOODS))
        for t in obs["trains"]:
            i = t["id"]
            where[i * len(WHERE) + WHERE.index(t["where"])] = 1
            if "node" in t:
                node[i * self.N + self.node[t["node"]]] = 1
            if "line" in t:
                li = t["line"]
                line[i * self.L + li] = 1
                section[2 * i] = t["section"]
                section[2 * i + 1] = int(self.node[t["toward"]] == b.line_b[li])
            if t["good"] is not None:
                good[i * len(GOODS) + GOODS.index(t["good"])] = 1
        out += where
        out += node
        out += line
        out += section
        out += good
        signals = [0] * b.num_fields
        for f in obs["signals"]:
            signals[f] = 1
        out += signals
        sw = obs["switches"]
        for j, far in enumerate(self.far):
            open_ = sw[b.node_ids[b.junctions[j]]]
            row = [int(x in open_) for x in far]
            out += row + [0] * (self.ends - len(row))
        goods = [0] * len(GOODS)
        for d in obs["goods"].values():
            goods[GOODS.index(d["colour"])] = d["count"]
        out += goods
        for port in obs["delivered"]:
            out += [port["goods"][c] for c in GOODS]
        goal = obs["goal"]  # one port: per colour and total; several: per colour and port
        out += [goal.get("per_colour", goal.get("per_colour_per_port")),
                goal.get("total", goal.get("per_port"))]
        card = [0] * (2 + len(self.moves))
        c = obs["departure_card"]
        if c is not None:
            card[0] = int(c["id"] == "start")
            # trains to deploy: a number, or the start card's list of colours
            card[1] = c["deploy"] if isinstance(c["deploy"], int) else len(c["deploy"])
            for m in c["moves"]:
                card[2 + self.moves.index(m)] += 1
        out += card
        discard = [0] * (self.cards + 1)  # the last: the start card
        for k in obs["departure_discard"]:
            discard[k if 0 <= k < self.cards else self.cards] = 1
        out += discard
        hands = obs["hands"]
        for q in self.seats(seat):
            out += [hands[q][k] for k in CARDS]
        out += [obs["action_discard"][k] for k in CARDS]
        out += [int(obs["helpers"][h]) for h in self.helpers]
        nums = obs["starting_numbers"]
        inv = {node: k for node, k in nums.items()}
        out += [inv.get(s, 0) for s in self.starts]
        pending = [0] * TRAINS
        for t in obs["pending_trains"]:
            pending[t] = 1
        out += pending
        moving = [0] * (TRAINS + 1)
        if obs["moving"] is not None:
            moving[obs["moving"]["train"]] = 1
            moving[TRAINS] = obs["moving"]["points"]
        out += moving


ENCODER = SwitchAndSignalEncoder
