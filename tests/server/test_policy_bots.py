"""Trained policies at a table (docs/rl.md, "A learned bot"): offered by name, never by path."""

from __future__ import annotations

import time

from tests.server.conftest import make_table


def test_the_lobby_offers_the_shipped_policy_for_its_game_only(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert "policy(path=colt_express_2p)" in games["colt_express"]["bots"]
    assert "policy" not in games["colt_express"]["bots"]  # a bare policy has no path
    assert not any(b.startswith("policy") for b in games["ticket_to_ride"]["bots"])


def test_a_policy_plays_a_table_to_its_end(client):
    out = make_table(client, [{"kind": "bot", "bot": "policy(path=colt_express_2p)"},
                              {"kind": "bot", "bot": "heuristic"}], game="colt_express")
    deadline = time.monotonic() + 120
    while (info := client.get(f"/api/tables/{out['id']}").json())["status"] != "finished":
        assert time.monotonic() < deadline, info
        time.sleep(0.2)
    record = client.get(f"/api/tables/{out['id']}/record").json()
    assert record["seats"][0] == "policy(path=colt_express_2p)" and record["result"]


def test_a_client_never_names_a_file_or_a_wrong_policy(client):
    for spec, words in [
        ("policy(path=/etc/passwd)", "named by one of the server's policies"),
        ("policy(path=../colt_express_2p)", "named by one of the server's policies"),
        ("policy(path=nothing_here)", "named policies: colt_express_2p"),
        ("policy", "policy needs path=NAME"),
        ("policy(path=colt_express_2p,greedy=maybe)", "greedy is true or false"),
    ]:
        r = client.post("/api/tables", json={"game": "colt_express", "seats": [
            {"kind": "bot", "bot": spec}, {"kind": "bot", "bot": "random"}]})
        assert r.status_code == 400 and r.json()["error"] == "bad_bot", (spec, r.text)
        assert words in r.json()["message"], (spec, r.json())
    r = client.post("/api/tables", json={"game": "colt_express", "seats": [
        {"kind": "bot", "bot": "policy(path=colt_express_2p)"}] + [
        {"kind": "bot", "bot": "random"}] * 2})
    assert r.status_code == 400 and "trained for 2 players, not 3" in r.json()["message"]
    r = client.post("/api/tables", json={"game": "ticket_to_ride", "seats": [
        {"kind": "bot", "bot": "policy(path=colt_express_2p)"}, {"kind": "human"}]})
    assert r.status_code == 400 and "trained for colt_express" in r.json()["message"]


def test_the_log_names_a_bot_seat_by_its_bot(client):
    # issue #29: no "Player 2" in a log line where the seat has a bot
    out = make_table(client, [{"kind": "bot", "bot": "heuristic"},
                              {"kind": "bot", "bot": "policy(path=colt_express_2p)"}],
                     game="colt_express")
    deadline = time.monotonic() + 120
    while client.get(f"/api/tables/{out['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.2)
    for lang, first, second in (("en", "Bot 1 (heuristic)", "Bot 2 (trained policy)"),
                                ("ru", "Бот 1 (эвристика)", "Бот 2 (обученная модель)")):
        log = client.get(f"/api/tables/{out['id']}/replay?lang={lang}").json()["log"]
        text = "\n".join(x if isinstance(x, str) else x.get("text", "") for x in log)
        assert first in text and second in text, text[:400]
        assert "Player 1" not in text and "Игрок 1" not in text
