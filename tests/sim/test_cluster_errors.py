"""`--cluster` refuses clearly what it cannot do, before any game is played."""

import sys

from tests.cli.helpers import assert_bad_input, run


def test_without_ray_cluster_names_the_extra_to_install(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` fails as if not installed
    out = tmp_path / "games.jsonl"
    for args in (["simulate", "toy", "-p", "2", "-n", "5", "--out", out, "--cluster"],
                 ["arena", "toy", "--bots", "random,mcts(iterations=5)", "-n", "4",
                  "--cluster", "ray://127.0.0.1:10001"]):
        assert_bad_input(run(*args), "--cluster needs Ray", "pip install 'railtable[ray]'")
    assert not out.exists()


def test_jobs_and_cluster_exclude_each_other():
    result = run("simulate", "toy", "-p", "2", "-n", "5", "--jobs", "2", "--cluster")
    assert_bad_input(result, "--jobs and --cluster")


def test_cluster_alone_is_followed_by_other_options():
    # `--cluster` with no address and more options after it: the options still count
    result = run("simulate", "toy", "--cluster", "--jobs", "2", "-p", "2")
    assert_bad_input(result, "--jobs and --cluster")
