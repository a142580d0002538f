"""Ticket to Ride in words: action labels, log lines and the terminal view (Rich markup)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from rich.markup import escape

from railtable.engine import load_i18n
from railtable.language import fill, seat_name
from railtable.text_layout import wrap

from .actions import (ALL_LOCO, CANCEL, CLAIM_BASE, DRAW_TICKETS, FACE_UP_SLOTS, KEEP_BASE, PASS,
                      PAY_BASE, PAYMENTS, TAKE_BLIND)
from .rules import TURN

_HERE = Path(__file__).parent


@cache
def i18n() -> dict:
    return load_i18n(__file__)


def _t(lang: str) -> dict:
    return load_i18n(__file__, lang)


def city(game, c: int, lang: str) -> str:
    return _t(lang)["cities"][game.data["cities"][c]["key"]]


def color(name: str | None, lang: str) -> str:
    return _t(lang)["colors"].get(name or "locomotive", name)


def ticket_label(game, t: int, lang: str) -> str:
    a, b = game.ticket_cities[t]
    return f"{city(game, a, lang)}–{city(game, b, lang)} ({game.ticket_points[t]})"


def route_label(game, r: int, lang: str) -> str:
    return f"{city(game, game.route_a[r], lang)}–{city(game, game.route_b[r], lang)}"


def describe(state, a: int, lang: str = "en", names=None) -> str:
    g = state.game
    tr = _t(lang)["actions"]
    if a < FACE_UP_SLOTS:
        card = state.face_up[a]
        return tr["take_face_up"].format(card=color(g.kinds[card] if card >= 0 else None, lang),
                                         slot=a + 1)
    if a == TAKE_BLIND:
        return tr["take_blind"]
    if a == DRAW_TICKETS:
        return tr["draw_tickets"]
    if a == PASS:
        return tr["pass"]
    if KEEP_BASE < a < KEEP_BASE + 8:
        offer = state.offer[state.cur]
        mask = a - KEEP_BASE
        kept = [ticket_label(g, t, lang) for i, t in enumerate(offer) if mask >> i & 1]
        return tr["keep_tickets"].format(tickets=", ".join(kept))
    if a == CANCEL:
        r = state.pending
        if r < 0:
            return tr["cancel_claim_none"]
        return tr["cancel_claim"].format(a=city(g, g.route_a[r], lang),
                                         b=city(g, g.route_b[r], lang))
    if CLAIM_BASE <= a < CLAIM_BASE + g.num_routes:
        r = a - CLAIM_BASE
        label = route_title(g, r, lang)
        if state.phase == TURN:  # the start of a turn: say when the payment is the only one
            pays = state.payments(state.cur, r)  # (it is then made at once)
            if len(pays) == 1:
                return tr["claim_route_paid"].format(
                    route=label, payment=payment_label(g, r, pays[0], lang))
        return tr["claim_route"].format(route=label)
    if PAY_BASE <= a < PAY_BASE + PAYMENTS:
        return tr["pay"].format(payment=payment_label(g, state.pending, a - PAY_BASE, lang))
    return str(a)


def route_title(game, r: int, lang: str) -> str:
    """"Montréal–New York (3, blue)", with the track number of a double route."""
    g = game
    rc = g.route_color[r]
    label = color(g.colors[rc] if rc < len(g.colors) else "gray", lang)
    tw = g.route_twin[r]
    if tw >= 0:  # tell the two tracks of a double route apart
        label += ", " + _t(lang)["ui"]["track"].format(n=1 if r < tw else 2)
    return _t(lang)["actions"]["route"].format(
        a=city(g, g.route_a[r], lang), b=city(g, g.route_b[r], lang),
        length=g.route_length[r], color=label)


def payment_label(game, r: int, slot: int, lang: str) -> str:
    """"2 blue + 1 locomotive(s)" for payment slot `slot` of route r (r may be -1 when no
    claim is pending; a locomotives-only payment then names no count)."""
    tr = _t(lang)["actions"]
    if slot == ALL_LOCO:
        return tr["payment_locos"].format(count=game.route_length[r] if r >= 0 else "*")
    c, k = divmod(slot, 6)
    L = game.route_length[r] if r >= 0 else None
    parts = []
    if L is None or k < L:
        count = L - k if L is not None else "*"
        parts.append(tr["payment_cards"].format(count=count, color=color(game.colors[c], lang)))
    if k:
        parts.append(tr["payment_locos"].format(count=k))
    return " + ".join(parts)


def event_text(game, e: dict, lang: str = "en", names=None) -> str:
    cat = _t(lang)
    kind = e.get("type", "")
    private = e.get("to") is not None
    f: dict = {"player": seat_name(e["player"], lang, names) if "player" in e else ""}
    key = kind
    if kind in ("take_face_up", "face_up"):
        f["card"] = color(e["card"], lang)
        f["slot"] = e.get("slot", 0) + 1
    elif kind == "take_blind" and "card" in e:
        key, f["card"] = "take_blind_private", color(e["card"], lang)
    elif kind in ("face_up_reset", "face_up_row"):
        f["cards"] = ", ".join(color(c, lang) if c else "—" for c in e["cards"])
    elif kind == "reshuffle":
        f["cards"] = e["cards"]
    elif kind in ("claim_pending", "claim_cancel", "claim_route"):
        r = e["route"]
        f.update(a=city(game, game.route_a[r], lang), b=city(game, game.route_b[r], lang),
                 length=game.route_length[r], points=e.get("points", 0))
    elif kind in ("draw_tickets", "keep_tickets"):
        if private and "tickets" in e:
            key = kind + "_private"
            f["tickets"] = ", ".join(ticket_label(game, t, lang) for t in e["tickets"])
        f.update(count=e.get("count", 0), kept=e.get("kept", 0), returned=e.get("returned", 0))
    elif kind == "last_round":
        f["trains"] = e["trains"]
    elif kind == "game_over":
        f["scores"] = ", ".join(f"{seat_name(p, lang, names)}: {s}"
                                for p, s in enumerate(e["scores"]))
    template = cat["log"].get(key)
    return kind if template is None else fill(template, cat, lang, **f)


def _card(name: str | None, lang: str, count: int | None = None) -> str:
    if name is None:
        return "[dim]·[/dim]"
    label = color(name, lang)
    if count is not None:
        label = f"{label}×{count}"
    from .text_map import COLOR_STYLE
    return f"[{COLOR_STYLE.get(name, 'white')}]{label}[/]"


def render_text(game, obs: dict, lang: str = "en", names=None) -> str:
    """The map (text_map.py), then the players, the cards on the table and the viewer's
    hand and tickets, closest to the choices below them."""
    from .text_map import SEAT_STYLE, render_map
    t = _t(lang)
    ui = t["ui"]
    n = obs["num_players"]
    seat = obs.get("seat")
    who = [escape(seat_name(p, lang, names)) for p in range(n)]
    lines = render_map(game, obs, lang, names)
    phase = t["phases"].get(obs["phase"], obs["phase"])
    head = f"[bold]{t['title']}[/bold] — {phase}"
    if obs["current_player"] is not None:
        head += f" — {who[obs['current_player']]}"
    if obs.get("last_round"):
        head += f" — [bold red]{ui['last_round']}[/] ({ui['turns_left']}: {obs['turns_left']})"
    lines += ["", head]
    for p in range(n):
        style = SEAT_STYLE[p % len(SEAT_STYLE)]
        mark = "▶" if obs["current_player"] == p else " "
        you = f" ({ui['you']})" if p == seat else ""
        known = obs["known_cards"][p]
        kn = ""
        if p != seat and known:
            kn = f"{ui['known']}: " + " ".join(_card(k, lang, v) for k, v in known.items())
        lines += wrap(
            f"{mark} [{style}]━━{p + 1}[/] {who[p]}{you}: {ui['score']} {obs['scores'][p]}, "
            f"{ui['trains']} {obs['trains'][p]}, {ui['cards']} {obs['hand_counts'][p]}, "
            f"{ui['tickets']} {obs['ticket_counts'][p]}", [kn.strip()] if kn else [], indent=4)
    lines.append(f"{ui['face_up']}: " + "  ".join(
        f"[bold]{i + 1}[/bold]:{_card(c, lang)}" for i, c in enumerate(obs["face_up"]))
        + f"   [bold]6[/bold]:{ui['deck']} {obs['deck']}")
    lines.append(f"{ui['discard']} {obs['discard']}, {ui['ticket_pile']} {obs['ticket_pile']}")
    if obs.get("pending_route") is not None:
        r = obs["pending_route"]
        lines.append(f"[bold]{ui['pending']}[/]: {route_title(game, r, lang)}")
    if "hand" in obs:
        hand = " ".join(_card(k, lang, v) for k, v in obs["hand"].items()) or ui["empty"]
        lines.append(f"{ui['hand']}: {hand}")
        for tk in obs["tickets"]:
            ok = "[green]✔[/]" if tk["completed"] else "[dim]…[/]"
            lines.append(f"  {ok} {city(game, tk['a'], lang)}–{city(game, tk['b'], lang)} "
                         f"({tk['points']})")
        if obs.get("offer"):
            item = t["terminal"]["offer_item"]
            lines += wrap(f"{ui['offer']} ({ui['keep_min']} {obs['keep_min']}):", [
                item.format(n=f"[bold]{i + 1}[/bold]", ticket=f"{city(game, tk['a'], lang)}–"
                            f"{city(game, tk['b'], lang)} ({tk['points']})")
                for i, tk in enumerate(obs["offer"])])
    fin, res = obs.get("final"), obs["result"]
    if fin and res:
        lines.append(f"[bold]{ui['winners']}[/]: " + ", ".join(who[p] for p in res["winners"]))
        for p in range(n):
            d = res["details"][p]
            lines.append(f"{who[p]}: {res['scores'][p]} — {ui['longest_path']} "
                         f"{d['longest_path']}" + (f" (+{game.longest_bonus})"
                                                   if d["longest_path_bonus"] else ""))
            for tk in fin["tickets"][p]:
                ok = f"[green]{ui['completed']}[/]" if tk["completed"] else \
                    f"[red]{ui['failed']}[/]"
                lines.append(f"    {city(game, tk['a'], lang)}–{city(game, tk['b'], lang)} "
                             f"({tk['points']}) {ok}")
    return "\n".join(lines)
