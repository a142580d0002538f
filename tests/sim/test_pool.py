"""The process pool gives the same games, in the same order, as one process."""

import tests.sim.toys as toys
from railtable.sim.pool import (Chunker, Executor, batch_for, find_game, play_chunk,
                                run_games)
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


def test_chunks_of_all_sizes_come_back_in_seed_order():
    batch = batch_for(GAME, 2, ["random", "random"], seed=0, games=300)
    assert list(run_games(batch, jobs=2)) == list(run_games(batch, jobs=1))


def test_errors_travel_back_from_workers():
    batch = batch_for(toys.CRASH, 2, ["random", "random"], seed=0, games=9)
    outs = list(run_games(batch, jobs=2))
    assert [o["seed"] for o in outs if "error" in o] == [0, 3, 6]
    assert outs == list(run_games(batch, jobs=1))


def drain(chunker, seconds_per_game):
    sizes = []
    while (r := chunker.take()) is not None:
        sizes.append(r[1] - r[0])
        chunker.record(r[1] - r[0], seconds_per_game * (r[1] - r[0]))
    return sizes


def test_chunks_fit_the_speed_of_the_games():
    fast = drain(Chunker(2000, 2), seconds_per_game=0.0001)
    assert fast[0] == 1 and 200 < fast[1] <= 256 and sum(fast) == 2000
    # then never growing: the tail is cut fine so that the workers finish together
    assert fast[1:] == sorted(fast[1:], reverse=True) and fast[-1] == 1
    slow = drain(Chunker(100, 2), seconds_per_game=2.0)
    assert slow == [1] * 100
    medium = drain(Chunker(1000, 2), seconds_per_game=0.01)
    assert max(medium) == 50 and sum(medium) == 1000


class Replaying(Executor):
    """Plays chunks in this process, in a shuffled order, and delivers some of them a
    second time, as a chunk played again after its worker was lost would be."""

    workers = 3

    def begin(self, batch):
        self.batch, self.game = batch, find_game(batch)
        self.count = 0
        self.previous = []

    def submit(self, start, stop):
        self.count += 1
        return (self.count, start, stop)

    def wait(self, handles):
        return sorted(handles, reverse=True)[:2]  # the newest first

    def result(self, handle):
        _, start, stop = handle
        seconds, items = play_chunk(self.game, self.batch, start, stop)
        again = self.previous
        self.previous = items
        if start % 2 == 0:  # its games twice, and those of the chunk delivered before
            items = items + items + again
        return seconds, items

    def end(self):
        pass


def test_games_delivered_twice_are_yielded_and_counted_once():
    batch = batch_for(GAME, 2, ["random", "random"], seed=5, games=80)
    done = []
    outs = list(run_games(batch, executor=Replaying(), on_done=done.append))
    assert outs == list(run_games(batch, jobs=1))
    assert sum(done) == 80
