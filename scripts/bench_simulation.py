"""Simulation throughput: `railtable simulate` in one process, with --jobs 2, and on a local
Ray cluster of two worker processes (a head and a second node, one CPU each).

    .venv/bin/python scripts/bench_simulation.py colt_express:4:random:4000 \
        ticket_to_ride:3:heuristic:300

Each argument is GAME:PLAYERS:BOTS:GAMES. Prints one Markdown row per game and way of
running it: the summary's games/s (from the first game to the last; connecting to Ray is
left out, starting a local pool is in) and the command's wall time. The three runs of a
game must write the same --out file, or the script fails. A benchmark, not a test: the
figures depend on the machine's load, printed with them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ray.cluster_utils import Cluster

RAILTABLE = str(Path(sys.executable).with_name("railtable"))
NODE = {"num_cpus": 1, "object_store_memory": 200 * 2**20}


def simulate(game: str, players: str, bots: str, games: str, out: Path,
             how: list[str]) -> tuple[float, float]:
    start = time.perf_counter()
    done = subprocess.run([RAILTABLE, "simulate", game, "-p", players, "--bots", bots,
                           "-n", games, "--seed", "1", "--json", "--out", str(out), *how],
                          check=True, capture_output=True, text=True)
    wall = time.perf_counter() - start
    return json.loads(done.stdout)["games_per_s"], wall


def main(specs: list[str]) -> None:
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    cluster = Cluster(initialize_head=True, head_node_args=dict(NODE, include_dashboard=False))
    try:
        cluster.add_node(**NODE)
        cluster.wait_for_nodes()
        print(f"load average before: {os.getloadavg()}; {os.cpu_count()} cores")
        print("| game | players | bots | games | run | games/s | wall time |")
        print("|---|---|---|---|---|---|---|")
        with tempfile.TemporaryDirectory() as folder:
            for spec in specs:
                game, players, bots, games = spec.split(":")
                outputs = []
                for name, how in [("1 process", ["--jobs", "1"]),
                                  ("--jobs 2", ["--jobs", "2"]),
                                  ("Ray, 2 worker processes", ["--cluster", cluster.address])]:
                    out = Path(folder) / f"{len(outputs)}.jsonl"
                    rate, wall = simulate(game, players, bots, games, out, how)
                    outputs.append(out.read_bytes())
                    print(f"| {game} | {players} | {bots} | {games} | {name} | {rate:,.1f} "
                          f"| {wall:.1f} s |", flush=True)
                if len(set(outputs)) != 1:
                    sys.exit(f"{spec}: the runs wrote different games")
        print(f"load average after: {os.getloadavg()}")
    finally:
        cluster.shutdown()


if __name__ == "__main__":
    main(sys.argv[1:])
