"""Observation, labels, log lines and the terminal drawing of Colt Express."""

from __future__ import annotations

from rich.markup import escape

from railtable.engine import load_i18n
from railtable.language import fill, seat_name

from . import actions as A
from . import rules as R

BANDITS = A.BANDITS
COLOURS = {"belle": "magenta", "cheyenne": "green", "django": "bright_black", "doc": "blue",
           "ghost": "white", "tuco": "red"}


def _tr(lang: str) -> dict:
    return load_i18n(__file__, lang)


# -- observation ------------------------------------------------------------------------------

def _purses(s, where: int, me: int, over: bool) -> list[dict]:
    out = []
    everyone = (1 << s.num_players) - 1
    for i in range(R.JEWEL0):
        if s.tloc[i] == where:
            k = s.known[i]
            # a spectator sees what every seat knows (the starting $250 purses)
            known = over or (k >> me & 1 if me >= 0 else k == everyone)
            out.append({"id": i, "value": s.tval[i] if known else None})
    return out


def observation(s, player) -> dict:
    me = -1 if player is None else player
    n = s.num_players
    over = s.phase == R.PH_OVER
    started = s.phase >= R.PH_CHOOSE
    tloc = s.tloc
    bandits = []
    for b in range(s.nb):
        if s.char[b] < 0:
            continue
        q = s.pos[b]
        h = R.HELD + b
        bandits.append({
            "bandit": BANDITS[s.char[b]], "seat": b // s.bps, "car": q >> 1 if started else None,
            "roof": bool(q & 1), "bullets_left": s.cyl[b],
            "purses": _purses(s, h, me, over),
            "jewels": tloc[R.JEWEL0:R.BOX0].count(h), "strongboxes": tloc[R.BOX0:].count(h),
            "ransom": s.ransom[b], "loot_value": s.loot_value(b) if over else None})
    loot = []
    for q in range((s.W + 1) * 2):
        purses = _purses(s, q, me, over)
        j = tloc[R.JEWEL0:R.BOX0].count(q)
        k = tloc[R.BOX0:].count(q)
        if purses or j or k:
            loot.append({"car": q >> 1, "roof": bool(q & 1), "purses": purses, "jewels": j,
                         "strongboxes": k})
    players = []
    for p in range(n):
        players.append({
            "seat": p,
            "bandits": [BANDITS[s.char[p * s.bps + x]] for x in range(s.bps)
                        if s.char[p * s.bps + x] >= 0],
            "hand": len(s.hands[p]), "deck": len(s.decks[p]),
            "discard": len(s.discards[p]) if s.expert else 0,
            "discard_face_up": [s._card_json(p, c) for c in s.dpub[p]] if s.expert else [],
            "bullets_received": s.recv[p], "bullets_fired": s.fired[p]})
    pile = []
    for i, e in enumerate(s.pile):
        p = e >> 5
        down = bool(e & 16)
        visible = not down or i < s.rob_i or p == me or (s.phase >= R.PH_MOVE and i == s.rob_i)
        pile.append({"seat": p, "card": s._card_json(p, e & 15) if visible else None,
                     "face_down": down, "resolved": i < s.rob_i,
                     "chained": i in s.chained})
    revealed = s.round_no + 1 if started and not over else (len(s.rcards) if over else 0)
    g = s.game
    # the basic game plays no event: its round cards show none
    cards = [{"id": c, "event": (R.EVENTS[g.card_event[c]]
                                 if g.card_event[c] >= 0 and not s.basic else None),
              "turns": [R.TURN_KINDS[t] for t in g.card_turns[c]]} for c in s.rcards[:revealed]]
    obs = {
        "num_players": n,
        "two_bandits": s.two,
        "expert": s.expert,
        "station_cards": s.station,
        "basic": s.basic,
        "rounds": len(s.rcards),
        "first_player": s.first if started else None,
        "round_cards": cards,
        "round_cards_face_down": len(s.rcards) - revealed,
        "turn": s.turn_i if s.phase in (R.PH_SCHEME, R.PH_CHAIN) else None,
        "speed_up_second_play": bool(s.step),
        "train": {"cars": s.W + 1, "wagons": [w + 1 for w in s.wagons]},
        "marshal": s.marshal,
        "neutral_bullets": s.neutral,
        "second_strongbox": "beside_train" if tloc[R.BOX0 + 1] == R.WAIT else "in_play",
        "bandits": bandits,
        "loot": loot,
        "players": players,
        "hand": [s._card_json(me, c) for c in sorted(s.hands[me])] if me >= 0 else None,
        "discard_pile": ([s._card_json(me, c) for c in s.discards[me]]
                         if me >= 0 and s.expert else None),
        "pile": pile,
        "resolving": s.rob_i if R.PH_MOVE <= s.phase <= R.PH_MARSHAL else None,
        "pending": None,
        "draft": None,
        "teams": None,
        "hidden": None,
    }
    if R.PH_MOVE <= s.phase <= R.PH_PICKPOCKET:
        pend = {"bandit": BANDITS[s.char[s.ctx_b]]}
        if s.phase in (R.PH_PUNCH_LOOT, R.PH_PUNCH_KEEP, R.PH_PUNCH_DIR):
            pend["target"] = BANDITS[s.char[s.ctx_t]]
        if s.phase == R.PH_PUNCH_KEEP:
            pend["purse"] = s.ctx_tok
        obs["pending"] = pend
    if s.phase == R.PH_DRAFT:
        obs["draft"] = [BANDITS[c] for c in range(6) if s.slot[c] < 0]
    if s.two:
        taken = {}
        for b in range(s.nb):
            if s.char[b] >= 0:
                taken[s.char[b]] = b // 2
        obs["teams"] = [{"team": t, "bandits": [BANDITS[x] for x in pair],
                         "seat": taken.get(pair[0])} for t, pair in enumerate(s.teams)]
        if s.phase == R.PH_HIDE:
            obs["hidden"] = {"chosen": [h >= 0 for h in s.hidden],
                             "yours": (BANDITS[s.hidden[me]]
                                       if me >= 0 and s.hidden[me] >= 0 else None)}
    return obs


# -- labels -----------------------------------------------------------------------------------

def _car(t: dict, c: int) -> str:
    return t["words"]["locomotive"] if c == 0 else f'{t["words"]["car"]} {c}'


def _card_label(t: dict, card: dict | None) -> str:
    if card is None:
        return "?"
    name = t["cards"][card["kind"]]
    if card.get("bandit"):
        name += f' ({t["bandits"][card["bandit"]]})'
    return name


def describe(s, a: int, lang: str = "en", names=None) -> str:
    t = _tr(lang)
    d = A.to_json(s, a)
    acts = t["actions"]
    ty = d["type"]
    if ty == "pass":
        key = {R.PH_CHAIN: "no_chain", R.PH_DISCARD: "keep_rest",
               R.PH_PUNCH_KEEP: "drop_purse"}.get(s.phase, "pass")
        return acts[key]
    if ty in ("draw", "keep_purse"):
        return acts[ty]
    if ty in ("play", "choose_card", "discard"):
        card = _card_label(t, {"kind": d["card"], "bandit": d.get("bandit")})
        key = "play_down" if d.get("face_down") else ty
        if ty == "play" and s.phase == R.PH_SCHEME and s.turns and \
                s.turns[s.turn_i] == R.TUNNEL:
            key = "play_down"
        return acts[key].format(card=card)
    if ty in ("move", "punch_to", "marshal"):
        return acts[ty].format(car=_car(t, d["to"]))
    if ty in ("fire", "punch"):
        return acts[ty].format(target=t["bandits"][d["target"]])
    if ty == "loot":
        loot = t["loot"][d["kind"]]
        if d["kind"] == "purse":
            v = s.tval[d["purse"]] if s.cur >= 0 and s.known[d["purse"]] >> s.cur & 1 else None
            loot += f' #{d["purse"]}' + (f" (${v})" if v else "")
        key = {R.PH_PUNCH_LOOT: "knock", R.PH_PICKPOCKET: "pickpocket"}.get(s.phase, "loot")
        return acts[key].format(loot=loot)
    if ty == "choose_bandit":
        return acts[ty].format(bandit=t["bandits"][d["bandit"]])
    if ty == "hide":
        return acts[ty].format(bandit=t["bandits"][d["bandit"]])
    if ty == "choose_team":
        pair = s.teams[d["team"]]
        return acts[ty].format(team=" + ".join(t["bandits"][BANDITS[x]] for x in pair))
    return str(d)


def event_text(e: dict, lang: str = "en", names=None) -> str:
    t = _tr(lang)
    ty = e.get("type", "")
    tpl = t["log"].get(ty)
    if tpl is None:
        return ty
    # a variant of the line when a flag of the event holds (a purse kept, a bullet given)
    for flag in ("kept", "bullet"):
        if e.get(flag) is True and f"{ty}_{flag}" in t["log"]:
            tpl = t["log"][f"{ty}_{flag}"]
    f = {}
    for k, v in e.items():
        if k == "player":
            f[k] = seat_name(v, lang, names)
        elif k in ("bandit", "target", "victim"):
            f[k] = t["bandits"].get(v, str(v))
        elif k == "bandits":
            f[k] = ", ".join(t["bandits"].get(x, str(x)) for x in v) if isinstance(v, list) \
                else str(v)
        elif k == "card":
            f[k] = _card_label(t, v) if isinstance(v, dict) else t["cards"].get(v, str(v))
        elif k == "cards":
            f[k] = ", ".join(_card_label(t, c) for c in v)
        elif k in ("car", "from") and isinstance(v, int) and ty not in ("climb", "flee"):
            f[k] = _car(t, v)
        elif k == "loot":
            f[k] = t["loot"].get(v, str(v))
        elif k == "event":
            f[k] = f"({t['events'][v]})" if ty == "round" and v else (
                t["events"].get(v, "") if v else "")
        elif k == "turns":
            f[k] = ", ".join(t["turns"][x] for x in v)
        elif k == "winners":
            f[k] = ", ".join(seat_name(x, lang, names) for x in v)
        else:
            f[k] = v
    try:
        return fill(tpl, t, lang, **f)
    except (KeyError, IndexError):
        return ty


# -- terminal drawing --------------------------------------------------------------------------

def _seat(p: int, lang: str, names) -> str:
    """A seat's name inside Rich markup."""
    return escape(seat_name(p, lang, names))


def render_text(obs: dict, lang: str = "en", names=None) -> str:
    t = _tr(lang)
    w = t["words"]
    lines = []
    if obs["round_cards"]:
        rc = obs["round_cards"][-1]
        ev = f' — {t["events"][rc["event"]]}' if rc["event"] else ""
        turns = ", ".join(t["turns"][x] for x in rc["turns"])
        lines.append(f'[bold]{w["round"]} {obs["round"]}/{obs["rounds"]}[/bold]: {turns}{ev}'
                     f'  ({w["first"]}: {_seat(obs["first_player"], lang, names)})')
    turn = (f'{_seat(obs["current_player"], lang, names)}: ' if obs["current_player"] is not None
            else "")
    lines.append(f'[dim]{turn}{t["phases"][obs["phase"]]}[/dim]   {w["neutral"]}: '
                 f'{obs["neutral_bullets"]}')
    cars = obs["train"]["cars"]
    at = {}
    for b in obs["bandits"]:
        if b["car"] is not None:
            at.setdefault((b["car"], b["roof"]), []).append(b)
    loot = {(x["car"], x["roof"]): x for x in obs["loot"]}

    def cell(car, roof):
        parts = []
        for b in at.get((car, roof), []):
            name = t["bandits"][b["bandit"]]
            parts.append(f'[{COLOURS[b["bandit"]]}]{name}[/]')
        if not roof and obs["marshal"] == car:
            parts.append(f'[yellow]★{w["marshal"]}[/yellow]')
        x = loot.get((car, roof))
        if x:
            stuff = []
            if x["purses"]:
                stuff.append(f'{len(x["purses"])}×👛')
            if x["jewels"]:
                stuff.append(f'{x["jewels"]}×💎')
            if x["strongboxes"]:
                stuff.append(f'{x["strongboxes"]}×💰')
            parts.append("[dim]" + " ".join(stuff) + "[/dim]")
        return " ".join(parts) or "·"

    for car in range(cars - 1, -1, -1):
        label = w["locomotive"] if car == 0 else f'{w["car"]} {car}'
        lines.append(f'[bold]{label:>11}[/bold] {w["roof"]}: {cell(car, True)}')
        lines.append(f'{"":>11} {w["inside"]}: {cell(car, False)}')
    for b in obs["bandits"]:
        vals = [p["value"] for p in b["purses"]]
        purse = ", ".join(f"${v}" if v else "?" for v in vals) or "-"
        lines.append(f'[{COLOURS[b["bandit"]]}]{t["bandits"][b["bandit"]]}[/] '
                     f'({_seat(b["seat"], lang, names)}):'
                     f' {t["loot"]["purse"]} {purse}; {t["loot"]["jewel"]} {b["jewels"]};'
                     f' {t["loot"]["strongbox"]} {b["strongboxes"]}; {w["bullets"]}'
                     f' {b["bullets_left"]}')
    if obs["pile"]:
        items = []
        for e in obs["pile"]:
            if e["card"] is None:
                lab = f'({w["face_down"]})'
            else:
                lab = _card_label(t, e["card"])
                if e["face_down"]:
                    lab += f' ({w["face_down"]})'
            if e["resolved"]:
                lab = f"[strike]{lab}[/strike]"
            items.append(f'{_seat(e["seat"], lang, names)}: {lab}')
        lines.append(f'{w["pile"]}: ' + " → ".join(items))
    if obs["hand"] is not None:
        lines.append(f'{w["hand"]}: ' + ", ".join(_card_label(t, c) for c in obs["hand"]))
    if obs["result"]:
        r = obs["result"]
        lines.append("[bold]" + " | ".join(f"{_seat(i, lang, names)}: ${v}"
                                           for i, v in enumerate(r["scores"]))
                     + "[/bold]")
    return "\n".join(lines)
