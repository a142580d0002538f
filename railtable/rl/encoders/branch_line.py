"""Branch Line's encoding (docs/games/branch_line.md, "RL encoding"): who built each link,
every company's rails and contract count, and the seat's own contracts."""

from __future__ import annotations

from railtable.rl.encoding import Encoder


class BranchLineEncoder(Encoder):
    phases = ("build", "over")

    def __init__(self, game, num_players, options) -> None:
        super().__init__(game, num_players, options)
        n = num_players
        self.L, self.C = game.num_links, len(game.contract_points)
        self.slice("rounds", 1)
        self.slice("link_owner", self.L, n)
        self.slice("rails", n)
        self.slice("contract_counts", n)
        self.slice("deck", 1)
        self.slice("contracts", self.C, 2)

    def fill(self, obs: dict, seat: int, out: list) -> None:
        n, order = self.num_players, self.seats(seat)
        out.append(obs["rounds"])
        owners = [0] * (self.L * n)
        for k, q in enumerate(obs["owners"]):
            if q is not None:
                owners[k * n + (q - seat) % n] = 1
        out += owners
        out += [obs["rails"][q] for q in order]
        out += [obs["contract_counts"][q] for q in order]
        out.append(obs["deck"])
        held = [0] * (2 * self.C)
        for c in obs["contracts"]:
            held[2 * c["id"]] = 1
            held[2 * c["id"] + 1] = 1 if c["completed"] else 0
        out += held


ENCODER = BranchLineEncoder
