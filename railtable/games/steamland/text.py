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


def describe(state, a: int, lang: str = "en") -> str:
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
        return ac["challenge"].format(seat=v + 1)
    if typ == "join_attacker":
        return ac["join_attacker"].format(seat=state.fa + 1)
    if typ == "join_defender":
        if state.fb >= 0:
            return ac["join_defender_player"].format(n=state.fb + 1)
        return ac["join_defender"].format(other=_creature(g, t, state.fc))
    if typ == "pick":
        loser = pe[2]
        code = state.items[loser][v]
        name = ac["hidden"] if code & 1 and p != loser else _item(g, t, code >> 1)
        return ac["pick"].format(slot=v + 1, item=name)
    if typ == "offer":
        return ac["offer"].format(seat=v + 1)
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


_GLYPH = {"start": "[bold yellow]@[/]", "market": "[green]M[/]", "tavern": "[magenta]T[/]",
          "attack": "[red]![/]"}
_TERR = {"stone": ".", "lava": "[red]^[/]", "sand": "[yellow]:[/]", "swamp": "[green]~[/]",
         "water": "[blue]≈[/]"}


def render_text(game, obs: dict, lang: str = "en", names=None) -> str:
    t = _tr(game, lang)
    v = t["view"]
    lines = [v["header"].format(title=t["title"], level=t["levels"][obs["level"]],
                                round=obs["round"] + 1)]
    # the map: one row per axial r, each hex two characters wide, shifted by r
    by = {tl["cell"]: tl for tl in obs["tiles"]}
    where = {}
    for i, pl in enumerate(obs["players"]):
        where.setdefault(pl["cell"], []).append(str(i + 1))
    fog = {f["cell"] for f in obs["fog"]}
    R_ = game.data["rules"]["grid_radius"]
    index = {c: i for i, c in enumerate(game.cells)}
    for r in range(-R_, R_ + 1):
        row = [" "] * (4 * R_ + 2)  # a hex at column 2q + r: neighbours sit side by side
        for q in range(-R_, R_ + 1):
            c = index.get((q, r))
            if c is None:
                continue
            col = 2 * q + r + 2 * R_
            tl = by.get(c)
            if tl is None:
                row[col] = "░" if c in fog else " "
                continue
            if c in where:
                g_ = f"[bold cyan]{where[c][0]}[/]"
            elif tl["creature"] is not None:
                g_ = "[bold red]D[/]" if game.c_dragon[tl["creature"]] else "[red]c[/]"
            elif tl["city"]:
                g_ = f"[bold]{tl['city']}[/]"
            else:
                g_ = _GLYPH.get(tl["kind"], _TERR[tl["terrain"]])
            row[col] = g_
        line = "".join(row).rstrip()
        if line.strip():
            lines.append(line)
    lines.append(v["dragons"].format(on_map=obs["steam_dragons_on_map"],
                                     defeated=obs["dragons_defeated"]))
    parts = ", ".join(f"{t['parts'][game.part_defs[k]['key']]} {n}/{game.part_need[k]}"
                      for k, n in enumerate(obs["parts_found"]))
    lines.append(v["parts"].format(parts=parts))
    for ct in obs["common_tasks"]:
        lines.append(v["common_task"].format(task=_task(game, t, ct["task"]),
                                             targets=ct["targets"]))
    for i, pl in enumerate(obs["players"]):
        mark = "→ " if obs["current_player"] == i else "  "
        items = ", ".join(_item(game, t, it["item"]) if it["item"] is not None
                          else "?" for it in pl["items"])
        weapons = ", ".join(_weapon(game, t, w) for w in pl["weapons"])
        tasks = pl["tasks"]
        if isinstance(tasks, list):
            tasks = "; ".join(f"{_task(game, t, x['task'])} {x['targets']}" for x in tasks)
        lines.append(v["player"].format(mark=mark, seat=i + 1, points=pl["points"],
                                        money=pl["money"], items=items or "-",
                                        weapons=weapons or "-", tasks=tasks))
    lines.append(v["movement"].format(movement=obs["movement"], roll=obs["roll"]))
    if obs.get("fight"):
        f = obs["fight"]
        lines.append(v["fight"].format(
            attacker=f["attacker"] + 1, totals=f["totals"],
            defender=(f["defender"] + 1 if f["defender"] >= 0
                      else _creature(game, t, f["creature"]))))
    if obs.get("trade"):
        tr = obs["trade"]
        give = _item(game, t, tr["give"]) if tr["give"] is not None else "…"
        want = (_item(game, t, tr["want"]) if tr["want"] is not None
                else "?" if tr["want_slot"] is not None else "…")
        lines.append(v["exchange"].format(giver=tr["from"] + 1, taker=tr["to"] + 1, give=give,
                                          want=want))
    res = obs["result"]
    if res:
        lines.append(v["result"].format(reason=t["reasons"].get(res["reason"], res["reason"]),
                                        winners=", ".join(str(w + 1) for w in res["winners"])))
    return "\n".join(lines)
