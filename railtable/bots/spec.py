"""Bot specs in the style of OpenSpiel's game strings.

    random
    heuristic
    mcts(ms=1000,rollout=heuristic,jobs=2)

A list of seats is comma-separated at the top level: "mcts(ms=1000),heuristic,random".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_NAME = re.compile(r"^[a-z_][a-z0-9_]*$")


class SpecError(ValueError):
    pass


@dataclass(frozen=True)
class BotSpec:
    name: str
    params: dict = field(default_factory=dict)

    def __str__(self) -> str:
        if not self.params:
            return self.name
        inner = ",".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.name}({inner})"


def split_specs(text: str) -> list[str]:
    """Split at commas that are not inside parentheses."""
    parts, depth, cur = [], 0, []
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise SpecError(f"unbalanced ')' in {text!r}")
        if ch == "," and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if depth != 0:
        raise SpecError(f"unbalanced '(' in {text!r}")
    parts.append("".join(cur).strip())
    if any(not p for p in parts):
        raise SpecError(f"empty bot spec in {text!r}")
    return parts


def _value(text: str):
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    if text in ("true", "false"):
        return text == "true"
    return text


def parse_spec(text: str) -> BotSpec:
    text = text.strip()
    m = re.fullmatch(r"([A-Za-z_][A-Za-z0-9_]*)\s*(?:\((.*)\))?", text, re.S)
    if not m:
        raise SpecError(f"not a bot spec: {text!r} (expected e.g. random or mcts(ms=500))")
    name, inner = m.group(1).lower(), m.group(2)
    params: dict = {}
    if inner and inner.strip():
        for part in split_specs(inner):
            if "=" not in part:
                raise SpecError(f"bot parameter {part!r} in {text!r} must be name=value")
            k, v = (s.strip() for s in part.split("=", 1))
            if not _NAME.match(k):
                raise SpecError(f"bad parameter name {k!r} in {text!r}")
            params[k] = _value(v)
    return BotSpec(name, params)
