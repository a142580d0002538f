"""The game server: lobby API, live tables over WebSockets, storage. See docs/server.md."""

from __future__ import annotations

from pathlib import Path


def default_db_url() -> str:
    """A SQLite file in the user's data directory."""
    from platformdirs import user_data_dir
    folder = Path(user_data_dir("railtable", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'railtable.db'}"


def create_app(db_url: str | None = None, **kwargs):
    """The Starlette app for a database URL (default: the user's SQLite file)."""
    from railtable.server.app import create_app as _create
    return _create(db_url or default_db_url(), **kwargs)


def tune_gc() -> None:
    """Fewer, cheaper collections: the heap of live tables is long-lived, and a full
    collection stalls every table at once."""
    import gc
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)


def run(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, *,
        bot_delay: float = 0.6, idle_minutes: float = 10.0, workers: int = 1,
        broker: str | None = None, lease_seconds: float = 10.0,
        check_seconds: float = 2.0, bot_workers: int = 2, limits: dict | None = None,
        open_hours: float = 24.0, sweep_seconds: float = 1.0) -> None:
    """Serve on host:port until interrupted; `db` is any SQLAlchemy URL. A table nobody
    uses leaves memory after `idle_minutes` (0: never) and is rebuilt when needed. A table
    not started within `open_hours` expires (0: never); every `sweep_seconds` the server looks
    for turns whose clock ran out.

    `workers` > 1 starts that many processes on the socket (uvicorn's supervisor restarts
    one that dies); they, and any other server started with the same `db` and `broker` (a
    Redis URL), are one site. `bot_workers`: bot processes of each worker; `limits`: what a
    client may ask for (railtable.server.limits.Limits as a dict). Raises
    cluster.SetupError for a setup that cannot work."""
    import json
    import os

    import uvicorn
    from sqlalchemy.engine import make_url

    from railtable.server.cluster import ENV, check_setup

    from railtable.server.limits import Limits

    url = db or default_db_url()
    check_setup(url, broker, workers)
    if bot_workers < 1:
        raise ValueError("bot_workers must be at least 1")
    limits = Limits.coerce(limits).to_json()  # a bad limit is refused before serving
    settings = {"bot_delay": bot_delay, "idle_seconds": idle_minutes * 60, "broker": broker,
                "lease_seconds": lease_seconds, "check_seconds": check_seconds,
                "bot_workers": bot_workers, "limits": limits,
                "open_seconds": open_hours * 3600, "sweep_seconds": sweep_seconds}
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else ("[::1]" if host == "::" else host)
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    where = make_url(url).render_as_string(hide_password=True)
    if broker:
        where += f", broker {make_url(broker).render_as_string(hide_password=True)}"
    if workers > 1:
        where += f", {workers} workers"
    print(f"Railtable: open http://{shown}:{port}/ in your browser (database {where})",
          flush=True)
    common = {"host": host, "port": port, "log_level": "warning", "ws_max_size": 64 * 1024,
              "ws_ping_interval": 20.0, "ws_ping_timeout": 20.0}
    if workers > 1:
        os.environ[ENV] = json.dumps({"db": url, **settings})
        uvicorn.run("railtable.server.cluster:worker_app", factory=True, workers=workers,
                    **common)
        return
    tune_gc()
    uvicorn.run(create_app(url, **settings), **common)


__all__ = ["create_app", "default_db_url", "run"]
