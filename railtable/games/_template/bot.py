"""TEMPLATE: the game's heuristic bot, registered as "heuristic" in __init__.py (search bots
play games out with it and try its move first). It decides only from what its seat may know
(its observation, public fields, its own hidden cards) and uses the rules' own functions,
never a copy of them. A factory refuses parameters it does not have."""

from __future__ import annotations

from railtable.bots.base import Bot


class HeuristicBot(Bot):
    name = "heuristic"

    def __init__(self, seat: int, seed: int = 0) -> None:
        super().__init__(seat, seed)

    def act(self, state) -> int:
        return state.legal_actions()[-1]  # the fastest card in hand
