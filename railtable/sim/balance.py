"""Seat balance: how often each seat wins when the same bot plays every seat, per player
count, with 95% Wilson intervals, against the fair share 1/n (or, in a cooperative game,
the team's win rate per player count).

The games are played by `railtable.sim.simulate` (the pool of `railtable simulate`); this
module only chooses the batches, reads the summaries and draws the plot. matplotlib is
imported only when a plot is drawn (Agg backend, no display).
"""

from __future__ import annotations

from pathlib import Path

from railtable.engine.game import Game
from railtable.sim.simulate import Run, simulate
from railtable.sim.summary import wilson

TOLERANCE = 0.05  # a seat is "fair" within 5 points of 1/n


def players_list(game: Game, text: str | None) -> list[int]:
    """The player counts of `--players`: "2,4", "2-6", or None for every count the game
    allows. Raises ValueError (with a message for a person) on anything else."""
    if text is None or not text.strip():
        return list(range(game.min_players, game.max_players + 1))
    out: list[int] = []
    for part in text.split(","):
        part = part.strip()
        lo, sep, hi = part.partition("-")
        try:
            first, last = (int(lo), int(hi)) if sep else (int(part), int(part))
        except ValueError:
            raise ValueError(f"--players: {part!r} is not a number or a range like 2-6") from None
        if first > last:
            raise ValueError(f"--players: the range {part!r} is empty")
        for n in range(first, last + 1):
            if not game.min_players <= n <= game.max_players:
                raise ValueError(f"--players: {game.id} takes {game.min_players}-"
                                 f"{game.max_players} players, not {n}")
            if n not in out:
                out.append(n)
    return sorted(out)


def balance_row(game: Game, run: Run, players: int, tolerance: float = TOLERANCE) -> dict:
    """One player count: each seat's shared wins, rate and interval, the fair share and
    whether every seat is within `tolerance` of it."""
    summary = run.summary
    games = summary["games"]
    row = {"players": players, "games": games, "errors": len(summary["errors"]),
           "reasons": summary["reasons"], "cooperative": game.cooperative}
    if game.cooperative:
        team = summary["team"]
        row.update(fair=None, seats=[], team={"wins": team["wins"],
                                              "win_rate": team["win_rate"],
                                              "ci95": team["ci95"]}, fair_seats=None)
        return row
    fair = 1.0 / players
    seats = []
    for s in summary["per_seat"]:
        lo, hi = wilson(s["wins"], games)
        rate = s["win_rate"]
        seats.append({"seat": s["seat"], "wins": s["wins"], "win_rate": rate,
                      "ci95": [lo, hi], "gap": None if rate is None else rate - fair,
                      "within": rate is not None and abs(rate - fair) <= tolerance + 1e-9})
    nobody = games - sum(s["wins"] for s in seats)  # games everybody lost
    row.update(fair=fair, seats=seats, nobody=nobody,
               fair_seats=all(s["within"] for s in seats))
    return row


def seat_balance(game: Game, players: list[int], bot: str, seed: int, games: int,
                 options: dict, *, jobs: int = 1, progress=None,
                 tolerance: float = TOLERANCE) -> tuple[list[dict], bool]:
    """Play `games` games for each player count with `bot` in every seat (the same seeds at
    every count) and return one `balance_row` per count, and whether Ctrl-C cut it short."""
    rows = []
    for n in players:
        runs, interrupted = simulate(game, n, [bot] * n, seed, games, [(f"{n} players", options)],
                                     jobs=min(jobs, games), progress=progress)
        rows.append(balance_row(game, runs[0], n, tolerance))
        if interrupted:
            return rows, True
    return rows, False


def draw_balance(rows: list[dict], path: str | Path, title: str,
                 tolerance: float = TOLERANCE) -> None:
    """Each seat's win rate with its 95% interval, grouped by player count; the fair share
    1/n as a line with the tolerance band around it (the team's rate in a cooperative
    game)."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise RuntimeError("the plot needs matplotlib: pip install 'railtable[plot]'") from None
    fig, ax = plt.subplots(figsize=(max(5.0, 1.6 * len(rows) + 2), 4.2))
    width = 0.8
    for i, row in enumerate(rows):
        if row["cooperative"]:
            t = row["team"]
            y = 100 * (t["win_rate"] or 0.0)
            ax.errorbar([i], [y], yerr=[[y - 100 * t["ci95"][0]], [100 * t["ci95"][1] - y]],
                        fmt="o", capsize=4, color="C0")
            continue
        n = row["players"]
        fair = 100 * row["fair"]
        ax.fill_between([i - width / 2, i + width / 2], fair - 100 * tolerance,
                        fair + 100 * tolerance, color="0.85", zorder=0)
        ax.plot([i - width / 2, i + width / 2], [fair, fair], color="0.4", lw=1, zorder=1)
        for s in row["seats"]:
            x = i - width / 2 + width * (s["seat"] + 0.5) / n
            y = 100 * (s["win_rate"] or 0.0)
            lo, hi = 100 * s["ci95"][0], 100 * s["ci95"][1]
            ax.errorbar([x], [y], yerr=[[y - lo], [hi - y]], fmt="o", ms=4, capsize=2,
                        color=f"C{s['seat'] % 10}", label=f"seat {s['seat']}")
    handles, labels = ax.get_legend_handles_labels()
    seen: dict = {}  # one legend entry per seat
    for h, lab in zip(handles, labels):
        seen.setdefault(lab, h)
    if seen:
        ax.legend(seen.values(), seen.keys(), fontsize=7, ncol=2, loc="upper right")
    ax.set_xticks(range(len(rows)), [f"{r['players']} players\n({r['games']} games)"
                                     for r in rows])
    ax.set_ylim(0, 100)
    ax.set_ylabel("win rate (%), 95% interval")
    ax.set_title(title)
    ax.grid(True, axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def _pct(x) -> str:
    return "-" if x is None else f"{100 * x:.1f}"


def print_balance(rows: list[dict], console, title: str) -> None:
    """One table per player count: each seat's wins, rate, interval and gap to 1/n."""
    from rich.markup import escape
    from rich.table import Table

    console.print(escape(title), style="bold")
    for row in rows:
        t = Table(title=f"{row['players']} players, {row['games']} games")
        if row["cooperative"]:
            for col in ("team wins", "win %", "95% interval"):
                t.add_column(col, justify="right")
            team = row["team"]
            t.add_row(f"{team['wins']}", _pct(team["win_rate"]),
                      f"{_pct(team['ci95'][0])} – {_pct(team['ci95'][1])}")
            console.print(t)
            continue
        for col in ("seat", "wins", "win %", "95% interval", "fair %", "gap", "within"):
            t.add_column(col, justify="right")
        for s in row["seats"]:
            gap = "-" if s["gap"] is None else f"{100 * s['gap']:+.1f}"
            t.add_row(str(s["seat"]), f"{s['wins']:g}", _pct(s["win_rate"]),
                      f"{_pct(s['ci95'][0])} – {_pct(s['ci95'][1])}", _pct(row["fair"]), gap,
                      "yes" if s["within"] else "[red]no[/red]")
        console.print(t)
        if row["nobody"]:
            console.print(f"games nobody won: {row['nobody']:g}")
