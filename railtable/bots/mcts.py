"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Works on every game through the engine contract. Each iteration samples a determinization
of the root (`state.determinize(seat, rng)`: everything the seat cannot see resampled,
future randomness reseeded), then walks one shared tree keyed by actions. Because a
node's legal actions depend on the sampled world, selection uses availability counts:
a child's exploration term counts the visits in which it was available, not the parent's
visits. Rollouts play to the end with the random policy or one of the game's bots, or with
horizon=N stop after N decisions and score the position with the game's own evaluation
(`Game.evaluate`, for a game that has one).
Rewards come from `state.returns()`: each node keeps the total for the seat that chose it,
so in a cooperative game every seat maximises the team result.

Three additions make the search useful at the budgets people play with (see docs/bots.md):
- score=W adds W times the score margin to the reward (the seat's score less the best
  other seat's, over their sum): a rollout then says by how much, not only who won,
  which separates good moves from slightly worse ones with fewer rollouts.
- bias=B (progressive bias, Chaslot et al. 2008): at each tree node the guide bot (the
  game's heuristic) names its move for the sampled world; that move is expanded first and
  gets B / (visits + 1) added to its UCB value, so the search starts from the heuristic's
  plan and leaves it only where its rollouts say another move is better.
- A search stops early once the most visited root move can no longer be overtaken in the
  iterations left (the answer is the same, the time is saved).

Spec: mcts(ms=1000), mcts(iterations=2000) or mcts(steps=1000) (decisions simulated, see
`search`), rollout=auto|random|<a bot of the game>,
guide=auto|<a bot of the game>, c=0.7, score=0.5, bias=5, horizon=0,
belief=uniform|game, jobs=N (root parallelism over processes: independent trees whose root
visits are summed). rollout=auto is the game's `rollout_bot` (its heuristic unless that is
slow) or random moves for a game without bots; guide=auto is the game's `guide_bot` (its
heuristic unless it has a stronger one; none for a game without bots); belief=game
samples worlds from the game's opponent model (`Game.world_sampler`) instead of plain
`determinize`.
"""

from __future__ import annotations

import functools
import math
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor

from railtable.bots.base import Bot, RandomBot
from railtable.bots.procs import watch_parent
from railtable.engine.game import Game, State

# Rollouts are cut at this many decisions (a safety net for very long games): the
# position is then scored by state.returns(), which is 0 for every seat mid-game.
MAX_ROLLOUT = 5_000
# How often (in iterations) a search checks whether it may stop early.
STOP_CHECK = 8


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


def _select(node: Node, legal: list[int], c: float, rng: random.Random, hint: int = -1,
            bias: float = 0.0) -> tuple[Node | None, int]:
    """The child to descend to, or (None, action) for an action to expand.

    UCB with availability counts: every legal child counts one more availability, whether
    or not it is chosen. The child for `hint` (the guide's move) gets `bias / (visits + 1)`
    more. Without a guide every legal action is expanded once before any is revisited.
    With one, an action not yet expanded scores like an average sibling visited once (first
    play urgency), so a search with fewer iterations than legal actions still follows the
    guide instead of trying each action once and picking among ties.
    """
    children = node.children
    untried = []
    for a in legal:
        child = children.get(a)
        if child is None:
            untried.append(a)
        else:
            child.avail += 1
    if untried and (bias <= 0 or hint in untried or len(untried) == len(legal)):
        return None, hint if hint in untried else untried[int(rng.random() * len(untried))]
    best, best_score = None, -math.inf
    log = math.log
    for a in legal:
        child = children.get(a)
        if child is None:
            continue
        n = child.visits
        score = child.total / n + c * math.sqrt(log(child.avail) / n)
        if a == hint:
            score += bias / (n + 1)
        if score > best_score:
            best, best_score = child, score
    if untried:  # first play urgency: the mean of the tried siblings, one visit
        tried = [children[a] for a in legal if a in children]
        mean = sum(ch.total for ch in tried) / sum(ch.visits for ch in tried)
        urgency = mean + c * math.sqrt(log(node.visits + 1))
        if urgency > best_score:
            return None, untried[int(rng.random() * len(untried))]
    return best, -1


def _factory(game, name: str):
    factory = game.bots().get(name)
    if factory is None:
        raise ValueError(f"{game.id} has no bot {name!r} for rollouts or guidance "
                         f"(it has: {', '.join(sorted(game.bots())) or 'none'})")
    return factory


class _Players:
    """Makes the game's bot `name` for every seat, afresh for each iteration: a game's
    bot may keep a plan between its decisions (a track to finish, a turn's card plays),
    and a plan made in one sampled world must not steer play in the next."""

    def __init__(self, game, num_players: int, name: str, rng: random.Random) -> None:
        self.factory = _factory(game, name)
        self.seats = range(num_players)
        self.bits = rng.getrandbits

    def fresh(self) -> list[Bot]:
        factory, bits = self.factory, self.bits
        return [factory(p, bits(32)) for p in self.seats]


def play_out(state: State, bots: list[Bot] | None, rng: random.Random,
             deadline: float | None = None, limit: int = MAX_ROLLOUT) -> bool:
    """Play to the end with `bots` (one per seat) or random moves (bots None), or until
    `limit` decisions are made; False if the deadline passes first (the iteration is
    dropped, so a slow rollout policy cannot push a decision past its time budget)."""
    return _play(state, bots, rng, deadline, limit) >= 0


def _play(state: State, bots: list[Bot] | None, rng: random.Random,
          deadline: float | None, limit: int) -> int:
    """`play_out`, returning the decisions made, or -1 if the deadline passed."""
    rng_random = rng.random
    clock = time.perf_counter
    step = 0
    while step < limit:
        p = state.current_player()
        if p < 0:
            break
        if deadline is not None and (bots is not None or step & 15 == 15) \
                and clock() >= deadline:
            return -1
        if bots is None:
            legal = state.legal_actions()
            state.apply(legal[int(rng_random() * len(legal))])
        else:
            state.apply(bots[p].act(state))
        step += 1
    return step


def rewards(state: State, score: float = 0.0, seen: list[float] | None = None) -> list[float]:
    """What each seat gets from a played-out state: `returns()`, plus `score` times

    - in a competitive game, the seat's score margin: its score less the best other seat's,
      divided by the sum of their sizes (between -1 and 1);
    - in a cooperative game, the team's score (the sum of the seats' scores, e.g. goods
      delivered) scaled to 0-1 between the lowest and highest team scores this search has
      seen so far (`seen`, [low, high], updated here), so a lost game that got further
      still counts for more.
    """
    r = state.returns()
    if not score or not state.is_terminal():
        return r
    scores = state.result().scores
    if state.game.cooperative:
        if seen is None:
            return r
        team = float(sum(scores))
        if not seen:
            seen.extend((team, team))
        elif team < seen[0]:
            seen[0] = team
        elif team > seen[1]:
            seen[1] = team
        low, high = seen
        extra = score * (team - low) / (high - low) if high > low else 0.0
        return [x + extra for x in r]
    out = []
    for p, mine in enumerate(scores):
        other = max(s for q, s in enumerate(scores) if q != p)
        size = abs(mine) + abs(other)
        out.append(r[p] + (score * (mine - other) / size if size else 0.0))
    return out


def search(root: State, seat: int, *, iterations: int | None = None, ms: float | None = None,
           steps: int | None = None, horizon: int = 0,
           c: float = 0.7, rollout: str = "random", seed: int = 0, score: float = 0.0,
           bias: float = 0.0, guide: str = "heuristic", stop_early: bool = True,
           root_hint: int = -1, belief: str = "uniform") -> dict[int, int]:
    """Run ISMCTS from `root` for `seat`; returns visits per root action.

    steps: a budget in decisions simulated (the tree's and the playouts'), the same on any
    machine: the search stops at the end of the iteration that reaches it. Playouts are
    long early in a game and short near its end, so a search makes few iterations where a
    playout says little and many where it plays the end out exactly.
    horizon: 0 plays every iteration to the end; N > 0 stops it after N decisions below
    the tree (the expanded move is the first; 1 scores the new leaf itself) and scores an
    unfinished position with `game.evaluate` (values in [0, 1], times 1 + score so they
    weigh like finished playouts; a game that returns None there is played to the end).

    root_hint: the guide's move at the root when the caller knows it better than a fresh
    guide can (MCTSBot keeps its own guide through the game, so a plan spanning several
    decisions, such as a track being laid, is followed).
    belief: "uniform" samples worlds with `root.determinize`; "game" with the game's
    `world_sampler` (its opponent model, if it has one)."""
    clock = time.perf_counter
    started = clock()  # the opponent model's set-up counts in the budget
    rng = random.Random(seed)
    sample = root.game.world_sampler(root, seat) if belief == "game" else \
        functools.partial(root.determinize, seat)
    players = None if rollout == "random" else _Players(root.game, root.num_players, rollout,
                                                        rng)
    guiding = None
    if bias:
        guiding = players if players is not None and guide == rollout else \
            _Players(root.game, root.num_players, guide, rng)
    evaluate = root.game.evaluate
    tree = Node(None, -1, -1)
    seen: list[float] = []  # lowest and highest team score played out (cooperative games)
    deadline = None if ms is None else started + ms / 1000.0
    if iterations is None and deadline is None and steps is None:
        iterations = 1000
    done = used = 0  # iterations, decisions simulated
    while True:
        if iterations is not None and done >= iterations:
            break
        if deadline is not None and clock() >= deadline:
            break
        if steps is not None and used >= steps:
            break
        if stop_early and done and done % STOP_CHECK == 0 and _decided(
                tree, done, iterations, started, deadline,
                None if steps is None else (used, steps)):
            break
        state = sample(rng)
        if state.record_events:
            state.record_events = False
        bots = players.fresh() if players is not None else None
        guides = None
        if guiding is not None:  # the same bots guide the descent and then play it out
            guides = bots if guiding is players else guiding.fresh()
        node = tree
        # selection
        while True:
            p = state.current_player()
            if p < 0:
                break
            legal = state.legal_actions()
            if guides is None or len(legal) < 2:
                hint = -1
            elif node is tree and root_hint >= 0:
                hint = root_hint
            else:
                hint = guides[p].act(state)
            child, a = _select(node, legal, c, rng, hint, bias)
            used += 1
            if child is None:  # expansion
                child = node.children[a] = Node(node, a, p)
                child.avail = 1
                state.apply(a)
                node = child
                break
            state.apply(child.action)
            node = child
        value = None
        if horizon:
            made = _play(state, bots, rng, deadline, horizon - 1)
            if made >= 0 and not state.is_terminal():
                value = evaluate(state)
                if value is None:  # no evaluation here: play it to the end
                    more = _play(state, bots, rng, deadline, MAX_ROLLOUT)
                    made = -1 if more < 0 else made + more
        else:
            made = _play(state, bots, rng, deadline, MAX_ROLLOUT)
        finished = made >= 0
        used += max(made, 0)
        if not finished:  # out of time mid-rollout: drop it
            if node.parent is not None and node.visits == 0:
                del node.parent.children[node.action]  # the node never got a result
            break
        if value is not None:
            reward = [v * (1.0 + score) for v in value]
        else:
            reward = rewards(state, score, seen)
        # backpropagation: each node scores the reward of the seat that chose it
        while node.parent is not None:
            node.visits += 1
            node.total += reward[node.player]
            node = node.parent
        node.visits += 1
        done += 1
    return {a: ch.visits for a, ch in tree.children.items()}


def best_move(visits: dict[int, int], legal: list[int], hint: int = -1) -> int:
    """The move to play after a search: the root move visited most; ties go to the guide's
    move `hint`, else to the smallest action id, so a seeded bot is reproducible."""
    best = max(visits.values())
    tied = [a for a, n in visits.items() if n == best and a in legal]
    return hint if hint in tied else min(tied)


def _decided(tree: Node, done: int, iterations: int | None, started: float,
             deadline: float | None, steps: tuple[int, int] | None = None) -> bool:
    """True when the most visited root move stays first whatever the iterations left do
    (`steps`: decisions simulated so far and the budget; the iterations left are estimated
    at the mean decisions an iteration so far)."""
    if len(tree.children) < 2:
        return False
    left = math.inf
    if iterations is not None:
        left = iterations - done
    if steps is not None:
        used, budget = steps
        left = min(left, max(0, budget - used) * done / used)
    if deadline is not None:
        now = time.perf_counter()
        elapsed = now - started
        if elapsed > 0:
            left = min(left, done / elapsed * max(0.0, deadline - now))
    first = second = 0
    for ch in tree.children.values():
        v = ch.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > left


def _search_job(args):
    root, seat, kwargs = args
    return search(root, seat, **kwargs)


class MCTSBot(Bot):
    name = "mcts"

    def __init__(self, seat: int, seed: int = 0, ms: float | None = None,
                 iterations: int | None = None, steps: int | None = None,
                 rollout: str = "auto", c: float = 0.7,
                 score: float = 0.5, bias: float = 5.0, guide: str = "auto",
                 jobs: int = 1, horizon: int = 0, belief: str = "uniform") -> None:
        super().__init__(seat, seed)
        if ms is None and iterations is None and steps is None:
            ms = 1000
        if (ms is not None and ms <= 0) or (iterations is not None and iterations <= 0):
            raise ValueError("ms and iterations must be positive")
        if steps is not None and (isinstance(steps, bool) or not isinstance(steps, int)
                                  or steps <= 0):
            raise ValueError(f"mcts steps={steps!r}: a positive whole number of decisions")
        if jobs < 1:
            raise ValueError("jobs must be at least 1")
        if isinstance(horizon, bool) or not isinstance(horizon, int) or horizon < 0:
            raise ValueError(f"mcts horizon={horizon!r}: a whole number of decisions, 0 to "
                             "play to the end")
        self.horizon = horizon
        if not isinstance(rollout, str) or not isinstance(guide, str):
            raise ValueError("rollout and guide are bot names, e.g. rollout=heuristic")
        if c < 0 or score < 0 or bias < 0:
            raise ValueError("c, score and bias must not be negative")
        if belief not in ("game", "uniform"):
            raise ValueError(f"mcts belief={belief!r}: game (the game's opponent model) or "
                             "uniform")
        self.ms, self.iterations, self.rollout, self.c, self.jobs = ms, iterations, rollout, c, jobs
        self.steps = steps
        self.score, self.bias, self.guide, self.belief = score, bias, guide, belief
        self._pool = None
        self._random = RandomBot(seat, seed)
        self._checked = None  # the game whose bots were checked for rollout and guide
        self.last_playouts = 0  # playouts the last decision finished (arenas log them)
        self._settings: dict = {}
        self._own_guide = None

    def check_game(self, game) -> None:
        """Resolve "auto" for the game; refuse a rollout or guide bot it does not have."""
        if self._checked is game:
            return
        names = game.bots()
        auto = game.rollout_bot if game.rollout_bot in names else None
        rollout = (auto or "random") if self.rollout == "auto" else self.rollout
        # the guide is asked a few times an iteration, not at every move of a playout:
        # the game's guide bot (its heuristic), even where it is too slow to play games out
        guide = (game.guide_bot if game.guide_bot in names else auto) \
            if self.guide == "auto" else self.guide
        if rollout != "random" and rollout not in names:
            raise ValueError(f"mcts rollout={rollout}: {game.id} has no such bot "
                             f"(random or one of: {', '.join(sorted(names))})")
        if guide is not None and guide not in names:
            raise ValueError(f"mcts guide={guide}: {game.id} has no such bot")
        if self.horizon and type(game).evaluate is Game.evaluate:
            raise ValueError(f"mcts horizon={self.horizon}: {game.id} has no position "
                             "evaluation to score a cut playout (use horizon=0)")
        self._settings = {"rollout": rollout, "guide": guide or "",
                          "bias": self.bias if guide else 0.0}
        if self.horizon:
            self._settings["horizon"] = self.horizon
        # this seat's own guide, asked at every real decision like a seat it played, so it
        # keeps its plans; its move is the search's root hint
        self._own_guide = names[guide](self.seat, self.rng.getrandbits(32)) if guide else None
        self._checked = game

    def act(self, state: State) -> int:
        started = time.perf_counter()
        self.check_game(state.game)
        self.last_playouts = 0
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        hint = self._own_guide.act(state) if self._own_guide is not None else -1
        ms = None
        if self.ms is not None:  # the guide's time counts; leave some for process hand-over
            ms = self.ms * (0.9 if self.jobs > 1 else 1.0) - (time.perf_counter() - started) * 1e3
            ms = max(ms, 1e-3)
        kwargs = {"iterations": self.iterations, "steps": self.steps, "c": self.c,
                  "score": self.score,
                  "belief": self.belief,
                  **self._settings, "root_hint": hint, "ms": ms}
        if self.jobs == 1:
            visits = search(state, self.seat, seed=self.rng.getrandbits(62), **kwargs)
        else:
            if self._pool is None:
                # the search processes end with this one, even if it is killed
                self._pool = ProcessPoolExecutor(self.jobs, initializer=watch_parent,
                                                 initargs=(os.getpid(),))
            jobs = [(state, self.seat, {**kwargs, "seed": self.rng.getrandbits(62)})
                    for _ in range(self.jobs)]
            visits = {}
            for part in self._pool.map(_search_job, jobs):
                for a, n in part.items():
                    visits[a] = visits.get(a, 0) + n
        self.last_playouts = sum(visits.values())
        if not visits:  # not one playout finished in the budget: the guide's move
            return hint if hint in legal else self._random.act(state)
        return best_move(visits, legal, hint)

    def close(self) -> None:
        """Stop the search processes now (a bot in a worker of a simulation pool must not
        leave them for the interpreter's exit, which waits for them)."""
        if getattr(self, "_pool", None) is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def __del__(self) -> None:
        if getattr(self, "_pool", None) is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
