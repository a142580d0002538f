"""Text for terminal play: action labels, log lines and the position (Rich markup)."""

from __future__ import annotations

from railtable.games.railways_of_the_world import actions as A
from railtable.language import fill, seat_name

def _t(game, lang):
    return game.i18n(lang)


def _money(v: int) -> str:
    return f"${v:,}"


def describe(state, a: int, lang: str = "en", names=None) -> str:
    """A legal action's label: its template in i18n.json ("actions"), filled with names."""
    g = state.game
    t = _t(g, lang)
    tr = t["actions"]
    m = state.m
    d = A.to_json(state, a)
    typ = d["type"]
    city = lambda c: t["cities"][m.city_key[c]] if isinstance(c, int) else t["cities"][c]  # noqa
    if typ == "pass_bid":
        return tr["pass_bid"]
    if typ == "bid" or typ == "raise_more":
        return tr[typ].format(amount=_money(d["amount"]))
    if typ == "take_note":
        return tr["take_note"].format(amount=_money(state.note_value))
    if typ == "action":
        kind = d["action"]
        if kind == "urbanize":
            return tr["urbanize"].format(cost=_money(g.urbanize_cost))
        if kind == "upgrade":
            p = state.current_player()
            return tr["upgrade"].format(level=state.level[p] + 1,
                                        cost=_money(state._upgrade_cost(p)))
        return tr[kind]
    if typ == "finish_build":
        return tr["finish_build"]
    if typ == "build_step":
        dd = A.DIRECTIONS.index(d["direction"])
        p = state.current_player()
        cost, target = None, None
        if state.phase == 3:
            for d2, c2, tt, cc in state._steps(p):
                if d2 == dd:
                    cost, target = c2, (tt, cc)
        where = t["directions"][d["direction"]]
        if target is None:
            return where
        tt, cc = target
        if cc >= 0:
            return tr["build_step_city"].format(direction=where, city=city(cc),
                                                cost=_money(cost))
        q, r = m.hex_qr[tt]
        return tr["build_step"].format(
            direction=where, terrain=t["terrain"][("plain", "water", "mountain")[m.terrain[tt]]],
            q=q, r=r, cost=_money(cost))
    if typ == "build_at":
        h = m.hex_index[tuple(d["hex"])]
        c = m.city_at[h]
        if c >= 0:
            return tr["build_at_city"].format(city=city(c))
        q, r = d["hex"]
        return tr["build_at_link"].format(q=q, r=r)
    if typ == "new_city_colour":
        return tr["new_city_colour"].format(colour=t["colours"][d["colour"]])
    if typ == "urbanize_city":
        return city(d["city"])
    if typ == "cube":
        return tr["cube"].format(colour=t["colours"][d["colour"]], city=city(d["city"]))
    if typ == "move":
        return tr["move"].format(city=city(d["city"]),
                                 player=seat_name(d["owner"], lang, names))
    if typ == "take_card" or typ == "use_card":
        return tr[typ].format(card=t["cards"][d["card"]])
    return str(d)


def event_text(game, e: dict, lang: str = "en", names=None) -> str:
    """The event's template in i18n.json ("log"), filled with names from the same file."""
    t = _t(game, lang)
    log = t["log"]
    typ = e.get("type")
    mp = game.maps.get(e.get("map"), game.maps[game.data["default_map"]])
    city = lambda c: t["cities"][mp.city_key[c]]  # noqa
    f = dict(e)
    if "player" in e:
        f["p"] = seat_name(e["player"], lang, names)
    if typ == "notes":
        f["why"] = t["log_words"]["notes_why"].get(e.get("why"), "")
    elif typ in ("bid", "first_player", "build_step", "income"):
        for k in ("amount", "paid", "cost", "income", "interest"):
            if k in e:
                f[k] = _money(e[k])
        if typ == "build_step":
            if e.get("city", -1) >= 0:
                typ = "build_step_city_paid" if e["cost"] else "build_step_city"
                f["city"] = city(e["city"])
            else:
                f["hex"] = str(tuple(e["hex"]))
    elif typ == "link":
        f["a"], f["b"] = (city(c) for c in e["cities"])
    elif typ in ("urbanize", "delivery"):
        f["colour"] = t["colours"][A.COLOURS[e["colour"]]]
        if typ == "urbanize":
            f["city"] = city(e["city"])
        else:
            f["path"] = " → ".join(city(c) for c in e["cities"])
    elif typ == "empty_city":
        f["city"] = city(e["city"])
    elif typ == "end_triggered":
        f["round"] = e["last_round"] + 1
    elif typ in ("take_card", "use_card", "card_reward", "card_revealed"):
        f["card"] = t["cards"][game.cards[e["card"]]["key"]]
    template = log.get(typ)
    return str(typ) if template is None else fill(template, t, lang, **f)


def render_text(game, obs: dict, lang: str = "en", names=None) -> str:
    """The hex map and the cities' goods (text_map.py), then the round, the players, the
    auction, the build or delivery under way and the operations cards (numbered as the
    take-a-card choices are)."""
    from rich.markup import escape

    from railtable.games.railways_of_the_world.text_map import render_map, seat_style
    from railtable.text_layout import wrap
    t = _t(game, lang)
    w = t["words"]
    who = [escape(seat_name(p, lang, names)) for p in range(len(obs["players"]))]
    lines = render_map(game, obs, lang, names)
    lines += ["", f"[bold]{t['title']}[/bold] - {w['round']} {obs['round']}, {w['turn']} "
              f"{obs['turn']}/3 - {t['phases'][obs['phase']]}"]
    lines.append(f"{w['markers']}: {obs['empty_markers']}/{obs['markers_to_end']}"
                 + (f" - {w['last_round']}: {obs['last_round']}" if obs["last_round"] else ""))
    for p, pl in enumerate(obs["players"]):
        mark = "▶ " if obs["current_player"] == p else "  "
        first = f" ({w['first']})" if obs["first_player"] == p else ""
        cards = ", ".join(t["cards"][c] for c in pl["cards"])
        lines += wrap(
            f"{mark}[{seat_style(p)}] {p + 1} [/] [bold]{who[p]}[/bold]{first}:",
            [f"{w['cash']} {_money(pl['cash'])},", f"{w['notes']} {pl['notes']},",
             f"{w['locomotive']} {pl['locomotive']},", f"{w['points']} {pl['points']},",
             f"{w['income']} {_money(pl['income'])},", f"{w['links']} {pl['links']}"]
            + ([f"({escape(cards)})"] if cards else []), indent=6, sep=" ")
    if "auction" in obs:
        au = obs["auction"]
        lines.append(f"{w['bid']}: {_money(au['bid'])}"
                     + (f" ({who[au['bidder']]})" if au["bidder"] >= 0 else ""))
    mp = game.maps[obs["map"]]
    if "building" in obs:
        b = obs["building"]
        start = t["cities"][mp.city_key[b["start"]]]
        lines.append(t["view"]["building"].format(city=start, tiles=b["tiles"]))
    if "delivery" in obs:
        dv = obs["delivery"]
        path = " → ".join(t["cities"][mp.city_key[c]] for c in
                          [dv["from"]] + [x[0] for x in dv["path"]])
        lines.append(f"{t['colours'][dv['colour']]}: {path}")
    item = t["terminal"]["display_item"]
    lines += wrap(f"{w['display']} ({w['deck']} {obs['deck']}):", [
        item.format(n=f"[bold]{i + 1}[/bold]", card=escape(t["cards"][c]))
        for i, c in enumerate(obs["display"])], indent=4)
    if obs["result"]:
        res = obs["result"]
        lines.append(t["view"]["game_over"].format(scores=", ".join(
            f"{who[p]} {int(sc)}" + (" ★" if p in res["winners"] else "")
            for p, sc in enumerate(res["scores"]))))
    return "\n".join(lines)
