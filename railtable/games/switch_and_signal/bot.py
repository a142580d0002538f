"""The team bot for Switch & Signal ("heuristic").

It decides from determinized copies (`state.determinize`), never from the real deck or pile
order or future dice. Each decision is scored by applying it to copies (the dice sampled by
the copies' reseeded generators) and evaluating the result with `evaluate`:

- goods delivered, departure cards left and time tokens (the team's time), cards in hand (the
  active hand only up to 5, since it is refilled to at most 10);
- for every train on the network: the value of its best way to where it should go next (a
  port when loaded, a trade city with goods no nearer empty train will take otherwise) =
  distance value less a cost for every red signal or wrong switch on that shortest way
  (`best_way`), plus a weighted expectation of its next move along the *current* switches and
  signals over its die's faces (progress, stopping short, head-on, starting point, arrival).

Action cards are searched as whole plays: every (disc, red field on some train's way) signal
play, every setting of the junctions on the trains' ways, every train for a move card (dice
sampled), loads first; then two plays ahead (the best signal/switch plays followed by the best
move). The best play is made if it beats ending the phase. Departure-card decisions (colours,
order, helpers) are scored by playing the card out on copies with a cheap policy.
"""

from __future__ import annotations

from railtable.bots.base import Bot
from railtable.games.switch_and_signal import actions as A
from railtable.games.switch_and_signal.movement import next_ways, run, walk
from railtable.games.switch_and_signal.rules import (
    PH_ACTIONS, PH_CARD_TRAIN, PH_CITY, PH_DEPLOY_COLOUR, PH_DEPLOY_PLACE, PH_MOVE_COLOUR,
    PH_MOVE_TRAIN, PH_REVEAL, PH_ROLL, PH_ROUTE, PH_SETUP_CITY, PH_SETUP_EXTRA, PH_SETUP_SWITCH,
    PH_SETUP_TRACK, PH_SIG_FROM, PH_SIG_TO, PH_SW_CONFIG, PH_SW_JUNCTION, PORT, START, TRADE)
from railtable.games.switch_and_signal.ways import (  # noqa: F401 - tests import them here
    MEAN_ROLL, W_HAND, W_OBSTACLE, _state_index, _targets, _way, best_way, evaluate,
    onward_costs, onward_obstacles, route_tables, way_obstacles, way_starts, way_tables,
    win_chance)

LOOKAHEAD_MARGIN = 6.0  # plays gaining less than this are checked against the next card
# the farsighted bot: an empty train's target city is worth less by this share of
# W_OBSTACLE for each red signal or wrong switch on the city's own way on to the port
ONWARD = 0.5
# the finisher: in the game's last turns (fewer departure cards in the pile than this) only
# delivering every good still counts, and the greedy policy, which drives loaded trains to
# the port, wins more of those turns than the evaluation's trade-offs between turns
ENDGAME = 2


def _planned(bot, legal: list[int]) -> int | None:
    """The next move of the bot's plan for the turn while it is still legal; a plan that
    stopped fitting the position is dropped."""
    if bot.plan:
        a = bot.plan.pop(0)
        if a in legal:
            return a
        bot.plan = []
    return None


class SwitchAndSignalBot(Bot):
    name = "heuristic"

    def __init__(self, seat: int, seed: int = 0, samples: int = 4, two_ply: bool = True,
                 lookahead: int = 0, onward: float = 0.0, endgame: int = 0) -> None:
        super().__init__(seat, seed)
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise ValueError("samples must be a whole number of at least 1")
        if isinstance(onward, bool) or not isinstance(onward, (int, float)) or onward < 0:
            raise ValueError("onward must be a number of at least 0")
        if isinstance(endgame, bool) or not isinstance(endgame, int) or endgame < 0:
            raise ValueError("endgame must be a whole number of departure cards, at least 0")
        # the last `endgame` turns are played by the greedy policy (see ENDGAME)
        self.endgame = endgame
        self.closer = GreedyBot(seat, seed) if endgame else None
        self.samples = samples
        self.two_ply = two_ply
        self.lookahead = lookahead
        self.onward = float(onward)
        self.breadth = 3
        self.plan: list[int] = []

    # -- helpers ----------------------------------------------------------------------

    def _eval(self, s):
        return evaluate(s, self.onward)

    def _copies(self, state, k):
        return [state.determinize(self.seat, self.rng) for _ in range(k)]

    def _settle(self, s, limit=40):
        """Finish the current move in a copy with greedy route choices (no new plays)."""
        n = 0
        while not s.over and s.phase in (PH_ROUTE, PH_CITY, PH_ROLL) and n < limit:
            legal = s.legal_actions()
            if s.phase == PH_ROLL:
                s.apply(A.ACCEPT_ROLL)
            else:
                s.apply(self._best_single(s, legal))
            n += 1
        return s

    def _best_single(self, s, legal):
        best, ba = -1e18, legal[0]
        for a in legal:
            if a == A.DISPATCHER:
                continue
            c = s.clone()
            c.apply(a)
            if not c.over and c.phase in (PH_ROUTE, PH_CITY, PH_ROLL):
                # one level: stop at the next choice
                lg = c.legal_actions()
                if A.STOP in lg:
                    c.apply(A.STOP)
                elif c.phase == PH_ROLL:
                    c.apply(A.ACCEPT_ROLL)
            v = self._eval(c)
            if v > best:
                best, ba = v, a
        return ba

    def _value_after(self, copies, seq):
        tot = 0.0
        for base in copies:
            c = base.clone()
            for a in seq:
                if c.over:
                    break
                if a in c.legal_actions():  # else it was a forced choice, already taken
                    c.apply(a)
            self._settle(c)
            tot += self._eval(c)
        return tot / len(copies)

    # -- the decision -----------------------------------------------------------------

    def act(self, state) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.closer is not None and len(state.pile) < self.endgame:
            self.plan = []
            return self.closer.act(state)
        a = _planned(self, legal)
        if a is not None:
            return a
        ph = state.phase
        if ph == PH_ACTIONS:
            return self._actions(state, legal)
        if ph in (PH_SETUP_SWITCH, PH_SETUP_CITY, PH_SETUP_TRACK, PH_SETUP_EXTRA):
            return self._greedy(state, legal, 1)
        if ph in (PH_ROUTE, PH_CITY):
            return self._greedy(state, legal, 1)
        if ph == PH_ROLL:
            return self._roll(state)
        if ph in (PH_MOVE_TRAIN, PH_DEPLOY_COLOUR, PH_DEPLOY_PLACE, PH_MOVE_COLOUR, PH_REVEAL):
            return self._card_phase(state, legal)
        return self._greedy(state, legal, 2)

    def _greedy(self, state, legal, k):
        copies = self._copies(state, k)
        best, ba = -1e18, legal[0]
        for a in legal:
            v = self._value_after(copies, [a])
            if v > best:
                best, ba = v, a
        return ba

    def _roll(self, state):
        # keep the roll unless a reroll is clearly better on average
        copies = self._copies(state, 1)
        keep = self._value_after(copies, [A.ACCEPT_ROLL])
        re = self._value_after(self._copies(state, 6), [A.LOGISTICIAN])
        return A.LOGISTICIAN if re > keep + 4.0 else A.ACCEPT_ROLL

    def _run_card(self, c):
        """Resolve the rest of the departure card in a copy with a cheap policy."""
        n = 0
        while not c.over and c.phase != PH_ACTIONS and n < 60:
            legal = c.legal_actions()
            ph = c.phase
            if ph in (PH_ROUTE, PH_CITY):
                a = self._best_single(c, legal)
            elif ph == PH_ROLL:
                a = A.ACCEPT_ROLL
            elif ph == PH_MOVE_TRAIN:
                trains = [x for x in legal if A.TRAIN <= x < A.HOLD]
                a = trains[0] if trains else legal[0]
            elif ph == PH_REVEAL:
                a = A.ACCEPT_CARD
            elif ph == PH_DEPLOY_PLACE:
                a = A.ROLL_DEPLOY
            else:
                a = legal[0]
            c.apply(a)
            n += 1
        return self._eval(c)

    def _card_phase(self, state, legal):
        k = self.samples
        copies = self._copies(state, k)
        best, ba = -1e18, legal[0]
        for a in legal:
            tot = 0.0
            for base in copies:
                c = base.clone()
                c.apply(a)
                tot += self._run_card(c)
            v = tot / k
            # helpers are once a game: keep them unless they clearly pay
            if a in (A.SWITCHMAN,) or A.CONDUCTOR <= a < A.TRAIN or A.HOLD <= a < A.PLAY \
                    or A.COUPLER <= a < A.JUNCTION:
                v -= 6.0
            if v > best:
                best, ba = v, a
        return ba

    # -- the action-card phase ----------------------------------------------------------

    def _actions(self, state, legal):
        s = state
        b = s.board
        copies = self._copies(state, 1)
        base_v = self._eval(copies[0])
        best_v, best_seq = base_v, [A.END]
        h = s.hands[s.active]
        # loading is always worth its card: load first, paying with the most plentiful type
        loads = [a for a in legal if A.LOAD <= a < A.COUPLER]
        if loads:
            return max(loads, key=lambda a: (h[(a - A.LOAD) % 3], -a))
        # the cheapest payment for each purpose
        pays = {}
        for p in range(3):
            if h[p]:
                pays[p] = A.PLAY + p * 7
            else:
                opts = [A.PLAY + p * 7 + 1 + i for i, (x, y) in enumerate(A.PAIRS)
                        if ((h[x] >= 2) if x == y else (h[x] and h[y]))]
                if opts:
                    # pay with the type we hold most of
                    opts.sort(key=lambda a: -sum(h[c] for c in A.PAIRS[(a - A.PLAY) % 7 - 1]))
                    pays[p] = opts[0]
        # relevant places: where trains would stop, and what is on their ways
        blockers_f, blockers_j, used_f = set(), set(), set()
        for t in range(9):
            p = s.tpos[t]
            if p < 0:
                continue
            if p < b.num_node_cells:
                n = b.cell_node[p]
                if b.node_kind[n] == START:
                    ws = [(b.start_end[n])]
                else:
                    ws = list(b.node_ends[n])
                    for e in ws:
                        blockers_f.add(b.end_field[e])
                for e in ws:
                    self._scan(s, t, p, 0, e, blockers_f, blockers_j, set())
            else:
                self._scan(s, t, p, s.thead[t], -1, blockers_f, blockers_j, used_f)
        costs = onward_costs(s, self.onward) if self.onward else None
        for t in range(9):
            if s.tpos[t] >= 0:
                targets = _targets(s, t)
                if targets:
                    best_way(s, t, _state_index(s, t), targets, s.tgood[t] >= 0,
                             blockers_f, blockers_j, used_f, costs)
        configs = []
        if 0 in pays:
            pay = pays[0]
            cost = W_HAND * (1 if pay == A.PLAY else 2)
            tos = [f for f in blockers_f if f >= 0 and not s.green[f]]
            froms = [f for f in range(b.num_fields) if s.green[f]]
            for f in froms:
                targets = s._sig_targets(f)
                for g in tos:
                    if g in targets:
                        seq = [pay, A.FIELD_FROM + f, A.FIELD_TO + g]
                        v = self._value_after(copies, seq)
                        configs.append((v, seq))
                        if v > best_v:
                            best_v, best_seq = v, seq
        if 1 in pays:
            pay = pays[1]
            for j in blockers_j:
                for k in range(len(b.junction_configs[j])):
                    if k != s.jconf[j]:
                        seq = [pay, A.JUNCTION + j, A.CONFIG + k]
                        v = self._value_after(copies, seq)
                        configs.append((v, seq))
                        if v > best_v:
                            best_v, best_seq = v, seq
        if 2 in pays:
            pay = pays[2]
            mcopies = self._copies(state, self.samples)
            for t in range(9):
                if s.tpos[t] >= 0:
                    v = self._value_after(mcopies, [pay, A.TRAIN + t])
                    if v > best_v:
                        best_v, best_seq = v, [pay, A.TRAIN + t]
        # two plays ahead: a signal or switch that opens the way for a move right after
        if configs and self.two_ply:
            configs.sort(key=lambda x: -x[0])
            mcopies = self._copies(state, 2)
            for v1, seq in configs[:self.breadth]:
                for c in mcopies:
                    for a in seq:
                        if not c.over and a in c.legal_actions():
                            c.apply(a)
                v2 = self._best_move_value(mcopies)
                if v2 is not None and v2 > best_v + 1.0:
                    best_v, best_seq = v2, seq
                mcopies = self._copies(state, 2)
        # before ending the turn, look at what the next departure card may do: compare ending
        # now with making the best play first, each followed by the next card on copies
        if self.lookahead and best_seq[0] != A.END and best_v - base_v < LOOKAHEAD_MARGIN:
            ends = self._copies(state, self.lookahead)
            plays = [c.clone() for c in ends]
            v_end = v_play = 0.0
            for c in ends:
                c.apply(A.END)
                v_end += self._run_card(c)
            for c in plays:
                for a in best_seq:
                    if not c.over and a in c.legal_actions():
                        c.apply(a)
                self._settle(c)
                if not c.over and c.phase == PH_ACTIONS:
                    c.apply(A.END)
                v_play += self._run_card(c)
            if v_end > v_play:
                best_seq = [A.END]
        if best_seq[0] not in legal:
            return A.END
        self.plan = best_seq[1:]
        return best_seq[0]

    def _best_move_value(self, copies):
        """The value of the best move-train play in these copies (None if none is possible)."""
        s = copies[0]
        if s.over or s.phase != PH_ACTIONS:
            return None
        h = s.hands[s.active]
        if h[2]:
            pay = A.PLAY + 14
        else:
            opts = [A.PLAY + 14 + 1 + i for i, (x, y) in enumerate(A.PAIRS)
                    if ((h[x] >= 2) if x == y else (h[x] and h[y]))]
            if not opts:
                return None
            pay = opts[0]
        best = None
        for t in range(9):
            if s.tpos[t] >= 0:
                v = self._value_after(copies, [pay, A.TRAIN + t])
                if best is None or v > best:
                    best = v
        return best

    def _scan(self, s, t, pos, head, e, fset, jset, used):
        """Note the signal fields and junctions on train t's way (up to ~8 spaces): the
        green fields into `used`, the red one that stops it into `fset`, the junctions
        reached into `jset`."""
        green = s.green
        crossed = []
        run(s.board, None, green, s.jconf, None, t, pos, head, e, 8, crossed=crossed)
        for x in crossed:
            if x >= 0:
                (used if green[x] else fset).add(x)
            else:
                jset.add(-2 - x)


def make_heuristic(seat: int, seed: int = 0, **params) -> SwitchAndSignalBot:
    return SwitchAndSignalBot(seat, seed, **params)


class FarsightedBot(SwitchAndSignalBot):
    """The heuristic that also keeps the goods' onward way open ("farsighted"): an empty
    train values its target city less for every red signal or wrong switch between that
    city and the port (ONWARD × W_OBSTACLE each), so the team stops taking discs and
    switches from the way its trains will need once loaded, and favours cities whose way on
    is open. Everything else is the heuristic's."""

    name = "farsighted"

    def __init__(self, seat: int, seed: int = 0, onward: float = ONWARD, **params) -> None:
        super().__init__(seat, seed, onward=onward, **params)


def make_farsighted(seat: int, seed: int = 0, **params) -> FarsightedBot:
    return FarsightedBot(seat, seed, **params)


class FinisherBot(FarsightedBot):
    """The farsighted bot that plays the game's last turns for the finish ("finisher"):
    once fewer than ENDGAME departure cards are left in the pile, every decision is the
    greedy policy's. There the evaluation still trades time tokens, cards and empty trains
    for later turns that will not come; only delivering the last goods wins."""

    name = "finisher"

    def __init__(self, seat: int, seed: int = 0, endgame: int = ENDGAME, **params) -> None:
        super().__init__(seat, seed, endgame=endgame, **params)


def make_finisher(seat: int, seed: int = 0, **params) -> FinisherBot:
    return FinisherBot(seat, seed, **params)


# -- the greedy policy ("greedy") ---------------------------------------------------------
#
# A cheap, complete policy for every decision, without copies or evaluations: load at once;
# clear the first red signal or wrong switch on each train's shortest way (loaded trains
# first); move a train whose way is clear when its expected progress beats the time tokens
# it risks; leave a city toward the target; pick the multicolour colour whose trains gain
# most. It is the rollout policy for tree search (and a baseline for the heuristic).

G_TOKEN = 1.0        # a time token, in movement points of progress
G_ARRIVE = 4.0       # reaching the target (a port with a load, goods for an empty train)
G_HOME = 5.0         # a train sent home (head-on meeting, starting point)
G_MOVE_MIN = 0.8     # a move card is played for at least this expected gain
G_REACH = 6          # obstacles further than this (movement points) wait


def _dist(dists, si):
    d = min(dd[si] for dd in dists)
    return d if d < 30 else 30


def way_plan(s, t):
    """The obstacles in order along train t's best way (fewest points plus obstacles):
    [(points from the train, field or -1, junction or -1, setting)], and that way's fields
    that are green (to be kept)."""
    b = s.board
    targets = _targets(s, t)
    if not targets:
        return [], ()
    si = _state_index(s, t)
    best = None
    for st, extra, f in way_starts(b, si):
        for n in targets:
            d = b.dist_to[n][st] + extra
            if d >= 99:
                continue
            v = d + 2 * ((0 if f < 0 or s.green[f] else 1) + way_obstacles(s, t, st, n))
            if best is None or v < best[0]:
                best = (v, st, n, f, extra)
    if best is None:
        return [], ()
    _, si, n, f, d = best
    obs, keep = [], []
    if f >= 0:
        if s.green[f]:
            keep.append(f)
        else:
            obs.append((0, f, -1, -1))
    green, jconf = s.green, s.jconf
    for fs, j, k in _way(route_tables(b)[n], si):
        for g in fs:
            if green[g]:
                keep.append(g)
            else:
                obs.append((d, g, -1, -1))
        if j >= 0 and jconf[j] != k:
            obs.append((d, -1, j, k))
        d += 1
    return obs, keep


def move_gain(s, t):
    """Expected progress (movement points toward train t's target, G_ARRIVE for reaching
    it) of one move of t along the current way, less G_TOKEN per time token risked."""
    b = s.board
    targets = _targets(s, t)
    if not targets:
        return -1.0
    loaded = s.tgood[t] >= 0
    dists = [b.dist_to[n] for n in targets]
    tcells = [b.node_cell[n] for n in targets]
    p = s.tpos[t]
    nnc = b.num_node_cells
    si0 = _state_index(s, t)
    d0 = _dist(dists, si0)
    if p < nnc:
        n = b.cell_node[p]
        k = b.node_kind[n]
        if k == TRADE and not loaded and s.goods[b.node_goods[n]] > 0:
            return -1.0   # load it instead
    routes = next_ways(s, t)
    faces = s.game.dice[t // 3]
    best = None
    for states, kind, where in routes:
        d = len(states)
        tot = 0.0
        for r in faces:
            if r < d or (r == d and kind != 0):
                tot += d0 - _dist(dists, states[r - 1])
            elif kind == 0:
                wk = b.cell_kind[where]
                if where in tcells:
                    tot += d0 + G_ARRIVE
                elif wk == START:
                    tot -= 2 * G_TOKEN + G_HOME
                elif wk == PORT and not s.na:
                    tot -= G_HOME    # an empty train goes home
                else:
                    tot += d0 - _dist(dists, states[-1])
            elif kind == 2:
                tot -= 2 * (r - d) * G_TOKEN + G_HOME
            elif kind == 3:
                tot += d0 - _dist(dists, states[-1])
            else:
                tot += (d0 - _dist(dists, states[-1]) if d else 0) - (r - d) * G_TOKEN
        v = tot / 6.0
        if best is None or v > best:
            best = v
    if best is None:   # a city with no green exit: every point is lost
        return -MEAN_ROLL[t // 3] * G_TOKEN
    return best


class GreedyBot(Bot):
    """The cheap complete policy (see above); deterministic given its seed (the seed only
    breaks the free layout's set-up choices)."""

    name = "greedy"

    def __init__(self, seat: int, seed: int = 0) -> None:
        super().__init__(seat, seed)
        self.plan: list[int] = []
        self.switched: set[int] = set()
        self.turn = -1

    def act(self, state) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        a = _planned(self, legal)
        if a is not None:
            return a
        s = state
        ph = s.phase
        if ph == PH_ACTIONS:
            return self._actions(s, legal)
        if ph == PH_ROLL:
            return A.ACCEPT_ROLL
        if ph == PH_REVEAL:
            return A.ACCEPT_CARD
        if ph == PH_DEPLOY_PLACE:
            return A.ROLL_DEPLOY
        if ph == PH_DEPLOY_COLOUR:
            return legal[0]    # the fastest colour left in the depot
        if ph == PH_MOVE_COLOUR:
            return max(legal, key=lambda a: (self._colour_gain(s, a - A.MOVE_COLOUR), -a))
        if ph == PH_MOVE_TRAIN:
            return self._order(s, legal)
        if ph in (PH_ROUTE, PH_CITY):
            return self._route(s, legal)
        if ph in (PH_SETUP_SWITCH, PH_SETUP_CITY, PH_SETUP_TRACK, PH_SETUP_EXTRA):
            return legal[int(self.rng.random() * len(legal))]
        if ph in (PH_SIG_FROM, PH_SIG_TO, PH_SW_JUNCTION, PH_SW_CONFIG, PH_CARD_TRAIN):
            return self._finish_play(s, legal)
        return legal[0]

    @staticmethod
    def _colour_gain(s, c):
        return sum(move_gain(s, t) for t in range(3 * c, 3 * c + 3) if s.tpos[t] >= 0)

    @staticmethod
    def _order(s, legal):
        trains = [a for a in legal if A.TRAIN <= a < A.HOLD]
        if not trains:
            return legal[0]
        # a train held up by another train still to move goes after it
        pending = {a - A.TRAIN for a in trains}
        for a in trains:
            t = a - A.TRAIN
            p = s.tpos[t]
            if p >= s.board.num_node_cells:
                _, kind, where = walk(s, t, p, s.thead[t], -1, 6)
                if kind == 1 and where >= 0 and s.occ[where] in pending:
                    continue
            return a
        return trains[0]

    @staticmethod
    def _route(s, legal):
        b = s.board
        t = s.mv_train
        targets = _targets(s, t)
        if not targets:
            return legal[0]
        dists = [b.dist_to[n] for n in targets]
        best, ba = None, legal[0]
        if s.phase == PH_CITY:
            here = _dist(dists, 2 * s.mv_pos)
            if here == 0:
                return A.STOP
            best, ba = here, A.STOP
        for a in legal:
            if A.ROUTE <= a < A.ROUTE + A.MAX_ENDS:
                e = a - A.ROUTE
                d = _dist(dists, 2 * b.end_cell[e] + (b.end_head[e] > 0)) + 1
                if best is None or d < best:
                    best, ba = d, a
        return ba

    def _actions(self, s, legal):
        if s.turn != self.turn:
            self.turn, self.switched = s.turn, set()
        h = s.hands[s.active]
        loads = [a for a in legal if A.LOAD <= a < A.COUPLER]
        if loads:
            return max(loads, key=lambda a: (h[(a - A.LOAD) % 3], -a))
        pays = {}
        for p in range(3):
            if A.PLAY + p * 7 in legal:
                pays[p] = A.PLAY + p * 7
            else:
                opts = [a for a in legal if A.PLAY + p * 7 < a < A.PLAY + p * 7 + 7]
                if opts:
                    pays[p] = max(opts, key=lambda a: (
                        sum(h[c] for c in A.PAIRS[(a - A.PLAY) % 7 - 1]), -a))
        play = self._intent(s, pays) if pays else None
        if play is None:
            return A.END
        purpose, rest = play
        if purpose == 1:
            self.switched.add(rest[0] - A.JUNCTION)
        self.plan = rest
        return pays[purpose]

    @staticmethod
    def _ways(s):
        """Every train's obstacles (`way_plan`), the green fields their ways use, and the
        trains in the order the policy serves them: loaded first, fewest obstacles first."""
        plans, keep = {}, set()
        for t in range(9):
            if s.tpos[t] >= 0:
                plans[t], kp = way_plan(s, t)
                keep.update(kp)
        order = sorted(plans, key=lambda t: (s.tgood[t] < 0, len(plans[t]), t))
        return plans, keep, order

    def _intent(self, s, purposes):
        """The card play this policy makes next with a card for one of `purposes` (0 signal,
        1 switch, 2 move train): (purpose, the choices after paying), or None to end."""
        b = s.board
        plans, keep, order = self._ways(s)
        for t in order:
            obs = plans[t]
            if obs:
                d, f, j, k = obs[0]
                if d > G_REACH:
                    continue
                if j >= 0:
                    if 1 in purposes and j not in self.switched:
                        return 1, [A.JUNCTION + j, A.CONFIG + k]
                    continue
                if 0 in purposes:
                    src = [g for g in range(b.num_fields)
                           if s.green[g] and g not in keep and f in s._sig_targets(g)]
                    if src:
                        # a track disc first (cities keep their discs where trains use them)
                        g = min(src, key=lambda g: (b.field_city[g] >= 0, g))
                        return 0, [A.FIELD_FROM + g, A.FIELD_TO + f]
                continue
            if 2 in purposes and move_gain(s, t) >= G_MOVE_MIN:
                return 2, [A.TRAIN + t]
        return None

    def _finish_play(self, s, legal):
        """The rest of a card play paid for without this bot's plan (a search's playout or
        a fresh bot can start there): what the policy would aim that card at, so a paid card
        is not spent on the first field or junction listed."""
        ph = s.phase
        if ph == PH_CARD_TRAIN:
            return max(legal, key=lambda a: (move_gain(s, a - A.TRAIN), -a))
        if ph in (PH_SIG_FROM, PH_SW_JUNCTION):
            play = self._intent(s, (0,) if ph == PH_SIG_FROM else (1,))
            if play is not None and play[1][0] in legal:
                self.plan = play[1][1:]
                return play[1][0]
            return legal[0]
        # the disc is lifted or the junction chosen: the obstacle it can clear, in the
        # order `_intent` takes them (each train's first obstacle within reach, loaded
        # trains first), then any later one
        plans, _, order = self._ways(s)
        later = []
        for t in order:
            for i, (d, f, j, k) in enumerate(plans[t]):
                a = A.FIELD_TO + f if ph == PH_SIG_TO else (
                    A.CONFIG + k if j == s.sw_junction else -1)
                if a in legal:
                    if i == 0 and d <= G_REACH:
                        return a
                    later.append(a)
        return later[0] if later else legal[0]


def make_greedy(seat: int, seed: int = 0) -> GreedyBot:
    return GreedyBot(seat, seed)
