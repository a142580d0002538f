"""What each connection of a table is sent: patches for the clients that apply them, whole
views for the others (docs/server.md, "WebSocket protocol").

A client that says `"patches": true` in its hello gets one full `state`, which carries the
version `v` of the view in it, and then at every move a `patch`:

    {"type": "patch", "base": 41, "v": 42, "seq": 18, "ops": [...],
     "legal": [5, {"id": 9, "action": {...}, "label": "..."}], "log": [{"seq": 18, ...}]}

`ops` is the JSON Patch (RFC 6902; railtable.server.patch) from the view of version
`base` to the view of version `v`: the state message's fields but `seq`, `legal`, `log`
and the full state's own `seat`, `lang` and `table`. `log` holds the new log lines (left
out when there are none); `legal` the legal choices, only when they changed. The client
keeps a list of every choice it has been sent whole since its last full state (that
state's own first, then each one a patch sends whole, in order); a choice it holds (same
id, action and label) comes as its number in that list. A client that does not hold
version `base`, cannot apply the patch or is given a number it does not hold asks for a
full state with `{"type": "resync"}`; a lost connection gets one on reconnecting.

The cost, at every move: each seat's view (and the spectators') is built once for both
languages and encoded part by part (each field, each value of the observation); a value
that several seats' views share (a game's static map) is encoded once. Only the parts whose
JSON changed are parsed and compared, and a part that changed alike in several seats'
views is diffed once. A seat's patch is computed once for all its connections that hold
the same version, so a crowd of spectators costs one patch a move, not one each.

A seat's patch is the difference between two of that seat's own views: nothing of another
seat's can be in it.
"""

from __future__ import annotations

import json
import json.encoder
from typing import TYPE_CHECKING, Any

from railtable.server.patch import diff, token
from railtable.server.protocol import dumps

if TYPE_CHECKING:
    from railtable.server.connections import Conn
    from railtable.server.live import LiveTable

MAX_CHOICES = 5000  # choices remembered per connection; past that, new ones always come whole
_MISSING = object()


def _not_json(value: Any) -> Any:
    raise TypeError(f"{type(value).__name__} is not JSON")


# A view is encoded part by part, most parts small. json.dumps makes a JSONEncoder and a C
# encoder at every call, which costs several times more than encoding a number or a short
# list; this one C encoder is made once and writes what protocol.dumps writes (no ASCII
# escapes, no spaces). Where the C encoder is missing (not CPython), dumps itself.
_encode_str = json.encoder.encode_basestring  # a str as JSON, without ASCII escapes
_c_make_encoder = getattr(json.encoder, "c_make_encoder", None)
if _c_make_encoder is not None:
    _part_encoder = _c_make_encoder(None, _not_json, json.encoder.c_encode_basestring, None,
                                    ":", ",", False, False, True)

    def encode_part(value: Any) -> str:
        return "".join(_part_encoder(value, 0))
else:  # pragma: no cover - other Pythons
    encode_part = dumps


_SCALARS = frozenset((str, int, float, bool, type(None)))
_PATHS: dict = {}  # an observation's key -> its JSON Pointer (a game has a few dozen keys)


def _path(key: Any) -> str:
    path = _PATHS.get(key)
    if path is None:
        path = f"/observation/{token(str(key))}"
        if len(_PATHS) < 10_000:
            _PATHS[key] = path
    return path


class View:
    """One seat's view of the table (None: a spectator's) at version `v`, after `seq`
    actions, as the JSON of its parts: "/status", ..., "/observation/<key>"."""

    __slots__ = ("v", "seq", "parts", "_values")

    def __init__(self, v: int, seq: int, position: dict, encode=None) -> None:
        encode = encode or encode_part
        self.v = v
        self.seq = seq
        parts = {}
        values = {}  # the parts that are single values, which nothing can change, as they are
        for k, value in position.items():
            if k == "observation":  # a dict: the engine's envelope and the game's part
                for ok, ov in value.items():
                    path = _path(ok)
                    parts[path] = encode(ov)
                    if type(ov) in _SCALARS:
                        values[path] = ov
            else:
                path = "/" + k
                parts[path] = encode(value)
                if type(value) in _SCALARS:
                    values[path] = value
        self.parts = parts
        self._values: dict[str, Any] = values

    def value(self, path: str) -> Any:
        """The part at `path`: a single value as it is, a list or object parsed from its
        JSON (so no game state can share it)."""
        got = self._values.get(path, _MISSING)
        if got is _MISSING:
            got = self._values[path] = json.loads(self.parts[path])
        return got

    def ops_from(self, old: "View", known: dict | None = None) -> list[dict]:
        """The JSON Patch from `old` to this view. `known`: the operations of parts already
        diffed, by (path, old JSON, new JSON), shared with other seats' views (what all
        seats see alike changes alike)."""
        ops: list[dict] = []
        before = old.parts
        for path, enc in self.parts.items():
            was = before.get(path)
            if was == enc:
                continue
            if was is None:
                ops.append({"op": "add", "path": path, "value": self.value(path)})
                continue
            key = (path, was, enc)
            part = known.get(key) if known is not None else None
            if part is None:
                part = diff(old.value(path), self.value(path), path, unequal=True)
                if known is not None:
                    known[key] = part
            ops.extend(part)
        for path in before:
            if path not in self.parts:
                ops.append({"op": "remove", "path": path})
        return ops


def first(t: "LiveTable", conn: "Conn") -> str:
    """The full state for a connection that has just come, changed its language or lost
    track. Connections that come between two moves share their seat's latest view."""
    r = Round(t, full=True, new_version=False)
    return r.message(conn)


class Round:
    """The messages of one broadcast (or, `new_version` False, of one full state): each
    seat's view built once, each message encoded once for the connections it is the same
    for."""

    def __init__(self, t: "LiveTable", full: bool, new_version: bool = True) -> None:
        self.t = t
        self.full = full
        self.v: int | None = None
        if new_version:
            t.view_version += 1
            self.v = t.view_version
        self.texts: dict = {}  # each log line written once per language
        self.positions: dict = {}  # seat -> LiveTable.position(seat)
        # JSON of the values in several seats' views (the map), by identity: nothing
        # changes while a round is built; the value is kept so that its id stays its own
        self.encodings: dict[int, tuple[Any, str]] = {}
        self.part_ops: dict = {}  # see View.ops_from
        self.views: dict = {}  # seat -> View
        self.legal: dict = {}  # (seat, lang) -> (choices, their JSON)
        self.ops: dict = {}  # (seat, base version) -> JSON Patch
        self.sent: dict = {}  # what is the same for several connections -> its text

    def position(self, seat: int | None) -> dict:
        pos = self.positions.get(seat)
        if pos is None:
            pos = self.positions[seat] = self.t.position(seat)
        return pos

    def view(self, seat: int | None) -> View:
        view = self.views.get(seat)
        if view is not None:
            return view
        t = self.t
        view = View(self.v or 0, t.seq, self.position(seat), self.encode)
        if self.v is None:  # a lone full state: the latest view, if nothing has changed
            latest = t.latest_views.get(seat)
            if latest is not None and latest.seq == t.seq and latest.parts == view.parts:
                view = latest
            else:
                t.view_version += 1
                view.v = t.view_version
        t.latest_views[seat] = self.views[seat] = view
        return view

    def encode(self, value: Any) -> str:
        t = type(value)
        if t is not dict and t is not list:
            # the commonest single values written directly, as json writes them
            if t is int:
                return int.__repr__(value)
            if t is str:
                return _encode_str(value)
            if value is None:
                return "null"
            return encode_part(value)
        got = self.encodings.get(id(value))
        if got is None:
            got = self.encodings[id(value)] = (value, encode_part(value))
        return got[1]

    def choices(self, seat: int | None, lang: str) -> tuple[list[dict], tuple[str, ...]]:
        got = self.legal.get((seat, lang))
        if got is None:
            entries = self.t.choices(seat, lang)
            got = self.legal[(seat, lang)] = (entries, tuple(encode_part(e) for e in entries))
        return got

    def message(self, c: "Conn") -> str:
        if not c.patches:
            key = ("plain", c.seat, c.lang)
            text = self.sent.get(key)
            if text is None:
                text = self.sent[key] = dumps(self.t.payload(
                    c.seat, c.lang, self.full, self.texts, self.position(c.seat)))
            return text
        view = self.view(c.seat)
        if self.full or c.view is None:
            return self._state(c, view)
        return self._patch(c, view)

    def _state(self, c: "Conn", view: View) -> str:
        entries, encs = self.choices(c.seat, c.lang)
        key = ("state", c.seat, c.lang)
        text = self.sent.get(key)
        if text is None:
            msg = self.t.payload(c.seat, c.lang, True, self.texts, self.position(c.seat),
                                 entries)
            text = self.sent[key] = dumps({"type": "state", "v": view.v, **msg})
        c.view = view
        # the client's list of choices starts afresh with the state's own
        c.known = {enc: i for i, enc in enumerate(encs)}
        c.held = len(encs)
        c.legal = encs
        return text

    def _patch(self, c: "Conn", view: View) -> str:
        base = c.view
        ops = self.ops.get((c.seat, base.v))
        if ops is None:
            ops = self.ops[(c.seat, base.v)] = view.ops_from(base, self.part_ops)
        entries, encs = self.choices(c.seat, c.lang)
        changed = encs != c.legal
        # connections holding the same version of a view were sent the same choices, so
        # the message is theirs alike, unless it names choices by what each one holds
        key = ("patch", c.seat, c.lang, base.v)
        shared = not (changed and entries)
        text = self.sent.get(key) if shared else None
        if text is None:
            msg = {"type": "patch", "base": base.v, "v": view.v, "seq": self.t.seq,
                   "ops": ops}
            if changed:
                msg["legal"] = self._numbered(c, entries, encs)
            lines = self.t.log_lines(c.seat, c.lang, False, self.texts)
            if lines:
                msg["log"] = lines
            text = dumps(msg)
            if shared:
                self.sent[key] = text
        c.view = view
        if changed:
            c.legal = encs
        return text

    @staticmethod
    def _numbered(c: "Conn", entries: list[dict], encs: tuple[str, ...]) -> list:
        """The legal choices for this connection: each one it holds (sent whole since its
        last full state, with the same id, action and label) as its number in its list,
        the others whole, which the client adds to its list."""
        known = c.known
        out: list = []
        for e, enc in zip(entries, encs):
            n = known.get(enc)
            if n is None:
                out.append(e)
                if len(known) < MAX_CHOICES:
                    known[enc] = c.held
                c.held += 1
            else:
                out.append(n)
        return out
