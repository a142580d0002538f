"""Switch & Signal as text: action labels, log lines and the terminal view (Rich markup)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from railtable.engine import load_i18n
from railtable.language import fill, reason_text, seat_name

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
        return f"{node_name(b, c, lang)} → {node_name(b, other, lang)}"
    return f"{node_name(b, a, lang)}–{node_name(b, z, lang)}"


def train_name(t: int, lang: str) -> str:
    tr = i18n(lang)
    return tr["view"]["train_name"].format(colour=tr["train_colours"][COLOURS[t // 3]],
                                           n=t % 3 + 1)


def junction_setting(b, j: int, k: int, lang: str) -> str:
    n = b.junctions[j]
    p, q = b.junction_configs[j][k]
    ends = b.node_ends[n]
    return (f"{node_name(b, b.end_far_node[ends[p]], lang)} ↔ "
            f"{node_name(b, b.end_far_node[ends[q]], lang)}")


# the labels of the actions without a parameter: action -> its key in "actions"
_PLAIN = {A.END: "end", A.STOP: "stop", A.ACCEPT_CARD: "accept_card",
          A.ROLL_DEPLOY: "roll_deploy"}
# the helpers' own actions: action -> (key in "actions", the helper)
_HELPER = {A.DISPATCHER: ("dispatcher", "dispatcher"),
           A.LOGISTICIAN: ("logistician", "logistician"),
           A.SWITCHMAN: ("switchman", "switchman")}


def describe(state, a: int, lang: str = "en", names=None) -> str:
    """A legal action's label: its template in i18n.json ("actions"), filled with names."""
    b = state.board
    t = i18n(lang)
    tr = t["actions"]
    cards = t["cards"]
    helpers = t["helpers"]
    if a in _PLAIN:
        return tr[_PLAIN[a]]
    if a in _HELPER:
        key, helper = _HELPER[a]
        return tr[key].format(helper=helpers[helper])
    if a == A.ACCEPT_ROLL:
        return tr["accept_roll"].format(points=state.mv_left)
    if A.DEPLOY_COLOUR <= a < A.MOVE_COLOUR:
        return tr["deploy_colour"].format(
            colour=t["train_colours"][COLOURS[a - A.DEPLOY_COLOUR]])
    if A.MOVE_COLOUR <= a < A.CONDUCTOR:
        return tr["move_colour"].format(colour=t["train_colours"][COLOURS[a - A.MOVE_COLOUR]])
    if A.CONDUCTOR <= a < A.TRAIN:
        return tr["conductor"].format(helper=helpers["conductor"],
                                      colour=t["train_colours"][COLOURS[a - A.CONDUCTOR]])
    if A.TRAIN <= a < A.HOLD:
        return tr["train"].format(train=train_name(a - A.TRAIN, lang))
    if A.HOLD <= a < A.PLAY:
        return tr["station_master"].format(helper=helpers["station_master"],
                                           train=train_name(a - A.HOLD, lang))
    if A.PLAY <= a < A.LOAD:
        purpose, slot = divmod(a - A.PLAY, 7)
        what = cards[A.PURPOSES[purpose]]
        if slot == 0:
            return tr["play"].format(card=what)
        x, y = A.PAIRS[slot - 1]
        return tr["play_pair"].format(
            card=what, paid=f"{cards[A.CARD_TYPES[x]]} + {cards[A.CARD_TYPES[y]]}")
    if A.LOAD <= a < A.COUPLER:
        t_, c = divmod(a - A.LOAD, 3)
        return tr["load"].format(train=train_name(t_, lang), card=cards[A.CARD_TYPES[c]])
    if A.COUPLER <= a < A.JUNCTION:
        return tr["coupler"].format(helper=helpers["coupler"],
                                    node=node_name(b, b.starts[a - A.COUPLER], lang))
    if A.JUNCTION <= a < A.CONFIG:
        return tr["junction"].format(node=node_name(b, b.junctions[a - A.JUNCTION], lang))
    if A.CONFIG <= a < A.FIELD_FROM:
        j = state.sw_junction if state.phase != 14 else state.setup_i
        k = a - A.CONFIG
        if 0 <= j < len(b.junctions) and k < len(b.junction_configs[j]):
            return tr["setting"].format(setting=junction_setting(b, j, k, lang))
        return str(a)
    if A.FIELD_FROM <= a < A.FIELD_TO:
        return tr["signal_from"].format(field=field_name(b, a - A.FIELD_FROM, lang))
    if A.FIELD_TO <= a < A.ROUTE:
        return tr["signal_to"].format(field=field_name(b, a - A.FIELD_TO, lang))
    if A.ROUTE <= a < A.NUM_ACTIONS:
        return tr["route"].format(node=node_name(b, b.end_far_node[a - A.ROUTE], lang))
    return str(a)


def event_text(game, event: dict, lang: str = "en", names=None) -> str:
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
        f["player"] = seat_name(event["player"], lang, names)
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
        f["reason"] = reason_text(t, event.get("reason"), lang)
    return fill(template, t, lang, **f)


def _card_text(card: dict, t: dict) -> str:
    col = t["train_colours"]
    v = t["view"]
    anyw = {"any": v["any_colour"], "all": v["all_trains"]}
    moves = ", ".join(col.get(m) or anyw.get(m, m) for m in card.get("moves", [])) or "—"
    dep = card.get("deploy")
    if isinstance(dep, list):
        dep = ", ".join(col.get(c, c) for c in dep)
    return v["card"].format(deploy=dep, moves=moves)


def render_text(obs: dict, lang: str = "en", names=None) -> str:
    """The network (text_map.py: trains, switches, signals, places), then the clock and the
    departure cards, the goods, each player's hand and the helpers."""
    from rich.markup import escape

    from railtable.games.switch_and_signal.text_map import render_map
    t = i18n(lang)
    v = t["view"]
    name = t["nodes"]
    lines = render_map(_game(), obs, lang)
    lines += ["", f"[bold]{t['title']}[/bold] — {t['board'][obs['board']]}"]
    if obs["current_player"] is not None:
        lines.append(v["turn_active"].format(
            turn=obs["turn"], p=escape(seat_name(obs["current_player"], lang, names))))
    else:
        lines.append(v["turn"].format(turn=obs["turn"]))
    lines.append(f"{t['words']['clock']}: {'●' * obs['time_tokens']}"
                 f"{'○' * (obs['clock'] - obs['time_tokens'])}"
                 f"   {t['words']['pile']}: {obs['departure_pile']}")
    card = obs.get("departure_card")
    if card:
        title = (t["words"]["start_card"] if card.get("id") == "start"
                 else t["words"]["departure_card"])
        lines.append(f"{title}: " + _card_text(card, t))
    for c in obs.get("departure_pile_bottom", []):
        lines.append(f"{t['words']['pile_bottom']}: " + _card_text(c, t))
    goods = "  ".join(f"{name.get(c, c)}: {g['count']} {t['goods'][g['colour']]}"
                      for c, g in obs["goods"].items())
    lines.append(goods)
    for d in obs["delivered"]:
        got = " ".join(f"{t['goods'][c]}×{n}" for c, n in d["goods"].items() if n)
        lines.append(f"{name.get(d['port'], d['port'])} — {t['words']['delivered']}: {got or '—'}")
    for i, h in enumerate(obs["hands"]):
        lines.append(v["player"].format(
            n=escape(seat_name(i, lang, names)),
            cards=", ".join(f"{t['cards'][k]} ×{n}" for k, n in h.items())))
    free = [t["helpers"][k] for k, used in obs["helpers"].items() if not used]
    lines.append(v["helpers_free"].format(helpers=", ".join(free) or "—"))
    if obs.get("dispatcher_active"):
        lines.append(v["dispatcher_active"].format(helper=t["helpers"]["dispatcher"]))
    if obs.get("moving"):
        m = obs["moving"]
        lines.append(v["moving"].format(train=train_name(m["train"], lang), points=m["points"]))
    res = obs["result"]
    if res:
        lines.append(f"[bold]{reason_text(t, res['reason'], lang)}[/bold]")
    return "\n".join(lines)
