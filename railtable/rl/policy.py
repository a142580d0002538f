"""A trained policy as a bot: `policy(path=FILE)` seats it in `play`, `arena` and the lobby.

A policy file (`.npz`, written by `railtable train`) holds a small network in NumPy arrays
and a JSON header saying which game, player count and options it was trained for, so
playing it needs NumPy only, not the PyTorch that trained it. The network: the seat's
encoded observation (railtable.rl.encoders), normalised by the training's running mean and
spread, through two tanh layers to one logit per action of the game; illegal actions are
masked out. By default the bot takes the most likely legal action (`greedy=false` samples).
"""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path
from typing import Any

import numpy as np

from railtable.bots.base import Bot
from railtable.engine.game import State

FORMAT = 1
SUFFIX = ".npz"
# Where `railtable serve` looks up the policies a table may seat (bare names only).
SHIPPED = Path(__file__).resolve().parent / "policies"


class PolicyError(ValueError):
    """A policy file that is missing, malformed, or made for another game or table."""


class Network:
    """The forward pass of a policy file, in NumPy (float32)."""

    def __init__(self, arrays: dict[str, np.ndarray], meta: dict) -> None:
        self.meta = meta
        self.mean = arrays["obs_mean"].astype(np.float32)
        self.inv_std = (1.0 / arrays["obs_std"]).astype(np.float32)
        self.layers = []
        k = 0
        while f"w{k}" in arrays:
            self.layers.append((arrays[f"w{k}"].astype(np.float32),
                                arrays[f"b{k}"].astype(np.float32)))
            k += 1
        self.w_pi = arrays["w_pi"].astype(np.float32)
        self.b_pi = arrays["b_pi"].astype(np.float32)
        # the value head, kept by training only (the bot never reads it)
        self.w_v = arrays.get("w_v")
        self.b_v = arrays.get("b_v")
        if not self.layers:
            raise PolicyError("the policy file has no hidden layers")
        if self.layers[0][0].shape[0] != self.mean.shape[0]:
            raise PolicyError("the policy file's first layer does not match its normaliser")

    @property
    def input_size(self) -> int:
        return int(self.mean.shape[0])

    @property
    def num_actions(self) -> int:
        return int(self.b_pi.shape[0])

    def hidden(self, x: np.ndarray) -> np.ndarray:
        """The last hidden layer for an encoded observation (the policy's and the value's
        input)."""
        h = np.clip((x - self.mean) * self.inv_std, -10.0, 10.0)
        for w, b in self.layers:
            h = np.tanh(h @ w + b)
        return h

    def logits(self, x: np.ndarray) -> np.ndarray:
        return self.hidden(x) @ self.w_pi + self.b_pi


def save(path: str | os.PathLike, arrays: dict[str, np.ndarray], meta: dict) -> None:
    """Write a policy file atomically (a crash never leaves half a file)."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    header = dict(meta, format=FORMAT)
    with open(tmp, "wb") as f:
        np.savez_compressed(f, meta=np.array(json.dumps(header, sort_keys=True)), **arrays)
    os.replace(tmp, path)


def load(path: str | os.PathLike) -> Network:
    """The network of a policy file, read once per version of the file (a server's bot
    worker makes a bot for every move; the network is never changed after loading)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise PolicyError(f"no policy file {str(path)!r}") from None
    except OSError as e:
        raise PolicyError(f"{str(path)!r} is not a policy file: {e}") from None
    return _load(str(path), st.st_mtime_ns, st.st_size)


@functools.lru_cache(maxsize=32)
def _load(path: str, _mtime: int, _size: int) -> Network:
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files}
    except FileNotFoundError:
        raise PolicyError(f"no policy file {str(path)!r}") from None
    except (OSError, ValueError) as e:
        raise PolicyError(f"{str(path)!r} is not a policy file: {e}") from None
    try:
        meta = json.loads(str(arrays.pop("meta")))
    except (KeyError, ValueError):
        raise PolicyError(f"{str(path)!r} is not a policy file: no header") from None
    if meta.get("format") != FORMAT:
        raise PolicyError(f"{str(path)!r}: policy format {meta.get('format')!r}, "
                          f"this Railtable reads {FORMAT}")
    try:
        return Network(arrays, meta)
    except KeyError as e:
        raise PolicyError(f"{str(path)!r} is not a policy file: no {e.args[0]}") from None


def resolve(path: str, roots: list[Path] | None = None) -> Path:
    """The file a spec's `path` names: a file, or the bare name of a policy in the policy
    folders (`server_roots()`: RAILTABLE_POLICIES, then those shipped with Railtable). With
    `roots` (the server), only such a name is accepted: a client never names a file."""
    if roots is None:
        given = Path(path).expanduser()
        if given.exists() or os.path.basename(path) != path:
            return given
        roots = server_roots()  # a bare name not found here: a named policy
    name = path if path.endswith(SUFFIX) else path + SUFFIX
    if not name or os.path.basename(name) != name or name.startswith("."):
        raise PolicyError("a table's policy is named by one of the server's policies, "
                          f"not by a path: {available(roots)}")
    for root in roots:
        if (root / name).is_file():
            return root / name
    raise PolicyError(f"no policy {path!r}: not a file here, nor a named policy "
                      f"(named policies: {available(roots)})")


def available(roots: list[Path]) -> str:
    names = sorted({p.stem for r in roots if r.is_dir() for p in r.glob("*" + SUFFIX)})
    return ", ".join(names) or "none"


def named_for(game_id: str, roots: list[Path] | None = None) -> list[tuple[str, int]]:
    """(name, player count) of each named policy trained for `game_id`, by name."""
    out = {}
    for root in roots if roots is not None else server_roots():
        for f in sorted(root.glob("*" + SUFFIX)) if root.is_dir() else ():
            if f.stem in out:
                continue  # an earlier folder's policy of that name wins, as in resolve
            try:
                meta = _header(str(f), f.stat().st_mtime_ns)
            except PolicyError:
                continue
            if meta.get("game") == game_id:
                out[f.stem] = int(meta.get("num_players", 0))
    return sorted(out.items())


@functools.lru_cache(maxsize=256)
def _header(path: str, _mtime: int) -> dict:
    try:
        with np.load(path, allow_pickle=False) as data:
            return json.loads(str(data["meta"]))
    except (OSError, ValueError, KeyError) as e:
        raise PolicyError(f"{path!r} is not a policy file: {e}") from None


def server_roots() -> list[Path]:
    """The server's policy folders: RAILTABLE_POLICIES (os.pathsep-separated), then the
    policies shipped with Railtable."""
    extra = [Path(p) for p in os.environ.get("RAILTABLE_POLICIES", "").split(os.pathsep) if p]
    return extra + [SHIPPED]


class PolicyBot(Bot):
    """Plays a trained policy from its seat's observation only."""

    name = "policy"

    def __init__(self, seat: int, seed: int = 0, path: str | None = None,
                 greedy: bool = True, roots: list[Path] | None = None) -> None:
        super().__init__(seat, seed)
        if not isinstance(path, str) or not path:
            raise ValueError("policy needs path=FILE, a policy written by `railtable train`")
        if not isinstance(greedy, bool):
            raise ValueError("greedy is true or false")
        self.greedy = greedy
        self.net = load(resolve(path, roots))
        self._table: Any = None

    def check_game(self, game) -> None:
        meta = self.net.meta
        if meta.get("game") != game.id:
            raise ValueError(f"this policy was trained for {meta.get('game')}, not {game.id}")
        if self.net.num_actions != game.num_actions:
            raise ValueError(f"this policy has {self.net.num_actions} actions; {game.id} "
                             f"has {game.num_actions} (trained on another version)")

    def check_players(self, num_players: int) -> None:
        trained = self.net.meta.get("num_players")
        if trained != num_players:
            raise ValueError(f"this policy was trained for {trained} players, not "
                             f"{num_players}")

    def _table_for(self, state: State):
        t = self._table
        if t is None or t.num_players != state.num_players:
            from railtable.rl.common import Table  # gymnasium only when a policy plays
            meta = self.net.meta
            self.check_players(state.num_players)
            # States do not carry their options: the policy's own are used, and a table
            # whose options change the encoding is refused by its size just below.
            t = Table(state.game, state.num_players, meta.get("options"))
            if t.encoder.size != self.net.input_size:
                raise ValueError(f"this policy reads {self.net.input_size} numbers; the "
                                 f"encoder of this table gives {t.encoder.size}")
            self._table = t
        return t

    def act(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        x = self._table_for(state).vector(state, self.seat)
        logits = self.net.logits(x)[legal]
        if self.greedy:
            return legal[int(np.argmax(logits))]
        p = np.exp(logits - logits.max())
        cum = np.cumsum(p)
        i = int(np.searchsorted(cum, self.rng.random() * cum[-1], side="right"))
        return legal[min(i, len(legal) - 1)]
