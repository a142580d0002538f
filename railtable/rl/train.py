"""Train a masked policy for one seat of a game against fixed opponents (the `train` extra:
PyTorch on the CPU). `railtable train` is the command; docs/rl.md the guide.

The method is PPO (Schulman et al., 2017) with invalid actions masked out of the softmax
(Huang & Ontañón, 2020): episodes are played with the learner in a rotating seat and the
other seats played by bot specs (`random`, `heuristic`, another `policy(...)`); each round
of episodes is one update of a two-layer tanh network with a policy and a value head.
Rollouts run the network in NumPy (railtable.rl.policy), so PyTorch does the updates only.
The curve of win rates against the evaluation opponents is kept in the result and can be
drawn with `plot_curve`.
"""

from __future__ import annotations

import random
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np

from railtable.bots.base import make_bot
from railtable.rl import policy as policy_file
from railtable.rl.common import Table
from railtable.sim.ratings import wilson


@dataclass
class TrainConfig:
    game: str = "ticket_to_ride"
    num_players: int = 2
    options: dict | None = None
    # bot specs for the other seats while training: each episode draws one for all of them
    opponents: tuple[str, ...] = ("random",)
    minutes: float = 20.0  # training time (evaluations not counted)
    max_updates: int | None = None  # stop sooner after so many updates
    episodes_per_update: int = 32
    hidden: int = 128
    lr: float = 3e-4
    epochs: int = 4
    minibatch: int = 512
    clip: float = 0.2
    entropy: float = 0.01
    value_coef: float = 0.5
    lam: float = 0.95  # GAE; no discount within an episode (gamma 1)
    reward: str = "score_diff"  # "win" or "score_diff" (railtable.rl.common.Table.rewards)
    reward_scale: float = 0.01  # score points to reward units
    eval_opponents: tuple[str, ...] = ("random", "heuristic")
    eval_games: int = 100  # per opponent, at each point of the curve
    eval_points: int = 10  # points on the curve over the training time
    final_games: int = 400  # per opponent, at the end, seats rotated
    seed: int = 0
    threads: int = 1


@dataclass
class TrainResult:
    config: dict
    updates: int = 0
    episodes: int = 0
    decisions: int = 0
    seconds: float = 0.0
    # (training minutes, episodes, {opponent: win rate}) at each evaluation
    curve: list[tuple[float, int, dict[str, float]]] = field(default_factory=list)
    final: dict[str, dict] = field(default_factory=dict)


def win_interval(wins: float, n: int) -> tuple[float, float]:
    """Wilson's 95% interval of a win rate."""
    return wilson(wins, n)


def evaluate(path: str | Path, game: str, num_players: int, opponent: str, games: int,
             seed: int = 0, options: dict | None = None) -> dict:
    """Win rate of the greedy policy in `path` against `opponent`, seats rotated: the
    learner's share of the game's returns (a tie shares the win)."""
    table = Table(game, num_players, options)
    wins = 0.0
    for g in range(games):
        seat = g % num_players
        state = table.new_state(seed + g)
        bots = [make_bot(f"policy(path={path})" if p == seat else opponent, table.game, p,
                         seed + 7919 * g + p) for p in range(num_players)]
        while not state.is_terminal():
            p = state.current_player()
            state.apply(bots[p].act(state))
        for b in bots:
            b.close()
        wins += state.returns()[seat]
    lo, hi = win_interval(wins, games)
    return {"opponent": opponent, "games": games, "win_rate": wins / games,
            "interval": [lo, hi]}


def train(cfg: TrainConfig, out: str | Path,
          progress: Callable[[float, TrainResult], None] | None = None) -> TrainResult:
    """Train, writing the policy to `out` after every update (so an interrupted run keeps
    its last one), and return the figures."""
    import torch  # the `train` extra

    torch.manual_seed(cfg.seed)
    torch.set_num_threads(cfg.threads)
    rng = random.Random(cfg.seed)
    np_rng = np.random.default_rng(cfg.seed)
    table = Table(cfg.game, cfg.num_players, cfg.options, reward=cfg.reward)
    n_in, n_act, n = table.encoder.size, table.num_actions, cfg.num_players
    out = Path(out)
    result = TrainResult(config=asdict(cfg))

    trunk = torch.nn.Sequential(torch.nn.Linear(n_in, cfg.hidden), torch.nn.Tanh(),
                                torch.nn.Linear(cfg.hidden, cfg.hidden), torch.nn.Tanh())
    pi_head = torch.nn.Linear(cfg.hidden, n_act)
    v_head = torch.nn.Linear(cfg.hidden, 1)
    with torch.no_grad():  # small initial logits: a near-uniform first policy
        pi_head.weight.mul_(0.01)
        pi_head.bias.zero_()
    params = [*trunk.parameters(), *pi_head.parameters(), *v_head.parameters()]
    opt = torch.optim.Adam(params, lr=cfg.lr, eps=1e-5)
    norm = _RunningNorm(n_in)

    def arrays() -> dict[str, np.ndarray]:
        a = {"obs_mean": norm.mean.astype(np.float32), "obs_std": norm.std().astype(np.float32)}
        for k, layer in enumerate((trunk[0], trunk[2])):
            a[f"w{k}"] = layer.weight.detach().numpy().T.copy()
            a[f"b{k}"] = layer.bias.detach().numpy().copy()
        a["w_pi"] = pi_head.weight.detach().numpy().T.copy()
        a["b_pi"] = pi_head.bias.detach().numpy().copy()
        a["w_v"] = v_head.weight.detach().numpy().T.copy()
        a["b_v"] = v_head.bias.detach().numpy().copy()
        return a

    meta = {"game": cfg.game, "num_players": n,
            "options": table.game.options_to_json(table.options),
            "rules_version": str(getattr(table.game, "rules_version", "")),
            "encoder_size": n_in, "num_actions": n_act, "trained_against": list(cfg.opponents),
            "method": "ppo"}

    def save() -> None:
        policy_file.save(out, arrays(), dict(meta, updates=result.updates,
                                             episodes=result.episodes))

    eval_every = cfg.minutes * 60.0 / max(1, cfg.eval_points)
    next_eval = 0.0
    trained = 0.0  # seconds spent training, evaluations left out
    while True:
        if trained >= next_eval:
            save()
            point = {o: evaluate(out, cfg.game, n, o, cfg.eval_games, seed=10**6 + result.updates,
                                 options=cfg.options)["win_rate"] for o in cfg.eval_opponents}
            result.curve.append((trained / 60.0, result.episodes, point))
            next_eval += eval_every
            if progress:
                progress(min(1.0, trained / (cfg.minutes * 60.0)), result)
        if trained >= cfg.minutes * 60.0 or (cfg.max_updates is not None
                                             and result.updates >= cfg.max_updates):
            break
        t0 = time.perf_counter()
        net = policy_file.Network(arrays(), meta)
        batch = _play(table, net, cfg, rng, np_rng, result)
        norm.update(batch["obs"])
        _update(batch, trunk, pi_head, v_head, params, opt, norm, cfg, torch)
        result.updates += 1
        trained += time.perf_counter() - t0
        save()
        result.seconds = trained
        if progress:
            progress(min(1.0, trained / (cfg.minutes * 60.0)), result)
    save()
    for o in cfg.eval_opponents:
        result.final[o] = evaluate(out, cfg.game, n, o, cfg.final_games, seed=2 * 10**6,
                                   options=cfg.options)
    return result


class _RunningNorm:
    """Mean and spread of the observations seen so far (Chan et al.'s parallel update)."""

    def __init__(self, size: int) -> None:
        self.mean = np.zeros(size, dtype=np.float64)
        self.var = np.ones(size, dtype=np.float64)
        self.count = 1e-4

    def update(self, x: np.ndarray) -> None:
        m, v, k = x.mean(axis=0), x.var(axis=0), x.shape[0]
        delta, total = m - self.mean, self.count + k
        self.mean = self.mean + delta * k / total
        self.var = (self.var * self.count + v * k
                    + delta * delta * self.count * k / total) / total
        self.count = total

    def std(self) -> np.ndarray:
        return np.sqrt(self.var) + 1e-6


def _play(table: Table, net: policy_file.Network, cfg: TrainConfig, rng: random.Random,
          np_rng: np.random.Generator, result: TrainResult) -> dict[str, np.ndarray]:
    """One round of episodes with the current policy sampling in the learner's seat."""
    obs, masks, acts, logps, vals, advs, rets = [], [], [], [], [], [], []
    w_v, b_v = net_value_head(net)
    n = table.num_players
    for _ in range(cfg.episodes_per_update):
        seed = rng.getrandbits(62)
        seat = result.episodes % n
        state = table.new_state(seed)
        spec = cfg.opponents[rng.randrange(len(cfg.opponents))]
        bots = {p: make_bot(spec, table.game, p, seed + p) for p in range(n) if p != seat}
        ep_v = []
        while not state.is_terminal():
            p = state.current_player()
            if p != seat:
                state.apply(bots[p].act(state))
                continue
            legal = state.legal_actions()
            x = table.vector(state, seat)
            h = net.hidden(x)
            logits = (h @ net.w_pi + net.b_pi)[legal]
            z = logits - logits.max()
            logp_all = z - np.log(np.exp(z).sum())
            probs = np.exp(logp_all)
            i = int(np_rng.choice(len(legal), p=probs / probs.sum()))
            mask = np.zeros(table.num_actions, dtype=bool)
            mask[legal] = True
            obs.append(x)
            masks.append(mask)
            acts.append(legal[i])
            logps.append(logp_all[i])
            ep_v.append(float(h @ w_v + b_v))
            state.apply(legal[i])
            result.decisions += 1
        for b in bots.values():
            b.close()
        result.episodes += 1
        reward = table.rewards(state)[seat] * (cfg.reward_scale if cfg.reward == "score_diff"
                                               else 1.0)
        # GAE with gamma 1: the only reward comes at the end
        adv, nxt, T = [0.0] * len(ep_v), 0.0, len(ep_v)
        for t in range(T - 1, -1, -1):
            v_next = reward if t == T - 1 else ep_v[t + 1]
            delta = v_next - ep_v[t]
            nxt = delta + cfg.lam * nxt
            adv[t] = nxt
        vals.extend(ep_v)
        advs.extend(adv)
        rets.extend(a + v for a, v in zip(adv, ep_v))
    return {"obs": np.asarray(obs, dtype=np.float32), "mask": np.asarray(masks),
            "act": np.asarray(acts, dtype=np.int64), "logp": np.asarray(logps, np.float32),
            "adv": np.asarray(advs, np.float32), "ret": np.asarray(rets, np.float32)}


def net_value_head(net: policy_file.Network) -> tuple[np.ndarray, float]:
    return net.w_v[:, 0].astype(np.float32), float(net.b_v[0])


def _update(batch, trunk, pi_head, v_head, params, opt, norm, cfg: TrainConfig, torch) -> None:
    mean = torch.as_tensor(norm.mean, dtype=torch.float32)
    std = torch.as_tensor(norm.std(), dtype=torch.float32)
    obs = torch.clamp((torch.as_tensor(batch["obs"]) - mean) / std, -10.0, 10.0)
    mask = torch.as_tensor(batch["mask"])
    act = torch.as_tensor(batch["act"])
    old_logp = torch.as_tensor(batch["logp"])
    adv = torch.as_tensor(batch["adv"])
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    ret = torch.as_tensor(batch["ret"])
    size = obs.shape[0]
    for _ in range(cfg.epochs):
        perm = torch.randperm(size)
        for start in range(0, size, cfg.minibatch):
            idx = perm[start:start + cfg.minibatch]
            h = trunk(obs[idx])
            logits = pi_head(h).masked_fill(~mask[idx], -1e9)
            logp_all = torch.log_softmax(logits, dim=-1)
            logp = logp_all.gather(1, act[idx, None])[:, 0]
            ratio = torch.exp(logp - old_logp[idx])
            a = adv[idx]
            pg = -torch.min(ratio * a, torch.clamp(ratio, 1 - cfg.clip, 1 + cfg.clip) * a).mean()
            p_all = torch.exp(logp_all)
            ent = -(p_all * logp_all).masked_fill(~mask[idx], 0.0).sum(-1).mean()
            v = v_head(h)[:, 0]
            vloss = ((v - ret[idx]) ** 2).mean()
            loss = pg + cfg.value_coef * vloss - cfg.entropy * ent
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(params, 0.5)
            opt.step()


def plot_curve(result: TrainResult, path: str | Path, title: str = "") -> None:
    """The learning curve as a PNG: win rate against each evaluation opponent over the
    training time (the `plot` extra: matplotlib)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4), dpi=110)
    xs = [c[0] for c in result.curve]
    for opp in result.config["eval_opponents"]:
        ys = [c[2][opp] for c in result.curve]
        ax.plot(xs, ys, marker="o", label=f"against {opp}")
        if opp in result.final:
            f = result.final[opp]
            ax.errorbar([xs[-1]], [f["win_rate"]],
                        yerr=[[f["win_rate"] - f["interval"][0]],
                              [f["interval"][1] - f["win_rate"]]],
                        fmt="s", capsize=4, color=ax.lines[-1].get_color(),
                        label=f"final, {f['games']} games, 95% interval")
    ax.axhline(0.5, color="grey", lw=0.8, ls=":")
    ax.set_ylim(0, 1)
    ax.set_xlabel("training time (minutes, evaluations left out)")
    ax.set_ylabel("win rate of the greedy policy")
    ax.set_title(title or f"{result.config['game']}, {result.config['num_players']} players, "
                 f"trained against {', '.join(result.config['opponents'])}")
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
