"""Positions and names for Branch Line tests."""

from __future__ import annotations

from railtable.games.branch_line import GAME

G = GAME
TOWN = {t["key"]: i for i, t in enumerate(G.data["towns"])}
STOCK_UP = G.num_links
DRAW = G.num_links + 1


def link(a: str, b: str) -> int:
    """The id of the link between two towns, named by their keys."""
    ta, tb = TOWN[a], TOWN[b]
    return next(k for k in range(G.num_links) if {G.link_a[k], G.link_b[k]} == {ta, tb})


def contract(a: str, b: str) -> int:
    ta, tb = TOWN[a], TOWN[b]
    return next(c for c in range(len(G.contract_points))
                if {G.contract_a[c], G.contract_b[c]} == {ta, tb})


def dealt(players=2, seed=1, rounds=10, hands=None):
    """A new game; `hands` (per seat, contract ids) replaces the dealt contracts, the ones
    taken out going back into the deck, so a test knows what each company holds."""
    s = G.new_state(players, seed, {"rounds": rounds})
    if hands is not None:
        pool = sorted(set(range(len(G.contract_points))) - {c for h in hands for c in h})
        s.hands = [list(h) for h in hands]
        s.deck = pool
    return s


def play(s, *actions):
    for a in actions:
        assert a in s.legal_actions(), (a, s.legal_actions())
        s.apply(a)
    return s
