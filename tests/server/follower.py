"""The table page's side of the patch protocol (railtable/web/table.js), in Python: it keeps
the last full state, applies each patch with `jsonpatch` (an RFC 6902 implementation that is
not the server's), rebuilds the legal choices and the log, and says when it has lost track."""

from __future__ import annotations

import json

import jsonpatch
import jsonpointer

# what a full state has that patches never change: the client keeps them from the last one
KEPT = ("type", "v", "table", "log")


class Follower:
    def __init__(self) -> None:
        self.state: dict | None = None
        self.log: list[dict] = []
        self.choices: list[dict] = []  # every choice sent whole since the last state
        self.patches = 0  # patches applied
        self.named = 0  # legal choices that came as a number (sent whole before)
        self.resyncs = 0  # full states asked for

    def receive(self, text: str) -> bool:
        """Take one message; False when the client must ask for a full state (resync)."""
        m = json.loads(text)
        if m["type"] == "state":
            self.state = m
            self.log = list(m["log"])
            self.choices = list(m["legal"])
            return True
        if m["type"] != "patch":
            return True
        if self.state is None or m["base"] != self.state["v"]:
            return False
        try:  # on a copy: a patch that does not fit leaves the state as it was
            new = jsonpatch.apply_patch(json.loads(json.dumps(self.state)), m["ops"],
                                        in_place=True)
        except (jsonpatch.JsonPatchException, jsonpointer.JsonPointerException):
            return False
        if "legal" in m:
            legal = []
            for c in m["legal"]:
                if isinstance(c, int):
                    if not 0 <= c < len(self.choices):
                        return False
                    legal.append(self.choices[c])
                    self.named += 1
                else:
                    self.choices.append(c)
                    legal.append(c)
            new["legal"] = legal
        new["v"], new["seq"] = m["v"], m["seq"]
        self.state = new
        self.log.extend(m.get("log", []))
        self.patches += 1
        return True

    def view(self) -> dict:
        """What the page shows from: the state's fields and the whole log."""
        return {k: v for k, v in self.state.items() if k not in KEPT} | {"log": self.log}


def expected(table, seat, lang, texts: dict | None = None) -> dict:
    """The same as the server would send in a full state now (as JSON reads it back);
    `texts`: log lines already written (LiveTable.payload's cache, kept between calls)."""
    full = json.loads(json.dumps(table.payload(seat, lang, True, texts)))
    return {k: v for k, v in full.items() if k not in KEPT} | {"log": full["log"]}
