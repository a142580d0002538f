"""Play one game in a terminal: humans type numbers, bots answer at once.

The loop takes an input function and a Rich console, so tests drive it with scripted
answers. What is shown follows the information rules:
- one human: that seat's view throughout (its observation, the events it may see);
- several humans (hot seat): when the turn passes from one human to another the screen is
  cleared and the next player presses Enter; each then sees the log lines meant for them
  since their last turn, then their own view;
- no human: a spectator's view.
The position is `game.render_text(observation, lang)` (Rich markup); choices are labelled
with `state.describe(a, lang)`; the log is `game.event_text(event, lang)` for the events
of every decision (plain text).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from railtable.bots.base import make_bot
from railtable.engine.game import Game, State
from railtable.language import detail_rows, reason_text
from railtable.engine.record import Record, replay, start
from railtable.sim.args import HUMAN
from railtable.sim.match import bot_seed, close_bots

TEXT = {
    "en": {
        "seat": "Player {n}",
        "you": "you",
        "turn": "{who} to decide",
        "choose": "Your choice (1-{k}, q to quit): ",
        "bad": "Type a number from 1 to {k}, or q to quit.",
        "pass": "Pass the terminal to {who} and press Enter",
        "since": "Since your last turn:",
        "chose": "You chose: {label}",
        "quit": "Game left unfinished.",
        "saved": "Record saved to {path}",
        "not_saved": "Not saved (use --save FILE.json to keep a record).",
        "over": "Game over: {reason}",
        "score": "score",
        "winner": "winner",
        "player": "player",
        "resumed": "Resumed after {k} decisions.",
        "team_won": "The team wins!",
        "team_lost": "The team loses.",
    },
    "ru": {
        "seat": "Игрок {n}",
        "you": "вы",
        "turn": "Решает {who}",
        "choose": "Ваш выбор (1-{k}, q — выйти): ",
        "bad": "Введите число от 1 до {k} или q, чтобы выйти.",
        "pass": "Передайте терминал: {who}. Нажмите Enter",
        "since": "С вашего прошлого хода:",
        "chose": "Ваш выбор: {label}",
        "quit": "Партия не закончена.",
        "saved": "Запись партии сохранена в {path}",
        "not_saved": "Не сохранено (сохранить: --save FILE.json).",
        "over": "Конец партии: {reason}",
        "score": "очки",
        "winner": "победа",
        "player": "игрок",
        "resumed": "Партия продолжена после {k} решений.",
        "team_won": "Команда победила!",
        "team_lost": "Команда проиграла.",
    },
}

QUIT = ("q", "quit", "exit", "й")
LONG_LIST = 16  # more choices than this are shown in columns


class Quit(Exception):
    """The human asked to stop."""


@dataclass
class Played:
    state: State
    record: Record
    finished: bool


class TerminalGame:
    def __init__(self, game: Game, seats: list[str], seed: int, options=None, *,
                 lang: str = "en", console: Console | None = None,
                 ask: Callable[[str], str] = input) -> None:
        self.game = game
        self.seats = seats
        self.seed = seed
        self.opts = game.parse_options(options)
        self.lang = lang
        self.t = TEXT[lang]
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

    # -- names -------------------------------------------------------------------------

    def who(self, p: int) -> str:
        name = self.t["seat"].format(n=p + 1)
        spec = self.seats[p]
        if spec == HUMAN:
            return f"{name} ({self.t['you']})" if len(self.humans) == 1 else name
        return f"{name} ({spec})"

    @property
    def names(self) -> list[str]:
        """The seats as the log names them: "Player 2 (random)", "Player 1 (you)"."""
        return [self.who(p) for p in range(len(self.seats))]

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

    def _human(self, p: int) -> int:
        state = self.state
        if p != self.viewer:
            self._hand_over(p)
        self.console.rule(escape(self.t["turn"].format(who=self.who(p))))
        self._show(p)
        legal = state.legal_actions()
        self.console.print("\n".join(choice_lines(
            [state.describe(a, self.lang) for a in legal], self.console.width)),
            highlight=False)
        while True:
            answer = self.ask(self.t["choose"].format(k=len(legal))).strip().lower()
            if answer in QUIT:
                raise Quit
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                a = legal[int(answer) - 1]
                self.console.print(self.t["chose"].format(label=escape(
                    state.describe(a, self.lang))), style="dim")
                return a
            self.console.print(self.t["bad"].format(k=len(legal)), style="yellow")

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
        self.console.print(self.game.render_text(obs, self.lang))

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
                details.add_column(escape(t["seat"].format(n=p + 1)), justify="right")
            for label, vals in rows:
                details.add_row(escape(label), *[escape(v) for v in vals])
            self.console.print(details)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.record.dumps() + "\n", encoding="utf-8")
        self.console.print(self.t["saved"].format(path=escape(str(path))))


def choice_lines(labels: list[str], width: int) -> list[str]:
    """The numbered choices as lines of Rich markup; a long list is set in as many
    columns as fit the width (at most LONG_LIST rows when width allows), numbered down
    the columns."""
    cells = [(f"{i:>3}", f"  {label}") for i, label in enumerate(labels, 1)]
    widths = [cell_len(n) + cell_len(label) for n, label in cells]
    cols = 1
    cell_width = max(widths, default=0) + 3
    if len(cells) > LONG_LIST:
        cols = max(1, min(width // cell_width, -(-len(cells) // LONG_LIST)))
    rows = -(-len(cells) // cols)
    lines = []
    for r in range(rows):
        line = ""
        for k in range(r, len(cells), rows):
            if line:
                line += " " * (cell_width - widths[k - rows])
            number, label = cells[k]
            line += f"[bold]{number}[/bold]{escape(label)}"
        lines.append(line)
    return lines
