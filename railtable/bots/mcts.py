"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Works on every game through the engine contract. Each iteration samples a determinization
of the root (`state.determinize(seat, rng)`: everything the seat cannot see resampled,
future randomness reseeded), then walks one shared tree keyed by actions. Because a
node's legal actions depend on the sampled world, selection uses availability counts:
a child's exploration term counts the visits in which it was available, not the parent's
visits. Rollouts play to the end with the random policy or the game's heuristic bot.
Rewards are `state.returns()`: each node keeps the total for the seat that chose it, so
in a cooperative game every seat maximises the team result.

Spec: mcts(ms=1000) or mcts(iterations=2000), rollout=random|heuristic, c=0.7,
jobs=N (root parallelism over processes: independent trees whose root visits are summed).
"""

from __future__ import annotations

import math
import random
import time
from concurrent.futures import ProcessPoolExecutor

from railtable.bots.base import Bot, RandomBot
from railtable.engine.game import State

# Rollouts are cut at this many decisions (a safety net for very long games): the
# position is then scored by state.returns(), which is 0 for every seat mid-game.
MAX_ROLLOUT = 5_000


class Node:
    __slots__ = ("parent", "action", "player", "children", "visits", "avail", "total")

    def __init__(self, parent: "Node | None", action: int, player: int) -> None:
        self.parent = parent
        self.action = action
        self.player = player  # the seat that chose `action` to reach this node
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


def _select(node: Node, legal: list[int], c: float) -> Node | None:
    """The UCB child among the legal ones, or None when a legal action is still untried.

    Every legal child counts one more availability, whether or not it is chosen.
    """
    children = node.children
    untried = False
    for a in legal:
        child = children.get(a)
        if child is None:
            untried = True
        else:
            child.avail += 1
    if untried:
        return None
    best, best_score = None, -1.0
    for a in legal:
        child = children[a]
        score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
        if score > best_score:
            best, best_score = child, score
    return best


class _Policy:
    """Rollout players, one per seat: random, or the game's heuristic bot."""

    def __init__(self, game, num_players: int, kind: str, rng: random.Random) -> None:
        self.rng = rng
        self.bots = None
        if kind == "heuristic":
            factory = game.bots().get("heuristic")
            if factory is None:
                raise ValueError(f"{game.id} has no heuristic bot for rollouts")
            self.bots = [factory(p, rng.getrandbits(32)) for p in range(num_players)]
        elif kind != "random":
            raise ValueError(f"rollout must be random or heuristic, not {kind!r}")

    def play_out(self, state: State, deadline: float | None = None) -> list[float] | None:
        """Play to the end; None if the deadline passes first (the iteration is dropped,
        so a slow rollout policy cannot push a decision past its time budget)."""
        rng_random = self.rng.random
        bots = self.bots
        clock = time.perf_counter
        for step in range(MAX_ROLLOUT):
            p = state.current_player()
            if p < 0:
                break
            if deadline is not None and (bots is not None or step & 15 == 15) \
                    and clock() >= deadline:
                return None
            if bots is None:
                legal = state.legal_actions()
                state.apply(legal[int(rng_random() * len(legal))])
            else:
                state.apply(bots[p].act(state))
        return state.returns()


def search(root: State, seat: int, *, iterations: int | None = None, ms: float | None = None,
           c: float = 0.7, rollout: str = "random", seed: int = 0) -> dict[int, int]:
    """Run ISMCTS from `root` for `seat`; returns visits per root action."""
    rng = random.Random(seed)
    policy = _Policy(root.game, root.num_players, rollout, rng)
    tree = Node(None, -1, -1)
    deadline = None if ms is None else time.perf_counter() + ms / 1000.0
    if iterations is None and deadline is None:
        iterations = 1000
    done = 0
    while True:
        if iterations is not None and done >= iterations:
            break
        if deadline is not None and time.perf_counter() >= deadline:
            break
        state = root.determinize(seat, rng)
        if state.record_events:
            state.record_events = False
        node = tree
        # selection
        while True:
            p = state.current_player()
            if p < 0:
                break
            legal = state.legal_actions()
            child = _select(node, legal, c)
            if child is None:  # expansion: one untried legal action
                untried = [a for a in legal if a not in node.children]
                a = untried[int(rng.random() * len(untried))]
                child = node.children[a] = Node(node, a, p)
                child.avail = 1
                state.apply(a)
                node = child
                break
            state.apply(child.action)
            node = child
        rewards = policy.play_out(state, deadline)
        if rewards is None:  # out of time mid-rollout: drop the iteration
            if node.parent is not None and node.visits == 0:
                del node.parent.children[node.action]  # the node never got a result
            break
        # backpropagation: each node scores the reward of the seat that chose it
        while node.parent is not None:
            node.visits += 1
            node.total += rewards[node.player]
            node = node.parent
        node.visits += 1
        done += 1
    return {a: ch.visits for a, ch in tree.children.items()}


def _search_job(args):
    root, seat, kwargs = args
    return search(root, seat, **kwargs)


class MCTSBot(Bot):
    name = "mcts"

    def __init__(self, seat: int, seed: int = 0, ms: float | None = None,
                 iterations: int | None = None, rollout: str = "random", c: float = 0.7,
                 jobs: int = 1) -> None:
        super().__init__(seat, seed)
        if ms is None and iterations is None:
            ms = 1000
        if (ms is not None and ms <= 0) or (iterations is not None and iterations <= 0):
            raise ValueError("ms and iterations must be positive")
        if jobs < 1:
            raise ValueError("jobs must be at least 1")
        if rollout not in ("random", "heuristic"):
            raise ValueError(f"rollout must be random or heuristic, not {rollout!r}")
        self.ms, self.iterations, self.rollout, self.c, self.jobs = ms, iterations, rollout, c, jobs
        self._pool = None
        self._random = RandomBot(seat, seed)

    def act(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        kwargs = {"iterations": self.iterations, "c": self.c, "rollout": self.rollout,
                  # leave a little of the budget for process hand-over
                  "ms": None if self.ms is None else self.ms * (0.9 if self.jobs > 1 else 1.0)}
        if self.jobs == 1:
            visits = search(state, self.seat, seed=self.rng.getrandbits(62), **kwargs)
        else:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(self.jobs)
            jobs = [(state, self.seat, {**kwargs, "seed": self.rng.getrandbits(62)})
                    for _ in range(self.jobs)]
            visits = {}
            for part in self._pool.map(_search_job, jobs):
                for a, n in part.items():
                    visits[a] = visits.get(a, 0) + n
        if not visits:
            return self._random.act(state)
        best = max(visits.values())
        # ties broken by the smallest action id, so a seeded bot is reproducible
        return min(a for a, n in visits.items() if n == best and a in legal)

    def close(self) -> None:
        """Stop the search processes now (a bot in a worker of a simulation pool must not
        leave them for the interpreter's exit, which waits for them)."""
        if getattr(self, "_pool", None) is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def __del__(self) -> None:
        if getattr(self, "_pool", None) is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
