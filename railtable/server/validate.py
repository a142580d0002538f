"""Hostile input: JSON that the server reads from clients, checked before anything uses it.

Python's json module accepts what JSON does not (NaN, Infinity), builds lone surrogates from
"\\ud800" escapes (which then fail when the text is encoded) and recurses once per level of
nesting (RecursionError about a thousand levels down). `loads` refuses all of these with an
ActionError that says what is wrong, so no handler ever sees them.
"""

from __future__ import annotations

import json
import re
from typing import Any

from railtable.server.protocol import ActionError

MAX_DEPTH = 16  # levels of nesting in a client's JSON (the protocol needs about 5)
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
UPTO = re.compile(r"[0-9]{1,9}")  # ASCII digits only: str.isdigit() also accepts "²" and "٣"


def _no_constant(name: str):
    raise ActionError("bad_number", f"{name} is not a JSON number")


def _check(obj: Any, what: str) -> None:
    """Depth and Unicode, without recursion (a deep structure must not overflow here)."""
    stack = [(obj, 1)]
    while stack:
        x, depth = stack.pop()
        if isinstance(x, str):
            check_text(x, what)
        elif isinstance(x, (dict, list)):
            if depth > MAX_DEPTH:
                raise ActionError("too_deep", f"{what} is nested more than {MAX_DEPTH} "
                                  "levels deep")
            if isinstance(x, dict):
                for k, v in x.items():
                    check_text(k, what)
                    stack.append((v, depth + 1))
            else:
                stack.extend((v, depth + 1) for v in x)


def check_text(text: str, what: str = "the text") -> str:
    """Refuse text that cannot be encoded as UTF-8 (a lone surrogate from a JSON escape)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ActionError("bad_unicode", f"{what} contains a lone surrogate (\\ud800-\\udfff), "
                          "which is not a Unicode character") from None
    return text


def loads(text: str | bytes, what: str = "the message", code: str = "bad_json") -> Any:
    """Parse a client's JSON; ActionError (400) for anything the server should not read
    (`code` for text that is not JSON at all)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise ActionError(code, f"{what} is not UTF-8 text") from None
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise ActionError("too_deep", f"{what} is nested more than {MAX_DEPTH} levels "
                          "deep") from None
    except ValueError:  # JSONDecodeError, or an integer of more than 4,300 digits
        raise ActionError(code, f"{what} is not JSON") from None
    _check(data, what)
    return data


def table_id(value: str) -> str | None:
    """A table id as the server makes them, or None (which the caller answers with 404)."""
    return value if TABLE_ID.fullmatch(value) else None


def upto(value: str | None) -> int | None:
    if value is None:
        return None
    if not UPTO.fullmatch(value):
        raise ActionError("bad_request", "upto must be a number of actions written with the "
                          "digits 0-9 (at most 9 of them)")
    return int(value)
