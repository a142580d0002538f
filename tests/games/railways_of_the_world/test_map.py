"""The map data: format, geometry and what the rules need from it."""

import copy
import json
from pathlib import Path

import pytest

import railtable.games.railways_of_the_world as pkg
from railtable.games.railways_of_the_world import GAME
from railtable.games.railways_of_the_world.rules import DIRS, GRAY, MapData

MAPS = Path(pkg.__file__).parent / "maps"


def test_every_listed_map_loads_and_follows_the_format():
    for mid in GAME.data["maps"]:
        d = json.loads((MAPS / f"{mid}.json").read_text(encoding="utf-8"))
        assert d["id"] == mid and d["orientation"] == "pointy" and d["coordinates"] == "axial"
        assert {h[2] for h in d["hexes"]} <= {"plain", "water", "mountain"}
        assert len({(h[0], h[1]) for h in d["hexes"]}) == len(d["hexes"])
        assert [c["id"] for c in d["cities"]] == list(range(len(d["cities"])))
        assert set(d["empty_markers_to_end"]) == {"2", "3", "4", "5", "6"}
        assert max(d["empty_markers_to_end"].values()) < GAME.data["empty_city_markers"]


def test_cities_are_never_adjacent_and_never_isolated():
    m = GAME.maps["eastern_us_canada"]
    pos = [m.hex_qr[h] for h in m.city_hex]
    for i, a in enumerate(pos):
        ds = [MapData.distance(a, b) for j, b in enumerate(pos) if j != i]
        assert min(ds) >= 2  # a link needs at least one tile
        assert min(ds) <= 5  # and one build action can reach a neighbour


def test_ridges_lie_between_neighbours_and_are_symmetric():
    m = GAME.maps["eastern_us_canada"]
    assert m.ridges
    for h, d in m.ridges:
        n = m.nb[h * 6 + d]
        assert n >= 0 and m.ridge[h * 6 + d] and m.ridge[n * 6 + (d + 3) % 6]


@pytest.mark.parametrize("path", sorted(MAPS.glob("*.json")), ids=lambda p: p.stem)
def test_prokladyvanie_relsov_every_ridge_of_every_shipped_map_is_on_a_mountain_hex(path):
    # rulebook: Прокладывание рельсов (the surcharge is for crossing the dark-brown ridge
    # stripe of a mountain hex): every map file loads, and each ridge edge has a mountain
    # hex on at least one side; the listed maps are all the files
    d = json.loads(path.read_text(encoding="utf-8"))
    m = MapData(d, GAME.terrain_cost)
    mountain = 2  # TERRAINS: plain, water, mountain
    assert m.ridges and len(m.ridges) == len(d["ridges"])
    for h, dd in m.ridges:
        n = m.nb[h * 6 + dd]
        assert mountain in (m.terrain[h], m.terrain[n]), (m.hex_qr[h], m.hex_qr[n])
    assert path.stem in GAME.data["maps"]


def _shipped():
    return json.loads((MAPS / "eastern_us_canada.json").read_text(encoding="utf-8"))


def _hex(d, q, r):
    return next(h for h in d["hexes"] if (h[0], h[1]) == (q, r))


def test_a_ridge_touching_no_mountain_hex_fails_to_load():
    # rulebook: Прокладывание рельсов (a ridge belongs to a mountain hex): the loader refuses
    # a ridge between a plain hex and a water hex, and between two plain hexes, by name
    d = _shipped()
    plain_water = next((a, b) for a in d["hexes"] for b in d["hexes"]
                       if a[2] == "plain" and b[2] == "water"
                       and (b[0] - a[0], b[1] - a[1]) in DIRS)
    bad = copy.deepcopy(d)
    bad["ridges"].append([*plain_water[0][:2], *plain_water[1][:2]])
    q1, r1, q2, r2 = bad["ridges"][-1]
    with pytest.raises(ValueError, match=rf"map eastern_us_canada: ridge \[{q1}, {r1}, {q2}, "
                       rf"{r2}\] touches no mountain hex \(plain and water\)"):
        MapData(bad, GAME.terrain_cost)
    # the ridge south-east of Knoxville lies on a mountain hex; made plain, the map fails
    bad = copy.deepcopy(d)
    assert [-1, 15, -1, 16] in bad["ridges"]
    _hex(bad, -1, 16)[2] = "plain"
    with pytest.raises(ValueError, match=r"ridge \[-1, 15, -1, 16\] touches no mountain hex"):
        MapData(bad, GAME.terrain_cost)
    MapData(copy.deepcopy(d), GAME.terrain_cost)  # the shipped data loads


@pytest.mark.parametrize("ridge, says", [
    ([-1, 15, 1, 15], "does not lie between two neighbouring hexes"),
    ([-1, 15, -1, 15], "does not lie between two neighbouring hexes"),
    ([-1, 15, -1, 99], "names a hex that is not on the map"),
])
def test_a_ridge_off_an_edge_of_the_map_fails_to_load(ridge, says):
    # the map format (docs/games/railways_of_the_world.md): a ridge lies on the edge between
    # two neighbouring hexes of the map
    bad = _shipped()
    bad["ridges"].append(ridge)
    with pytest.raises(ValueError, match=says):
        MapData(bad, GAME.terrain_cost)


def test_neighbour_table_matches_axial_directions():
    m = GAME.maps["eastern_us_canada"]
    for i, (q, r) in enumerate(m.hex_qr):
        for d, (dq, dr) in enumerate(DIRS):
            n = m.nb[i * 6 + d]
            if n >= 0:
                assert m.hex_qr[n] == (q + dq, r + dr) and m.nb[n * 6 + (d + 3) % 6] == i
                assert MapData.distance((q, r), m.hex_qr[n]) == 1


def test_colours_gray_cities_and_cube_supply():
    m = GAME.maps["eastern_us_canada"]
    counts = [m.city_colour0.count(k) for k in range(6)]
    assert all(c >= 6 for c in counts[:5]) and counts[GRAY] >= sum(GAME.new_city_tiles)
    assert sum(m.city_cubes) <= 5 * GAME.cubes_per_colour
    names = GAME.i18n()
    for key in m.city_key:
        assert names["en"]["cities"][key] and names["ru"]["cities"][key]


def test_edges_are_shared_by_both_hexes_and_ridges_sit_on_edges():
    m = GAME.maps["eastern_us_canada"]
    for e, (a, b) in enumerate(m.edge_hexes):
        d = next(d for d in range(6) if m.nb[a * 6 + d] == b)
        assert m.edge[a * 6 + d] == e == m.edge[b * 6 + (d + 3) % 6]
    ridge_edges = {m.edge[h * 6 + d] for h, d in m.ridges}
    assert len(ridge_edges) == len(m.ridges) and -1 not in ridge_edges


def test_hex_distance_counts_the_steps_between_two_hexes():
    # the number of steps from hex to hex (axial coordinates, docs/games/railways_of_the_world.md):
    # along one direction, and mixing two, in every direction, and from a hex to itself
    assert MapData.distance((3, -2), (3, -2)) == 0
    for dq, dr in DIRS:
        for k in (1, 2, 5):
            assert MapData.distance((2, 1), (2 + k * dq, 1 + k * dr)) == k
    assert MapData.distance((0, 0), (2, 1)) == 3      # e, e, se
    assert MapData.distance((0, 0), (-1, -2)) == 3    # nw, nw, w
    assert MapData.distance((4, -1), (1, 3)) == 4     # sw three times, then se
    assert MapData.distance((-3, 5), (2, -1)) == 6
