"""Helper processes that never outlive their parent.

A search's worker processes (MCTS jobs=N) and the server's bot workers are children that
would otherwise go on running when their parent dies: a SIGKILL runs no clean-up, and a
SIGTERM's default action neither stops a child's own children. `watch_parent`, run as a
pool's initializer, ends the process (and its own children first) once the parent is gone
or when it is asked to stop.
"""

from __future__ import annotations

import os
import signal
import threading
import time

POLL_SECONDS = 0.5


def stop_children() -> None:
    """Terminate this process's multiprocessing children (a search's pool) and reap them."""
    import multiprocessing
    children = multiprocessing.active_children()
    for p in children:
        try:
            p.terminate()
        except Exception:  # noqa: BLE001 - already gone
            pass
    for p in children:
        p.join(2.0)
        if p.is_alive():
            p.kill()


def _exit(*_args) -> None:
    stop_children()
    os._exit(0)


def watch_parent(parent: int) -> None:
    """In a child process: exit, with its own children, when `parent` is gone (even after
    a SIGKILL of the parent) or on SIGTERM."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _exit)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(POLL_SECONDS)
        _exit()

    threading.Thread(target=watch, daemon=True, name="railtable-parent-watch").start()
