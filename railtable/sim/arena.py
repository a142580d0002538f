"""An arena: bots play many games of one game with the seats rotated, then get ratings.

Game i uses seed `seed + i` and seats the line-up rotated by i places, so with a number of
games that is a multiple of the player count every bot sits in every seat equally often.
Results are read as pairwise comparisons and rated with Bradley-Terry (railtable.sim.ratings);
the whole run is reproducible from the seed.

A cooperative game (every seat wins or loses together) has no opponents to rate against,
so there the arena compares teams: each entrant plays every deal as the whole team (all
seats the same bot). `games` counts deals: game i deals seed `seed + i // E` to team
`i % E` (E entrants), so the teams meet the same deals with the same bot generators, and
their win rates are compared deal by deal (a paired difference with a 95% interval), which
removes the luck of the deal from the comparison. Each team gets its win rate with a
Wilson 95% interval; there is no Bradley-Terry rating.

Long runs (search bots at a second a move take hours) can keep a log: a JSON-lines file
whose first line names the run and each further line is one finished game. Run again with
the same log and the arena plays only the games it lacks (each game is known by its seed
and seats), so a run cut short (a crash, the end of a working day) loses nothing, a game
taken out of the log is played again, and a run can be extended with a larger -n.
Every decision with a real choice is timed, and the report gives each bot's thinking
times against its `ms` budget.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import replace
from pathlib import Path
from typing import Callable

from railtable.bots.spec import parse_spec
from railtable.engine.game import Game
from railtable.sim.pool import Batch, Executor, batch_for, run_games
from railtable.sim.ratings import head_to_head, paired_difference, rate, wilson

# A decision is "on time" when it takes at most this many times the bot's ms budget.
ON_TIME = 1.2


class ArenaLogError(ValueError):
    """The log file belongs to another run, or is not an arena log."""


def lineup(specs: list[str], players: int) -> list[str]:
    """The seats of game 0: the specs in order, repeated to fill every seat."""
    return [specs[i % len(specs)] for i in range(players)]


def entrants_of(specs: list[str]) -> list[str]:
    """The bots (or teams) taking part, each once, in the order given."""
    return list(dict.fromkeys(specs))


def arena_games(game: Game, specs: list[str], n: int) -> int:
    """Games an arena of n plays: n, or in a cooperative game n deals for every team."""
    return n * len(entrants_of(specs)) if game.cooperative else n


def games_won(results: list[tuple[tuple[str, ...], tuple[int, ...]]],
              bot: str) -> tuple[int, float]:
    """Games the bot sat in, and games it won (a win shared by k winners counts 1/k for
    each winning seat; a bot holding several winning seats adds them up)."""
    played, won = 0, 0.0
    for seats, winners in results:
        if bot in seats:
            played += 1
            if winners:
                won += sum(1 for s in winners if seats[s] == bot) / len(winners)
    return played, won


def read_log(path: Path, header: dict) -> list[dict]:
    """The games a log holds for the run `header` names ([] when there is no log yet).

    A torn last line (the process was killed while writing it) is cut off the file: that
    game is played again."""
    if not path.exists() or path.stat().st_size == 0:
        return []
    data = path.read_bytes()
    if not data.endswith(b"\n"):
        data = data[:data.rfind(b"\n") + 1]
        with path.open("r+b") as f:
            f.truncate(len(data))
    lines = data.decode("utf-8").splitlines()
    try:
        first = json.loads(lines[0]) if lines else None
    except json.JSONDecodeError:
        first = None
    if not isinstance(first, dict) or "arena" not in first:
        raise ArenaLogError(f"{path} is not an arena log (its first line names no run)")
    # a "note" in a log's first line is commentary (which build or code played), not a setting
    named = {k: v for k, v in first["arena"].items() if k != "note"}
    if named != header:
        diff = sorted(k for k in set(header) | set(named) if header.get(k) != named.get(k))
        raise ArenaLogError(f"{path} is the log of another run (it differs in: "
                            f"{', '.join(diff)}); use another file or the same settings")
    games = []
    for k, line in enumerate(lines[1:], start=2):
        try:
            games.append(json.loads(line))
        except json.JSONDecodeError:
            raise ArenaLogError(f"{path}, line {k}: not JSON") from None
    return games


def game_index(batch: Batch, out: dict) -> int | None:
    """Which game of the batch a logged outcome is (its seed and seats tell), or None if
    it is none of them."""
    seed, seats = out.get("seed"), out.get("seats")
    if not isinstance(seed, int) or not isinstance(seats, list) or not seats:
        return None
    if batch.teams:
        if seats[0] not in batch.bots:
            return None
        index = (seed - batch.seed) * len(batch.bots) + batch.bots.index(seats[0])
    else:
        index = seed - batch.seed
    if index < 0 or batch.seats_for(index) != seats:
        return None
    return index


def logged_games(batch: Batch, outcomes: list[dict]) -> dict[int, dict]:
    """The batch's games a log holds, by game index: the first line of each game (a game
    logged twice counts once), games beyond the batch left out."""
    done: dict[int, dict] = {}
    for out in outcomes:
        i = game_index(batch, out)
        if i is not None and i < batch.games and i not in done:
            done[i] = out
    return done


def missing_ranges(done: dict[int, dict], total: int) -> list[tuple[int, int]]:
    """The games 0..total-1 not done, as ranges (first, stop): a resumed run plays the
    games its log lacks, wherever they are (a game taken out of the log by hand, a run
    extended with a larger -n)."""
    ranges: list[tuple[int, int]] = []
    i = 0
    while i < total:
        if i in done:
            i += 1
            continue
        j = i
        while j < total and j not in done:
            j += 1
        ranges.append((i, j))
        i = j
    return ranges


def _logged(out: dict) -> dict:
    """What the log keeps of a game: no per-seat score details."""
    kept = {k: v for k, v in out.items() if k not in ("result", "traceback", "options")}
    if "result" in out:
        kept["result"] = {k: out["result"][k] for k in ("scores", "winners", "reason")}
    return kept


def _percentile(sorted_values: list[float], q: float) -> float:
    """The nearest-rank percentile (q in 0..1) of a sorted list."""
    k = max(0, math.ceil(q * len(sorted_values)) - 1)
    return sorted_values[k]


def timing(outcomes: list[dict], entrants: list[str]) -> dict:
    """Per bot: decisions timed, median, 99th percentile and longest thinking time, for
    a bot with an ms budget the share answered within ON_TIME times the budget, and for a
    search bot the median and lowest playouts a decision (in the games that log them)."""
    table = {}
    for bot in entrants:
        times = sorted(t for out in outcomes if "think_ms" in out
                       for seat, spec in enumerate(out["seats"]) if spec == bot
                       for t in out["think_ms"][seat])
        row: dict = {"decisions": len(times)}
        if times:
            row.update(median_ms=_percentile(times, 0.5), p99_ms=_percentile(times, 0.99),
                       max_ms=times[-1])
        playouts = sorted(n for out in outcomes if "playouts" in out
                          for seat, spec in enumerate(out["seats"])
                          if spec == bot and out["playouts"][seat] is not None
                          for n in out["playouts"][seat])
        if playouts:
            row.update(median_playouts=_percentile(playouts, 0.5), min_playouts=playouts[0])
        budget = parse_spec(bot).params.get("ms")
        if isinstance(budget, (int, float)) and times:
            limit = budget * ON_TIME
            row.update(budget_ms=budget,
                       on_time=round(sum(t <= limit for t in times) / len(times), 4))
        table[bot] = row
    return table


def log_header(game: Game, players: int, specs: list[str], seed: int, options=None) -> dict:
    """What the first line of a log says of its run: a log resumes only the same run.

    A team run (a cooperative game) says so and lists its teams, so that it can never be
    mixed with a log of rotated seats."""
    header = {"game": game.id, "players": players, "lineup": lineup(specs, players),
              "seed": seed, "options": game.options_to_json(game.parse_options(options))}
    if game.cooperative:
        header.update(lineup=entrants_of(specs), teams=True)
    return header


# -- teams (cooperative games) -----------------------------------------------------------

def team_results(outcomes: list[dict]) -> dict[str, dict[int, bool]]:
    """Per team, the deals (seeds) it finished and whether it won each (games that
    failed are left out)."""
    teams: dict[str, dict[int, bool]] = {}
    for out in outcomes:
        if "error" not in out:
            teams.setdefault(out["seats"][0], {})[out["seed"]] = bool(out["result"]["winners"])
    return teams


def deal_pairs(a: dict[int, bool], b: dict[int, bool]) -> dict:
    """How the deals both teams finished went: won by A only, by B only, both, neither."""
    counts = {"deals": 0, "only_a": 0, "only_b": 0, "both": 0, "neither": 0}
    for deal in a.keys() & b.keys():
        counts["deals"] += 1
        if a[deal]:
            counts["both" if b[deal] else "only_a"] += 1
        else:
            counts["only_b" if b[deal] else "neither"] += 1
    return counts


def team_rows(teams: dict[str, dict[int, bool]], entrants: list[str]) -> list[dict]:
    """Each team's deals, wins and win rate with a Wilson 95% interval, in entrant order
    (the first is the one measured)."""
    rows = []
    for team in entrants:
        deals = teams.get(team, {})
        played, won = len(deals), sum(deals.values())
        low, high = wilson(won, played)
        rows.append({"bot": team, "games": played, "wins": won,
                     "win_rate": round(won / played, 4) if played else None,
                     "win_rate_low": round(low, 4), "win_rate_high": round(high, 4)})
    return rows


def team_pairs(teams: dict[str, dict[int, bool]], entrants: list[str]) -> list[dict]:
    """Every two teams (in entrant order) on the deals both finished, with the difference
    in win rate a - b and its paired 95% interval (None without a shared deal)."""
    pairs = []
    for i, a in enumerate(entrants):
        for b in entrants[i + 1:]:
            counts = deal_pairs(teams.get(a, {}), teams.get(b, {}))
            diff = paired_difference(counts["only_a"], counts["only_b"], counts["deals"])
            mean, low, high = (round(x, 4) for x in diff) if diff else (None, None, None)
            pairs.append({"a": a, "b": b, **counts, "difference": mean,
                          "difference_low": low, "difference_high": high})
    return pairs


def run_arena(game: Game, players: int, specs: list[str], seed: int, games: int,
              options=None, *, jobs: int = 1, bootstrap: int = 200,
              on_done: Callable[[int], None] | None = None, log: Path | None = None,
              on_resume: Callable[[int], None] | None = None,
              executor: Executor | None = None) -> dict:
    """The arena's report. In a cooperative game `games` counts deals, each played by
    every team (see the module's docstring); on_done and on_resume count games. The games
    are played in `jobs` worker processes, or by `executor` (a Ray cluster) when given."""
    seats = lineup(specs, players)
    entrants = entrants_of(specs)
    total = arena_games(game, specs, games)
    batch = batch_for(game, players, seats, seed, total, options)
    if game.cooperative:
        batch = replace(batch, bots=tuple(entrants), teams=True, timing=True)
    else:
        batch = replace(batch, bots=tuple(seats), rotate=True, timing=True)
    header = log_header(game, players, specs, seed, options)
    done = logged_games(batch, read_log(log, header)) if log is not None else {}
    if done and on_resume:
        on_resume(len(done))
    gaps = missing_ranges(done, total)
    sink = None
    if log is not None and gaps:
        new = not log.exists() or log.stat().st_size == 0
        sink = log.open("a", encoding="utf-8")
        if new:
            sink.write(json.dumps({"arena": header}) + "\n")
    try:
        for first, stop in gaps:
            part = replace(batch, first=first, games=stop)
            for i, out in enumerate(run_games(part, jobs, on_done=on_done, executor=executor),
                                    start=first):
                out = _logged(out)
                done[i] = out
                if sink is not None:  # one line a game, on disk before the next one ends
                    sink.write(json.dumps(out) + "\n")
                    sink.flush()
                    os.fsync(sink.fileno())
    finally:
        if sink is not None:
            sink.close()
    outcomes = [done[i] for i in sorted(done)]  # in game order, however the log was filled
    if game.cooperative:
        return _team_report(game, players, entrants, seed, batch.options, outcomes)
    return _rated_report(game, players, entrants, seats, seed, batch.options, outcomes,
                         bootstrap)


def _rated_report(game: Game, players: int, entrants: list[str], seats: list[str], seed: int,
                  options: dict, outcomes: list[dict], bootstrap: int) -> dict:
    results, errors = [], []
    for out in outcomes:
        if "error" in out:
            errors.append({"seed": out["seed"], "error": out["error"]})
        else:
            results.append((tuple(out["seats"]), tuple(out["result"]["winners"])))
    ratings = rate(results, entrants, bootstrap=bootstrap, seed=seed)
    share = head_to_head(results, entrants)
    table = []
    for r in sorted(ratings, key=lambda r: -r.elo):
        played, won = games_won(results, r.bot)
        low, high = wilson(won, played)
        table.append({"bot": r.bot, "elo": round(r.elo, 1), "elo_low": round(r.low, 1),
                      "elo_high": round(r.high, 1), "seats_played": r.games,
                      "games": played, "wins": round(won, 3),
                      "win_rate": round(won / played, 4) if played else None,
                      "win_rate_low": round(low, 4), "win_rate_high": round(high, 4)})
    return {
        "game": game.id, "players": players, "bots": entrants, "seats_game_0": seats,
        "seed": seed, "games": len(results), "options": options, "errors": errors,
        "ratings": table,
        "head_to_head": {a: {b: (None if share[i][j] is None else round(share[i][j], 4))
                             for j, b in enumerate(entrants) if j != i}
                         for i, a in enumerate(entrants)},
        "timing": timing(outcomes, entrants),
    }


def _team_report(game: Game, players: int, entrants: list[str], seed: int, options: dict,
                 outcomes: list[dict]) -> dict:
    # "ratings" keeps the rows' shape of a rotated arena (bot, games, wins, win rate and
    # interval) without the Elo fields: here "games" are the deals the team finished.
    teams = team_results(outcomes)
    errors = [{"seed": out["seed"], "team": out["seats"][0], "error": out["error"]}
              for out in outcomes if "error" in out]
    return {
        "game": game.id, "mode": "teams", "players": players, "bots": entrants,
        "seed": seed, "deals": len({out["seed"] for out in outcomes}),
        "games": sum(len(deals) for deals in teams.values()), "options": options,
        "errors": errors, "ratings": team_rows(teams, entrants),
        "pairs": team_pairs(teams, entrants), "timing": timing(outcomes, entrants),
    }
