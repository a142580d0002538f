"""North America: ports a train passes through, a way out of a city blocked at once, and the
card the Switchman puts under the pile (issue #26)."""

from railtable.games.switch_and_signal import actions as A
from railtable.games.switch_and_signal.rules import (COUPLER, PH_CITY, PH_REVEAL, STATION_MASTER,
                                                     SWITCHMAN)

from .helpers import (GAME, blank, field_between, move_card, node, put, set_green, top_card,
                      where)

NA = {"board": "north_america"}


def _through_port():
    """An empty black train one section short of San Francisco, coming from Phoenix, with
    green signals on both of the port's lines."""
    s = blank(options=NA)
    set_green(s, field_between(s, "san_francisco", "sacramento"))
    set_green(s, field_between(s, "san_francisco", "phoenix"))
    put(s, 0, ("phoenix", "san_francisco"), k=1)
    return s


def test_osobye_pravila_empty_train_passes_through_a_port_on_green():
    # rulebook: Особые правила для Северной Америки (an unloaded train may stop in a port or
    # pass through it on a green signal); ПРАВИЛА ДВИЖЕНИЯ п. 5 (one train per city)
    s = _through_port()
    b = s.board
    sf = node(s, "san_francisco")
    assert len(b.node_ends[sf]) == 2                     # a port is no dead end
    move_card(s, 0, 3)                                   # 1 point into the port, 2 left
    assert s.phase == PH_CITY and where(s, 0) == ("node", "san_francisco")
    onward = [a for a in s.legal_actions() if a >= A.ROUTE]
    assert A.STOP in s.legal_actions() and len(onward) == 1   # never back the way it came
    assert b.end_far_node[onward[0] - A.ROUTE] == node(s, "sacramento")
    s.apply(onward[0])
    assert where(s, 0)[0] == "line" and s.tokens == 7    # through, every point spent
    assert s.tgood[0] < 0 and s.delivered == [[0] * 4, [0] * 4]
    # the port is free: a loaded train behind it delivers (it is not stopped as "occupied")
    put(s, 1, ("phoenix", "san_francisco"), good="red", k=1)
    move_card(s, 1, 2)
    assert where(s, 1) == ("depot",)
    assert s.delivered[b.port_index[sf]] == [0, 0, 1, 0]


def test_osobye_pravila_empty_train_stopped_in_a_port_leaves_by_any_green_line():
    # rulebook: Особые правила для Северной Америки (a stop in a port costs no time: п. 9)
    # and ПРАВИЛА ДВИЖЕНИЯ п. 4 (from a city a train leaves in any direction on green)
    s = _through_port()
    move_card(s, 0, 3)
    s.apply(A.STOP)
    assert where(s, 0) == ("node", "san_francisco") and s.tokens == 7
    move_card(s, 0, 2)
    routes = [a for a in s.legal_actions() if a >= A.ROUTE]
    far = {s.board.end_far_node[a - A.ROUTE] for a in routes}
    assert far == {node(s, "sacramento"), node(s, "phoenix")}


def test_strelochnik_card_under_the_pile_is_in_every_observation():
    # rulebook: Помощники в Северной Америке, Стрелочник (the drawn card, seen by the whole
    # team, goes face down under the pile: everyone knows which card lies there)
    s = blank(options=NA, helpers_used=False)
    s.helpers = (1 << STATION_MASTER) | (1 << COUPLER)
    top_card(s, 9)
    s.apply(A.END)
    assert s.phase == PH_REVEAL
    assert all(s.observation(p)["departure_pile_bottom"] == [] for p in (None, 0, 1))
    s.apply(A.SWITCHMAN)
    card = GAME.data["departure_cards"][9]
    for p in (None, 0, 1):
        assert s.observation(p)["departure_pile_bottom"] == [card]
    obs = s.observation(0)
    assert "Switchman" in GAME.render_text(obs, "en")
    assert "Стрелочник" in GAME.render_text(obs, "ru")


def test_strelochnik_is_not_offered_for_the_last_departure_card():
    # rulebook: Помощники в Северной Америке, Стрелочник (the card goes under the pile and the
    # next one is turned): with no card left under it there is no next one, so the last card
    # is carried out (docs/games/switch_and_signal.md, item 12)
    s = blank(options=NA, helpers_used=False)
    s.helpers = (1 << STATION_MASTER) | (1 << COUPLER)
    s.pile = [9, 10]
    s.apply(A.END)
    assert s.phase == PH_REVEAL and s.card == 10
    s.apply(A.ACCEPT_CARD)
    s.apply(A.MOVE_COLOUR + 0)  # a multicolour train: black, none on the network
    s.apply(A.END)
    # the last card: turned and carried out at once (the multicolour train asks its colour)
    assert s.card == 9 and s.observation(None)["departure_pile"] == 0
    assert s.phase != PH_REVEAL and A.SWITCHMAN not in s.legal_actions()
    assert s.observation(None)["helpers"]["switchman"] is False


def test_strelochnik_card_leaves_the_discard_for_the_pile():
    # rulebook: Помощники в Северной Америке, Стрелочник (the card is put under the pile, not
    # onto the discards; the next card is turned over)
    s = blank(options=NA, helpers_used=False)
    s.helpers = (1 << STATION_MASTER) | (1 << COUPLER)
    top_card(s, 9)
    nxt = s.pile[-2]
    s.apply(A.END)
    assert s.observation(None)["departure_discard"] == [18, 9]
    s.apply(A.SWITCHMAN)
    obs = s.observation(None)
    assert obs["departure_discard"] == [18, nxt]
    assert obs["departure_pile_bottom"][0]["id"] == GAME.data["departure_cards"][9]["id"]


def test_sceptshchik_offers_every_free_starting_point_and_no_taken_one():
    # rulebook: Помощники в Северной Америке, Сцепщик (the team puts the new train on a
    # starting point of its choice; one train a place): with black train 0 on the first
    # starting point (Seattle, 2) and gray train 8 on the last (Miami, 12), the other nine
    # are offered
    s = blank(options=NA, helpers_used=False)
    s.helpers = (1 << STATION_MASTER) | (1 << SWITCHMAN)
    b = s.board
    put(s, 0, "seattle")
    put(s, 8, "miami")
    assert b.starts[0] == node(s, "seattle") and b.starts[-1] == node(s, "miami")
    top_card(s, 2)  # deploy one train, then move the brown trains
    s.apply(A.END)
    s.apply(A.DEPLOY_COLOUR + 1)
    offered = {b.node_ids[b.starts[a - A.COUPLER]] for a in s.legal_actions() if a >= A.COUPLER}
    assert offered == {b.node_ids[n] for n in b.starts} - {"seattle", "miami"}
    assert A.ROLL_DEPLOY in s.legal_actions()


def _blocked_way_out():
    """A black train heading into Chicago with points to spare; a brown train stands in
    the first section toward Cleveland, heading away from the city (green signals all
    round)."""
    s = blank(options=NA)
    for far in ("omaha", "st_louis", "cleveland"):
        set_green(s, field_between(s, "chicago", far))
    put(s, 0, ("omaha", "chicago"), toward="chicago", k=0)
    put(s, 3, ("chicago", "cleveland"), toward="cleveland", k=0)
    return s


def _leave_toward(s, far):
    return next(a for a in s.legal_actions()
                if a >= A.ROUTE and s.board.end_far_node[a - A.ROUTE] == node(s, far))


def test_osobye_pravila_a_train_blocked_leaving_a_city_it_entered_loses_no_time():
    # rulebook: Особые правила для Северной Америки (a train that has to stop in a city
    # loses no time) and ПРИМЕР ХОДА, Б (stopping in a city never costs time): the way out
    # toward Cleveland is blocked at once, so the train ends its move in Chicago, free
    s = _blocked_way_out()
    tokens = s.tokens
    move_card(s, 0, 4)
    assert s.phase == PH_CITY and s.mv_left == 3
    s.apply(_leave_toward(s, "cleveland"))
    assert where(s, 0) == ("node", "chicago")
    assert s.tokens == tokens


def test_pravila_dvizhenija_8_a_train_starting_in_a_city_pays_for_a_blocked_way_out():
    # rulebook: ПРАВИЛА ДВИЖЕНИЯ п. 8 (stopped behind another train: a token a point left);
    # a train that starts its move in the city has not stopped there this move
    s = _blocked_way_out()
    move_card(s, 0, 4)
    s.apply(A.STOP)
    tokens = s.tokens
    move_card(s, 0, 2)
    s.apply(_leave_toward(s, "cleveland"))
    assert where(s, 0) == ("node", "chicago")
    assert s.tokens == tokens - 2
