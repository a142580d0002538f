"""The JSON Patch (RFC 6902) that turns one JSON document into another: what a seat's view
of a table gained with a move, sent instead of the whole view (docs/server.md, WebSocket
protocol).

Only `add`, `remove` and `replace` are written, in an order that applies one after the
other. A list's unchanged first and last items are left alone; between them, its changed
items are patched by index, then new items added or lost ones removed (from the end
backwards). A list whose patch would touch most of its items is replaced whole, which is
shorter.

Written here rather than taken from `jsonpatch` (whose `apply_patch` the tests use to check
these patches): its `make_patch` walks every value of both documents, 2-9 ms for one
seat's view of a Ticket to Ride or Railways of the World table, more than a whole move
costs the server; this runs once per seat and language at every move, and skips every
subtree that `==` (C code) finds unchanged, which is nearly all of a view (the map).

Both documents are JSON as parsed (dict, list, str, int, float, bool, None). A value whose
JSON type changes is replaced. A container found equal is not walked, and Python's `==`
takes 1 for true (and 1.0 for 1): a list or object that differs from its old self only by
such a change inside it is missed. The server's views rule that out at their first level
(railtable.server.deltas compares each part's JSON text), and the test of every game's
patches compares what a client holds with the full state as JSON at every step.
"""

from __future__ import annotations

from typing import Any


def diff(old: Any, new: Any, path: str = "", *, unequal: bool = False) -> list[dict]:
    """The operations that turn `old` into `new` (the empty list if they are equal);
    `path`: where both sit in a larger document (a JSON Pointer). `unequal`: the caller
    knows they differ as JSON (their encodings do), so they are not compared first."""
    ops: list[dict] = []
    if unequal or not _same(old, new):
        _diff(old, new, path, ops)
    return ops


def token(k: str) -> str:
    """A key as a JSON Pointer token (RFC 6901: "~" and "/" escaped)."""
    if "~" in k or "/" in k:
        return k.replace("~", "~0").replace("/", "~1")
    return k


def _same(a: Any, b: Any) -> bool:
    return a is b or (type(a) is type(b) and a == b)


def _diff(a: Any, b: Any, path: str, ops: list[dict]) -> None:
    """Append the operations from a to b, known to differ, at `path`."""
    ta = type(a)
    if ta is not type(b):
        ops.append({"op": "replace", "path": path, "value": b})
    elif ta is dict:
        for k in a:
            if k not in b:
                ops.append({"op": "remove", "path": f"{path}/{token(k)}"})
        for k, v in b.items():
            if k not in a:
                ops.append({"op": "add", "path": f"{path}/{token(k)}", "value": v})
                continue
            w = a[k]
            if not _same(w, v):
                _diff(w, v, f"{path}/{token(k)}", ops)
    elif ta is list:
        # the unchanged ends first, so that an item put in or taken out in the middle (a
        # tile laid, a card played) is one operation, not a shift of everything after it
        la, lb = len(a), len(b)
        p = 0
        while p < la and p < lb and _same(a[p], b[p]):
            p += 1
        e = 0
        while e < la - p and e < lb - p and _same(a[la - 1 - e], b[lb - 1 - e]):
            e += 1
        sub: list[dict] = []
        ma, mb = la - p - e, lb - p - e
        m = min(ma, mb)
        for i in range(p, p + m):
            if not _same(a[i], b[i]):
                _diff(a[i], b[i], f"{path}/{i}", sub)
        for i in range(p + m, p + mb):
            sub.append({"op": "add", "path": f"{path}/{i}", "value": b[i]})
        for i in range(p + ma - 1, p + m - 1, -1):
            sub.append({"op": "remove", "path": f"{path}/{i}"})
        if len(sub) > 1 and 2 * len(sub) > lb:
            ops.append({"op": "replace", "path": path, "value": b})
        else:
            ops.extend(sub)
    else:
        ops.append({"op": "replace", "path": path, "value": b})
