"""Screen MCTS settings on positions rather than whole games (docs/bots.md, "Tuning").

    .venv/bin/python scripts/screen_search.py [--true] [--seeds 700-705] [SETTING ...]
    e.g.  scripts/screen_search.py "c=0.7" "c=0.35" "c=0.35,bias=2" "iterations=1200"

Takes every ninth decision with five or more legal moves from 2-player heuristic games of
Ticket to Ride (seeds 700-705: 91 positions; --seeds for other games), runs a 300-playout
search there (or `iterations=N`) with each setting (the bot's defaults otherwise: heuristic
rollouts and guide, score 0.5, bias 5, c 0.7), and values the move each search would play
with 300 heuristic playouts from worlds sampled apart from the search's (with --true, from
the real position: the opponent's real hand and tickets, only the deck shuffled; the
search itself still samples). Positions and seeds are the same for every setting, so the
mean values compare settings directly: a difference of a few thousandths is the size a
setting makes. A setting takes about five minutes on one core.
"""
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from railtable.bots import mcts  # noqa: E402
from railtable.bots.spec import parse_spec  # noqa: E402
from railtable.games.ticket_to_ride import GAME  # noqa: E402

SEEDS = range(700, 706)
PLAYOUTS = 300   # of each search
VALUE_PLAYOUTS = 300  # to value the move a search picks
DEFAULTS = {"rollout": "heuristic", "guide": "heuristic", "bias": 5.0, "score": 0.5, "c": 0.7}


def positions(seeds=SEEDS):
    """(state, seat, guide move, seed) at the sampled decisions of heuristic games."""
    heuristic = GAME.bots()["heuristic"]
    for seed in seeds:
        s = GAME.new_state(2, seed, record_events=False)
        bots = [heuristic(p, seed * 7 + p) for p in range(2)]
        n = 0
        while not s.is_terminal():
            p = s.current_player()
            a = bots[p].act(s)
            if n % 9 == 4 and len(s.legal_actions()) >= 5:
                yield s.clone(), p, heuristic(p, 1).act(s), seed * 1000 + n
            s.apply(a)
            n += 1


def value(state, seat: int, action: int, seed: int, true: bool = False) -> float:
    """Mean reward of `action` for `seat` over heuristic playouts of sampled worlds (with
    `true`, of the real position with only the deck shuffled and later shuffles reseeded:
    the other seat's hand and tickets as they really are)."""
    heuristic = GAME.bots()["heuristic"]
    rng = random.Random(seed)
    total = 0.0
    for _ in range(VALUE_PLAYOUTS):
        if true:
            world = state.clone()
            rng.shuffle(world.deck)
            world.reseed(rng)
        else:
            world = state.determinize(seat, rng)
        world.apply(action)
        mcts.play_out(world, [heuristic(p, rng.getrandbits(32)) for p in range(2)], rng)
        total += mcts.rewards(world, DEFAULTS["score"])[seat]
    return total / VALUE_PLAYOUTS


def screen(setting: dict, spots, true: bool = False) -> tuple[list[float], float]:
    """The value of the move the setting picks at each position, and the seconds its
    searches took."""
    out = []
    seconds = 0.0
    setting = dict(setting)
    playouts = setting.pop("iterations", PLAYOUTS)
    for state, seat, guide, seed in spots:
        started = time.perf_counter()
        visits = mcts.search(state, seat, iterations=playouts, seed=seed, root_hint=guide,
                             stop_early=False, **setting)
        seconds += time.perf_counter() - started
        move = mcts.best_move(visits, state.legal_actions(), guide)
        out.append(value(state, seat, move, seed + 1, true))
    return out, seconds


def main(args: list[str]) -> None:
    seeds = SEEDS
    true = args[:1] == ["--true"]
    if true:
        args = args[1:]
    if args[:1] == ["--seeds"]:
        first, _, last = args[1].partition("-")
        seeds = range(int(first), int(last or first) + 1)
        args = args[2:]
    spots = list(positions(seeds))
    print(f"{len(spots)} positions")
    guide = [value(s, p, g, seed + 1, true) for s, p, g, seed in spots]
    print(f"guide's move: mean value {statistics.mean(guide):.4f}")
    base = None
    for text in args or ["c=0.7"]:
        params = parse_spec(f"mcts({text})").params
        setting = {**DEFAULTS, **params}
        vals, seconds = screen(setting, spots, true)
        line = (f"{text}: mean value {statistics.mean(vals):.4f} "
                f"({seconds / len(spots) * 1000:.0f} ms a search)")
        if base is None:
            base = vals
        else:
            d = [v - b for v, b in zip(vals, base)]
            line += (f", against the first setting {statistics.mean(d):+.4f} ± "
                     f"{statistics.stdev(d) / len(d) ** 0.5:.4f}")
        print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
