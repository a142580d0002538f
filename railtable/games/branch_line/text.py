"""Branch Line in words: action labels, log lines (templates from i18n.json) and the
position drawn as text for `railtable play`."""

from __future__ import annotations

from rich.markup import escape

from railtable.games.branch_line import actions as A
from railtable.language import fill, seat_name

SEAT_STYLE = ("blue", "red", "green", "yellow")


def _tr(game, lang: str) -> dict:
    return game.i18n(lang)


def town(game, t: dict, i: int) -> str:
    return t["towns"][game.data["towns"][i]["key"]]


def player(t: dict, p: int, names=None) -> str:
    """Seat p: its name at the table when known, else the catalogue's "Player n"."""
    if names is not None and 0 <= p < len(names) and names[p]:
        return escape(str(names[p]))
    return t["words"]["player"].format(n=p + 1)


def contract_label(game, t: dict, c: int) -> str:
    return (f"{town(game, t, game.contract_a[c])}–{town(game, t, game.contract_b[c])} "
            f"({game.contract_points[c]})")


def describe(state, a: int, lang: str = "en", names=None) -> str:
    g = state.game
    t = _tr(g, lang)
    d = A.to_json(state, a)
    if d["type"] == "build":
        k = d["link"]
        return t["words"]["build"].format(a=town(g, t, g.link_a[k]), b=town(g, t, g.link_b[k]),
                                          length=g.link_length[k], points=g.link_points[k])
    return t["words"][d["type"]]


def event_text(game, event: dict, lang: str = "en", names=None) -> str:
    t = _tr(game, lang)
    template = t["log"].get(event.get("type"))
    if template is None:
        return ""
    e = event
    fields = {"player": seat_name(e["player"], lang, names) if "player" in e else ""}
    if e["type"] == "deal":
        fields["contracts"] = ", ".join(contract_label(game, t, c) for c in e["contracts"])
    elif e["type"] == "build":
        k = e["link"]
        fields.update(a=town(game, t, game.link_a[k]), b=town(game, t, game.link_b[k]),
                      points=e["points"])
    elif e["type"] == "stock_up":
        fields["rails"] = e["rails"]
    elif e["type"] == "draw_contract":
        fields["contract"] = contract_label(game, t, e["contract"])
    elif e["type"] == "game_over":
        fields["reason"] = t["reasons"].get(e["reason"], e["reason"])
        fields["scores"] = ", ".join(f"{seat_name(p, lang, names)} {s:g}"
                                     for p, s in enumerate(e["scores"]))
    return fill(template, t, lang, **fields)


def render_text(game, obs: dict, lang: str = "en", names=None) -> str:
    t = _tr(game, lang)
    w = t["words"]
    towns = obs["map"]["towns"]
    name = [t["towns"][x["key"]] for x in towns]
    lines = [f"[bold]{t['title']}[/bold] — {w['round']} {obs['round']}/{obs['rounds']}, "
             f"{t['phases'][obs['phase']]}"]
    for p in range(obs["num_players"]):
        mark = "▶" if obs["current_player"] == p else " "
        you = f" ({w['you']})" if obs["seat"] == p else ""
        lines.append(f"{mark} [{SEAT_STYLE[p]}]{player(t, p, names)}{you}[/]: {obs['scores'][p]} "
                     f"{w['points']}, {obs['rails'][p]} {w['rails']}, "
                     f"{obs['contract_counts'][p]} {w['contracts']}")
    by_owner: dict = {}
    for link in obs["map"]["links"]:
        by_owner.setdefault(obs["owners"][link["id"]], []).append(
            f"{name[link['a']]}–{name[link['b']]} ({link['length']})")
    for owner in sorted(by_owner, key=lambda o: (o is None, o if o is not None else 0)):
        label = w["free"] if owner is None else f"[{SEAT_STYLE[owner]}]{player(t, owner, names)}[/]"
        lines.append(f"{label}: " + ", ".join(by_owner[owner]))
    lines.append(f"{w['deck']}: {obs['deck']}")
    if obs["contracts"] is not None:
        lines.append(f"[bold]{w['your_contracts']}[/bold]:")
        for c in obs["contracts"]:
            ok = w["completed"] if c["completed"] else w["open"]
            lines.append(f"  {name[c['a']]}–{name[c['b']]} ({c['points']}): {ok}")
    res = obs["result"]
    if res:
        lines.append(f"[bold]{t['reasons'].get(res['reason'], res['reason'])}[/bold]")
        for p, hand in enumerate(obs["revealed"]):
            lines.append(f"{player(t, p, names)}: {res['scores'][p]:g}"
                         + ("  ★" if p in res["winners"] else ""))
            for c in hand:
                ok = w["completed"] if c["completed"] else w["failed"]
                lines.append(f"  {name[c['a']]}–{name[c['b']]} ({c['points']}): {ok}")
    return "\n".join(lines)
