"""Simulations and arenas on a Ray cluster: an `Executor` of railtable.sim.pool whose
chunks of games are Ray tasks.

Each task plays a range of game indices of the batch (the batch itself is put in the
object store once) and returns the outcomes keyed by index, so the games are the same
as in one process or with --jobs, game for game. A task whose worker dies (killed, out of
memory, its node lost) is run again by Ray, up to RETRIES times; the driver keeps the
first outcome of each game index and drops any repeat. Chunks are sized to take about two
seconds, so the few milliseconds a Ray task costs stay small next to the games.

Ray is an optional extra (`pip install 'railtable[ray]'`, which brings Ray's client for
`ray://` addresses). Every node must have the same Railtable installed: tasks import
`railtable.sim.cluster` and the game's module by name.
"""

from __future__ import annotations

import logging
import socket
import time

from railtable.sim.pool import Batch, Executor, find_game, play_chunk

INSTALL = "pip install 'railtable[ray]'"
RETRIES = 3  # runs of a task after its worker died, before its games count as failed
CLIENT_ATTEMPTS = 3  # tries of a ray:// connection whose client server fails to start one


class ClusterError(RuntimeError):
    """Ray is missing or the cluster cannot be reached: one line for a person."""


def import_ray():
    try:
        import ray
    except ImportError:
        raise ClusterError(f"--cluster needs Ray, an optional extra: {INSTALL}") from None
    return ray


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """Refuse at once an address where nothing listens: Ray itself would retry for
    minutes."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise ClusterError(f"--cluster {address}: expected HOST:PORT or ray://HOST:PORT")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as e:
        raise ClusterError(f"nothing answers at {address} "
                           f"({e.strerror or type(e).__name__}): is the Ray cluster "
                           f"running there?") from None


def _play(batch: Batch, start: int, stop: int) -> tuple[float, list[tuple[int, dict]]]:
    return play_chunk(find_game(batch), batch, start, stop)


class RayCluster(Executor):
    """Games played as Ray tasks on the cluster at `address`.

    No address starts a Ray instance on this machine (`ray.init()`, which joins the one
    named by RAY_ADDRESS or started by `ray start` on this machine if there is one);
    `ray://host:port` reaches a cluster's client server from any machine; `host:port`
    (a cluster's GCS) joins from a machine that is a node of that cluster. Use it as a
    context manager: the connection, if this object opened it, is closed at the end.
    """

    target = 2.0
    most = 4096

    def __init__(self, address: str | None = None, *, retries: int = RETRIES) -> None:
        self.ray = import_ray()
        self.address = address or None
        self.retries = retries
        self.owned = False
        self.live: set = set()
        self.batch_ref = None
        self.task = self.ray.remote(max_retries=retries)(_play)

    def connect(self) -> "RayCluster":
        ray = self.ray
        if not ray.is_initialized():
            if self.address not in (None, "auto", "local"):
                check_reachable(self.address)
            try:
                self._init()
            except ModuleNotFoundError as e:  # ray:// without Ray's client (grpcio)
                raise ClusterError(f"{self.address} needs Ray's client ({e}): "
                                   f"pip install 'ray[client]'") from None
            except Exception as e:  # no cluster there, a version mismatch...
                first = str(e).strip().splitlines()[0] if str(e).strip() else ""
                raise ClusterError(f"cannot reach the Ray cluster at "
                                   f"{self.address or 'this machine'}: "
                                   f"{type(e).__name__}: {first}") from None
            self.owned = True
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        return self

    def _init(self) -> None:
        # A client server starts one process per client; that start can fail now and then
        # ("Initialization failure from server") while the cluster is fine: try again.
        attempts = CLIENT_ATTEMPTS if str(self.address or "").startswith("ray://") else 1
        for attempt in range(1, attempts + 1):
            try:
                self.ray.init(address=self.address, logging_level=logging.WARNING)
                return
            except ConnectionAbortedError:
                if attempt == attempts:
                    raise
                if self.ray.is_initialized():
                    self.ray.shutdown()
                time.sleep(attempt)

    def close(self) -> None:
        if self.owned:
            self.ray.shutdown()
            self.owned = False

    def __enter__(self) -> "RayCluster":
        return self.connect()

    def __exit__(self, *exc) -> None:
        self.close()

    # -- Executor ----------------------------------------------------------------------

    def begin(self, batch: Batch) -> None:
        if not self.ray.is_initialized():
            self.connect()
        self.batch_ref = self.ray.put(batch)

    def submit(self, start: int, stop: int):
        ref = self.task.remote(self.batch_ref, start, stop)
        self.live.add(ref)
        return ref

    def wait(self, handles) -> list:
        ready, rest = self.ray.wait(handles, num_returns=1)
        if rest:  # and any others finished meanwhile
            more, _ = self.ray.wait(rest, num_returns=len(rest), timeout=0)
            ready += more
        return ready

    def result(self, handle) -> tuple[float, list[tuple[int, dict]]]:
        self.live.discard(handle)
        return self.ray.get(handle)

    def end(self) -> None:
        # Only left on Ctrl-C or an error: stop the tasks still running.
        for ref in self.live:
            try:
                self.ray.cancel(ref, force=True)
            except Exception:
                pass
        self.live.clear()
        self.batch_ref = None
