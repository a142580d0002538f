"""The configurations the RL tests run over: every game of the tree at its smallest and
largest player counts, with its default options and each option moved off its default one
at a time (every choice of a choice option, a boolean turned on, an integer at its minimum
and its maximum)."""

from __future__ import annotations


from railtable.engine import OptionsError
from railtable.engine.registry import games


def option_variants(game) -> list[dict]:
    """The default options ({}), then each option at each of its other values."""
    out: list[dict] = [{}]
    for name, prop in game.options_schema()["properties"].items():
        default = prop["default"]
        if "enum" in prop:
            values = prop["enum"]
        elif prop["type"] == "boolean":
            values = [not default]
        elif prop["type"] == "integer":
            values = [prop.get("minimum"), prop.get("maximum")]
        else:
            values = []
        for v in values:
            if v is not None and v != default:
                out.append({name: v})
    return out


def refused(game, n: int, options: dict) -> bool:
    """Whether the game refuses these options at this player count (some variants exclude
    each other or a player count: Colt Express's two bandits, for instance)."""
    try:
        game.new_state(n, 0, options, record_events=False)
    except OptionsError:
        return True
    return False


def tree_games() -> dict:
    """The games of the tree (railtable/games/<id>), by id. Other tests register toy games
    in the same process, some built to crash (tests/sim/toys.py); these tests leave them out."""
    return {gid: g for gid, g in games().items()
            if type(g).__module__.startswith("railtable.games.")}


def configurations() -> list[tuple[str, int, dict]]:
    out = []
    for gid, game in tree_games().items():
        for n in sorted({game.min_players, game.max_players}):
            for opts in option_variants(game):
                # the defaults are always in: a game refusing them fails the tests
                if not opts or not refused(game, n, opts):
                    out.append((gid, n, opts))
    return out


def config_id(c: tuple[str, int, dict]) -> str:
    gid, n, opts = c
    return f"{gid}-{n}p" + "".join(f"-{k}={v}" for k, v in opts.items())


CONFIGS = configurations()
GAME_IDS = list(tree_games())
GAME_COUNTS = [(gid, n) for gid, g in tree_games().items()
               for n in sorted({g.min_players, g.max_players})]
__all__ = ["CONFIGS", "GAME_COUNTS", "GAME_IDS", "config_id", "tree_games"]
