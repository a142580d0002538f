"""The summary's arithmetic on hand-made outcomes."""

import pytest

from railtable.sim.summary import summarise, wilson


def outcome(seed, scores, winners, reason="end", details=None, decisions=10):
    return {"seed": seed, "decisions": decisions,
            "result": {"scores": scores, "winners": winners, "reason": reason,
                       "details": details or [{} for _ in scores]}}


def test_wilson_interval_known_values():
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    assert wilson(10, 10) == (pytest.approx(0.7225, abs=1e-4), 1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_ties_share_the_win_and_details_by_type():
    outs = [
        outcome(1, [5, 5], [0, 1], "last_round",
                [{"loot": 5, "shot": True, "hero": "Belle"},
                 {"loot": 3, "shot": False, "hero": "Doc"}]),
        outcome(2, [9, 1], [0], "last_round",
                [{"loot": 7, "shot": False, "hero": "Doc"},
                 {"loot": 1, "shot": False, "hero": "Belle", "extra": [1, 2]}], decisions=20),
        {"seed": 3, "error": "RuntimeError: bug"},
    ]
    s = summarise(outs, game="g", num_players=2, seats=["a", "b"], cooperative=False,
                  seconds=2.0)
    assert s["games"] == 2 and s["errors"] == [{"seed": 3, "error": "RuntimeError: bug"}]
    assert [r["wins"] for r in s["per_seat"]] == [1.5, 0.5]
    assert [r["ties"] for r in s["per_seat"]] == [1, 1]
    assert s["per_seat"][0]["score"] == {"mean": 7.0, "std": pytest.approx(2.8284, abs=1e-4)}
    assert s["details"]["numbers"]["loot"][1] == {"mean": 2.0, "std": pytest.approx(1.4142,
                                                                                   abs=1e-4)}
    assert s["details"]["flags"]["shot"] == [0.5, 0.0]
    assert s["details"]["labels"]["hero"] == {
        "Belle": {"games": 2, "wins": 0.5, "win_rate": 0.25},
        "Doc": {"games": 2, "wins": 1.5, "win_rate": 0.75}}
    assert "extra" not in str(s["details"])
    assert s["reasons"] == {"last_round": 2}
    assert s["decisions_per_game"] == {"mean": 15.0, "std": pytest.approx(7.0711, abs=1e-4)}
    assert s["games_per_s"] == 1.5  # every game counts towards speed, the crashed one too
    assert "team" not in s


def test_cooperative_team_rate_and_losses():
    outs = [outcome(1, [3, 3], [0, 1]), outcome(2, [1, 1], [], "derailed"),
            outcome(3, [0, 0], [], "derailed"), outcome(4, [0, 2], [], "out_of_time")]
    s = summarise(outs, game="g", num_players=2, seats=["a", "a"], cooperative=True)
    assert s["team"]["wins"] == 1 and s["team"]["win_rate"] == 0.25
    assert s["team"]["ci95"] == list(wilson(1, 4))
    assert s["team"]["loss_reasons"] == {"derailed": 2, "out_of_time": 1}
    assert "wins" not in s["per_seat"][0] and "games_per_s" not in s
