"""Simulate a batch of games (or one batch per difficulty level): stream each outcome to
an optional JSON-lines sink, summarise, and stop cleanly on Ctrl-C."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import IO

from rich.markup import escape
from rich.progress import Progress

from railtable.engine.game import Game
from railtable.sim.pool import Executor, batch_for, run_games
from railtable.sim.summary import summarise


@dataclass
class Run:
    label: str  # the difficulty level ("" for a plain simulation)
    options: dict  # the game's options in JSON form
    summary: dict


def simulate(game: Game, players: int, bots: list[str], seed: int, games: int,
             levels: list[tuple[str, dict]], *, jobs: int = 1, sink: IO[str] | None = None,
             keep_record: bool = False, tag_level: bool = False,
             progress: Progress | None = None,
             executor: Executor | None = None) -> tuple[list[Run], bool]:
    """Play `games` games for each (label, options) of `levels`, in order.

    Each outcome is written to `sink` as one JSON line as soon as it is in seed order
    (with its "level" when tag_level). The games are played in this process, in `jobs`
    worker processes, or by `executor` (a Ray cluster) when given. Returns the runs and whether Ctrl-C cut them short
    (the last run then summarises the games that finished).
    """
    runs: list[Run] = []
    for label, options in levels:
        batch = batch_for(game, players, bots, seed, games, options, keep_record=keep_record)
        task = None
        if progress is not None:
            task = progress.add_task(escape(f"{game.id} {label}".strip()), total=games)

        def advance(k: int, task=task) -> None:
            if progress is not None:
                progress.advance(task, k)

        done: list[dict] = []
        interrupted = False
        start = time.perf_counter()
        try:
            for o in run_games(batch, jobs, on_done=advance, executor=executor):
                if sink is not None:
                    line = dict(o, level=label) if tag_level else o
                    sink.write(json.dumps(line, ensure_ascii=False) + "\n")
                o.pop("record", None)
                done.append(o)
        except KeyboardInterrupt:
            interrupted = True
        summary = summarise(done, game=game.id, num_players=players, seats=bots,
                            cooperative=game.cooperative,
                            seconds=time.perf_counter() - start)
        if interrupted:
            summary["interrupted"] = True
        runs.append(Run(label, batch.options, summary))
        if interrupted:
            return runs, True
    return runs, False
