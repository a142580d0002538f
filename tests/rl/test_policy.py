"""The learned bot: `railtable train` writes a policy file, `policy(path=...)` seats it."""

from __future__ import annotations

import json

import numpy as np
import pytest

from railtable.bots.base import make_bot
from railtable.bots.spec import SpecError
from railtable.engine.registry import get_game
from railtable.rl import policy as policy_file
from railtable.rl.common import Table
from railtable.rl.train import TrainConfig, evaluate, train, win_interval
from tests.cli.helpers import assert_bad_input, run

import torch  # noqa: F401,I001 - the train extra, installed by scripts/test: fail, never skip


SHIPPED_COLT = policy_file.SHIPPED / "colt_express_2p.npz"


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    """Two updates of a few games: a real policy file, not a good one."""
    out = tmp_path_factory.mktemp("policy") / "ttr.npz"
    cfg = TrainConfig(game="ticket_to_ride", num_players=2, minutes=60, max_updates=2,
                      episodes_per_update=3, eval_points=1, eval_games=2, final_games=4,
                      eval_opponents=("random",), seed=5)
    result = train(cfg, out)
    return out, result


def play_out(game_id: str, specs: list[str], seed: int):
    game = get_game(game_id)
    state = game.new_state(len(specs), seed)
    bots = [make_bot(s, game, p, seed) for p, s in enumerate(specs)]
    while not state.is_terminal():
        state.apply(bots[state.current_player()].act(state))
    return state


def test_training_writes_a_policy_with_its_header_and_figures(tiny):
    out, result = tiny
    assert result.updates == 2 and result.episodes == 6 and result.decisions > 0
    net = policy_file.load(out)
    assert net.meta["game"] == "ticket_to_ride" and net.meta["num_players"] == 2
    assert net.meta["updates"] == 2 and net.meta["episodes"] == 6
    table = Table("ticket_to_ride", 2)
    assert net.input_size == table.encoder.size and net.num_actions == table.num_actions
    assert set(result.final) == {"random"} and result.final["random"]["games"] == 4
    assert len(result.curve) == 1 and result.curve[0][1] == 0  # before any update


def test_a_trained_policy_plays_whole_games_from_its_seat(tiny):
    out, _ = tiny
    for seed in range(3):
        state = play_out("ticket_to_ride", [f"policy(path={out})", "random"], seed)
        assert state.is_terminal()


def test_the_greedy_policy_is_a_function_of_the_seats_observation(tiny):
    # two states with the same observation for the seat get the same decision
    out, _ = tiny
    game = get_game("ticket_to_ride")
    state = game.new_state(2, 11)
    rng = np.random.default_rng(0)
    while state.current_player() != 0 or len(state.legal_actions()) < 2:
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
    other = state.determinize(0, __import__("random").Random(3))
    assert other.observation(0) == state.observation(0)
    bot = make_bot(f"policy(path={out})", game, 0, 1)
    assert bot.act(state) == bot.act(other)


def test_sampling_is_seeded_and_legal(tiny):
    out, _ = tiny
    game = get_game("ticket_to_ride")
    state = game.new_state(2, 4)
    picks = [make_bot(f"policy(path={out},greedy=false)", game, 0, s).act(state)
             for s in range(6)]
    again = [make_bot(f"policy(path={out},greedy=false)", game, 0, s).act(state)
             for s in range(6)]
    assert picks == again and set(picks) <= set(state.legal_actions())


def test_the_shipped_colt_express_policy_beats_random():
    # rl.md, "A learned bot": trained 20 minutes against random and heuristic bots
    report = evaluate(SHIPPED_COLT, "colt_express", 2, "random", games=40, seed=77)
    assert report["win_rate"] >= 0.7, report


def test_a_policy_refuses_a_game_or_table_it_was_not_trained_for(tiny):
    out, _ = tiny
    with pytest.raises(SpecError, match="trained for ticket_to_ride, not colt_express"):
        make_bot(f"policy(path={out})", get_game("colt_express"), 0)
    bot = make_bot(f"policy(path={out})", get_game("ticket_to_ride"), 0)
    state = get_game("ticket_to_ride").new_state(3, 0)
    with pytest.raises(ValueError, match="trained for 2 players, not 3"):
        bot.act(state)


def test_bad_policy_files_get_clear_errors(tmp_path):
    game = get_game("ticket_to_ride")
    with pytest.raises(SpecError, match="no policy file"):
        make_bot(f"policy(path={tmp_path / 'none.npz'})", game, 0)
    with pytest.raises(SpecError, match="not a file here, nor a named policy"):
        make_bot("policy(path=no_such_policy)", game, 0)
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a zip")
    with pytest.raises(SpecError, match="is not a policy file"):
        make_bot(f"policy(path={junk})", game, 0)
    with pytest.raises(SpecError, match="needs path=FILE"):
        make_bot("policy", game, 0)
    headless = tmp_path / "headless.npz"
    np.savez(headless, w0=np.zeros((2, 2)))
    with pytest.raises(SpecError, match="no header"):
        make_bot(f"policy(path={headless})", game, 0)


def test_a_server_names_policies_only_from_its_own_folders(tmp_path):
    roots = [tmp_path]
    (tmp_path / "mine.npz").write_bytes(b"")
    assert policy_file.resolve("mine", roots) == tmp_path / "mine.npz"
    assert policy_file.resolve("mine.npz", roots) == tmp_path / "mine.npz"
    for bad in ("../mine", "/etc/passwd", "sub/mine", ".hidden", ""):
        with pytest.raises(policy_file.PolicyError):
            policy_file.resolve(bad, roots)
    with pytest.raises(policy_file.PolicyError, match="named policies: mine"):
        policy_file.resolve("theirs", roots)
    assert "colt_express_2p" in policy_file.available(policy_file.server_roots())
    # anywhere else (play, arena) a bare name not found as a file is a named policy
    assert policy_file.resolve("colt_express_2p") == SHIPPED_COLT
    assert policy_file.resolve(str(tmp_path / "mine.npz")) == tmp_path / "mine.npz"


def test_wilson_interval():
    lo, hi = win_interval(280, 400)
    assert lo < 0.7 < hi and 0.65 < lo and hi < 0.75
    assert win_interval(0, 0) == (0.0, 1.0)


def test_cli_train_then_arena(tmp_path):
    out, plot = tmp_path / "p.npz", tmp_path / "curve.png"
    r = run("train", "colt_express", "-p", "2", "--out", out, "--updates", "1",
            "--eval-games", "2", "--final-games", "2", "--plot", plot, "--json")
    assert r.exit_code == 0, r.output
    figures = json.loads(r.stdout)
    assert figures["updates"] == 1 and set(figures["final"]) == {"random", "heuristic"}
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    r = run("arena", "colt_express", "--bots", f"policy(path={out}),random", "-n", "4",
            "--jobs", "1")
    assert r.exit_code == 0, r.output


def test_cli_train_refuses_bad_input(tmp_path):
    assert_bad_input(run("train", "colt_express", "--out", tmp_path / "p.npz",
                         "--opponent", "nobody"), "unknown bot 'nobody'")
    assert_bad_input(run("train", "colt_express", "--out", tmp_path / "p.npz",
                         "--reward", "money"), "--reward")
    assert_bad_input(run("train", "colt_express", "--out", tmp_path / "no" / "p.npz"),
                     "does not exist")
