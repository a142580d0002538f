"""The `railtable` command: each sub-command checks its input and hands over to a module of
railtable.sim (play, pool/summary/report, replay, bench) or to the server.

Bad input ends with a one-line `error: ...` on stderr and exit status 2; a command whose
work failed (a game crashed in simulate, a record did not replay) exits with status 1.
"""

from __future__ import annotations

import json
import random
import sys
from contextlib import contextmanager, redirect_stdout
from pathlib import Path
from typing import Iterator, Optional

import click
import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn,
                           TextColumn, TimeElapsedColumn, TimeRemainingColumn)
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

from railtable.engine.registry import games as all_games
from railtable.sim.args import (InputError, bot_specs, check_bot, check_lang, check_setup,
                                load_game, parse_options, seat_specs, split)

BAD_INPUT = 2
FAILED = 1

# Click's UsageError: recent Typer versions carry their own copy of Click, older ones use
# the click package; typer.BadParameter derives from whichever is in use.
USAGE_ERRORS = tuple({click.UsageError, *(c for c in typer.BadParameter.__mro__
                                          if c.__name__ == "UsageError")})


@contextmanager
def _usage_errors_on_one_line() -> Iterator[None]:
    try:
        yield
    except USAGE_ERRORS as e:
        if type(e).__name__ == "NoArgsIsHelpError":  # `railtable` alone shows the help
            raise
        typer.echo(f"error: {e.format_message()}", err=True)
        raise typer.Exit(BAD_INPUT) from None


# `--cluster` alone (last, or followed by another option) stands for this value: Ray on
# this machine. Typer has no option with an optional value, so the command line is
# completed before it is parsed.
LOCAL_CLUSTER = "local"


def _cluster_alone(args: list[str]) -> list[str]:
    out = []
    for i, a in enumerate(args):
        out.append(a)
        if a == "--cluster" and (i + 1 == len(args) or args[i + 1].startswith("-")):
            out.append(LOCAL_CLUSTER)
    return out


class OneLineErrors(TyperGroup):
    """Click's usage errors (a bad option value, a missing argument, an unknown option)
    as one `error:` line, like the commands' own checks."""

    def make_context(self, info_name, args, *rest, **kwargs):
        with _usage_errors_on_one_line():
            return super().make_context(info_name, _cluster_alone(list(args)), *rest, **kwargs)

    def invoke(self, ctx):
        with _usage_errors_on_one_line():
            return super().invoke(ctx)


app = typer.Typer(help="Railway board games: play, simulate, replay, benchmark, serve.",
                  no_args_is_help=True, add_completion=False, cls=OneLineErrors)
console = Console()
err_console = Console(stderr=True)


def fail(message: str, code: int = BAD_INPUT) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


@contextmanager
def user_errors() -> Iterator[None]:
    try:
        yield
    except InputError as e:
        fail(str(e))


@app.callback()
def main() -> None:
    """Railway board games: play, simulate, replay, benchmark, serve."""


@app.command()
def games() -> None:
    """List the games with their Russian and English titles and player counts."""
    table = Table(title="Railtable games")
    table.add_column("id")
    table.add_column("English")
    table.add_column("Русский")
    table.add_column("players", justify="right")
    table.add_column("kind")
    for g in all_games().values():
        table.add_row(g.id, g.title["en"], g.title["ru"], f"{g.min_players}-{g.max_players}",
                      "cooperative" if g.cooperative else "competitive")
    console.print(table)


# -- play ------------------------------------------------------------------------------

def _writable(path: Optional[Path], what: str) -> None:
    if path is not None and not path.resolve().parent.is_dir():
        fail(f"{what} {path}: folder {path.resolve().parent} does not exist")


@app.command()
def play(
    game_id: Optional[str] = typer.Argument(None, metavar="GAME",
                                            help="A game id (see `railtable games`); may be "
                                                 "left out with --resume."),
    seats: Optional[str] = typer.Option(None, "--seats", "-s",
                                        help="One entry per seat: human or a bot spec, e.g. "
                                             "human,heuristic,random. Several humans share "
                                             "the terminal."),
    lang: str = typer.Option("en", "--lang", "-l", help="ru or en."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed of the deal (default: random)."),
    options: Optional[str] = typer.Option(None, "--options", help="Game options as a JSON object."),
    save: Optional[Path] = typer.Option(None, "--save",
                                        help="Write the match record (JSON) here at the end or "
                                             "when you quit."),
    resume: Optional[Path] = typer.Option(None, "--resume",
                                          help="Continue the unfinished game of this record."),
) -> None:
    """Play in the terminal against bots or friends (hot seat). Type q to quit."""
    from railtable.sim.play import TerminalGame
    record = None
    with user_errors():
        check_lang(lang)
        if resume is not None:
            record = _resumable(resume, game_id, seed, options)
            game_id, seed = record.game, record.seed
            options = json.dumps(record.options)
            seats = seats or ",".join(record.seats)
        if game_id is None:
            raise InputError("name a GAME (see `railtable games`) or give --resume FILE")
        if seats is None:
            raise InputError("--seats is required, e.g. --seats human,random")
        game = load_game(game_id)
        opts = parse_options(game, options)
        specs = seat_specs(game, seats)
        check_setup(game, len(specs), opts)
        if record is not None and len(specs) != record.num_players:
            raise InputError(f"--seats lists {len(specs)} seats; the saved game has "
                             f"{record.num_players}")
    _writable(save, "--save")
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    console.print(f"seed {seed}", style="dim")
    tg = TerminalGame(game, specs, seed, opts, lang=lang, console=console,
                      ask=lambda prompt: console.input(escape(prompt)))
    try:
        played = tg.run(resume=record)
    except BaseException:
        # a bug in a game or a bot: keep the record so the game can be replayed
        if save is not None and tg.record is not None:
            tg.save(save)
        raise
    if save is not None:
        tg.save(save)
    elif not played.finished:
        console.print(tg.t["not_saved"], style="dim")


def _resumable(path: Path, game_id, seed, options):
    """The one unfinished record in `path`, checked to replay."""
    from railtable.engine.record import RecordError
    from railtable.engine.record import replay as replay_record
    from railtable.sim.replay import read_records
    items = read_records(path)
    if len(items) != 1 or items[0][1] is None:
        raise InputError(f"--resume needs a file with one record; {path} holds {len(items)}"
                         if len(items) != 1 else f"--resume {path}: {items[0][2]}")
    record = items[0][1]
    if game_id is not None and game_id != record.game:
        raise InputError(f"{path} is a game of {record.game}, not {game_id}")
    if seed is not None or options is not None:
        raise InputError("--seed and --options come from the saved game with --resume")
    load_game(record.game)
    try:
        state = replay_record(record)
    except RecordError as e:
        raise InputError(f"{path}: {e}") from None
    if state.is_terminal():
        raise InputError(f"{path}: this game is already finished (see railtable replay)")
    return record


# -- simulate --------------------------------------------------------------------------

class GamesPerSecond(ProgressColumn):
    def render(self, task) -> Text:
        return Text("" if task.speed is None else f"{task.speed:,.1f} games/s")


CLUSTER_HELP = ("Play the games on a Ray cluster (pip install 'railtable\\[ray]'). Alone: "
                "Ray on this machine (or the cluster RAY_ADDRESS names); ray://HOST:PORT: "
                "a cluster's client server, from anywhere; HOST:PORT: the cluster this "
                "machine is a node of. Same games as without it.")


def _cluster_option():
    return typer.Option(None, "--cluster", metavar="[ADDRESS]", help=CLUSTER_HELP)


@contextmanager
def _executor(cluster: Optional[str], jobs: Optional[int]) -> Iterator[object]:
    """None (local processes, as --jobs says) without --cluster; else a connected Ray
    cluster, closed at the end."""
    if cluster is None:
        yield None
        return
    if jobs is not None:
        fail("--jobs and --cluster exclude each other (the cluster's CPUs are its workers)")
    from railtable.sim.cluster import ClusterError, RayCluster
    try:
        executor = RayCluster(None if cluster == LOCAL_CLUSTER else cluster).connect()
    except ClusterError as e:
        fail(str(e))
    # Ray prints its messages (a worker lost, a worker's own output) on stdout, which
    # belongs to --json: they go to stderr until the connection is closed.
    with redirect_stdout(sys.stderr):
        try:
            yield executor
        finally:
            executor.close()


def _progress() -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    GamesPerSecond(), TimeElapsedColumn(), TextColumn("eta"),
                    TimeRemainingColumn(), console=err_console)


@app.command()
def simulate(
    game_id: str = typer.Argument(..., metavar="GAME"),
    players: Optional[int] = typer.Option(
        None, "--players", "-p",
        help="Number of seats (default: the number of --bots specs, or the game's minimum)."),
    n: int = typer.Option(100, "-n", "--games", help="Number of games.", min=1),
    seed: int = typer.Option(1, "--seed", help="Game i uses seed SEED+i."),
    bots: str = typer.Option("random", "--bots", "-b",
                             help="One bot spec per seat, or one spec for every seat."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1,
                                       help="Worker processes (default: the cores; 1 runs "
                                            "in this process)."),
    options: Optional[str] = typer.Option(None, "--options", help="Game options as JSON."),
    out: Optional[Path] = typer.Option(None, "--out", help="Write one JSON line per game."),
    records: bool = typer.Option(False, "--records",
                                 help="With --out: add each game's full record."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
    plot: Optional[Path] = typer.Option(
        None, "--plot", help="Simulate every difficulty level of the game and draw the win "
                             "rate per level (PNG)."),
    cluster: Optional[str] = _cluster_option(),
) -> None:
    """Play many games between bots and summarise them."""
    from railtable.sim.pool import default_jobs
    from railtable.sim.report import print_levels, print_summary
    from railtable.sim.simulate import simulate as run_simulation

    with user_errors():
        game = load_game(game_id)
        opts = parse_options(game, options)
        if players is None:
            k = len(split(bots, "--bots"))
            players = k if k > 1 else game.min_players
        specs = bot_specs(game, bots, players)
        base = game.options_to_json(opts)
        levels = [("", base)]
        if plot is not None:
            if not game.difficulty_levels():
                raise InputError(f"{game.id} defines no difficulty levels, so --plot has "
                                 f"nothing to draw")
            # a level's options are laid over --options; each must be valid
            levels = [(label, game.options_to_json(parse_options(
                game, json.dumps(dict(base, **level_opts)))))
                for label, level_opts in game.difficulty_levels()]
        for _, level_opts in levels:
            check_setup(game, players, level_opts)
    if records and out is None:
        fail("--records needs --out FILE.jsonl")
    _writable(out, "--out")
    _writable(plot, "--plot")
    with _executor(cluster, jobs) as executor:
        jobs = min(jobs or default_jobs(), n)
        try:
            sink = out.open("w", encoding="utf-8") if out is not None else None
        except OSError as e:
            fail(f"cannot write {out}: {e.strerror or e}")

        try:
            with _progress() as progress:
                runs, interrupted = run_simulation(
                    game, players, specs, seed, n, levels, jobs=jobs, sink=sink,
                    keep_record=records, tag_level=plot is not None, progress=progress,
                    executor=executor)
        finally:
            if sink is not None:
                sink.close()

    failed = any(r.summary["errors"] for r in runs)
    if plot is None:
        summary = runs[0].summary
        if as_json:
            typer.echo(json.dumps(summary, ensure_ascii=False, indent=2))
        else:
            print_summary(summary, console)
    else:
        from railtable.sim.plot import draw_curve, level_row
        rows = [level_row(r.label, r.options, r.summary) for r in runs]
        what = "team win rate" if game.cooperative else f"win rate of seat 0 ({specs[0]})"
        title = f"{game.title.get('en', game.id)}: {what}"
        if as_json:
            typer.echo(json.dumps({"game": game.id, "measure": what, "levels": rows},
                                  ensure_ascii=False, indent=2))
        else:
            print_levels(rows, console, title)
            for r in runs:
                if r.summary["errors"]:
                    print_summary(r.summary, console, f"{game.id} {r.label}: failed games")
        try:
            draw_curve(rows, plot, title, f"{what} (%)")
        except RuntimeError as e:
            fail(str(e), FAILED)
        err_console.print(f"difficulty curve written to {escape(str(plot))}")
    if interrupted:
        last = runs[-1].summary
        total = last["games"] + len(last["errors"])
        err_console.print(f"interrupted: the summary covers the first {total} games in seed "
                          f"order (seeds {seed}-{seed + total - 1})")
        raise typer.Exit(130)
    if failed:
        raise typer.Exit(FAILED)


# -- arena -----------------------------------------------------------------------------

ARENA_HELP = (
    "Rate bots: games with the seats rotated, Bradley-Terry ratings with 95% intervals. "
    "A cooperative game (all seats win or lose together) is played by teams instead: each "
    "bot takes every seat of a game, every team plays the same deals, and the report gives "
    "each team's win rate and the paired difference between every two teams, with 95% "
    "intervals.")


@app.command(help=ARENA_HELP, short_help="Rate bots: seats rotated, or in a cooperative "
             "game teams on the same deals; 95% intervals.")
def arena(
    game_id: str = typer.Argument(..., metavar="GAME"),
    bots: str = typer.Option(..., "--bots", "-b",
                             help="The bots to rate, comma-separated, e.g. "
                                  "'mcts(ms=1000),heuristic'; repeated to fill the seats "
                                  "(in a cooperative game: the teams, each one bot in "
                                  "every seat)."),
    players: Optional[int] = typer.Option(
        None, "--players", "-p", help="Seats per game (default: the number of --bots)."),
    n: int = typer.Option(400, "-n", "--games", min=1,
                          help="Number of games (in a cooperative game: of deals, each "
                               "played by every team)."),
    seed: int = typer.Option(1, "--seed", help="Game i uses seed SEED+i (in a cooperative "
                                                "game, deal i does)."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1,
                                       help="Worker processes (default: the cores)."),
    options: Optional[str] = typer.Option(None, "--options", help="Game options as JSON."),
    as_json: bool = typer.Option(False, "--json", help="Print the ratings as JSON."),
    log: Optional[Path] = typer.Option(
        None, "--log", help="Keep each finished game in this JSON-lines file; run again "
                            "with it to resume a run cut short or extend it with a larger -n."),
    cluster: Optional[str] = _cluster_option(),
) -> None:
    from railtable.sim.arena import ArenaLogError, arena_games, log_header, read_log, run_arena
    from railtable.sim.pool import default_jobs
    from railtable.sim.report import print_arena

    with user_errors():
        game = load_game(game_id)
        opts = parse_options(game, options)
        specs = split(bots, "--bots")
        players = players or max(len(specs), game.min_players)
        specs = _arena_specs(game, specs, players)
        if len(set(specs)) < 2:
            raise InputError("an arena needs at least two different bots")
        check_setup(game, players, opts)
        if log is not None:  # a log of another run is refused before any game is played
            try:
                read_log(log, log_header(game, players, specs, seed, opts))
            except (ArenaLogError, OSError, UnicodeDecodeError) as e:
                raise InputError(str(e)) from None
    total = arena_games(game, specs, n)
    with _executor(cluster, jobs) as executor, _progress() as progress, user_errors():
        jobs = min(jobs or default_jobs(), total)
        task = progress.add_task(f"{game.id} arena", total=total)
        try:
            report = run_arena(game, players, specs, seed, n, opts, jobs=jobs,
                               on_done=lambda k: progress.advance(task, k), log=log,
                               on_resume=lambda k: progress.advance(task, k),
                               executor=executor)
        except (ArenaLogError, OSError) as e:
            raise InputError(str(e)) from None
    if as_json:
        typer.echo(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        print_arena(report, console)
    if report["errors"]:
        raise typer.Exit(FAILED)


def _arena_specs(game, specs: list[str], players: int) -> list[str]:
    """The arena's specs in canonical form, each checked in the seats it will take."""
    from railtable.sim.arena import lineup

    if game.cooperative:  # teams: any number of them, each one bot in every seat
        return [bot_specs(game, s, players)[0] for s in specs]
    if len(specs) > players:
        raise InputError(f"--bots lists {len(specs)} bots for {players} seats")
    return bot_specs(game, ",".join(lineup(specs, players)), players)[:len(specs)]


# -- replay ----------------------------------------------------------------------------

@app.command()
def replay(
    file: Path = typer.Argument(..., metavar="FILE",
                                help="A .json record or a .jsonl file from simulate --records."),
    log: bool = typer.Option(False, "--log", help="Print the game log."),
    lang: str = typer.Option("en", "--lang", "-l", help="ru or en (for --log)."),
    index: Optional[int] = typer.Option(None, "--index", "-k",
                                        help="Only the record with this index (from 0)."),
) -> None:
    """Re-execute match records and check they reach the result they carry."""
    from railtable.sim.replay import check_record, read_records
    with user_errors():
        check_lang(lang)
        items = read_records(file)
        if index is not None:
            if not 0 <= index < len(items):
                raise InputError(f"--index {index}: {file} holds records 0-{len(items) - 1}")
            items = [items[index]]
    ok = bad = 0
    for k, record, problem in items:
        if record is None:
            bad += 1
            console.print(f"[red]FAIL[/red] #{k}: {escape(problem)}")
            continue
        checked = check_record(record, log=log, lang=lang)
        if log:
            console.rule(escape(f"#{k} {record.game} seed {record.seed}"))
            for line in checked.log:
                console.print(line, markup=False, highlight=False)
        tag = "[green]OK[/green]  " if checked.ok else "[red]FAIL[/red]"
        console.print(f"{tag} #{k} {escape(record.game)} seed {record.seed}: "
                      f"{escape(checked.message)}")
        ok += checked.ok
        bad += not checked.ok
    console.print(f"{ok} OK, {bad} failed")
    if bad:
        raise typer.Exit(FAILED)


# -- bench -----------------------------------------------------------------------------

@app.command()
def bench(
    game_id: Optional[str] = typer.Argument(None, metavar="[GAME]",
                                            help="The game (with --compare: every game "
                                                 "when left out)."),
    players: Optional[int] = typer.Option(None, "--players", "-p",
                                          help="Seats (default: the game's minimum; with "
                                               "--compare, 3 where the game allows)."),
    seconds: float = typer.Option(3.0, "--seconds", min=0.01, help="Seconds per figure."),
    seed: int = typer.Option(1, "--seed"),
    options: Optional[str] = typer.Option(None, "--options", help="Game options as JSON."),
    as_json: bool = typer.Option(False, "--json", help="Print the figures as JSON."),
    rl: bool = typer.Option(False, "--rl", help="Also measure the RL environment: steps/s "
                                                "with observation encoding and action masks "
                                                "(needs the rl extra)."),
    compare: bool = typer.Option(False, "--compare", help="Measure the pure-Python and the "
                                 "compiled build, one process each, and set them side by "
                                 "side (games/s, decisions/s, clones/s, MCTS playouts/s)."),
    rounds: int = typer.Option(3, "--rounds", min=1, max=20,
                               help="With --compare: how many times each build is measured, "
                                    "in alternating order; each figure is its best round."),
) -> None:
    """Measure one process: random playouts, clones and determinizations per second."""
    from railtable.sim.bench import run_bench
    if compare:
        _bench_compare(game_id, players, seconds, seed, options, as_json, rounds)
        return
    if game_id is None:
        fail("name a GAME (or measure every game with --compare)")
    with user_errors():
        game = load_game(game_id)
        opts = parse_options(game, options)
        players = players or game.min_players
        check_setup(game, players, opts)
    with err_console.status("measuring") as status:
        try:
            figures = run_bench(game, players, seed=seed, seconds=seconds, options=opts,
                                on_stage=lambda s: status.update(f"measuring: {s}"), rl=rl)
        except RuntimeError as e:
            fail(str(e))
    if as_json:
        typer.echo(json.dumps(figures, indent=2))
        return
    t = Table(title=escape(f"{game.id}, {players} players, one process"))
    t.add_column("figure")
    t.add_column("value", justify="right")

    def rate(x) -> str:
        return "not implemented" if x is None else f"{x:,.0f}/s"

    t.add_row("random playouts", f"{figures['games_per_s']:,.1f} games/s")
    t.add_row("decisions", rate(figures["decisions_per_s"]))
    t.add_row("decisions per game (mean)", f"{figures['decisions_per_game']:.1f}")
    t.add_row("legal actions per decision (mean)",
              f"{figures['legal_actions_per_decision']:.1f}")
    t.add_row("clones of mid-game states", rate(figures["clones_per_s"]))
    t.add_row("determinizations (current player)", rate(figures["determinizations_per_s"]))
    if rl:
        t.add_row("RL environment steps (encoding and masks)",
                  f"{rate(figures['rl_steps_per_s'])} "
                  f"({figures['rl_vs_raw']:.2f} of the decisions)")
        t.add_row("RL observation size", f"{figures['rl_observation_size']:,} float32")
    console.print(t)
    console.print(f"{seconds:g} s per figure; {figures['implementation']} "
                  f"{figures['python']}; {figures['cores']} cores on this machine", style="dim")


def _bench_compare(game_id: Optional[str], players: Optional[int], seconds: float, seed: int,
                   options: Optional[str], as_json: bool, rounds: int) -> None:
    from railtable import build
    from railtable.sim.bench import COMPARED
    from railtable.sim.bench import compare as run_compare
    if options is not None:
        fail("--compare measures each game with its default options (leave out --options)")
    with user_errors():
        chosen = [load_game(game_id)] if game_id else list(all_games().values())
        seats = {}
        for g in chosen:
            n = players or min(max(3, g.min_players), g.max_players)
            check_setup(g, n, g.parse_options(None))
            seats[g.id] = n
    if not build.compiled_installed():
        err_console.print("[yellow]No compiled modules are installed (pip install on a "
                          "machine with a C compiler builds them): both columns measure the "
                          "pure-Python build.[/yellow]")
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=err_console) as progress:
        task = progress.add_task("measuring", total=2 * rounds * len(chosen))

        def step(what: str) -> None:
            if progress.tasks[task].description != "measuring":
                progress.advance(task)
            progress.update(task, description=f"measuring {what}")

        try:
            rows = run_compare([g.id for g in chosen], seats, seed=seed, seconds=seconds,
                               rounds=rounds, on_step=step)
        except RuntimeError as e:
            fail(str(e))
        progress.advance(task)
    if as_json:
        typer.echo(json.dumps(rows, indent=2))
        return
    t = Table(title="pure-Python and compiled builds, one process each, best of "
                    f"{rounds} round{'s' if rounds > 1 else ''} (wall-clock; CPU time in "
                    "brackets)")
    for col, justify in (("game", "left"), ("figure", "left"), ("pure", "right"),
                         ("compiled", "right"), ("compiled / pure", "right")):
        t.add_column(col, justify=justify)
    for row in rows:
        for k, (key, label) in enumerate(COMPARED):
            cpu_key = key.replace("_per_s", "_per_cpu_s")
            pure, comp = row["pure"].get(key), row["compiled"].get(key)
            pure_cpu, comp_cpu = row["pure"].get(cpu_key), row["compiled"].get(cpu_key)

            def cell(x, c) -> str:
                return "—" if x is None else f"{x:,.0f} ({c:,.0f})"

            ratio = "—" if not pure or comp is None else \
                f"{comp / pure:.2f} ({comp_cpu / pure_cpu:.2f})"
            name = f"{row['game']}, {row['players']} players" if k == 0 else ""
            t.add_row(name, label, cell(pure, pure_cpu), cell(comp, comp_cpu), ratio,
                      end_section=k == len(COMPARED) - 1)
    console.print(t)
    compiled = rows[0]["compiled"]["compiled_modules"] if rows else []
    console.print(f"{seconds:g} s per figure; MCTS: the game's search bot, playouts per "
                  f"second (= per decision at one second a move); compiled modules loaded: "
                  f"{len(compiled)}", style="dim")


# -- train -----------------------------------------------------------------------------

@app.command()
def train(
    game_id: str = typer.Argument(..., metavar="GAME"),
    out: Path = typer.Option(..., "--out", "-o", help="The policy file to write (.npz); it is "
                             "rewritten after every update, so an interrupted run keeps one."),
    players: Optional[int] = typer.Option(None, "--players", "-p",
                                          help="Seats (default: the game's minimum)."),
    opponent: list[str] = typer.Option(["random"], "--opponent", help="Bot spec of the other "
                                       "seats while training; repeat to mix (one per game)."),
    minutes: float = typer.Option(20.0, "--minutes", min=0.01,
                                  help="Training time, evaluations left out."),
    updates: Optional[int] = typer.Option(None, "--updates", min=0,
                                          help="Stop sooner, after so many updates."),
    reward: str = typer.Option("score_diff", "--reward", help="win or score_diff."),
    eval_games: int = typer.Option(100, "--eval-games", min=1,
                                   help="Games per opponent at each point of the curve."),
    final_games: int = typer.Option(400, "--final-games", min=1,
                                    help="Games per opponent at the end, seats rotated."),
    plot: Optional[Path] = typer.Option(None, "--plot", help="Draw the learning curve (PNG)."),
    seed: int = typer.Option(0, "--seed"),
    options: Optional[str] = typer.Option(None, "--options", help="Game options as JSON."),
    as_json: bool = typer.Option(False, "--json", help="Print the figures as JSON."),
) -> None:
    """Train a policy for one seat (PPO with action masks; needs the train extra).

    Seat it anywhere afterwards as the bot policy(path=FILE)."""
    with user_errors():
        game = load_game(game_id)
        opts = parse_options(game, options)
        players = players or game.min_players
        check_setup(game, players, opts)
        opponent = [check_bot(game, spec, 1) for spec in opponent]
        if reward not in ("win", "score_diff"):
            raise InputError(f"--reward is win or score_diff, not {reward!r}")
    _writable(out, "policy file")
    _writable(plot, "plot")
    try:
        from railtable.rl.train import TrainConfig, plot_curve, train as run_train
        import torch  # noqa: F401
    except ImportError as e:
        fail(f"training needs the train extra (pip install 'railtable[train]'): {e}")
    cfg = TrainConfig(game=game.id, num_players=players,
                      options=game.options_to_json(opts), opponents=tuple(opponent),
                      minutes=minutes, max_updates=updates, reward=reward,
                      eval_games=eval_games, final_games=final_games, seed=seed)
    with _progress() as bar:
        task = bar.add_task(f"training {game.id}", total=1000)

        def progress(frac, r) -> None:
            last = r.curve[-1][2] if r.curve else {}
            rates = " ".join(f"{o} {w:.0%}" for o, w in last.items())
            bar.update(task, completed=int(frac * 1000),
                       description=f"training {game.id}: {r.episodes:,} games, {rates}")
        result = run_train(cfg, out, progress=progress)
        bar.update(task, completed=1000)
    if plot is not None:
        plot_curve(result, plot)
    if as_json:
        from dataclasses import asdict
        typer.echo(json.dumps(asdict(result), indent=2))
        return
    t = Table(title=escape(f"{game.id}, {players} players: {out}"))
    t.add_column("against")
    t.add_column("games", justify="right")
    t.add_column("win rate", justify="right")
    t.add_column("95% interval", justify="right")
    for f in result.final.values():
        t.add_row(f["opponent"], str(f["games"]), f"{f['win_rate']:.1%}",
                  f"{f['interval'][0]:.1%} - {f['interval'][1]:.1%}")
    console.print(t)
    console.print(f"{result.updates} updates, {result.episodes:,} games, "
                  f"{result.decisions:,} decisions in {result.seconds / 60:.1f} min of training;"
                  f" seat it with policy(path={out})", style="dim")


# -- balance ---------------------------------------------------------------------------

@app.command()
def balance(
    game_id: str = typer.Argument(..., metavar="GAME"),
    players: Optional[str] = typer.Option(
        None, "--players", "-p", help="Player counts: 2,4 or 2-6 (default: every count)."),
    n: int = typer.Option(200, "-n", "--games", min=1, help="Games per player count."),
    seed: int = typer.Option(1, "--seed", help="Game i uses seed SEED+i at every count."),
    bot: str = typer.Option("random", "--bot", "-b", help="The bot spec of every seat."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1,
                                       help="Worker processes (default: the cores)."),
    options: Optional[str] = typer.Option(None, "--options", help="Game options as JSON."),
    plot: Optional[Path] = typer.Option(None, "--plot", help="Draw the seats' win rates "
                                                              "(PNG)."),
    as_json: bool = typer.Option(False, "--json", help="Print the figures as JSON."),
) -> None:
    """Seat balance: each seat's win rate per player count, against the fair share 1/n.

    The same bot plays every seat; each rate comes with its 95% interval."""
    from railtable.sim.balance import draw_balance, players_list, print_balance, seat_balance
    from railtable.sim.pool import default_jobs

    with user_errors():
        game = load_game(game_id)
        opts = parse_options(game, options)
        if len(split(bot, "--bot")) != 1:
            raise InputError("--bot takes one bot spec: the same bot plays every seat")
        try:
            counts = players_list(game, players)
        except ValueError as e:
            raise InputError(str(e)) from None
        for k in counts:
            check_setup(game, k, opts)
        spec = bot_specs(game, bot, counts[0])[0]
    _writable(plot, "--plot")
    with _progress() as progress:
        rows, interrupted = seat_balance(game, counts, spec, seed, n, game.options_to_json(opts),
                                         jobs=jobs or default_jobs(), progress=progress)
    title = f"{game.title.get('en', game.id)}: seats' win rates ({spec} in every seat)"
    if as_json:
        typer.echo(json.dumps({"game": game.id, "bot": spec, "seed": seed, "rows": rows},
                              ensure_ascii=False, indent=2))
    else:
        print_balance(rows, console, title)
    if plot is not None:
        try:
            draw_balance(rows, plot, title)
        except RuntimeError as e:
            fail(str(e), FAILED)
        err_console.print(f"seat balance written to {escape(str(plot))}")
    if interrupted:
        raise typer.Exit(130)
    if any(r["errors"] for r in rows):
        raise typer.Exit(FAILED)


# -- server ----------------------------------------------------------------------------

def _server_function(module: str, name: str):
    import importlib
    try:
        return getattr(importlib.import_module(module), name)
    except ImportError as e:
        fail(f"{module} is not available ({e}); is the server installed?", FAILED)
    except AttributeError:
        fail(f"{module} has no {name}(); is the server installed?", FAILED)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host"),
    port: int = typer.Option(8000, "--port", min=1, max=65535),
    db: Optional[str] = typer.Option(None, "--db", envvar="RAILTABLE_DB",
                                     help="An SQLAlchemy URL (default: a SQLite file in your "
                                          "user data folder)."),
    idle_minutes: float = typer.Option(
        10.0, "--idle-minutes", min=0,
        help="A table nobody uses leaves memory after so many minutes and is rebuilt from "
             "the database when someone comes back (0: never)."),
    workers: int = typer.Option(
        1, "--workers", min=1, max=256,
        help="Worker processes sharing this socket. More than one needs --broker and a "
             "PostgreSQL --db (the drivers are the extra cluster); see docs/deploy.md."),
    broker: Optional[str] = typer.Option(
        None, "--broker", envvar="RAILTABLE_BROKER",
        help="A Redis URL (redis://HOST:6379/0) that joins this server's workers, and any "
             "other server on the same --db, into one site."),
    bot_delay: float = typer.Option(0.6, "--bot-delay", min=0, max=60,
                                    help="Seconds a bot waits before it acts."),
    lease_seconds: float = typer.Option(
        10.0, "--lease-seconds", min=0.5, max=600,
        help="With a broker: a worker's hold on a table's bots; a dead worker's bots move "
             "again after about this long."),
    check_seconds: float = typer.Option(
        2.0, "--check-seconds", min=0.1, max=600,
        help="With a broker: how often a worker compares its tables with the database "
             "(heals news lost while Redis was away)."),
    open_hours: float = typer.Option(
        24.0, "--open-hours", min=0,
        help="A table whose seats are not all taken within so many hours expires (0: never)."),
    sweep_seconds: float = typer.Option(
        1.0, "--sweep-seconds", min=0.05, max=600,
        help="How often a worker looks for turns whose clock ran out."),
    bot_workers: int = typer.Option(2, "--bot-workers", min=1, max=256,
                                    envvar="RAILTABLE_BOT_WORKERS",
                                    help="Bot processes of each worker, shared by its tables."),
    bot_max_ms: int = typer.Option(5000, "--bot-max-ms", min=1, envvar="RAILTABLE_BOT_MAX_MS",
                                   help="The most thinking time a client's bot may ask for "
                                        "(milliseconds a move)."),
    bot_max_iterations: int = typer.Option(
        100_000, "--bot-max-iterations", min=1, envvar="RAILTABLE_BOT_MAX_ITERATIONS",
        help="The most search iterations a move a client's bot may ask for."),
    bot_max_steps: int = typer.Option(
        10_000_000, "--bot-max-steps", min=1, envvar="RAILTABLE_BOT_MAX_STEPS",
        help="The most decisions a search may simulate a move."),
    bot_max_jobs: int = typer.Option(
        1, "--bot-max-jobs", min=1, max=64, envvar="RAILTABLE_BOT_MAX_JOBS",
        help="The most search processes one bot may ask for (mcts jobs=N)."),
    rate_tables: str = typer.Option(
        "10/minute", "--rate-tables", envvar="RAILTABLE_RATE_TABLES",
        help="Tables one client address may create, e.g. 10/minute;100/day (none: no limit); "
             "invitations it accepts and tables it cancels are counted apart at this rate."),
    rate_messages: str = typer.Option(
        "20/second;600/minute", "--rate-messages", envvar="RAILTABLE_RATE_MESSAGES",
        help="WebSocket messages one connection may send (none: no limit)."),
    rate_signin: str = typer.Option(
        "10/minute;100/day", "--rate-signin", envvar="RAILTABLE_RATE_SIGNIN",
        help="Sign-in attempts per client address and per user name; sign-ups per address "
             "are counted apart at this rate (none: no limit)."),
    rate_chat: str = typer.Option(
        "5/10seconds;120/hour", "--rate-chat", envvar="RAILTABLE_RATE_CHAT",
        help="Chat messages per seat of a table (a spectator: per account or client "
             "address) (none: no limit)."),
) -> None:
    """Start the web app (lobby, tables, replays)."""
    run = _server_function("railtable.server", "run")
    # checked by run() (railtable.server.limits.Limits), which names a bad one
    limits = {"bot_ms": bot_max_ms, "bot_iterations": bot_max_iterations,
              "bot_steps": bot_max_steps, "bot_jobs": bot_max_jobs,
              "create_rate": rate_tables, "message_rate": rate_messages,
              "signin_rate": rate_signin, "chat_rate": rate_chat}
    try:
        run(host=host, port=port, db=db, idle_minutes=idle_minutes, workers=workers,
            broker=broker, bot_delay=bot_delay, lease_seconds=lease_seconds,
            check_seconds=check_seconds, bot_workers=bot_workers, limits=limits,
            open_hours=open_hours, sweep_seconds=sweep_seconds)
    except ValueError as e:  # cluster.SetupError (a setup that cannot work), or bad limits
        fail(str(e))


@app.command()
def loadtest(
    tables: int = typer.Option(200, "--tables", min=1),
    seats: int = typer.Option(4, "--seats", min=1),
    seconds: float = typer.Option(20.0, "--seconds", min=0.1),
    game: Optional[str] = typer.Option(None, "--game",
                                       help="A game id (default: the first installed game)."),
    url: Optional[str] = typer.Option(None, "--url", help="A running server (default: start "
                                                          "one)."),
    rate: Optional[float] = typer.Option(
        None, "--rate", min=0.1, max=100_000,
        help="Moves per second offered in total (default: every seat answers at once, "
             "which saturates the server and measures its throughput)."),
    db: Optional[str] = typer.Option(None, "--db", help="The started server's database "
                                                        "(default: a temporary SQLite file)."),
    broker: Optional[str] = typer.Option(None, "--broker",
                                         help="The started server's Redis broker."),
    workers: int = typer.Option(1, "--workers", min=1, max=64,
                                help="The started server's worker processes (more than one "
                                     "needs --db postgresql+psycopg://... and --broker)."),
    whole_views: bool = typer.Option(False, "--whole-views",
                                     help="Players do not ask for patches: a whole view at "
                                          "every move (default: patches, as the table page)."),
    deflate: bool = typer.Option(False, "--deflate",
                                 help="Players offer permessage-deflate, as browsers do: the "
                                      "server compresses what it sends."),
) -> None:
    """Many bot tables at once against a server: throughput and latency."""
    if game is None:
        installed = list(all_games())
        if not installed:
            fail("no game is installed")
        game = installed[0]
    else:
        with user_errors():
            load_game(game)
    run = _server_function("railtable.server.loadtest", "run")
    kwargs = {} if rate is None else {"rate": rate}
    if whole_views:
        kwargs["patches"] = False
    if deflate:
        kwargs["deflate"] = True
    if db or broker or workers != 1:
        kwargs.update(db=db, broker=broker, workers=workers)
    try:
        run(tables=tables, seats=seats, seconds=seconds, game=game, url=url, **kwargs)
    except ValueError as e:
        fail(str(e))



@app.command()
def traffic(
    game_ids: Optional[list[str]] = typer.Argument(None, metavar="[GAME]...",
                                                   help="Game ids (default: every game)."),
    players: Optional[int] = typer.Option(None, "--players", "-p",
                                          help="Seats (default: 3, or the nearest the game "
                                               "allows)."),
    games_: int = typer.Option(3, "--games", "-n", min=1, max=50,
                               help="Games per figure (seeds --seed, --seed+1, ...)."),
    seed: int = typer.Option(0, "--seed"),
    as_json: bool = typer.Option(False, "--json", help="Print the figures as JSON."),
) -> None:
    """Bytes a seat receives over its WebSocket in a whole game of heuristic bots.

    The games are played through the server's own code (docs/performance.md)."""
    measure = _server_function("railtable.server.traffic", "measure")
    with user_errors():
        ids = game_ids or list(all_games())
        for g in ids:
            load_game(g)
    out = []
    for g in ids:
        with err_console.status(f"playing {g}"):
            try:
                out.append(measure(g, players, games_, seed))
            except ValueError as e:
                fail(str(e))
    if as_json:
        typer.echo(json.dumps(out, indent=2))
        return
    t = Table(title=f"kB a seat receives in a game (English; mean of {games_} games)")
    for col in ("game", "seats", "moves", "views", "patches", "ratio", "spectator",
                "deflated"):
        t.add_column(col, justify="left" if col == "game" else "right")
    for r in out:
        by = r["by"]
        views, patches = by["views/seat/en"], by["patches/seat/en"]
        t.add_row(r["game"], str(r["players"]), f"{r['moves']:.0f}",
                  f"{views['bytes'] / 1000:,.1f}", f"{patches['bytes'] / 1000:,.1f}",
                  f"{views['bytes'] / patches['bytes']:.1f}x",
                  f"{by['patches/spectator/en']['bytes'] / 1000:,.1f}",
                  f"{patches['deflate'] / 1000:,.1f}")
    console.print(t)
    console.print("views: a whole view at every move (a client that does not ask for "
                  "patches); patches: what the table page gets; deflated: the patches as "
                  "permessage-deflate would send them; --json for Russian and more.")

if __name__ == "__main__":
    app()
