"""Table chat on a site of several servers (PostgreSQL + Redis): a message written on one
reaches the table's connections on the other, once; a connection joining later on either
gets the last messages; a seat's chat rate is counted for the whole site."""

from __future__ import annotations

import json

import httpx
import pytest

from tests.server.cluster import Player, Site, check_redis

pytestmark = [pytest.mark.cluster,
              pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")]


@pytest.fixture
def site(pg_db, tmp_path):
    s = Site(pg_db, check_redis(), tmp_path)
    yield s
    s.stop()


class Chatter(Player):
    """A Player that keeps the chat messages it is sent."""

    def __init__(self, *a) -> None:
        self.chat: list[dict] = []
        self.history: list[list[dict]] = []
        super().__init__(*a)

    def recv(self, pred, timeout: float = 60.0) -> dict:
        def keep(m):
            if m["type"] == "chat":
                (self.history.append(m["messages"]) if m.get("history")
                 else self.chat.extend(m["messages"]))
            return pred(m)
        return super().recv(keep, timeout)

    def say(self, text: str) -> None:
        self.ws.send(json.dumps({"type": "chat", "text": text}))


def test_a_message_reaches_every_server_once_and_the_rate_is_site_wide(site):
    # at most 4 messages a seat an hour: the counts cannot age out while the test runs
    a, b = (site.start(args=("--rate-chat", "4/hour")) for _ in range(2))
    r = httpx.post(a + "/api/tables", timeout=30, json={
        "game": "toy", "seats": [{"kind": "human", "name": "Ann"},
                                 {"kind": "human", "name": "Bob"}]})
    assert r.status_code == 201, r.text
    tid, tokens = r.json()["id"], [s["token"] for s in r.json()["seats"]]
    ann = Chatter(a, tid, tokens[0])
    bob, watcher = Chatter(b, tid, tokens[1]), Chatter(b, tid, None)
    ann.say("hello from server a")
    for p in (ann, bob, watcher):
        p.recv(lambda m: m["type"] == "chat" and not m.get("history"))
    bob.say("and from b")
    for p in (ann, bob, watcher):
        p.recv(lambda m: m["type"] == "chat" and m["messages"][0]["text"] == "and from b")
    for p in (ann, bob, watcher):  # each message once, in order, with its author
        assert [(m["seat"], m["name"], m["text"]) for m in p.chat] == [
            (0, "Ann", "hello from server a"), (1, "Bob", "and from b")]
    # joining later, on either server: the last messages
    for base in (a, b):
        late = Chatter(base, tid, None)
        late.recv(lambda m: m["type"] == "chat" and m.get("history"))
        assert [m["text"] for m in late.history[0]] == ["hello from server a", "and from b"]
        late.close()
    # Ann's seat has written once: three more, from both servers, and the fifth is refused
    ann_b = Chatter(b, tid, tokens[0])
    for i in range(3):
        (ann if i % 2 else ann_b).say(f"m{i}")
        bob.recv(lambda m: m["type"] == "chat" and m["messages"][0]["text"] == f"m{i}")
    ann_b.say("one too many")
    err = ann_b.recv(lambda m: m["type"] == "error")
    assert err["code"] == "rate_limited" and "--rate-chat" in err["message"]
    for p in (ann, bob, watcher, ann_b):
        p.close()
