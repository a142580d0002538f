"""Play one game in a terminal: humans type a number or a short command, bots answer at
once.

The loop takes an input function and a Rich console, so tests drive it with scripted
answers. What is shown follows the information rules:
- one human: that seat's view throughout (its observation, the events it may see);
- several humans (hot seat): when the turn passes from one human to another the screen is
  cleared and the next player presses Enter; each then sees the log lines meant for them
  since their last turn, then their own view;
- no human: a spectator's view.
The position is `game.render_text(observation, lang, names)` (Rich markup); the choices are
`game.menu(state, lang)` (railtable.menu: numbers that keep their meaning through a turn,
groups, short commands), or the legal list numbered as it is for a game without a menu;
the log is `game.event_text(event, lang, names)` for the events of every decision. `help`
shows the game's rules (railtable/games/<id>/howto.<lang>.md). Every word of the terminal's
own is in railtable/language.json ("terminal").
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from rich.cells import cell_len
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table

from railtable import howto
from railtable.bots.base import make_bot
from railtable.engine.game import Game, State
from railtable.language import bot_name, detail_rows, reason_text, seat_name, site
from railtable.menu import Choice, check, numbered_list, resolve
from railtable.engine.record import Record, replay, start
from railtable.sim.args import HUMAN
from railtable.sim.match import bot_seed, close_bots

QUIT = ("q", "quit", "exit", "й", "выход")
HELP = ("help", "rules", "h", "?", "помощь", "правила", "справка", "р")
LIST = ("list", "l", "", "ls", "список")
LONG_LIST = 16  # more choices than this are shown in columns
COMPACT = 10    # a group of more choices than this lists only their numbers and commands


class Quit(Exception):
    """The human asked to stop."""


@dataclass
class Played:
    state: State
    record: Record
    finished: bool


def texts(lang: str) -> dict:
    """The terminal's own words (language.json, "terminal")."""
    return site(lang)["terminal"]


class TerminalGame:
    def __init__(self, game: Game, seats: list[str], seed: int, options=None, *,
                 lang: str = "en", console: Console | None = None,
                 ask: Callable[[str], str] = input) -> None:
        self.game = game
        self.seats = seats
        self.seed = seed
        self.opts = game.parse_options(options)
        self.lang = lang
        self.t = texts(lang)
        self.console = console or Console()
        self.ask = ask
        self.humans = [p for p, s in enumerate(seats) if s == HUMAN]
        self.bots = {p: make_bot(s, game, p, bot_seed(seed, p))
                     for p, s in enumerate(seats) if s != HUMAN}
        # whose view the screen shows now (None: a spectator, before anyone sat down)
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.unseen: dict[int, list[str]] = {p: [] for p in self.humans}
        self.state: State | None = None
        self.record: Record | None = None
        self.choices: list[Choice] = []  # what the human to move may choose now

    # -- names -------------------------------------------------------------------------

    def who(self, p: int) -> str:
        """A seat as the terminal names it: "Player 1 (you)", "Bot 2 (random moves)"."""
        spec = self.seats[p]
        if spec != HUMAN:
            return bot_name(p, spec, self.lang)
        name = seat_name(p, self.lang)
        return f"{name} ({self.t['you']})" if len(self.humans) == 1 else name

    @property
    def names(self) -> list[str]:
        """The seats' names for the log and the view: "Player 1", "Bot 2 (random moves)"
        (the view itself marks the viewer's seat)."""
        return [seat_name(p, self.lang) if s == HUMAN else bot_name(p, s, self.lang)
                for p, s in enumerate(self.seats)]

    # -- the loop ----------------------------------------------------------------------

    def run(self, resume: Record | None = None) -> Played:
        """Play to the end or until a human quits (a KeyboardInterrupt or end of input
        counts as quitting). `resume`: an unfinished record of this game to continue."""
        game = self.game
        n = len(self.seats)
        self.record = start(game, n, self.seed, self.opts, self.seats)
        self.console.rule(escape(game.title.get(self.lang) or game.id))
        if resume is None:
            self.state = state = game.new_state(n, self.seed, self.opts, record_events=True)
            self._log(state)
        else:
            self.state = state = replay(resume, record_events=True)
            self.record.actions = list(resume.actions)
            self.console.print(self.t["resumed"].format(k=len(resume.actions)), style="dim")
        if not self.humans:
            self._show(None)
        try:
            while not state.is_terminal():
                p = state.current_player()
                a = self.bots[p].act(state) if p in self.bots else self._human(p)
                self.record.actions.append(game.action_to_json(state, a))
                state.apply(a)
                self._log(state)
        except (Quit, EOFError, KeyboardInterrupt):
            self.console.print()
            self.console.print(self.t["quit"])
            return Played(state, self.record, False)
        finally:
            close_bots(self.bots.values())
        self.record.result = state.result().to_json()
        self._show(self.viewer if len(self.humans) == 1 else None)
        self.print_result()
        return Played(state, self.record, True)

    def menu(self) -> list[Choice]:
        """The choices of the seat to move: the game's menu, else the legal list numbered
        from 1."""
        state = self.state
        choices = self.game.menu(state, self.lang, self.names)
        if choices is None:
            legal = state.legal_actions()
            return numbered_list(legal, [state.describe(a, self.lang, self.names) for a in legal])
        check(choices, state.legal_actions())
        return choices

    def _human(self, p: int) -> int:
        if p != self.viewer:
            self._hand_over(p)
        self.console.rule(escape(self.t["turn"].format(who=self.who(p))))
        self._show(p)
        self.choices = self.menu()
        self._list_choices()
        while True:
            answer = self.ask(self.t["choose"]).strip()
            word = answer.casefold()
            if word in QUIT:
                raise Quit
            if word in HELP:
                self._help()
                continue
            if word in LIST:
                self._show(p)
                self._list_choices()
                continue
            found = resolve(self.choices, answer)
            if len(found) == 1:
                self.console.print(self.t["chose"].format(label=escape(found[0].label)),
                                   style="dim")
                return found[0].action
            if found:
                self.console.print(self.t["ambiguous"].format(text=escape(echo(answer))),
                                   style="yellow")
                for line in choice_cells(found[:12], self.console.width, compact=False):
                    self.console.print(line, highlight=False)
            else:
                self.console.print(self.t["unknown"].format(text=escape(echo(answer))),
                                   style="yellow")

    def _list_choices(self) -> None:
        self.console.print(f"[bold]{escape(self.t['choices'])}[/bold]", highlight=False)
        for group, members in grouped(self.choices):
            if group:
                self.console.print(f"[bold underline]{escape(group)}[/]", highlight=False)
            compact = len(members) > COMPACT and all(c.short for c in members)
            for line in choice_cells(members, self.console.width, compact):
                self.console.print(line, highlight=False)

    def _help(self) -> None:
        """The game's rules (its howto.<lang>.md, Markdown), or why there are none."""
        page = howto.markdown(self.game, self.lang)  # the same page the site shows
        if page is None:
            self.console.print(self.t["no_rules"].format(
                game=self.game.title.get(self.lang) or self.game.id,
                file=f"howto.{self.lang}.md"), style="yellow")
        else:
            self.console.print(Markdown(page))
        self.console.print(self.t["help_commands"], style="dim")

    def _hand_over(self, p: int) -> None:
        """Hot seat: hide the previous player's view before the next human looks."""
        self.console.clear()
        if self.ask(self.t["pass"].format(who=self.who(p)) + " ").strip().lower() in QUIT:
            raise Quit
        self.console.clear()
        self.viewer = p
        lines, self.unseen[p] = self.unseen[p], []
        if lines:
            self.console.print(self.t["since"], style="bold")
            for line in lines:
                self.console.print(f"  {line}", markup=False, highlight=False)

    def _show(self, p: int | None) -> None:
        obs = self.state.observation(p)
        self.console.print(self.game.render_text(obs, self.lang, self.names), highlight=False)

    def _log(self, state: State) -> None:
        """Hand out the log lines of the last decision to whoever may see them."""
        if not self.humans:
            self._print_events(state.visible_events(None))
            return
        for p in self.humans:
            lines = [t for t in (self.game.event_text(e, self.lang, self.names)
                                 for e in state.visible_events(p)) if t]
            if p == self.viewer:
                for line in lines:
                    self.console.print(f"  {line}", markup=False, highlight=False)
            else:
                self.unseen[p].extend(lines)

    def _print_events(self, events: list[dict]) -> None:
        for e in events:
            text = self.game.event_text(e, self.lang, self.names)
            if text:
                self.console.print(f"  {text}", markup=False, highlight=False)

    # -- the end -----------------------------------------------------------------------

    def print_result(self) -> None:
        res = self.state.observation(None)["result"]  # the envelope's result
        t = self.t
        cat = self.game.i18n(self.lang)
        table = Table(title=escape(t["over"].format(
            reason=reason_text(cat, res["reason"], self.lang))))
        table.add_column(t["player"])
        table.add_column(t["score"], justify="right")
        table.add_column(t["winner"], justify="center")
        for p in range(len(self.seats)):
            table.add_row(escape(self.who(p)), f"{res['scores'][p]:g}",
                          "★" if p in res["winners"] else "")
        self.console.print(table)
        if self.game.cooperative:
            self.console.print(t["team_won"] if res["winners"] else t["team_lost"], style="bold")
        rows = detail_rows(cat, res["details"], self.lang)
        if rows:  # one row per detail, one column per player: fits a narrow terminal
            details = Table()
            details.add_column("")
            for p in range(len(self.seats)):
                details.add_column(escape(self.who(p)), justify="right")
            for label, vals in rows:
                details.add_row(escape(label), *[escape(v) for v in vals])
            self.console.print(details)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.record.dumps() + "\n", encoding="utf-8")
        self.console.print(self.t["saved"].format(path=escape(str(path))))


def echo(text: str, limit: int = 40) -> str:
    """What was typed, safe to print back: no control characters (an escape sequence
    would act on the terminal), at most `limit` characters."""
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")
    return text if len(text) <= limit else text[:limit - 1] + "…"


def grouped(choices: list[Choice]) -> list[tuple[str, list[Choice]]]:
    """The choices by group, groups in the order the game gave them, numbers ascending."""
    out: dict[str, list[Choice]] = {}
    for c in choices:
        out.setdefault(c.group, []).append(c)
    return [(g, sorted(m, key=lambda c: c.number)) for g, m in out.items()]


def choice_cells(choices: list[Choice], width: int, compact: bool) -> list[str]:
    """Lines of Rich markup: a choice's number, then its label and command (compact: its
    short text only, as many a line as fit)."""
    if compact:
        cells = [(f"{c.number:>3}", f" {c.short}") for c in choices]
        return _columns(cells, width, rows=None)
    return _columns([(f"{c.number:>3}", f"  {c.label}" + (f"  · {c.command}" if c.command
                                                            and c.command != c.label else ""))
                     for c in choices], width, rows=LONG_LIST)


def choice_lines(labels: list[str], width: int) -> list[str]:
    """The numbered labels as lines of Rich markup; a long list is set in as many
    columns as fit the width (at most LONG_LIST rows when width allows), numbered down
    the columns."""
    return _columns([(f"{i:>3}", f"  {label}") for i, label in enumerate(labels, 1)], width,
                    rows=LONG_LIST)


def _columns(cells: list[tuple[str, str]], width: int, rows: int | None) -> list[str]:
    """(number, text) cells in columns numbered down: with `rows`, columns only once there
    are more cells than that; without, as many columns as fit."""
    widths = [cell_len(n) + cell_len(label) for n, label in cells]
    cell_width = max(widths, default=0) + 3
    cols = 1
    if rows is None:
        cols = max(1, width // cell_width)
    elif len(cells) > rows:
        cols = max(1, min(width // cell_width, -(-len(cells) // rows)))
    nrows = -(-len(cells) // cols) if cells else 0
    lines = []
    for r in range(nrows):
        line = ""
        for k in range(r, len(cells), nrows):
            if line:
                line += " " * (cell_width - widths[k - nrows])
            number, label = cells[k]
            line += f"[bold]{number}[/bold]{escape(label)}"
        lines.append(line)
    return lines
