"""TEMPLATE: the integer action space and its JSON form, the one place that makes either.

Write the layout as a table here (ids, JSON, the decision), keep ids small and dense, and
let `Game.num_actions` be the size of the space. A multi-part turn is several decisions,
each with its own small legal list.

    id          JSON                          decision
    0 .. 2      {"type": "run", "value": v}   play the speed card of value v = id + 1
"""

from __future__ import annotations

from typing import Final

from railtable.engine import IllegalAction

NUM_ACTIONS: Final = 3


def to_json(state, a: int) -> dict:
    """The JSON form of action `a` in `state` (here the same in every state)."""
    if 0 <= a < NUM_ACTIONS:
        return {"type": "run", "value": a + 1}
    raise IllegalAction(f"no action {a}")


def from_json(state, d: dict) -> int:
    """The action id of a JSON action; a malformed one raises IllegalAction (the server
    answers it with a 4xx, never a 500)."""
    if not isinstance(d, dict) or d.get("type") != "run":
        raise IllegalAction('an action is {"type": "run", "value": 1-3}')
    v = d.get("value")
    if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= NUM_ACTIONS:
        raise IllegalAction("a run's value is 1, 2 or 3")
    return v - 1
