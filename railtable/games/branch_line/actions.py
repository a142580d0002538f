"""Branch Line's integer action space and its JSON form: the one place that makes either.

    id                  JSON                                   decision
    0 .. L-1            {"type": "build", "link": id}          build that free link
    L                   {"type": "stock_up"}                   take rails from the yard
    L + 1               {"type": "draw_contract"}              draw a secret contract

L is the number of links in data.json, so the space has L + 2 actions.
"""

from __future__ import annotations

from typing import Final

from railtable.engine import IllegalAction

TYPES: Final = ("build", "stock_up", "draw_contract")


def stock_up(num_links: int) -> int:
    return num_links


def draw_contract(num_links: int) -> int:
    return num_links + 1


def to_json(state, a: int) -> dict:
    num_links = state.game.num_links
    if 0 <= a < num_links:
        return {"type": "build", "link": a}
    if a == num_links:
        return {"type": "stock_up"}
    if a == num_links + 1:
        return {"type": "draw_contract"}
    raise IllegalAction(f"no action {a}")


def from_json(state, d: dict) -> int:
    """The action id of a JSON action; raises IllegalAction if it is malformed."""
    num_links = state.game.num_links
    kind = d.get("type") if isinstance(d, dict) else None
    if kind == "build":
        link = d.get("link")
        if isinstance(link, int) and not isinstance(link, bool) and 0 <= link < num_links:
            return link
        raise IllegalAction(f"a build names a link from 0 to {num_links - 1}")
    if kind == "stock_up":
        return num_links
    if kind == "draw_contract":
        return num_links + 1
    raise IllegalAction(f"an action's type is one of {', '.join(TYPES)}")
