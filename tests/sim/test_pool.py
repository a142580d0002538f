"""The process pool gives the same games, in the same order, as one process."""

import pytest

import tests.sim.toys as toys
from railtable.sim.pool import batch_for, chunk_size, run_games
from tests.engine.toy_game import GAME


def test_spawned_workers_find_a_game_registered_by_hand():
    # "spawn" starts fresh interpreters: they do not inherit the test's registry, so the
    # workers must import the module that defines the game.
    batch = batch_for(toys.COOP, 3, ["random"] * 3, seed=11, games=7, keep_record=True)
    done = []
    pooled = list(run_games(batch, jobs=2, mp_context="spawn", on_done=done.append))
    alone = list(run_games(batch, jobs=1))
    assert pooled == alone and sum(done) == 7
    assert [o["seed"] for o in pooled] == list(range(11, 18))
    assert all("result" in o and "record" in o for o in pooled)


def test_many_small_chunks_come_back_in_seed_order():
    batch = batch_for(GAME, 2, ["random", "random"], seed=0, games=45)
    assert chunk_size(45, 2) == 1
    assert list(run_games(batch, jobs=2)) == list(run_games(batch, jobs=1))


def test_errors_travel_back_from_workers():
    batch = batch_for(toys.CRASH, 2, ["random", "random"], seed=0, games=9)
    outs = list(run_games(batch, jobs=2))
    assert [o["seed"] for o in outs if "error" in o] == [3, 5, 6, 8]
    assert outs == list(run_games(batch, jobs=1))


@pytest.mark.parametrize("games, jobs, size", [(2000, 2, 62), (10, 4, 1), (100000, 2, 64)])
def test_chunk_size(games, jobs, size):
    assert chunk_size(games, jobs) == size
