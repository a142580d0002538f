"""Switch & Signal as text: action labels, log lines and the terminal view (Rich markup)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from railtable.engine import load_i18n

from railtable.games.switch_and_signal import actions as A

_HERE = Path(__file__).parent
COLOURS = ("black", "brown", "gray")
GOODS = ("yellow", "blue", "red", "white")


@cache
def i18n(lang: str) -> dict:
    return load_i18n(__file__, lang)


@cache
def _game():
    import railtable.games.switch_and_signal as pkg
    game = getattr(pkg, "GAME", None)
    if game is None:
        from railtable.games.switch_and_signal.rules import SwitchAndSignalGame
        game = SwitchAndSignalGame()
    return game


def board(board_id: str):
    return _game().boards[board_id]


def node_name(b, n: int, lang: str) -> str:
    return i18n(lang)["nodes"].get(b.node_ids[n], b.node_ids[n])


def field_name(b, f: int, lang: str) -> str:
    li = b.field_line[f]
    a, z = b.line_a[li], b.line_b[li]
    c = b.field_city[f]
    if c >= 0:
        other = z if a == c else a
        return (f"{node_name(b, c, lang)} → {node_name(b, other, lang)}" if lang == "en"
                else f"{node_name(b, c, lang)} → {node_name(b, other, lang)}")
    return f"{node_name(b, a, lang)}–{node_name(b, z, lang)}"


def train_name(t: int, lang: str) -> str:
    col = i18n(lang)["train_colours"][COLOURS[t // 3]]
    return f"{col} {i18n(lang)['words']['train']} {t % 3 + 1}"


def junction_setting(b, j: int, k: int, lang: str) -> str:
    n = b.junctions[j]
    p, q = b.junction_configs[j][k]
    ends = b.node_ends[n]
    return (f"{node_name(b, b.end_far_node[ends[p]], lang)} ↔ "
            f"{node_name(b, b.end_far_node[ends[q]], lang)}")


def describe(state, a: int, lang: str = "en") -> str:
    b = state.board
    t = i18n(lang)
    ru = lang == "ru"
    cards = t["cards"]
    helpers = t["helpers"]
    if a == A.END:
        return "Закончить ход и взять карточки" if ru else "End the turn and draw cards"
    if a == A.STOP:
        return "Остановиться в городе" if ru else "Stop in the city"
    if a == A.DISPATCHER:
        return f"{helpers['dispatcher']}: проехать через город" if ru else \
            f"{helpers['dispatcher']}: pass through the city"
    if a == A.ACCEPT_ROLL:
        return f"Оставить бросок ({state.mv_left})" if ru else f"Keep the roll ({state.mv_left})"
    if a == A.LOGISTICIAN:
        return f"{helpers['logistician']}: перебросить" if ru else f"{helpers['logistician']}: reroll"
    if a == A.SWITCHMAN:
        return f"{helpers['switchman']}: инструкцию под низ стопки" if ru else \
            f"{helpers['switchman']}: put the card under the pile"
    if a == A.ACCEPT_CARD:
        return "Выполнить инструкцию" if ru else "Carry out the departure card"
    if a == A.ROLL_DEPLOY:
        return "Бросить кубики отправления" if ru else "Roll the deployment dice"
    if A.DEPLOY_COLOUR <= a < A.MOVE_COLOUR:
        c = t["train_colours"][COLOURS[a - A.DEPLOY_COLOUR]]
        return f"Выставить {c} поезд" if ru else f"Deploy a {c} train"
    if A.MOVE_COLOUR <= a < A.CONDUCTOR:
        c = t["train_colours"][COLOURS[a - A.MOVE_COLOUR]]
        return f"Двигать: {c}" if ru else f"Move the {c} trains"
    if A.CONDUCTOR <= a < A.TRAIN:
        c = t["train_colours"][COLOURS[a - A.CONDUCTOR]]
        return f"{helpers['conductor']}: {c} стоят" if ru else f"{helpers['conductor']}: {c} trains stay"
    if A.TRAIN <= a < A.HOLD:
        tr = a - A.TRAIN
        return (f"Двигать: {train_name(tr, lang)}" if ru else f"Move the {train_name(tr, lang)}")
    if A.HOLD <= a < A.PLAY:
        tr = a - A.HOLD
        return f"{helpers['station_master']}: {train_name(tr, lang)} стоит" if ru else \
            f"{helpers['station_master']}: the {train_name(tr, lang)} stays"
    if A.PLAY <= a < A.LOAD:
        purpose, slot = divmod(a - A.PLAY, 7)
        what = cards[A.PURPOSES[purpose]]
        if slot == 0:
            return f"Сыграть «{what}»" if ru else f"Play {what}"
        x, y = A.PAIRS[slot - 1]
        paid = f"{cards[A.CARD_TYPES[x]]} + {cards[A.CARD_TYPES[y]]}"
        return f"«{what}» за две карточки ({paid})" if ru else f"{what} for two cards ({paid})"
    if A.LOAD <= a < A.COUPLER:
        tr, c = divmod(a - A.LOAD, 3)
        return (f"Загрузить {train_name(tr, lang)} (сбросить «{cards[A.CARD_TYPES[c]]}»)" if ru
                else f"Load the {train_name(tr, lang)} (discard {cards[A.CARD_TYPES[c]]})")
    if A.COUPLER <= a < A.JUNCTION:
        s = b.starts[a - A.COUPLER]
        return f"{helpers['coupler']}: {node_name(b, s, lang)}"
    if A.JUNCTION <= a < A.CONFIG:
        n = b.junctions[a - A.JUNCTION]
        return f"Стрелка: {node_name(b, n, lang)}" if ru else f"Switch at {node_name(b, n, lang)}"
    if A.CONFIG <= a < A.FIELD_FROM:
        j = state.sw_junction if state.phase != 14 else state.setup_i
        k = a - A.CONFIG
        if 0 <= j < len(b.junctions) and k < len(b.junction_configs[j]):
            return (f"Открыть {junction_setting(b, j, k, lang)}" if ru
                    else f"Open {junction_setting(b, j, k, lang)}")
        return f"setting {k}"
    if A.FIELD_FROM <= a < A.FIELD_TO:
        f = a - A.FIELD_FROM
        return f"Снять семафор: {field_name(b, f, lang)}" if ru else \
            f"Take the signal from {field_name(b, f, lang)}"
    if A.FIELD_TO <= a < A.ROUTE:
        f = a - A.FIELD_TO
        return f"Семафор на {field_name(b, f, lang)}" if ru else f"Signal on {field_name(b, f, lang)}"
    if A.ROUTE <= a < A.NUM_ACTIONS:
        e = a - A.ROUTE
        return f"Ехать к {node_name(b, b.end_far_node[e], lang)}" if ru else \
            f"Leave toward {node_name(b, b.end_far_node[e], lang)}"
    return str(a)


def event_text(game, event: dict, lang: str = "en") -> str:
    """The event's template in i18n.json ("log"), filled with names from the same file."""
    t = game.i18n(lang)
    k = event.get("type")
    template = t["log"].get(k)
    if template is None:
        return str(k)
    f = dict(event)
    if "train" in event:
        f["train"] = train_name(event["train"], lang)
    if "player" in event:
        f["n"] = event["player"] + 1
    if "node" in event:
        f["node"] = t["nodes"].get(event["node"], str(event["node"]))
    if "good" in event:
        f["good"] = t["goods"][GOODS[event["good"]]]
    if k == "reveal":
        c = event.get("card")
        f["what"] = (t["words"]["start_card"] if c == 18
                     else f"{t['words']['departure_card']} {c}")
    elif k == "deploy_roll":
        dice = event.get("dice")
        f["dice"] = f" ({dice[0]}+{dice[1]})" if dice else ""
    elif k == "time_lost":
        f["why"] = t["why"].get(event.get("why"), event.get("why"))
    elif k == "play":
        f["what"] = t["cards"][event["action"]]
    elif k == "helper":
        f["helper"] = t["helpers"][event["helper"]]
    elif k == "move_colour":
        f["colour"] = t["train_colours"][COLOURS[event["colour"]]]
    elif k == "game_over":
        f["reason"] = t["reasons"].get(event.get("reason"), event.get("reason"))
    return template.format(**f)


def _card_text(card: dict, t: dict, ru: bool) -> str:
    col = t["train_colours"]
    anyw = {"any": "любой цвет" if ru else "any colour", "all": "все поезда" if ru else "all trains"}
    moves = ", ".join(col.get(m) or anyw.get(m, m) for m in card.get("moves", [])) or "—"
    dep = card.get("deploy")
    if isinstance(dep, list):
        dep = ", ".join(col.get(c, c) for c in dep)
    return f"выставить {dep}; двигать: {moves}" if ru else f"deploy {dep}; move: {moves}"


def render_text(obs: dict, lang: str = "en") -> str:
    t = i18n(lang)
    ru = lang == "ru"
    b = board(obs["board"])
    name = t["nodes"]
    lines = [f"[bold]{t['title']}[/bold] — {t['board'][obs['board']]}"]
    turn = ("Ход {turn}" if ru else "Turn {turn}").format(turn=obs["turn"])
    if obs["current_player"] is not None:
        turn += (", активный игрок {p}" if ru else ", active player {p}").format(
            p=obs["current_player"] + 1)
    lines.append(turn)
    lines.append(f"{t['words']['clock']}: {'●' * obs['time_tokens']}{'○' * (obs['clock'] - obs['time_tokens'])}"
                 f"   {t['words']['pile']}: {obs['departure_pile']}")
    card = obs.get("departure_card")
    if card:
        title = (t["words"]["start_card"] if card.get("id") == "start"
                 else t["words"]["departure_card"])
        lines.append(f"{title}: " + _card_text(card, t, ru))
    for c in obs.get("departure_pile_bottom", []):
        lines.append(f"{t['words']['pile_bottom']}: " + _card_text(c, t, ru))
    goods = "  ".join(f"{name.get(c, c)}: {g['count']} {t['goods'][g['colour']]}"
                      for c, g in obs["goods"].items())
    lines.append(goods)
    for d in obs["delivered"]:
        got = " ".join(f"{t['goods'][c]}×{n}" for c, n in d["goods"].items() if n)
        lines.append(f"{name.get(d['port'], d['port'])} — {t['words']['delivered']}: {got or '—'}")
    style = {"black": "bold white on black", "brown": "bold yellow", "gray": "dim"}
    for tr in obs["trains"]:
        col = t["train_colours"][tr["colour"]]
        where = tr["where"]
        if where == "depot":
            pos = t["words"]["depot"]
        elif where == "track":
            li = tr["line"]
            pos = (f"{name.get(b.node_ids[b.line_a[li]])}–{name.get(b.node_ids[b.line_b[li]])} "
                   f"[{tr['section'] + 1}/{b.line_len[li]}] → {name.get(tr['toward'])}")
        else:
            pos = name.get(tr["node"], tr["node"])
        good = f" [{t['goods'][tr['good']]}]" if tr["good"] else ""
        lines.append(f"  [{style[tr['colour']]}]{col} {tr['id'] % 3 + 1}[/] {pos}{good}")
    sig = ", ".join(field_name(b, f, lang) for f in obs["signals"])
    lines.append(f"[green]{'Семафоры' if ru else 'Signals'}:[/green] {sig}")
    sw = "; ".join(f"{name.get(j, j)}: {name.get(p[0], p[0])}↔{name.get(p[1], p[1])}"
                   for j, p in obs["switches"].items())
    lines.append(f"{'Стрелки' if ru else 'Switches'}: {sw}")
    for i, h in enumerate(obs["hands"]):
        lines.append(f"{'Игрок' if ru else 'Player'} {i + 1}: " +
                     ", ".join(f"{t['cards'][k]} ×{v}" for k, v in h.items()))
    free = [t["helpers"][k] for k, v in obs["helpers"].items() if not v]
    lines.append(f"{'Свободные помощники' if ru else 'Helpers still free'}: {', '.join(free) or '—'}")
    if obs.get("dispatcher_active"):
        lines.append(t["helpers"]["dispatcher"] + (": проезд через города" if ru
                                                    else ": trains pass through cities"))
    if obs.get("moving"):
        m = obs["moving"]
        lines.append(f"{'Движется' if ru else 'Moving'}: {train_name(m['train'], lang)} ({m['points']})")
    res = obs["result"]
    if res:
        lines.append(f"[bold]{t['reasons'].get(res['reason'], res['reason'])}[/bold]")
    return "\n".join(lines)
