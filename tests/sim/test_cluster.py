"""Simulations and arenas on a real local Ray cluster (a head and a second worker node, one
CPU each) give the same games, files and reports as local runs with the same seed, and
survive the loss of a worker.

The cluster is started once for the module and shut down at its end, and no process of
it may be left behind. These tests need the `ray` extra, which scripts/test installs.
"""

from __future__ import annotations

import json
import os
import socket
import time
from pathlib import Path

import pytest

try:
    import ray
    from ray.cluster_utils import Cluster
except ImportError:
    pytest.fail("the Ray tests need the ray extra: pip install -e '.[test,ray]' "
                "(bash scripts/test installs it)", pytrace=False)

import tests.sim.toys as toys
from railtable.sim.cluster import RayCluster
from railtable.sim.pool import batch_for, run_games
from tests.cli.helpers import assert_bad_input, read_jsonl, run

# xdist sends every test of this group to the same worker: one cluster, not one each.
pytestmark = pytest.mark.xdist_group("ray")

ROOT = Path(__file__).resolve().parents[2]
NODE = {"num_cpus": 1, "object_store_memory": 100 * 2**20}
# Set for the cluster's processes only: they inherit it from this process, which is how
# they are told apart from any other Ray on the machine (and are found if left behind).
TAG = "RAILTABLE_TEST_RAY_CLUSTER"


RAY_MARKS = (b"ray::", b"raylet", b"gcs_server", b"site-packages/ray/")


def processes_tagged(value: str) -> list[int]:
    """Ray's processes (by their command line) whose environment carries TAG=value;
    other processes inherit it too (a local run's fork server)."""
    needle = f"{TAG}={value}".encode()
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            env = Path(f"/proc/{pid}/environ").read_bytes()
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:  # gone, or not ours
            continue
        program = b" ".join(cmdline.split(b"\0")[:3])  # Ray's binary or script
        if needle in env.split(b"\0") and any(m in program for m in RAY_MARKS):
            found.append(int(pid))
    return found


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ray")
    env = {
        TAG: str(folder),
        toys.KILL_MARKER: str(folder / "killed"),
        "RAY_USAGE_STATS_ENABLED": "0",
        # workers import the toy games of tests/ by name
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    # the head also runs Ray's client server, for ray:// addresses. Its dashboard agent
    # takes a random port too: Ray's fixed default (52365) lies in the range free_port()
    # draws from, and a CI run once failed when the client server was given that port.
    client_port = free_port()
    c = Cluster(initialize_head=True, head_node_args=dict(
        NODE, include_dashboard=False, ray_client_server_port=client_port,
        dashboard_agent_listen_port=None))
    c.tag = str(folder)
    c.client_address = f"ray://127.0.0.1:{client_port}"
    try:
        c.add_node(**NODE)
        c.wait_for_nodes()
        yield c
    finally:
        if ray.is_initialized():
            ray.shutdown()
        c.shutdown()
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        deadline = time.monotonic() + 20
        while processes_tagged(str(folder)) and time.monotonic() < deadline:
            time.sleep(0.2)
        left = {pid: Path(f"/proc/{pid}/cmdline").read_bytes()[:200]
                for pid in processes_tagged(str(folder))}
        assert not left, f"Ray processes left behind: {left}"


def without_timing(summary: dict) -> dict:
    """A summary without its wall-clock figures (the only fields allowed to differ)."""
    return {k: v for k, v in summary.items() if k not in ("seconds", "games_per_s")}


def test_the_cluster_has_two_nodes_of_one_cpu(cluster):
    with RayCluster(cluster.address) as rc:
        assert rc.workers == 2
        assert len([n for n in ray.nodes() if n["Alive"]]) == 2
    # the check for processes left behind sees this cluster's: two raylets at least
    raylets = [pid for pid in processes_tagged(cluster.tag)
               if b"raylet" in Path(f"/proc/{pid}/cmdline").read_bytes()]
    assert len(raylets) >= 2


def test_simulate_on_ray_writes_the_same_games_as_local_runs(cluster, tmp_path):
    # A real game with full records, so the comparison covers every decision.
    args = ["simulate", "colt_express", "-p", "3", "-n", "24", "--seed", "40",
            "--bots", "heuristic,random,random", "--records", "--json"]
    runs = {}
    for name, how in [("one", ["--jobs", "1"]), ("jobs", ["--jobs", "2"]),
                      ("ray", ["--cluster", cluster.address])]:
        out = tmp_path / f"{name}.jsonl"
        result = run(*args, "--out", out, *how)
        assert result.exit_code == 0, result.output
        runs[name] = (out.read_bytes(), without_timing(json.loads(result.stdout)))
    assert runs["ray"] == runs["one"] == runs["jobs"]
    lines = [json.loads(line) for line in runs["ray"][0].splitlines()]
    assert [o["seed"] for o in lines] == list(range(40, 64))
    assert all("record" in o and "result" in o for o in lines)
    assert runs["ray"][1]["games"] == 24


def test_a_run_survives_a_worker_killed_in_mid_run(cluster, tmp_path):
    marker = Path(os.environ[toys.KILL_MARKER])
    assert not marker.exists()
    seed = toys.KILL_SEED - 25  # the 26th game kills the worker that deals it
    args = ["simulate", "toy_kill", "-p", "2", "-n", "60", "--seed", str(seed),
            "--records", "--json"]
    on_ray = run(*args, "--out", tmp_path / "ray.jsonl", "--cluster", cluster.address)
    assert marker.exists(), "no worker was killed"
    assert int(marker.read_text()) != os.getpid()  # a Ray worker, not this process
    assert on_ray.exit_code == 0, on_ray.output
    local = run(*args, "--out", tmp_path / "local.jsonl", "--jobs", "1")
    assert local.exit_code == 0, local.output
    games = read_jsonl(tmp_path / "ray.jsonl")
    assert [o["seed"] for o in games] == list(range(seed, seed + 60))  # each once
    assert all("error" not in o for o in games)
    assert (tmp_path / "ray.jsonl").read_bytes() == (tmp_path / "local.jsonl").read_bytes()
    assert without_timing(json.loads(on_ray.stdout)) == without_timing(json.loads(local.stdout))


def test_every_difficulty_level_runs_on_the_same_cluster(cluster, tmp_path):
    # --plot: one batch per level, one after the other on one connection
    args = ["simulate", "toy_coop", "-p", "3", "-n", "30", "--seed", "2", "--json"]
    outs = {}
    for name, how in [("ray", ["--cluster", cluster.address]), ("local", ["--jobs", "1"])]:
        result = run(*args, "--plot", tmp_path / f"{name}.png",
                     "--out", tmp_path / f"{name}.jsonl", *how)
        assert result.exit_code == 0, result.output
        levels = json.loads(result.stdout)["levels"]
        for row in levels:
            row["summary"] = without_timing(row["summary"])
        outs[name] = ((tmp_path / f"{name}.jsonl").read_bytes(), levels)
    assert outs["ray"] == outs["local"]
    assert [row["label"] for row in outs["ray"][1]] == ["easy", "medium", "hard"]
    assert len(outs["ray"][0].splitlines()) == 3 * 30


def test_progress_counts_each_game_once_on_ray(cluster):
    batch = batch_for(toys.COOP, 3, ["random"] * 3, seed=3, games=150, keep_record=True)
    done = []
    with RayCluster(cluster.address) as rc:
        outs = list(run_games(batch, executor=rc, on_done=done.append))
    assert outs == list(run_games(batch, jobs=1))
    assert sum(done) == 150 and len(done) > 1  # streamed in several chunks


def arena_log(path: Path) -> list[dict]:
    """The log's lines without the thinking times (wall clock, different on every run)."""
    return [{k: v for k, v in line.items() if k != "think_ms"} for line in read_jsonl(path)]


def arena_report(result) -> dict:
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    report.pop("timing")
    return report


def test_an_arena_on_ray_resumes_and_rates_like_a_local_one(cluster, tmp_path):
    args = ["arena", "toy", "--bots", "mcts(iterations=30),random", "--seed", "9", "--json"]
    local = arena_report(run(*args, "-n", "16", "--log", tmp_path / "local.jsonl",
                             "--jobs", "1"))
    # On Ray: half the run, then the same log extended to the whole run.
    log = tmp_path / "ray.jsonl"
    arena_report(run(*args, "-n", "8", "--log", log, "--cluster", cluster.address))
    assert len(read_jsonl(log)) == 1 + 8
    resumed = arena_report(run(*args, "-n", "16", "--log", log, "--cluster", cluster.address))
    assert arena_log(log) == arena_log(tmp_path / "local.jsonl")
    assert resumed == local
    assert local["games"] == 16 and local["errors"] == []


def test_a_team_arena_on_ray_equals_the_local_one(cluster, tmp_path):
    # a cooperative game: every team plays the same deals
    args = ["arena", "toy_coop", "--bots", "mcts(iterations=20),random", "-p", "2",
            "-n", "10", "--seed", "4", "--json"]
    reports = {}
    for name, how in [("ray", ["--cluster", cluster.address]), ("local", ["--jobs", "1"])]:
        reports[name] = arena_report(run(*args, "--log", tmp_path / f"{name}.jsonl", *how))
    assert arena_log(tmp_path / "ray.jsonl") == arena_log(tmp_path / "local.jsonl")
    assert reports["ray"] == reports["local"]
    assert reports["ray"]["mode"] == "teams" and reports["ray"]["games"] == 20


def test_a_ray_client_address_reaches_the_same_games(cluster, tmp_path):
    args = ["simulate", "toy", "-p", "3", "-n", "40", "--seed", "7", "--records", "--json"]
    via_client = run(*args, "--out", tmp_path / "client.jsonl", "--cluster",
                     cluster.client_address)
    assert via_client.exit_code == 0, via_client.output
    local = run(*args, "--out", tmp_path / "local.jsonl", "--jobs", "1")
    assert (tmp_path / "client.jsonl").read_bytes() == (tmp_path / "local.jsonl").read_bytes()
    assert without_timing(json.loads(via_client.stdout)) == without_timing(
        json.loads(local.stdout))


def test_an_address_where_nothing_listens_is_refused_at_once():
    port = free_port()  # just released: nothing listens there
    for address in (f"127.0.0.1:{port}", f"ray://127.0.0.1:{port}"):
        result = run("simulate", "toy", "-p", "2", "-n", "5", "--cluster", address)
        assert_bad_input(result, f"nothing answers at {address}")
    assert_bad_input(run("simulate", "toy", "-p", "2", "--cluster", "nowhere"),
                     "expected HOST:PORT or ray://HOST:PORT")
