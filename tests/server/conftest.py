import json
import warnings

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402

from railtable.server import create_app  # noqa: E402

# Tests create tables and send messages far faster than people do; the rate limits have
# their own tests (test_limits.py) with the defaults.
NO_RATES = {"create_rate": "none", "message_rate": "none", "signin_rate": "none",
            "chat_rate": "none"}


@pytest.fixture
def pg_db():
    """A fresh PostgreSQL database of its own for a multi-worker test, dropped after it."""
    from tests.server.cluster import fresh_database
    url, drop = fresh_database()
    yield url
    drop()


@pytest.fixture
def client(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'rt.db'}", bot_delay=0, limits=NO_RATES)
    with TestClient(app) as c:
        yield c


def make_table(client, seats, game="toy", options=None):
    body = {"game": game, "seats": seats}
    if options is not None:
        body["options"] = options
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def hello(ws, token=None, lang="en"):
    ws.send_text(json.dumps({"type": "hello", "token": token, "lang": lang}))
    return ws.receive_json()


def recv_until(ws, pred, limit=200):
    """Messages until one satisfies pred; returns (that message, all seen)."""
    seen = []
    for _ in range(limit):
        m = ws.receive_json()
        seen.append(m)
        if pred(m):
            return m, seen
    raise AssertionError(f"no matching message in {limit}: last {seen[-3:]}")
