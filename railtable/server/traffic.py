"""Bytes a seat receives over its WebSocket in a whole game, measured through the server's
own code: `railtable traffic GAME` (docs/performance.md, "Bytes per seat per game").

A Manager runs in-process on a temporary SQLite file, exactly as a server worker does. A
table is created with every seat a person's; each seat, and one spectator, has a
connection in each language and each mode (patches, as the browser asks for, and whole
views, as a client that does not ask for patches gets), attached to the live table as a
WebSocket's would be, that counts the UTF-8 bytes of every message the table sends it,
from its first state to the game's end. The game's heuristic bot chooses each seat's
decisions (from the server's state, like the server's own bot runner) and they are made
through `LiveTable.act`, the path of a player's `act` message: validated, applied, stored,
broadcast.

What is counted is the messages' text, the JSON the server writes; not the WebSocket's
frame headers (2-14 bytes a message) nor the compression a browser and the server agree on
(permessage-deflate). `deflate` estimates the latter: each connection's messages through
one zlib stream with a sync flush after each, as permessage-deflate with context takeover
does, with the settings uvicorn's WebSocket server (websockets-sansio) offers: a window of
2**12 bytes, memLevel 5.
"""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from railtable.server.connections import Conn
from railtable.server.protocol import LANGS

MAX_GAMES = 50
DEFLATE_WINDOW_BITS = 12  # uvicorn's permessage-deflate: server_max_window_bits=12,
DEFLATE_MEM_LEVEL = 5  # compress_settings={"memLevel": 5}


class CountingConn(Conn):
    """A connection that keeps what the table sends it instead of writing to a socket."""

    __slots__ = ("messages",)

    def __init__(self, seat: int | None, lang: str, patches: bool = True) -> None:
        super().__init__(None, seat, lang, patches=patches)
        self.messages: list[str] = []

    def send(self, text: str) -> None:
        self.messages.append(text)


@dataclass
class Tally:
    """What one connection received in one game."""

    bytes: int = 0
    deflate: int = 0
    messages: int = 0
    largest: int = 0
    by_type: dict = field(default_factory=dict)  # message type -> bytes

    @classmethod
    def of(cls, texts: list[str]) -> "Tally":
        import json

        t = cls()
        z = zlib.compressobj(wbits=-DEFLATE_WINDOW_BITS, memLevel=DEFLATE_MEM_LEVEL)
        for text in texts:
            raw = text.encode("utf-8")
            t.bytes += len(raw)
            t.messages += 1
            t.largest = max(t.largest, len(raw))
            # permessage-deflate drops the sync flush's final 4 bytes (00 00 ff ff)
            t.deflate += len(z.compress(raw) + z.flush(zlib.Z_SYNC_FLUSH)) - 4
            kind = json.loads(text).get("type", "?")
            t.by_type[kind] = t.by_type.get(kind, 0) + len(raw)
        return t


def seats_for(game, players: int | None) -> int:
    """The number of seats: as asked, else 3 where the game allows it."""
    if players is None:
        return min(max(3, game.min_players), game.max_players)
    if not game.min_players <= players <= game.max_players:
        raise ValueError(f"{game.id} is played by {game.min_players}-{game.max_players} "
                         f"players, not {players}")
    return players


async def _call(hook, *args) -> None:
    if hook is not None:
        got = hook(*args)
        if asyncio.iscoroutine(got):
            await got


def _reseed(store, table_id: str, seed: int) -> None:
    from sqlalchemy import update

    from railtable.server.storage import tables_t

    with store.engine.begin() as c:
        c.execute(update(tables_t).where(tables_t.c.id == table_id).values(seed=seed))


async def play_table(mgr, game_id: str, players: int, seed: int, langs=LANGS,
                     modes=(True, False), on_step=None, bot: str = "heuristic",
                     decisions: int | None = None) -> tuple[object, dict]:
    """Play one whole game (or its first `decisions`) at a live table of `mgr`, `bot`
    choosing for every seat, each seat and a spectator watching in each language and mode
    (True: patches). `on_step(table, conns)` (may be async) is called after the first
    states and after every decision. Returns the table and {(seat, lang, patches): conn}
    (seat None: the spectator)."""
    from railtable.bots.base import make_bot

    out = await mgr.create({"game": game_id, "seats": [
        {"kind": "human", "name": f"Player{i + 1}"} for i in range(players)]})
    # the same deal every time: the new table's seed (random) is replaced before anyone
    # has seen it, and the table read back from the database
    await mgr.db.call(_reseed, mgr.db.store, out["id"], seed)
    mgr.evict(mgr.tables[out["id"]])
    t = await mgr.get(out["id"])
    conns = {}
    for seat in [*range(players), None]:
        for lang in langs:
            for patches in modes:
                c = conns[(seat, lang, patches)] = CountingConn(seat, lang, patches)
                await t.attach(c)
    await _call(on_step, t, conns)
    game = t.game
    bots = [make_bot(bot, game, p, seed * 100 + p) for p in range(players)]
    while t.status == "running" and (decisions is None or t.seq < decisions):
        seat = t.state.current_player()
        a = bots[seat].act(t.state.clone())
        await t.act(seat, t.seq, action_id=a)
        await _call(on_step, t, conns)
    t.stop_presence()
    return t, conns


@contextlib.asynccontextmanager
async def local_manager():
    """A server worker's Manager on a temporary SQLite file, without background tasks or
    bot processes."""
    from railtable.server.manager import Manager
    from railtable.server.storage import Store

    with tempfile.TemporaryDirectory(prefix="railtable-traffic-") as tmp:
        mgr = Manager(Store(f"sqlite:///{Path(tmp) / 'traffic.db'}"), bot_delay=0,
                      bot_processes=False, idle_seconds=0, sweep_seconds=0, open_seconds=0)
        await mgr.start()
        try:
            yield mgr
        finally:
            await mgr.stop()


async def _measure(game_id: str, players: int, seeds: list[int], langs) -> dict:
    per: dict[str, list[Tally]] = {}
    moves = []
    async with local_manager() as mgr:
        for seed in seeds:
            t, conns = await play_table(mgr, game_id, players, seed, langs)
            moves.append(t.seq)
            for (seat, lang, patches), c in conns.items():
                who = "spectator" if seat is None else "seat"
                mode = "patches" if patches else "views"
                per.setdefault(f"{mode}/{who}/{lang}", []).append(Tally.of(c.messages))
    return {"game": game_id, "players": players, "games": len(seeds),
            "moves": sum(moves) / len(moves),
            "by": {k: _mean(v) for k, v in per.items()}}


def _mean(tallies: list[Tally]) -> dict:
    n = len(tallies)
    types: dict[str, float] = {}
    for t in tallies:
        for k, b in t.by_type.items():
            types[k] = types.get(k, 0) + b / n
    return {"bytes": sum(t.bytes for t in tallies) / n,
            "deflate": sum(t.deflate for t in tallies) / n,
            "messages": sum(t.messages for t in tallies) / n,
            "largest": max(t.largest for t in tallies),
            "by_type": {k: round(v) for k, v in sorted(types.items())}}


def measure(game_id: str, players: int | None = None, games: int = 3, seed: int = 0,
            langs=LANGS) -> dict:
    """Bytes per seat per game, averaged over `games` games (seeds seed, seed+1, ...)
    and every seat; the spectator's apart. Keys of "by": "patches/seat/en",
    "views/spectator/ru"... ("views": a client that does not ask for patches)."""
    from railtable.engine.registry import get_game

    game = get_game(game_id)
    n = seats_for(game, players)
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games must be 1-{MAX_GAMES}")
    bad = [lang for lang in langs if lang not in LANGS]
    if bad or not langs:
        raise ValueError(f"languages are {', '.join(LANGS)}")
    return asyncio.run(_measure(game.id, n, list(range(seed, seed + games)), tuple(langs)))
