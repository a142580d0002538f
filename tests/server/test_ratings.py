"""Ratings (issue #24, point 3; docs/server.md, "Ratings"): accounts that finish a rated
table get new OpenSkill ratings for that game, once; tables with a bot seat, with undo
used or created unrated count for nothing; a resigned player is ranked last; the
leaderboard lists accounts by ordinal (mu - 3 sigma). Played through HTTP and WebSocket."""

import pytest
from sqlalchemy.exc import IntegrityError

from railtable.games.switch_and_signal import GAME as GAME_SS
from railtable.server import ratings
from tests.server.conftest import hello, recv_until
from tests.server.test_accounts import browser, signup

GAME_LEVELS = dict(GAME_SS.difficulty_levels())
DRAW = 0  # the toy game's draw; any other action plays the card of that value


def best(ids):
    """The highest card in hand: the toy game's winning play."""
    return max(ids)


def draw_first(ids):
    """Draw while the deck lasts, else the lowest card: scores nothing for a while."""
    return min(ids)


def play(people, tid, choose):
    """Play the table to its end: people[seat] is that seat's browser, choose[seat] picks
    its action id from its legal ones (a seat missing from `people` is played by a bot)."""
    anyone = next(iter(people.values()))
    for _ in range(200):
        info = anyone.get(f"/api/tables/{tid}").json()
        if info["status"] != "running":
            return info
        acted = False
        for seat, who in people.items():
            with who.websocket_connect(f"/ws/tables/{tid}") as ws:
                st = hello(ws)
                assert st["seat"] == seat
                if st["legal"] and st["status"] == "running":
                    ws.send_json({"type": "act", "seq": st["seq"],
                                  "id": choose[seat]([a["id"] for a in st["legal"]])})
                    recv_until(ws, lambda m: m.get("type") in ("update", "error"))
                    acted = True
        if not acted:  # a bot is to move (its first move may wait for its process)
            with anyone.websocket_connect(f"/ws/tables/{tid}") as ws:
                if hello(ws)["current"] not in (None, *people):
                    recv_until(ws, lambda m: m.get("type") == "update")
    raise AssertionError("the game did not end")


def seat_table(people, decisions=4, **body):
    """A toy table created by people[0] (signed in) with a seat for each, joined by each
    from their own browser (so every seat is their account's)."""
    n = len(people)
    r = people[0].post("/api/tables", json={
        "game": "toy", "cookie": True, "options": {"decisions": decisions},
        "seats": [{"kind": "human", "name": "Host"}] + [{"kind": "human", "open": True}] *
        (n - 1), **body})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    for i, who in enumerate(people[1:], 1):
        r = who.post(f"/api/tables/{tid}/join", json={"name": f"P{i}", "cookie": True})
        assert r.status_code == 200 and r.json()["seat"] == i, r.text
    return tid, r


def my_ratings(client) -> dict:
    return {x["game"]: x for x in client.get("/api/account").json()["account"]["ratings"]}


def test_a_rated_table_moves_the_winner_up_and_the_loser_down(client):
    signup(client, "Ann")
    with browser(client) as bob:
        signup(bob, "Bob")
        tid, _ = seat_table([client, bob])
        assert client.get(f"/api/tables/{tid}").json()["rated"] is True
        assert client.get(f"/api/tables/{tid}").json()["unrated"] is None
        info = play({0: client, 1: bob}, tid, {0: best, 1: draw_first})
        assert info["status"] == "finished" and info["standing"]["winners"] == [0]
        ann, bob_r = my_ratings(client)["toy"], my_ratings(bob)["toy"]
    start = ratings.MODEL.rating()
    assert ann["mu"] > start.mu > bob_r["mu"]
    assert ann["sigma"] < start.sigma and bob_r["sigma"] < start.sigma  # less uncertain
    assert ann["games"] == bob_r["games"] == 1
    assert ann["ordinal"] == pytest.approx(ann["mu"] - 3 * ann["sigma"])
    # the leaderboard: Ann above Bob, paged
    lb = client.get("/api/leaderboard/toy").json()
    assert lb["total"] == 2
    assert [(p["rank"], p["name"], p["games"]) for p in lb["players"]] == \
        [(1, "Ann", 1), (2, "Bob", 1)]
    page = client.get("/api/leaderboard/toy?limit=1&offset=1").json()
    assert [p["name"] for p in page["players"]] == ["Bob"] and page["total"] == 2
    assert client.get("/api/leaderboard/switch_and_signal").json()["players"] == []


def test_a_table_is_rated_once_whoever_tries_again(client):
    signup(client, "Ann")
    with browser(client) as bob:
        signup(bob, "Bob")
        tid, _ = seat_table([client, bob])
        play({0: client, 1: bob}, tid, {0: best, 1: draw_first})
        before = my_ratings(client)["toy"]
        store = client.app.state.manager.db.store
        # a second update of the same table (another worker, a retry) is refused whole
        with pytest.raises(IntegrityError):
            store.rate_table(tid, {"ranks": [1, 2]}, 0.0)
        assert my_ratings(client)["toy"] == before
        assert my_ratings(bob)["toy"]["games"] == 1


def test_a_resigned_player_is_ranked_last_whatever_the_bot_scored(client):
    signup(client, "Ann")
    with browser(client) as bob, browser(client) as carol:
        signup(bob, "Bob")
        signup(carol, "Carol")
        tid, _ = seat_table([client, bob, carol], decisions=6)
        with carol.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws)
            ws.send_json({"type": "resign"})
            recv_until(ws, lambda m: m.get("type") == "state"
                       and m["table"]["seats"][2]["state"] == "resigned")
        # Bob scores nothing; a bot plays Carol's seat out and may well score more
        info = play({0: client, 1: bob}, tid, {0: best, 1: draw_first})
        assert info["status"] == "finished" and info["standing"]["order"][-1] == 2
        r = {name: my_ratings(who)["toy"] for name, who in
             (("Ann", client), ("Bob", bob), ("Carol", carol))}
    assert r["Ann"]["mu"] > r["Bob"]["mu"] > r["Carol"]["mu"]
    assert [p["name"] for p in client.get("/api/leaderboard/toy").json()["players"]] == \
        ["Ann", "Bob", "Carol"]


def test_a_table_with_a_bot_is_unrated(client):
    signup(client, "Ann")
    r = client.post("/api/tables", json={
        "game": "toy", "cookie": True, "options": {"decisions": 4},
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]})
    assert r.status_code == 201 and r.json()["rated"] is False
    assert r.json()["unrated"] == "bots"
    tid = r.json()["id"]
    info = play({0: client}, tid, {0: best})
    assert info["status"] == "finished" and info["rated"] is False
    assert my_ratings(client) == {}
    assert client.get("/api/leaderboard/toy").json() == {
        "game": "toy", "total": 0, "limit": 20, "offset": 0, "players": []}


def test_a_table_where_undo_was_used_is_unrated(client):
    signup(client, "Ann")
    with browser(client) as bob:
        signup(bob, "Bob")
        tid, _ = seat_table([client, bob])
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            st = hello(ws)
            ws.send_json({"type": "act", "seq": 0,
                          "id": best([a["id"] for a in st["legal"]])})  # a card: undoable
            recv_until(ws, lambda m: m.get("type") == "update" and m["seq"] == 1)
            ws.send_json({"type": "undo", "seq": 1})
            recv_until(ws, lambda m: m.get("seq") == 0 and m.get("type") in
                       ("state", "update"))
        assert client.get(f"/api/tables/{tid}").json()["rated"] is False
        assert client.get(f"/api/tables/{tid}").json()["unrated"] == "undo"
        info = play({0: client, 1: bob}, tid, {0: best, 1: draw_first})
        assert info["status"] == "finished" and info["unrated"] == "undo"
        assert my_ratings(client) == {} and my_ratings(bob) == {}


def test_a_guest_seat_leaves_the_table_unrated(client):
    signup(client, "Ann")
    with browser(client) as guest:
        tid, _ = seat_table([client, guest])
        play({0: client, 1: guest}, tid, {0: best, 1: draw_first})
    assert my_ratings(client) == {}


def test_a_table_created_unrated_stays_so(client):
    signup(client, "Ann")
    with browser(client) as bob:
        signup(bob, "Bob")
        tid, _ = seat_table([client, bob], rated=False)
        assert client.get(f"/api/tables/{tid}").json()["rated"] is False
        assert client.get(f"/api/tables/{tid}").json()["unrated"] == "off"
        play({0: client, 1: bob}, tid, {0: best, 1: draw_first})
        assert my_ratings(client) == {} and my_ratings(bob) == {}


@pytest.mark.parametrize("url, code, status", [
    ("/api/leaderboard/chess", "unknown_game", 404),
    ("/api/leaderboard/toy?limit=0", "bad_request", 400),
    ("/api/leaderboard/toy?offset=-1", "bad_request", 400),
])
def test_bad_leaderboard_requests_say_what_is_wrong(client, url, code, status):
    r = client.get(url)
    assert r.status_code == status and r.json()["error"] == code


def test_rated_must_be_true_or_false(client):
    r = client.post("/api/tables", json={"game": "toy", "rated": "yes", "seats": [
        {"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]})
    assert r.status_code == 400 and r.json()["error"] == "bad_rated"


def test_ties_share_a_rank_and_the_forfeited_come_last():
    from railtable.server.storage import SeatRow
    seats = [SeatRow(i, "human", None, f"P{i}", "h") for i in range(4)]
    seats[3].state = "resigned"
    out = ratings.ranks({"scores": [5, 9, 5, 20], "winners": [3]}, seats, False)
    assert out == {"ranks": [2, 1, 2, 3]}


# -- a cooperative game: the team against the game at its setup --------------------------

def test_a_team_against_an_equal_setup_is_an_even_match_whatever_its_size():
    # (the fixed opponent before: three players at 25 against one of 25 were favourites, so
    # a win moved them up by 0.2 and a loss down by 3.7)
    for n in (2, 3, 4):
        won, game_after_win = ratings.new_ratings([None] * n, {"team_won": True}, (25.0, 25 / 3))
        lost, game_after_loss = ratings.new_ratings([None] * n, {"team_won": False},
                                                    (25.0, 25 / 3))
        gain, loss = won[0][0] - 25, 25 - lost[0][0]
        assert gain > 0 and loss > 0 and gain == pytest.approx(loss)
        # the game's rating moves the other way
        assert game_after_win[0] < 25 < game_after_loss[0]
    # each member by their own uncertainty
    won, _ = ratings.new_ratings([None, (30.0, 4.0)], {"team_won": True}, (25.0, 25 / 3))
    assert won[0][0] - 25 > won[1][0] - 30 > 0


def test_switch_and_signal_setups_and_the_priors_of_their_difficulty_levels():
    from railtable.games.switch_and_signal import GAME
    levels = GAME.difficulty_levels()

    def options(**o):
        return GAME.options_to_json(GAME.parse_options(o))
    priors = [ratings.setup(GAME, options(**o), 3) for _, o in levels]
    assert [p["level"] for p in priors] == [name for name, _ in levels]
    mus = [p["mu"] for p in priors]
    assert mus == sorted(mus) and len(set(mus)) == len(mus)  # harder, stronger
    assert priors[3]["level"] == "standard" and mus[3] == ratings.MODEL.mu
    assert mus[4] - mus[3] == pytest.approx(ratings.MODEL.beta)
    # the key: every option and the player count; the level: the difficulty options only
    std = ratings.setup(GAME, options(), 3)
    assert std["key"] == ratings.setup(GAME, options(), 3)["key"]
    assert std["key"] != ratings.setup(GAME, options(), 2)["key"]
    na = ratings.setup(GAME, options(board="north_america", removed_departure_cards=5), 3)
    assert na["level"] == "hard" and na["key"] != priors[5]["key"]
    odd = ratings.setup(GAME, options(time_tokens=9), 3)  # no level: the default prior
    assert odd["level"] is None and odd["mu"] == ratings.MODEL.mu


def finished_coop_table(store, table_id, options, names):
    """A finished, rated Switch & Signal table of these accounts (made here)."""
    from railtable.server.storage import SeatRow, TableRow
    ids = [store.create_account(n, n.lower(), "x") for n in names]
    store.create_table(TableRow(
        id=table_id, game="switch_and_signal", options=options, seed=1,
        num_players=len(names), status="finished", rules_version="2", created=0.0,
        updated=0.0, moves=40, result=None, rated=True,
        seats=[SeatRow(i, "human", None, n, None, account_id=a)
               for i, (n, a) in enumerate(zip(names, ids))]))


def test_a_win_at_a_harder_setup_counts_more_and_a_loss_there_less(tmp_path):
    from railtable.games.switch_and_signal import GAME
    from railtable.server.storage import Store
    store = Store(f"sqlite:///{tmp_path / 'r.db'}")
    try:
        def options(**o):
            return GAME.options_to_json(GAME.parse_options(o))
        easy = options(removed_departure_cards=2, extra_signal=True)
        hard = options(removed_departure_cards=5)
        games = [("t1", easy, ("Ann", "Bob"), True), ("t2", hard, ("Cid", "Dan"), True),
                 ("t3", easy, ("Eve", "Fay"), False), ("t4", hard, ("Gus", "Hal"), False)]
        for tid, opts, names, won in games:
            finished_coop_table(store, tid, opts, names)
            assert store.rate_table(tid, {"team_won": won,
                                          "setup": ratings.setup(GAME, opts, 2)}, 1.0)
        mu = {x["name"]: x["mu"] for x in store.leaderboard("switch_and_signal", 10, 0)[1]}
        assert mu["Cid"] - 25 > mu["Ann"] - 25 > 0  # a win at "hard" is worth more
        assert 25 - mu["Eve"] > 25 - mu["Gus"] > 0  # a loss at "hard" costs less
        assert mu["Ann"] == mu["Bob"] and mu["Cid"] == mu["Dan"]
        setups = {x["level"]: x for x in store.opponents("switch_and_signal", 10)}
        assert set(setups) == {"easy", "hard"}
        assert setups["easy"]["games"] == setups["hard"]["games"] == 2
        assert all(x["players"] == 2 and x["sigma"] < 25 / 3 for x in setups.values())
        assert setups["hard"]["options"] == hard
    finally:
        store.close()


def test_a_switch_and_signal_team_is_rated_against_its_setup_at_the_table(client):
    # played through the WebSocket: two accounts lose a game at the hardest level
    signup(client, "Ann")
    with browser(client) as bob:
        signup(bob, "Bob")
        hardest = dict(GAME_LEVELS["hardest"])
        r = client.post("/api/tables", json={
            "game": "switch_and_signal", "cookie": True, "options": hardest,
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "open": True}]})
        assert r.status_code == 201 and r.json()["rated"] is True, r.text
        tid = r.json()["id"]
        assert bob.post(f"/api/tables/{tid}/join",
                        json={"name": "Bob", "cookie": True}).json()["seat"] == 1
        info = play({0: client, 1: bob}, tid, {0: min, 1: min})
        assert info["status"] == "finished" and info["result"]["winners"] == []
        ann, bob_r = my_ratings(client)["switch_and_signal"], my_ratings(bob)["switch_and_signal"]
    assert ann["mu"] < 25 and ann["mu"] == pytest.approx(bob_r["mu"])
    board = client.get("/api/leaderboard/switch_and_signal").json()
    assert [(o["level"], o["players"], o["games"]) for o in board["opponents"]] == \
        [("hardest", 2, 1)]
    assert board["opponents"][0]["mu"] > ratings.setup(
        GAME_SS, GAME_SS.options_to_json(GAME_SS.parse_options(hardest)), 2)["mu"]
    assert "opponents" not in client.get("/api/leaderboard/toy").json()


def test_two_workers_rating_the_same_table_on_postgresql_update_it_once(pg_db):
    # two stores on one PostgreSQL database, as two workers: both try to rate the table at
    # once; the history's unique (account, table) rows let exactly one through
    import threading

    from railtable.server.storage import SeatRow, Store, TableRow
    stores = [Store(pg_db), Store(pg_db)]
    try:
        ids = [stores[0].create_account(n, n.lower(), "x") for n in ("Ann", "Bob")]
        stores[0].create_table(TableRow(
            id="t1", game="toy", options={}, seed=1, num_players=2, status="finished",
            rules_version="1", created=0.0, updated=0.0, moves=4, result=None, rated=True,
            seats=[SeatRow(i, "human", None, n, None) for i, n in enumerate(("Ann", "Bob"))]))
        for i, a in enumerate(ids):
            stores[0].bind_seats(a, {"t1": i})
        outcomes: list = []
        go = threading.Barrier(2)

        def rate(store):
            go.wait()
            try:
                outcomes.append(store.rate_table("t1", {"ranks": [1, 2]}, 1.0))
            except IntegrityError:
                outcomes.append("refused")
        threads = [threading.Thread(target=rate, args=(s,)) for s in stores]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(outcomes, key=str) == [True, "refused"]
        total, board = stores[1].leaderboard("toy", 10, 0)
        assert total == 2 and [(p["name"], p["games"]) for p in board] == \
            [("Ann", 1), ("Bob", 1)]
    finally:
        for s in stores:
            s.close()
