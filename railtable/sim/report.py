"""Draw a simulation summary (railtable.sim.summary) as Rich tables."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table


def _num(x, digits: int = 2) -> str:
    if x is None:
        return "-"
    if isinstance(x, float) and not x.is_integer():
        return f"{x:.{digits}f}"
    return f"{x:g}" if isinstance(x, float) else str(x)


def _short(x: float) -> str:
    a = abs(x)
    if a >= 100:
        return f"{x:.0f}"
    if a >= 10:
        return f"{x:.1f}"
    return f"{x:.2f}"


def _ms(d: dict) -> str:
    return "-" if d["mean"] is None else f"{_short(d['mean'])} ± {_short(d['std'])}"


def _pct(x) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def print_summary(summary: dict, console: Console, title: str | None = None) -> None:
    title = title or f"{summary['game']}: {summary['games']} games"
    coop = summary["cooperative"]
    seats = Table(title=escape(title))
    seats.add_column("seat", justify="right", no_wrap=True)
    seats.add_column("bot", no_wrap=True)
    if not coop:
        seats.add_column("wins (shared)", justify="right")
        seats.add_column("win %", justify="right")
        seats.add_column("tied wins", justify="right")
    seats.add_column("score mean ± std", justify="right")
    for row in summary["per_seat"]:
        cells = [str(row["seat"]), escape(row["bot"])]
        if not coop:
            cells += [_num(row["wins"]), _pct(row["win_rate"]), str(row["ties"])]
        cells.append(_ms(row["score"]))
        seats.add_row(*cells)
    console.print(seats)

    numbers = summary["details"]["numbers"]
    flags = summary["details"]["flags"]
    if numbers or flags:
        det = Table(title="Result details per seat (numbers: mean ± std; yes/no: rate)")
        det.add_column("detail", no_wrap=True)
        for p in range(summary["players"]):
            det.add_column(f"seat {p}", justify="right")
        for key, per in numbers.items():
            det.add_row(escape(key), *[_ms(d) for d in per])
        for key, per in flags.items():
            det.add_row(escape(key), *[_pct(r) for r in per])
        console.print(det)

    if coop:
        team = summary["team"]
        lo, hi = team["ci95"]
        console.print(f"Team wins: {team['wins']}/{team['games']} = {_pct(team['win_rate'])} "
                      f"(95% Wilson interval {_pct(lo)} – {_pct(hi)})")
        if team["loss_reasons"]:
            console.print(_counts("Reasons for losing", team["loss_reasons"]))

    for key, values in summary["details"]["labels"].items():
        t = Table(title=f"{escape(key)}: wins per value (all seats)")
        t.add_column("value")
        t.add_column("in play", justify="right")
        t.add_column("wins (shared)", justify="right")
        t.add_column("win %", justify="right")
        for value, row in values.items():
            t.add_row(escape(value), str(row["games"]), _num(row["wins"]), _pct(row["win_rate"]))
        console.print(t)

    if summary["reasons"]:
        console.print(_counts("How the games ended", summary["reasons"]))
    line = f"Decisions per game: {_ms(summary['decisions_per_game'])}"
    if summary.get("games_per_s") is not None:
        line += f"   Speed: {summary['games_per_s']:.1f} games/s ({summary['seconds']:.1f} s)"
    console.print(line)
    if summary["errors"]:
        t = Table(title=f"[red]{len(summary['errors'])} game(s) failed[/red]")
        t.add_column("seed", justify="right")
        t.add_column("error")
        for e in summary["errors"][:20]:
            t.add_row(str(e["seed"]), escape(e["error"]))
        console.print(t)
        if len(summary["errors"]) > 20:
            console.print(f"... and {len(summary['errors']) - 20} more (see --out or --json)")


def _counts(title: str, counts: dict) -> Table:
    total = sum(counts.values()) or 1
    t = Table(title=title)
    t.add_column("reason")
    t.add_column("games", justify="right")
    t.add_column("%", justify="right")
    for reason, k in counts.items():
        t.add_row(escape(str(reason)), str(k), f"{100 * k / total:.1f}")
    return t


def print_levels(rows: list[dict], console: Console, title: str) -> None:
    """The difficulty curve as a table: one row per level."""
    t = Table(title=escape(title))
    t.add_column("level")
    t.add_column("games", justify="right")
    t.add_column("win %", justify="right")
    t.add_column("95% interval", justify="right")
    for r in rows:
        t.add_row(escape(r["label"]), str(r["games"]), _pct(r["win_rate"]),
                  f"{_pct(r['ci95'][0])} – {_pct(r['ci95'][1])}")
    console.print(t)


def print_arena(report: dict, console: Console) -> None:
    """Ratings with their 95% intervals, then who beat whom; for a cooperative game the
    teams' win rates and their paired differences. Thinking times last."""
    if report.get("mode") == "teams":
        _print_teams(report, console)
    else:
        _print_rated(report, console)
    _print_timing(report, console)
    for e in report["errors"]:
        team = f" (team {escape(e['team'])})" if "team" in e else ""
        console.print(f"[red]game with seed {e['seed']}{team} failed:[/red] "
                      f"{escape(e['error'])}")


def _print_rated(report: dict, console: Console) -> None:
    t = Table(title=f"{report['game']}: {report['games']} games, {report['players']} seats, "
                    f"seats rotated, seed {report['seed']}")
    for col in ("bot", "rating", "95% interval", "games", "seats", "wins", "win %",
                "win % 95% interval"):
        t.add_column(col, justify="left" if col == "bot" else "right")
    for r in report["ratings"]:
        t.add_row(escape(r["bot"]), f"{r['elo']:.0f}", f"{r['elo_low']:.0f}-{r['elo_high']:.0f}",
                  str(r["games"]), str(r["seats_played"]), _num(r["wins"]), _pct(r["win_rate"]),
                  f"{_pct(r['win_rate_low'])}-{_pct(r['win_rate_high'])}")
    console.print(t)
    h = Table(title="Head to head: share of comparisons the row bot won against the column bot")
    names = report["bots"]
    h.add_column("")
    for b in names:
        h.add_column(escape(b), justify="right")
    for a in names:
        row = report["head_to_head"][a]
        h.add_row(escape(a), *("—" if b == a or row.get(b) is None else _pct(row[b])
                               for b in names))
    console.print(h)


def points(x) -> str:
    """A difference of two rates, in percentage points with its sign (— for none)."""
    return "—" if x is None else f"{100 * x:+.1f}"


def _print_teams(report: dict, console: Console) -> None:
    t = Table(title=f"{report['game']}: {report['deals']} deals × {len(report['bots'])} teams "
                    f"of {report['players']} seats, teams on the same deals, "
                    f"seed {report['seed']}")
    for col in ("team", "deals", "wins", "win %", "95% interval"):
        t.add_column(col, justify="left" if col == "team" else "right")
    for r in report["ratings"]:
        t.add_row(escape(r["bot"]), str(r["games"]), str(r["wins"]), _pct(r["win_rate"]),
                  f"{_pct(r['win_rate_low'])}-{_pct(r['win_rate_high'])}")
    console.print(t)
    p = Table(title="Paired on the deals both played: win % of A − win % of B (points)")
    for col in ("A", "B"):  # long specs fold rather than lose their end
        p.add_column(col, overflow="fold")
    for col in ("deals", "won by A only / B only / both / neither", "A − B"):
        p.add_column(col, justify="right")
    p.add_column("95% interval", justify="right", no_wrap=True)
    for r in report["pairs"]:
        p.add_row(escape(r["a"]), escape(r["b"]), str(r["deals"]),
                  f"{r['only_a']}/{r['only_b']}/{r['both']}/{r['neither']}",
                  points(r["difference"]),
                  f"{points(r['difference_low'])} to {points(r['difference_high'])}")
    console.print(p)


def _print_timing(report: dict, console: Console) -> None:
    timed = {b: r for b, r in report.get("timing", {}).items() if r["decisions"]}
    if not timed:
        return
    tt = Table(title="Thinking time per decision with a choice (ms)")
    searched = any("median_playouts" in r for r in timed.values())
    cols = ("bot", "decisions", "median", "99%", "longest", "within 1.2 × budget")
    for col in cols + (("playouts: median / fewest",) if searched else ()):
        tt.add_column(col, justify="left" if col == "bot" else "right")
    for b, r in timed.items():
        cells = [escape(b), str(r["decisions"]), f"{r['median_ms']:.1f}",
                 f"{r['p99_ms']:.1f}", f"{r['max_ms']:.1f}",
                 _pct(r["on_time"]) if "on_time" in r else "—"]
        if searched:
            cells.append(f"{r['median_playouts']:g} / {r['min_playouts']:g}"
                         if "median_playouts" in r else "—")
        tt.add_row(*cells)
    console.print(tt)
