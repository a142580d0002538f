"""A designer's difficulty curve: the win rate at each difficulty level, with 95% intervals.

matplotlib is imported only here and only when a plot is drawn (Agg backend, no display).
"""

from __future__ import annotations

from pathlib import Path

from railtable.sim.summary import headline_rate, wilson


def level_row(label: str, options: dict, summary: dict) -> dict:
    wins, games = headline_rate(summary)
    lo, hi = wilson(wins, games)
    return {"label": label, "options": options, "wins": wins, "games": games,
            "win_rate": wins / games if games else None, "ci95": [lo, hi],
            "summary": summary}


def draw_curve(rows: list[dict], path: str | Path, title: str, ylabel: str) -> None:
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise RuntimeError("--plot needs matplotlib: pip install 'railtable[plot]'") from None
    xs = list(range(len(rows)))
    ys = [100 * (r["win_rate"] or 0.0) for r in rows]
    lower = [max(0.0, y - 100 * r["ci95"][0]) for y, r in zip(ys, rows)]
    upper = [max(0.0, 100 * r["ci95"][1] - y) for y, r in zip(ys, rows)]
    fig, ax = plt.subplots(figsize=(max(4.0, 1.2 * len(rows) + 2), 4))
    ax.errorbar(xs, ys, yerr=[lower, upper], fmt="o-", capsize=4)
    ax.set_xticks(xs, [r["label"] for r in rows], rotation=20 if len(rows) > 5 else 0)
    ax.set_ylim(0, 100)
    ax.set_ylabel(ylabel)
    ax.set_xlabel("difficulty (easiest first)")
    ax.set_title(title)
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
