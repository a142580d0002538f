"""The load test drives real tables over WebSockets (a tiny, bounded run)."""

import pytest

from railtable.server import loadtest


@pytest.mark.parametrize("patches, deflate", [(True, False), (False, True)])
def test_a_small_load_test_plays_moves_and_reports_percentiles(capsys, patches, deflate):
    out = loadtest.run(tables=3, seats=2, seconds=1.5, game="toy", url=None, patches=patches,
                       deflate=deflate)
    assert out["moves"] > 0 and out["errors"] == 0
    assert (out["patches"], out["deflate"]) == (patches, deflate)
    assert out["p50_ms"] <= out["p95_ms"] <= out["p99_ms"] <= out["max_ms"]
    assert out["moves_per_s"] == pytest.approx(out["moves"] / out["seconds"], rel=0.01)
    assert "moves/s" in capsys.readouterr().out


@pytest.mark.parametrize("kwargs", [
    {"url": "http://10.0.0.1:8000"}, {"url": "http://example.com"}, {"url": "ftp://127.0.0.1"},
    {"tables": 0}, {"tables": 10_000}, {"seconds": 0}, {"seconds": 10_000}, {"seats": 0},
])
def test_only_loopback_and_bounded_runs(kwargs):
    args = {"tables": 1, "seats": 2, "seconds": 1.0, "game": "toy", "url": None} | kwargs
    with pytest.raises(ValueError):
        loadtest.run(**args)
