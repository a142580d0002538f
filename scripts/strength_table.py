"""Print docs/bots.md's strength table from the arena logs of scripts/strength.

    .venv/bin/python scripts/strength_table.py [LOG_DIR]

One row per log (complete or not; a game logged twice counts once): the first bot of the line-up is the one measured; its
wins count 1/k for a win shared by k winners; Wilson 95% intervals; thinking times of
every decision with a choice, and for an `ms` budget the share within 1.2 × the budget;
the playouts a decision where the log has them (logs begun before they were kept: —).
A team log (a cooperative game: every team plays the same deals) measures the first team:
its deals and wins, and in the line-up cell each other team's wins and the paired
difference in win rate (first team − other, percentage points) with its 95% interval.
A log whose header has a "note" (a search whose defaults have changed since) shows it
after the line-up.
"""
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from railtable.sim.arena import (games_won, logged_games, team_pairs, team_results,  # noqa: E402
                                 team_rows, timing)
from railtable.sim.pool import Batch  # noqa: E402
from railtable.sim.ratings import wilson  # noqa: E402
from railtable.sim.report import points  # noqa: E402


def rotated(header: dict, games: list[dict]) -> tuple[str, int, float, tuple[float, float]]:
    """The others of the line-up, and the measured bot's games, wins and interval."""
    seats = header["lineup"]
    n, won = games_won([(tuple(g["seats"]), tuple(g["result"]["winners"])) for g in games],
                       seats[0])
    return ", ".join(seats[1:]), n, won, wilson(won, n) if n else (0.0, 1.0)


def teams(header: dict, games: list[dict]) -> tuple[str, int, float, tuple[float, float]]:
    """The other teams with their wins and the paired difference against the measured
    team, and the measured team's deals, wins and interval."""
    entrants = header["lineup"]
    results = team_results(games)
    mine, *rows = team_rows(results, entrants)
    pairs = {p["b"]: p for p in team_pairs(results, entrants) if p["a"] == entrants[0]}
    others = ", ".join(
        f"{r['bot']} team (won {r['wins']} of {r['games']}; {entrants[0]} − {r['bot']}: "
        f"{points(pairs[r['bot']]['difference'])} points, 95% "
        f"{points(pairs[r['bot']]['difference_low'])} to "
        f"{points(pairs[r['bot']]['difference_high'])})" for r in rows)
    return (others, mine["games"], mine["wins"],
            (mine["win_rate_low"], mine["win_rate_high"]))


def row(path: Path) -> str:
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])["arena"]
    games = [json.loads(line) for line in lines[1:] if line.strip()]
    # each game once, in game order, as the arena reads its log
    team = bool(header.get("teams"))
    batch = Batch(header["game"], header["players"], tuple(header["lineup"]), header["seed"],
                  sys.maxsize, rotate=not team, teams=team)
    done = logged_games(batch, games)
    games = [done[i] for i in sorted(done)]
    bot = header["lineup"][0]
    others, n, won, (low, high) = (teams if header.get("teams") else rotated)(header, games)
    if header.get("note"):  # how a log's search differed from today's defaults
        others += f" ({header['note']})"
    t = timing(games, [bot])[bot]
    times = (f"{t['median_ms']:.0f} / {t['p99_ms']:.0f} / {t['max_ms']:.0f}"
             if t["decisions"] else "—")
    on_time = f"{t['on_time']:.2%}" if "on_time" in t else "—"
    playouts = f"{t['median_playouts']:g} / {t['min_playouts']:g}" if "median_playouts" in t else "—"
    share = f"{won:g} ({won / n:.1%})" if n else "0"
    lead = f"`{bot}` team" if header.get("teams") else f"`{bot}`"
    return (f"| {header['game']} | {header['players']} | {lead} vs {others} | {n} | {share} | "
            f"{low:.1%}-{high:.1%} | {times} | {on_time} | {playouts} |")


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "bots" / "arena"
    print("| game | seats | line-up (seats rotated) | games | MCTS won | 95% interval "
          "| thinking ms: median / 99% / longest | within 1.2 × budget "
          "| playouts a decision: median / fewest |")
    print("|---|---|---|---|---|---|---|---|---|")
    for path in sorted(folder.glob("*.jsonl")):
        print(row(path))


if __name__ == "__main__":
    main()
