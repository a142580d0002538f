"""Text for Steamland: action labels, log lines and the terminal view (Rich markup)."""

from __future__ import annotations

from railtable.games.steamland import actions as A
from railtable.games.steamland import rules as R
from railtable.language import fill, reason_text, seat_name


def _tr(game, lang: str) -> dict:
    return game.i18n(lang)


def _item(game, t, c) -> str:
    return t["items"][game.item_defs[game.i_kind[c]]["key"]]


def _weapon(game, t, c) -> str:
    return t["weapons"][game.weapon_defs[game.w_kind[c]]["key"]]


def _creature(game, t, c) -> str:
    return t["creatures"][game.creature_defs[c]["key"]]


def _task(game, t, q) -> str:
    return t["tasks"][game.task_defs[q]["key"]]


def _tile(game, t, ti) -> str:
    return t["tiles"][game.t_key[ti]]


def describe(state, a: int, lang: str = "en", names=None) -> str:
    g = state.game
    t = _tr(g, lang)
    ac = t["actions"]
    typ, _, v = A.decode(a)
    p = state.current_player()
    pe = state.pend[0] if state.pend else None
    dirs = t["dirs"]
    if typ == "end":
        if pe is not None and pe[0] == R.P_DRAGON:
            return ac["leave_dragon"]
        if state.phase == R.PH_SHOP:
            return ac["pass"]
        if state.phase == R.PH_MARKET:
            return ac["end_buy"]
        return ac["end_turn"]
    if typ == "move":
        if pe is not None and pe[0] == R.P_DISPLACE:
            return ac["retreat"].format(dir=dirs[v])
        if pe is not None and pe[0] == R.P_DRAGON:
            return ac["push_dragon"].format(dir=dirs[v])
        q = g.nb[state.pos[p] * 6 + v]
        ti = state.tile[q]
        if ti < 0:
            return ac["explore"].format(dir=dirs[v])
        if state.mon[q] >= 0:
            return ac["attack"].format(dir=dirs[v], creature=_creature(g, t, state.mon[q]))
        return ac["move"].format(dir=dirs[v], tile=_tile(g, t, ti), cost=g.t_cost[ti])
    if typ == "attack_here":
        return ac["attack_here"].format(creature=_creature(g, t, state.mon[state.pos[p]]))
    if typ == "drop_task":
        key = "return_task" if pe is not None else "drop_task"
        return ac[key].format(task=_task(g, t, state.tasks[p][v]))
    if typ in ("buy_item", "buy_weapon"):
        if state.phase == R.PH_SHOP:
            shown = state.sh_items if typ == "buy_item" else state.sh_weap
        else:
            shown = state.mdisp
        if typ == "buy_item":
            def buy(c):
                return ac["buy_item"].format(item=_item(g, t, c), price=g.i_value[c])
        else:
            def buy(c):
                return ac["buy_weapon"].format(weapon=_weapon(g, t, c), price=g.w_value[c])
        label = buy(shown[v])
        # two cards of one kind on display: two choices, told apart by their place
        if sum(1 for c in shown if c >= 0 and buy(c) == label) > 1:
            label += ac["display_place"].format(n=v + 1)
        return label
    if typ in ("sell_item", "gamble", "discard_item", "sell_weapon", "discard_weapon",
               "sell_head"):
        return _in_hand(g, t, ac, state, p, pe, typ, v)
    if typ == "challenge":
        return ac["challenge"].format(seat=seat_name(v, lang, names))
    if typ == "join_attacker":
        return ac["join_attacker"].format(seat=seat_name(state.fa, lang, names))
    if typ == "join_defender":
        if state.fb >= 0:
            return ac["join_defender_player"].format(n=seat_name(state.fb, lang, names))
        return ac["join_defender"].format(other=_creature(g, t, state.fc))
    if typ == "pick":
        loser = pe[2]
        code = state.items[loser][v]
        name = ac["hidden"] if code & 1 and p != loser else _item(g, t, code >> 1)
        return ac["pick"].format(slot=v + 1, item=name)
    if typ == "offer":
        return ac["offer"].format(seat=seat_name(v, lang, names))
    if typ in ("trade_give", "trade_want"):
        holder = p if typ == "trade_give" else pe[2]
        code = state.items[holder][v]
        name = ac["hidden"] if code & 1 and p != holder else _item(g, t, code >> 1)
        return ac[typ].format(slot=v + 1, item=name)
    if typ == "accept":
        return ac["accept"].format(item=_item(g, t, state.items[pe[2]][pe[3]] >> 1),
                                   mine=_item(g, t, state.items[p][pe[4]] >> 1))
    return ac.get(typ, typ)


def _in_hand(g, t, ac: dict, state, p: int, pe, typ: str, v: int) -> str:
    """A card in hand (or the one just taken, slot 3 of items, 2 of weapons, while the
    player must throw one away). Cards of one name in two slots are two choices: told
    apart by their slot, the one just taken as the new card."""
    if typ in ("sell_head",):
        def label(i):
            c = state.heads[p][i]
            return ac["sell_head"].format(creature=_creature(g, t, c), price=g.c_value[c])
        slots = list(range(len(state.heads[p])))
    elif typ in ("sell_weapon", "discard_weapon"):
        def label(i):
            new = i == 2 and typ == "discard_weapon" and pe is not None \
                and pe[0] == R.P_WDISCARD
            w = pe[2] if new else state.weapons[p][i]
            return ac[typ].format(weapon=_weapon(g, t, w))
        slots = list(range(len(state.weapons[p])))
        if typ == "discard_weapon" and pe is not None and pe[0] == R.P_WDISCARD:
            slots.append(2)
    else:
        def label(i):
            new = i == 3 and typ == "discard_item" and pe is not None and pe[0] == R.P_DISCARD
            code = pe[2] if new else state.items[p][i]
            return ac[typ].format(item=_item(g, t, code >> 1))
        slots = list(range(len(state.items[p])))
        if typ == "discard_item" and pe is not None and pe[0] == R.P_DISCARD:
            slots.append(3)
    own = label(v)
    if sum(1 for i in set(slots) if label(i) == own) > 1:
        new = pe is not None and ((typ == "discard_item" and v == 3 and pe[0] == R.P_DISCARD)
                                  or (typ == "discard_weapon" and v == 2
                                      and pe[0] == R.P_WDISCARD))
        own += ac["new_card"] if new else ac["hand_slot"].format(n=v + 1)
    return own


def event_text(game, ev: dict, lang: str = "en", names=None) -> str:
    """The event's template in i18n.json ("log"), filled with names from the same file."""
    t = _tr(game, lang)
    w = t["log_words"]
    typ = ev.get("type")
    tmpl = t["log"].get(typ)
    if tmpl is None:
        return str(typ or "")
    f = dict(ev)
    if ev.get("player") is not None:
        f["p"] = seat_name(ev["player"], lang, names)
    if ev.get("item") is not None:
        f["item"] = _item(game, t, ev["item"])
    if ev.get("other") is not None:
        f["o"] = seat_name(ev["other"], lang, names)
    if "slot" in ev:
        f["slot1"] = ev["slot"] + 1
    if ev.get("given") is not None:
        f["given"] = _item(game, t, ev["given"])
    if "stake" in ev:
        f["stake"] = _item(game, t, ev["stake"])
    if "weapon" in ev:
        f["weapon"] = _weapon(game, t, ev["weapon"])
    if "creature" in ev:
        f["creature"] = _creature(game, t, ev["creature"]) if ev["creature"] is not None and \
            ev["creature"] >= 0 else ""
    if "task" in ev:
        f["task"] = _task(game, t, ev["task"])
    if "tile" in ev:
        f["tile"] = _tile(game, t, ev["tile"])
    if "event" in ev:
        f["event"] = t["events"][game.event_defs[game.e_kind[ev["event"]]]["key"]]
    if "part" in ev:
        f["part"] = t["parts"][game.part_defs[ev["part"]]["key"]]
    if "achievement" in ev:
        f["achievement"] = t["achievements"][game.achievement_defs[ev["achievement"]]["key"]]
    if "reason" in ev:
        f["reason"] = reason_text(t, ev["reason"], lang)
    if "level" in ev:
        f["level"] = t["levels"].get(ev["level"], ev["level"])
    if typ == "market_open":
        f["kind"] = w["market"].get(ev.get("kind"), "")
    if isinstance(ev.get("totals"), list):
        f["totals"] = " : ".join(str(x) for x in ev["totals"])
    if "targets" in ev:
        f["targets"] = ", ".join(str(c) for c in ev["targets"]) or "-"
    if typ == "turn":
        f["red"] = w["red_face"] if ev.get("red") else ""
    if typ == "fight":
        if ev.get("opponent") is not None and ev["opponent"] >= 0:
            f["opp"] = seat_name(ev["opponent"], lang, names)
        else:
            f["opp"] = f.get("creature", "")
    if typ == "fight_end":
        f["won"] = w["fight_end"]["won" if ev["won"] else "lost"]
    if typ == "join":
        f["side"] = w["join_sides"][ev.get("side", 0)]
    return fill(tmpl, t, lang, **f)


def task_needs(game, t: dict, task: int, targets: list, visited=()) -> str:
    """What a task asks for and what it gives (the task's data), as one line."""
    tt = t["terminal"]
    d = game.task_defs[task]
    names = [f"{c} {t['tiles'][f'city_{c}']}" + (" ✔" if c in visited else "")
             for c in targets]
    where = ", ".join(names) or "—"
    kind = d["kind"]
    if kind == "hunt":
        needs = (tt["task_hunt_dragon"] if d.get("dragon") else
                 tt["task_hunt"].format(strength=d["strength"]) if d.get("strength") else
                 tt["task_hunt_any"])
    elif kind == "deliver":
        needs = tt["task_deliver"].format(item=t["items"][d["item"]], targets=where)
    elif kind == "pay":
        needs = tt["task_pay"].format(amount=d["amount"], targets=where)
    else:
        needs = tt["task_visit"].format(targets=where)
    reward = tt["task_reward_item" if d.get("reward_item") else "task_reward"].format(
        points=d["points"], money=d["money"], part=t["parts"][d["part"]])
    return tt["task_line"].format(task=_task(game, t, task), needs=needs, reward=reward)


def render_text(game, obs: dict, lang: str = "en", names=None) -> str:
    """The map (text_map.py), then the game's state, the players with their equipment and
    tasks (what each needs), a display being bought from (numbered as the choices are),
    a fight or an exchange under way, the result."""
    from rich.markup import escape

    from railtable.games.steamland.text_map import render_map, seat_style
    from railtable.games.steamland.text_menu import display_number
    from railtable.text_layout import sentence, wrap
    t = _tr(game, lang)
    v = t["view"]
    tt = t["terminal"]
    n = len(obs["players"])
    who = [escape(seat_name(p, lang, names)) for p in range(n)]
    lines = render_map(game, obs, lang, names)
    lines += ["", v["header"].format(title=t["title"], level=t["levels"][obs["level"]],
                                     round=obs["round"])]
    lines.append(v["dragons"].format(on_map=obs["steam_dragons_on_map"],
                                     defeated=obs["dragons_defeated"]))
    parts = [f"{t['parts'][game.part_defs[k]['key']]} {n_}/{game.part_need[k]}"
             for k, n_ in enumerate(obs["parts_found"])]
    lines += sentence(v["parts"].format(parts=", ".join(parts)), indent=2)
    if obs["common_tasks"]:
        lines.append(tt["common_tasks"])
        for ct in obs["common_tasks"]:
            lines += sentence("  " + escape(task_needs(game, t, ct["task"], ct["targets"])),
                              indent=4)
    mine = None
    for i, pl in enumerate(obs["players"]):
        mark = "▶ " if obs["current_player"] == i else "  "
        items = ", ".join(_item(game, t, it["item"]) if it["item"] is not None
                          else "?" for it in pl["items"])
        weapons = ", ".join(
            f"{_weapon(game, t, w)} ({game.weapon_defs[game.w_kind[w]]['strength']})"
            for w in pl["weapons"])
        tasks = pl["tasks"]
        if isinstance(tasks, list):
            mine = tasks
            tasks = len(tasks)
        text = tt["player"].format(mark=mark, seat=f"[{seat_style(i)}]{i + 1}[/]", name=who[i],
                                   points=pl["points"], money=pl["money"],
                                   items=escape(items) or tt["none"],
                                   weapons=escape(weapons) or tt["none"], tasks=tasks)
        lines += sentence(text, indent=4)
    if mine:
        lines.append(tt["your_tasks"])
        for x in mine:
            lines += sentence("  " + escape(task_needs(game, t, x["task"], x["targets"],
                                                       x.get("visited", ()))), indent=4)
    lines.append(v["movement"].format(movement=obs["movement"], roll=obs["roll"]))
    shows = []
    if obs.get("shop"):
        shows = [("items", obs["shop"]["items"]), ("weapons", obs["shop"]["weapons"])]
    elif obs.get("display"):
        shows = [(obs["display"]["kind"], obs["display"]["cards"])]
    for kind, cards in shows:
        names_ = t["items"] if kind == "items" else t["weapons"]
        lines += wrap(tt["shop_" + kind], [
            tt["display_item"].format(n=f"[bold]{display_number(obs, kind, c['slot'])}[/]",
                                      card=escape(names_[c["kind"]]), price=c["value"])
            for c in cards if c["card"] is not None], indent=4)
    if obs.get("fight"):
        f = obs["fight"]
        lines.append(v["fight"].format(
            attacker=who[f["attacker"]], totals=f["totals"],
            defender=(who[f["defender"]] if f["defender"] >= 0
                      else _creature(game, t, f["creature"]))))
    if obs.get("trade"):
        tr = obs["trade"]
        give = _item(game, t, tr["give"]) if tr["give"] is not None else "…"
        want = (_item(game, t, tr["want"]) if tr["want"] is not None
                else "?" if tr["want_slot"] is not None else "…")
        lines.append(v["exchange"].format(giver=who[tr["from"]], taker=who[tr["to"]],
                                          give=give, want=want))
    res = obs["result"]
    if res:
        lines.append(v["result"].format(reason=reason_text(t, res["reason"], lang),
                                        winners=", ".join(who[w] for w in res["winners"])
                                        or "—"))
    return "\n".join(lines)
