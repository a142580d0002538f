"""data.json against the published facts of the USA map (NOTES, first paragraph)."""

import json
from collections import Counter
from pathlib import Path

import railtable.games.ticket_to_ride as ttr

DATA = json.loads((Path(ttr.__file__).parent / "data.json").read_text(encoding="utf-8"))


def test_map_facts():
    routes = DATA["routes"]
    assert len(DATA["cities"]) == 36 and len(routes) == 100
    assert len({frozenset((r["a"], r["b"])) for r in routes}) == 78
    assert sum(r["length"] for r in routes) == 309
    by_color = Counter(r["color"] for r in routes)
    spaces = Counter()
    for r in routes:
        spaces[r["color"]] += r["length"]
    for c in DATA["colors"]:
        assert by_color[c] == 7 and spaces[c] == 27
    assert by_color["gray"] == 44
    for r in routes:
        assert 1 <= r["length"] <= 6 and r["a"] != r["b"]
        if r["twin"] is not None:
            t = routes[r["twin"]]
            assert t["twin"] == r["id"] and {t["a"], t["b"]} == {r["a"], r["b"]}
    assert sum(r["twin"] is not None for r in routes) == 44          # 22 double routes


def test_tickets_cards_and_constants():
    tickets = DATA["tickets"]
    assert len(tickets) == 30
    assert min(t["points"] for t in tickets) == 4 and max(t["points"] for t in tickets) == 22
    assert sum(t["points"] for t in tickets) == 349
    assert len(DATA["colors"]) * DATA["cards_per_color"] + DATA["locomotives"] == 110
    assert DATA["trains_per_player"] == 45 and DATA["face_up_cards"] == 5
    assert DATA["route_points"] == {"1": 1, "2": 2, "3": 4, "4": 7, "5": 10, "6": 15}


def test_city_coordinates_are_north_american():
    for c in DATA["cities"]:
        assert -125 < c["lon"] < -70 and 25 < c["lat"] < 52
    by = {c["key"]: c for c in DATA["cities"]}
    # a few sanity relations of real geography
    assert by["seattle"]["lat"] > by["portland"]["lat"] > by["san_francisco"]["lat"]
    assert by["boston"]["lon"] > by["new_york"]["lon"] > by["chicago"]["lon"]
    assert by["miami"]["lat"] == min(c["lat"] for c in DATA["cities"])
