"""TEMPLATE: the game in words: action labels (`describe`), log lines (`event_text`, every
line a template from i18n.json) and the position as text for `railtable play`
(`render_text`, Rich markup allowed). Reads only the observation and the i18n."""

from __future__ import annotations

from rich.markup import escape

from railtable.language import fill, reason_text, seat_name

from . import actions as A


def _tr(game, lang: str) -> dict:
    return game.i18n(lang)


def player(t: dict, p: int, names=None) -> str:
    """Seat p: its name at the table when known, else the catalogue's "Player n"."""
    if names is not None and 0 <= p < len(names) and names[p]:
        return escape(str(names[p]))
    return t["words"]["player"].format(n=p + 1)


def describe(state, a: int, lang: str = "en", names=None) -> str:
    t = _tr(state.game, lang)
    return t["words"]["play"].format(value=A.to_json(state, a)["value"])


def event_text(game, event: dict, lang: str = "en", names=None) -> str:
    t = _tr(game, lang)
    template = t["log"].get(event.get("type"))
    if template is None:
        return ""
    fields = dict(event)
    if "player" in event:  # the seat's name at the table, else "Player n"
        fields["player"] = seat_name(event["player"], lang, names)
    if "reason" in event:
        fields["reason"] = reason_text(t, event["reason"], lang)
    return fill(template, t, lang, **fields)  # {value:@station}: Babel's plural forms


def render_text(game, obs: dict, lang: str = "en", names=None) -> str:
    t = _tr(game, lang)
    w = t["words"]
    lines = [f"[bold]{t['title']}[/bold] — {t['phases'][obs['phase']]}"]
    for p, x in enumerate(obs["positions"]):  # whose turn and the result: the envelope
        mark = "▶" if obs["current_player"] == p else " "
        you = f" ({w['you']})" if obs["seat"] == p else ""
        track = "".join("■" if i == x else "·" for i in range(obs["stations"]))
        lines.append(f"{mark} {player(t, p, names)}{you}: {track} {w['station']} {x}")
    if obs["hand"] is not None:
        lines.append(f"{w['hand']}: {', '.join(map(str, obs['hand']))}   "
                     f"{w['deck']}: {obs['deck']}")
    if obs["result"]:
        lines.append(f"[bold]{t['reasons'][obs['result']['reason']]}[/bold]")
    return "\n".join(lines)
