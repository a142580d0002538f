"""A table's life besides its moves: resigning, timeouts, taking a seat back, cancelling
and expiring (docs/server.md, "Table lifecycle").

Every change here is one compare-and-set of the table's version (Store.change_table) with
its lifecycle events, so when several workers see the same passed deadline, exactly one of
them acts and the others follow the table. Decisions:

- Resigning is final. In a competitive game the player is ranked last (their seat is marked
  "resigned" and `standing` puts it below everyone) and a bot plays the seat out, so the
  others finish their game; in a cooperative game (Switch & Signal) the player leaves the
  team and a bot takes the seat. When no human is left who could still play (everyone
  resigned, left or was dropped), the table ends as "abandoned": nobody is left to rank.
- A timeout does what the table says: "bot" (a bot takes the seat, and its player may take
  it back) or "drop" (a forfeit: ranked last as if resigned; the simplest bot plays the seat
  out). Cooperative games only allow "bot".
- The creator (who holds the creator secret given at creation) may cancel a table that has
  not started; an open table expires after the operator's `open_seconds`. Both end it.
"""

from __future__ import annotations

import dataclasses
import hmac
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from railtable.server import clock
from railtable.server.protocol import ActionError, TableGone, hash_token, stale
from railtable.server.storage import SeatRow, StaleWrite

if TYPE_CHECKING:
    from railtable.server.live import LiveTable

log = logging.getLogger("railtable.server")

ENDED = ("finished", "abandoned", "cancelled", "expired")
FORFEITS = ("resigned", "dropped", "left")  # seat states that are final
TRIES = 3


def default_bot(game) -> str:
    """The bot that takes over a seat: the game's heuristic one if it has it."""
    from railtable.bots.base import available_bots
    try:
        bots = available_bots(game)
    except Exception:  # noqa: BLE001 - the generic bot always works
        bots = []
    return "heuristic" if "heuristic" in bots else "random"


def can_still_play(s: SeatRow) -> bool:
    return s.kind == "human" and s.state not in FORFEITS


def standing(result: dict | None, seats: list[SeatRow], cooperative: bool) -> dict | None:
    """The ranking of a finished game: seats by score, every forfeited seat (resigned,
    dropped) below all others whatever it scored, and the winners without them. The stored
    result stays the game's own (it is what the record replays to)."""
    if not result:
        return None
    if cooperative:  # the team wins or loses together: leaving it ranks nobody
        return {"order": list(range(len(seats))), "winners": list(result["winners"]),
                "forfeited": []}
    forfeited = [s.seat for s in seats if s.state in FORFEITS]
    scores = result["scores"]
    order = sorted(range(len(seats)), key=lambda i: (i in forfeited, -scores[i]))
    winners = [w for w in result["winners"] if w not in forfeited]
    if not winners and len(forfeited) < len(seats):
        best = max(scores[i] for i in order if i not in forfeited)
        winners = [i for i in order if i not in forfeited and scores[i] == best]
    return {"order": order, "winners": winners, "forfeited": forfeited}


@dataclass
class Change:
    seats: dict[int, dict] = field(default_factory=dict)  # seat -> its new column values
    status: str | None = None
    events: list[dict] = field(default_factory=list)  # {"kind": ..., "seat": ...}


async def change(t: "LiveTable", decide: Callable[["LiveTable", float], Change | None]) -> bool:
    """Decide a change under the table's lock and store it; on a stale write, follow the
    table and decide again. False: `decide` found nothing to do."""
    for attempt in range(TRIES):
        async with t.lock:
            if t.evicted:
                raise TableGone()
            if attempt == 0 and t.mgr.broker.shared:
                await t._sync()
            at = clock.now()
            ch = decide(t, at)
            if ch is None:
                return False
            seats = [dataclasses.replace(s, **ch.seats.get(s.seat, {})) for s in t.seats]
            status = ch.status or t.status
            events = list(ch.events)
            if status == "running" and not any(can_still_play(s) for s in seats):
                status = "abandoned"
                events.append({"kind": "abandoned", "seat": None})
            cur = t.state.current_player() if status == "running" else None
            turn = clock.next_turn(t.clock, seats, t.turn_seat, t.turn_start, t.deadline,
                                   cur if cur is None or cur >= 0 else None, at)
            changed = {k: dict(v) for k, v in ch.seats.items()}
            for k, r in turn.reserves.items():
                changed.setdefault(k, {})["reserve"] = r
                seats[k] = dataclasses.replace(seats[k], reserve=r)
            values = {"status": status, "turn_seat": turn.seat, "turn_start": turn.start,
                      "deadline": turn.deadline}
            events = [{"moves": t.seq, **e} for e in events]
            try:
                await t.mgr.db.call_for(t.id, t.mgr.db.store.change_table, t.id, t.version,
                                        values, changed, events)
            except StaleWrite:
                await t._sync()
                continue
            t.seats = seats
            t.status = status
            t.turn_seat, t.turn_start, t.deadline = turn.seat, turn.start, turn.deadline
            t.events.extend({**e, "time": at} for e in events)
            t.version += 1
            t._legal = None
            t.mgr.broker.publish(t.id, t.version)
            t.broadcast(full=True)
            t.mgr.bots.schedule(t)
            t.touch()
            return True
    raise stale(t.seq)


def _seat_of(t: "LiveTable", seat: Any) -> SeatRow:
    if seat is None:
        raise ActionError("forbidden", "only a seated player can do this; open your seat's "
                          "link", 403)
    return t.seats[seat]


def _running(t: "LiveTable", what: str) -> None:
    if t.status == "open":
        raise ActionError("not_started", f"the game has not started, so you cannot {what}",
                          409)
    if t.status != "running":
        raise ActionError("finished", f"the game is over, so you cannot {what}", 409)


async def resign(t: "LiveTable", seat: int | None) -> bool:
    def decide(t: "LiveTable", _at: float) -> Change:
        s = _seat_of(t, seat)
        _running(t, "resign")
        if s.state in FORFEITS:
            raise ActionError("already_resigned", "you have already left this game", 409)
        state = "left" if t.game.cooperative else "resigned"
        return Change(seats={s.seat: {"state": state, "bot": default_bot(t.game)}},
                      events=[{"kind": state, "seat": s.seat}])
    return await change(t, decide)


async def take_back(t: "LiveTable", seat: int | None) -> bool:
    def decide(t: "LiveTable", _at: float) -> Change:
        s = _seat_of(t, seat)
        _running(t, "take your seat back")
        if s.state in FORFEITS:
            raise ActionError("forfeited", "you left this game; the seat cannot be taken "
                              "back", 409)
        if s.state != "timeout":
            raise ActionError("not_taken", "your seat is yours: no bot plays it", 409)
        return Change(seats={s.seat: {"state": None, "bot": None}},
                      events=[{"kind": "back", "seat": s.seat}])
    return await change(t, decide)


def is_creator(t: "LiveTable", creator: Any) -> bool:
    """Whether `creator` is the table's creator secret (compared in constant time)."""
    if not isinstance(creator, str) or not creator or len(creator) > 200:
        return False
    try:
        given = hash_token(creator)
    except UnicodeEncodeError:  # a lone surrogate: no secret looks like that
        return False
    return t.creator_hash is not None and hmac.compare_digest(t.creator_hash, given)


async def cancel(t: "LiveTable", creator: Any) -> bool:
    def decide(t: "LiveTable", _at: float) -> Change:
        if not isinstance(creator, str) or not creator or len(creator) > 200:
            raise ActionError("not_creator", "creator must be the secret given when the "
                              "table was created", 403)
        if not is_creator(t, creator):
            raise ActionError("not_creator", "only the table's creator can cancel it", 403)
        if t.status == "running":
            raise ActionError("started", "the game has started; a started table cannot be "
                              "cancelled (resign instead)", 409)
        if t.status != "open":
            raise ActionError("finished", f"the table has already ended ({t.status})", 409)
        return Change(status="cancelled", events=[{"kind": "cancelled", "seat": None}])
    return await change(t, decide)


def _due(t: "LiveTable", at: float) -> Change | None:
    """What a passed deadline asks for now, if anything (a sweep may come late or twice)."""
    if t.status == "open":
        limit = t.mgr.open_seconds
        if limit and t.created <= at - limit:
            return Change(status="expired", events=[{"kind": "expired", "seat": None}])
        return None
    if t.status != "running" or t.deadline is None or t.deadline > at:
        return None
    seat = t.turn_seat
    if not clock.timed(t.seats, seat):
        return None
    if t.timeout == "drop" and not t.game.cooperative:
        return Change(seats={seat: {"state": "dropped", "bot": "random", "reserve": 0.0}},
                      events=[{"kind": "dropped", "seat": seat}])
    return Change(seats={seat: {"state": "timeout", "bot": default_bot(t.game),
                                "reserve": 0.0}},
                  events=[{"kind": "timeout", "seat": seat}])


async def on_due(t: "LiveTable") -> bool:
    """Act on the table's passed deadline or its expiry, if any is still due."""
    return await change(t, _due)
