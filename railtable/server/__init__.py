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


def run(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, *,
        bot_delay: float = 0.6, idle_minutes: float = 10.0) -> None:
    """Serve on host:port until interrupted; `db` is any SQLAlchemy URL. A table nobody
    uses leaves memory after `idle_minutes` (0: never) and is rebuilt when needed."""
    import uvicorn
    from sqlalchemy.engine import make_url

    import gc

    url = db or default_db_url()
    # Fewer, cheaper collections: the heap of live tables is long-lived, and a full
    # collection stalls every table at once.
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)
    app = create_app(url, bot_delay=bot_delay, idle_seconds=idle_minutes * 60)
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else ("[::1]" if host == "::" else host)
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    print(f"Railtable: open http://{shown}:{port}/ in your browser "
          f"(database {make_url(url).render_as_string(hide_password=True)})", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=64 * 1024,
                ws_ping_interval=20.0, ws_ping_timeout=20.0)


__all__ = ["create_app", "default_db_url", "run"]
