"""Print docs/bots.md's strength table from the arena logs of scripts/strength.

    .venv/bin/python scripts/strength_table.py [LOG_DIR]

One row per log (complete or not): the first bot of the line-up is the one measured; its
wins count 1/k for a win shared by k winners; Wilson 95% intervals; thinking times of
every decision with a choice, and for an `ms` budget the share within 1.2 × the budget;
the playouts a decision where the log has them (logs begun before they were kept: —).
A log whose header has a "note" (a search whose defaults have changed since) shows it
after the line-up.
"""
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from railtable.sim.arena import games_won, timing  # noqa: E402
from railtable.sim.ratings import wilson  # noqa: E402


def row(path: Path) -> str:
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])["arena"]
    games = [json.loads(line) for line in lines[1:] if line.strip()]
    seats = header["lineup"]
    bot = seats[0]
    others = ", ".join(seats[1:])
    if header.get("note"):  # how a log's search differed from today's defaults
        others += f" ({header['note']})"
    n, won = games_won([(tuple(g["seats"]), tuple(g["result"]["winners"])) for g in games], bot)
    low, high = wilson(won, n) if n else (0.0, 1.0)
    t = timing(games, [bot])[bot]
    times = (f"{t['median_ms']:.0f} / {t['p99_ms']:.0f} / {t['max_ms']:.0f}"
             if t["decisions"] else "—")
    on_time = f"{t['on_time']:.2%}" if "on_time" in t else "—"
    playouts = f"{t['median_playouts']:g} / {t['min_playouts']:g}" if "median_playouts" in t else "—"
    share = f"{won:g} ({won / n:.1%})" if n else "0"
    return (f"| {header['game']} | {header['players']} | `{bot}` vs {others} | {n} | {share} | "
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
