"""Patches instead of whole views (issue #29, point 4; railtable/server/deltas.py).

A client that follows the patches holds exactly what a full state would show, at every
step of whole games of every game, in both languages, for every seat and a spectator; it
asks for a full state after a missed or broken message and gets one on reconnecting; a
seat's patches carry nothing but what that seat's own view holds at that moment."""

from __future__ import annotations

import asyncio
import json

import jsonpatch
import jsonpointer
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from railtable.engine.registry import games
from railtable.server.deltas import View
from railtable.server.patch import diff
from railtable.server.traffic import CountingConn, local_manager, play_table
from tests.server.conftest import hello, make_table, recv_until
from tests.server.follower import Follower, expected

# the games of the tree (not the test doubles other test modules register in this process)
GAMES = sorted(g for g, game in games().items()
               if type(game).__module__.startswith("railtable.games."))
LANGS = ("ru", "en")


def value_at(doc, path: str):
    return jsonpointer.resolve_pointer(doc, path)


class Watch:
    """Follows every patch connection of a table; after each step checks that each one's
    client shows what a full state would, and that each patch holds only its seat's own
    view (`own`: every value a patch adds or replaces is the one at its path in the seat's
    view at that moment, a member it removes is gone from it, every choice and log line is
    the seat's own)."""

    def __init__(self) -> None:
        self.followers: dict = {}
        self.read: dict = {}
        self.steps = 0
        self.texts: dict = {}  # log lines written, for every step's full state

    def step(self, t, conns) -> None:
        self.steps += 1
        for key, c in conns.items():
            seat, lang, patches = key
            if not patches:
                continue
            f = self.followers.setdefault(key, Follower())
            new = c.messages[self.read.get(key, 0):]
            self.read[key] = len(c.messages)
            for text in new:
                assert f.receive(text), (key, text[:300])
                m = json.loads(text)
                if m["type"] == "patch":
                    self.own(t, seat, lang, m)
            assert f.view() == expected(t, seat, lang, self.texts), (key, t.seq)

    def own(self, t, seat, lang, m) -> None:
        view = json.loads(json.dumps(t.position(seat)))
        for op in m["ops"]:
            if op["op"] == "remove":
                # an object's member is gone from the view (a list's item: its list is one)
                where, last = op["path"].rsplit("/", 1)
                parent = value_at(view, where)
                assert isinstance(parent, list) or \
                    last.replace("~1", "/").replace("~0", "~") not in parent, op
            else:
                assert op["op"] in ("add", "replace"), op
                assert value_at(view, op["path"]) == op["value"], op
        choices = json.loads(json.dumps(t.choices(seat, lang)))
        for c in m.get("legal", []):  # (a number: one the client holds, checked by its view)
            assert isinstance(c, int) or c in choices
        own_log = json.loads(json.dumps(t.log_lines(seat, lang, True, self.texts)))  # as sent
        for line in m.get("log", []):
            assert line in own_log


def play(game_id: str, seed: int, *, bot: str = "heuristic", decisions=None,
         players: int = 3) -> tuple[Watch, object, dict]:
    w = Watch()

    async def go():
        async with local_manager() as mgr:
            return await play_table(mgr, game_id, players, seed, LANGS, modes=(True,),
                                    on_step=w.step, bot=bot, decisions=decisions)

    t, conns = asyncio.run(go())
    return w, t, conns


@pytest.mark.parametrize("game_id", GAMES)
def test_a_client_following_patches_shows_the_full_state_at_every_step(game_id):
    w, t, conns = play(game_id, seed=3)
    assert t.status == "finished" and w.steps == t.seq + 1
    for key, f in w.followers.items():
        # one full state, then one patch a decision
        assert f.patches == t.seq, key
        assert [json.loads(m)["type"] for m in conns[key].messages].count("state") == 1
    if game_id == "ticket_to_ride":
        # choices the seat was offered before came back as their numbers
        assert sum(f.named for f in w.followers.values()) > 0


@settings(max_examples=10, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
@given(game_id=st.sampled_from(GAMES), seed=st.integers(0, 2**31),
       players=st.sampled_from([2, 3, 4]), bot=st.sampled_from(["random", "heuristic"]))
def test_a_seat_patches_carry_only_its_own_view_in_random_games(game_id, seed, players,
                                                                 bot):
    g = games()[game_id]
    players = min(max(players, g.min_players), g.max_players)
    w, t, _ = play(game_id, seed, bot=bot, decisions=40, players=players)
    assert w.steps == t.seq + 1


# -- the diff itself ----------------------------------------------------------------------

json_values = st.recursive(
    st.one_of(st.none(), st.integers(-5, 5), st.text(max_size=3),
              st.sampled_from(["a/b", "~1", "~", ""])),
    lambda inner: st.one_of(st.lists(inner, max_size=6),
                            st.dictionaries(st.sampled_from(["a", "b", "a/b", "~0", "x~"]),
                                            inner, max_size=4)),
    max_leaves=20)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(a=json_values, b=json_values)
def test_the_diff_is_a_json_patch_that_turns_one_document_into_the_other(a, b):
    ops = diff(a, b)
    assert jsonpatch.apply_patch(a, ops) == b
    if a == b:
        assert ops == []


def test_an_item_put_into_or_taken_from_the_middle_of_a_list_is_one_operation():
    tiles = [{"cell": i, "roads": [0, 3]} for i in range(20)]
    laid = tiles[:7] + [{"cell": 99, "roads": [1]}] + tiles[7:]
    assert diff({"tiles": tiles}, {"tiles": laid}) == [
        {"op": "add", "path": "/tiles/7", "value": {"cell": 99, "roads": [1]}}]
    assert diff({"tiles": laid}, {"tiles": tiles}) == [{"op": "remove", "path": "/tiles/7"}]
    # a key with "/" and "~" in it is escaped (RFC 6901)
    assert diff({"a/b~": 1}, {"a/b~": 2}) == [{"op": "replace", "path": "/a~1b~0", "value": 2}]


def test_a_part_of_a_view_whose_json_changes_is_sent_even_where_python_finds_it_equal():
    # the parts of a view are compared as JSON: 1 and true differ (a browser tells them
    # apart), though 1 == True in Python
    old = View(1, 0, {"status": "running", "observation": {"x": 1, "y": [0]}})
    new = View(2, 1, {"status": "running", "observation": {"x": True, "y": [False]}})
    assert new.ops_from(old) == [
        {"op": "replace", "path": "/observation/x", "value": True},
        {"op": "replace", "path": "/observation/y/0", "value": False}]


# -- resynchronising ----------------------------------------------------------------------

def test_a_missed_or_broken_patch_is_followed_by_a_full_state_on_request():
    async def go():
        async with local_manager() as mgr:
            f = {"missed": Follower(), "broken": Follower()}
            conns: dict = {}

            async def step(t, _conns):
                if not conns:
                    for name in f:
                        conns[name] = CountingConn(0, "ru")
                        await t.attach(conns[name])
                for name, c in conns.items():
                    while c.messages:
                        texts, c.messages = c.messages, []
                        for text in texts:
                            m = json.loads(text)
                            if m["type"] == "patch" and m["seq"] == 5:
                                if name == "missed":
                                    continue  # lost on the way
                                m["ops"].insert(0, {"op": "replace", "path": "/nowhere/0",
                                                    "value": 1})
                                text = json.dumps(m)
                            if not f[name].receive(text):
                                # the page asks once and waits for the full state
                                f[name].resyncs += 1
                                await t.resync(c)
                                break
                    if not (name == "missed" and t.seq == 5):
                        assert f[name].view() == expected(t, 0, "ru"), (name, t.seq)

            t, _ = await play_table(mgr, "ticket_to_ride", 2, 7, ("ru",), modes=(True,),
                                    on_step=step, decisions=12)
            assert t.seq == 12
            # each lost track once, asked once, and the full state put it right
            assert f["missed"].resyncs == 1 and f["broken"].resyncs == 1
            # (missed: all but the lost one and the one after it; broken: all but its own)
            assert (f["missed"].patches, f["broken"].patches) == (10, 11)

    asyncio.run(go())


def test_a_reconnecting_seat_gets_a_full_state_and_follows_patches_from_there():
    async def go():
        async with local_manager() as mgr:
            state = {"conn": None, "f": None, "states": 0}

            async def step(t, _conns):
                if t.seq in (0, 8):  # (re)connects at the start and after 8 decisions
                    if state["conn"] is not None:
                        t.detach(state["conn"])
                    state["conn"], state["f"] = CountingConn(1, "en"), Follower()
                    await t.attach(state["conn"])
                c, f = state["conn"], state["f"]
                texts, c.messages = c.messages, []
                for text in texts:
                    state["states"] += json.loads(text)["type"] == "state"
                    assert f.receive(text)
                assert f.view() == expected(t, 1, "en")

            await play_table(mgr, "steamland", 3, 2, ("en",), modes=(True,), on_step=step,
                             decisions=20)
            assert state["states"] == 2

    asyncio.run(go())


def test_spectators_holding_the_same_version_share_one_patch(monkeypatch):
    from railtable.server import deltas

    calls = {"n": 0}
    real = deltas.View.ops_from

    def counted(self, old, known=None):
        calls["n"] += 1
        return real(self, old, known)

    monkeypatch.setattr(deltas.View, "ops_from", counted)
    crowd = [CountingConn(None, "en") for _ in range(50)]

    async def go():
        async with local_manager() as mgr:
            async def step(t, _conns):
                if t.seq == 0:
                    for c in crowd:
                        await t.attach(c)

            await play_table(mgr, "ticket_to_ride", 2, 1, ("en",), modes=(True,),
                             on_step=step, decisions=10)

    asyncio.run(go())
    # a full state each, then the very same patch text for all of them
    for i in range(1, 11):
        assert json.loads(crowd[0].messages[i])["type"] == "patch"
        assert len({id(c.messages[i]) for c in crowd}) == 1
    # a patch a move for each seat's view and one for the spectators' (the crowd and the
    # table's own spectator hold the same version), not one for each connection
    assert calls["n"] == 10 * 3


# -- over the WebSocket --------------------------------------------------------------------

TWO = [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]


def test_a_client_asks_for_patches_in_its_hello(client):
    out = make_table(client, TWO)
    tid = out["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as a, \
            client.websocket_connect(f"/ws/tables/{tid}") as plain:
        a.send_text(json.dumps({"type": "hello", "token": out["seats"][0]["token"],
                                "lang": "en", "patches": True}))
        first = a.receive_json()
        assert first["type"] == "state" and isinstance(first["v"], int)
        hello(plain)
        f = Follower()
        f.receive(json.dumps(first))
        a.send_text(json.dumps({"type": "act", "seq": 0, "id": first["legal"][0]["id"]}))
        m, _ = recv_until(a, lambda x: x["type"] == "patch")
        assert (m["base"], m["seq"]) == (first["v"], 1) and m["v"] > m["base"]
        assert f.receive(json.dumps(m))
        # a client that did not ask gets whole updates, as before
        up, _ = recv_until(plain, lambda x: x["type"] == "update")
        assert up["seq"] == 1 and up["observation"]["seat"] is None
        a.send_text('{"type": "resync"}')
        again, _ = recv_until(a, lambda x: x["type"] == "state")
        assert again["seq"] == 1 and again["v"] >= m["v"]
        assert again["observation"] == f.state["observation"]


@pytest.mark.parametrize("patches", ["yes", 1, None, [True]])
def test_a_hello_with_patches_not_true_or_false_is_refused(client, patches):
    out = make_table(client, TWO)
    with client.websocket_connect(f"/ws/tables/{out['id']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "patches": patches}))
        m = ws.receive_json()
        assert (m["type"], m["code"]) == ("error", "bad_message"), m
        assert "patches" in m["message"]

