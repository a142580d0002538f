"""Several workers: what a setup needs, and the app factory each uvicorn worker calls.

`railtable serve --workers N` lets uvicorn's supervisor start N processes on one socket (it
restarts a worker that dies); each calls `worker_app()`, which reads its settings from the
environment variable RAILTABLE_SERVE (JSON) that the parent set.
"""

from __future__ import annotations

import json
import os

from sqlalchemy.engine import make_url

ENV = "RAILTABLE_SERVE"


class SetupError(ValueError):
    """A setup that would split tables between workers; the message says what to add."""


def check_setup(db_url: str, broker: str | None, workers: int) -> None:
    backend = make_url(db_url).get_backend_name()
    if workers > 1 and not broker:
        raise SetupError(f"{workers} workers need a broker to tell each other about moves: "
                         "add --broker redis://HOST:6379/0 (and a PostgreSQL --db); see "
                         "docs/deploy.md")
    if broker and backend == "sqlite":
        raise SetupError("several workers need a database server that all of them share: "
                         "add --db postgresql+psycopg://USER@HOST/DB (SQLite serves one "
                         "process only); see docs/deploy.md")
    if broker and not broker.startswith(("redis://", "rediss://", "unix://")):
        raise SetupError("--broker takes a Redis URL: redis://HOST:6379/0")
    try:
        if broker:
            import redis  # noqa: F401
        if make_url(db_url).drivername == "postgresql+psycopg":
            import psycopg  # noqa: F401
    except ImportError as e:
        raise SetupError(f"{e.name} is missing: pip install 'railtable[cluster]'") from None


def worker_app():
    """The app of one uvicorn worker (uvicorn calls this in each process)."""
    from railtable.server import create_app, tune_gc
    cfg = json.loads(os.environ[ENV])
    tune_gc()
    return create_app(cfg.pop("db"), **cfg)
