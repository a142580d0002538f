"""Clocks of a table, chosen when it is created, as on Board Game Arena.

A clock gives each human seat `move` seconds a turn plus a `reserve` of seconds for the
whole game: a turn that takes longer than `move` eats into the reserve, and when both are
spent the turn's deadline has passed. "live" clocks count seconds and minutes, "turn" clocks
(for games played over days) hours and days. A seat keeps the turn while it makes several
decisions in a row; the turn ends when another seat is to move. Seats a bot plays are not
timed. The deadline is stored with the table (railtable.server.storage), so it survives
restarts and any worker can act on it (railtable.server.lifecycle).
"""

from __future__ import annotations

import time
from typing import Any

from railtable.server.protocol import ActionError
from railtable.server.storage import SeatRow, Turn

# kind -> (least and most seconds a move, most seconds of reserve)
LIMITS = {
    "live": (1, 3600, 4 * 3600),
    "turn": (3600, 14 * 86400, 30 * 86400),
}
TIMEOUTS = ("bot", "drop")


def now() -> float:
    """The clocks' time (seconds since the epoch); tests move it forward."""
    return time.time()


def _seconds(body: dict, key: str, lo: float, hi: float, kind: str) -> int:
    v = body.get(key, 0 if key == "reserve" else None)
    if type(v) is not int or not lo <= v <= hi:
        raise ActionError("bad_clock", f"a {kind} clock's {key} is a whole number of seconds "
                          f"from {int(lo)} to {int(hi)}")
    return v


def parse_clock(value: Any) -> dict | None:
    """The clock of a table creation request: None or {"kind": "none"} (no clock), or
    {"kind": "live" | "turn", "move": seconds, "reserve": seconds}."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ActionError("bad_clock", 'clock is an object such as {"kind": "live", '
                          '"move": 30, "reserve": 300}')
    kind = value.get("kind")
    if kind == "none":
        return None
    if not isinstance(kind, str) or kind not in LIMITS:
        raise ActionError("bad_clock", "a clock's kind is none, live or turn")
    unknown = set(value) - {"kind", "move", "reserve"}
    if unknown:
        raise ActionError("bad_clock", f"unknown clock field {sorted(unknown)[0][:40]!r}")
    lo, hi, most = LIMITS[kind]
    return {"kind": kind, "move": _seconds(value, "move", lo, hi, kind),
            "reserve": _seconds(value, "reserve", 0, most, kind)}


def parse_timeout(value: Any, cooperative: bool) -> str:
    """What a timeout does: "bot" (a bot takes the seat; its player may take it back) or
    "drop" (the player forfeits: ranked last, the simplest bot plays the seat out). A
    cooperative game has nobody to rank, so only "bot"."""
    if value is None:
        return "bot"
    if value not in TIMEOUTS:
        raise ActionError("bad_timeout", "timeout is bot or drop")
    if value == "drop" and cooperative:
        raise ActionError("bad_timeout", "in a cooperative game a timeout can only hand the "
                          "seat to a bot")
    return value


def timed(seats: list[SeatRow], cur: int | None) -> bool:
    return cur is not None and 0 <= cur < len(seats) and seats[cur].kind == "human" \
        and not seats[cur].by_bot


def next_turn(clock: dict | None, seats: list[SeatRow], turn_seat: int | None,
              turn_start: float | None, deadline: float | None, cur: int | None,
              at: float) -> Turn:
    """The timed turn after a change of the table at time `at`, with `cur` to move (None:
    nobody, e.g. the game is over): the same turn goes on if `cur` had it; otherwise the
    last turn's overtime comes off its seat's reserve and `cur`'s turn starts now."""
    if clock is None:
        return Turn()
    if timed(seats, cur) and cur == turn_seat and deadline is not None:
        return Turn(turn_seat, turn_start, deadline)
    reserves: dict[int, float] = {}
    if (deadline is not None and turn_seat is not None and turn_start is not None
            and 0 <= turn_seat < len(seats)):
        before = seats[turn_seat].reserve or 0.0
        after = max(0.0, before - max(0.0, at - turn_start - clock["move"]))
        if after != before:
            reserves[turn_seat] = after
    if not timed(seats, cur):
        return Turn(None, None, None, reserves)
    left = reserves.get(cur, seats[cur].reserve or 0.0)
    return Turn(cur, at, at + clock["move"] + left, reserves)


def remaining(clock: dict | None, seats: list[SeatRow], turn_seat: int | None,
              deadline: float | None, at: float) -> list[float | None] | None:
    """Each seat's seconds left: the seat to move until its deadline, every other human
    seat what its next turn would start with (a move plus its reserve); None for a seat a
    bot plays."""
    if clock is None:
        return None
    out: list[float | None] = []
    for s in seats:
        if s.kind != "human" or s.by_bot:
            out.append(None)
        elif s.seat == turn_seat and deadline is not None:
            out.append(round(max(0.0, deadline - at), 1))
        else:
            out.append(round(clock["move"] + (s.reserve or 0.0), 1))
    return out
