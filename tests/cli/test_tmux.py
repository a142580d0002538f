"""`railtable play` in a real terminal: tmux runs it, the test types commands and reads the
screen with `tmux capture-pane` (issue #29: the terminal shows a map in all four map
games).

For each game the moves are first found in this process: the same seed and seats play
the same game, so the test knows which command to type at each of the human's turns and
what the map looks like before and after. Then the same game runs in tmux, the commands
are typed, and the screen must show the first map, each choice echoed, and the map's lines
that the moves changed. tmux is Debian's package (scripts/test installs it); without it
these tests fail, saying so.
"""

from __future__ import annotations

import importlib
import io
import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text

from railtable.engine.registry import get_game
from railtable.sim.play import TerminalGame

ROOT = Path(__file__).resolve().parents[2]
WIDTH, HEIGHT = 120, 50
PROMPT = "Your choice (a number or a command"
WAIT = 60  # seconds before a screen that never comes counts as a failure

# game -> (seed, seats, the commands preferred at the human's turns (the first choice whose
# command begins with one of them, in this order), human decisions to make, a line of the
# first map that must be on the screen)
CASES = {
    "ticket_to_ride": (11, "human,random", ("keep 1 2 3", "claim", "pay", "deck"), 8,
                       "Northwest: VAN Vancouver"),
    "railways_of_the_world": (4, "human,random", ("pass", "build", "from", "e", "ne", "se",
                                                  "sw", "w", "nw", "stop"), 5,
                              "Eastern United States and Canada — the map"),
    "steamland": (2, "human,random,random", ("e", "ne", "se", "sw", "w", "nw", "end"), 3,
                  "Map (directions: 1 E, 2 NE, 3 NW, 4 W, 5 SW, 6 SE)"),
    "switch_and_signal": (3, "human,random", ("switch", "set", "end"), 4, "The network"),
}


def plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def map_lines(game, obs: dict, names: list[str]) -> list[str]:
    """The map as the game's text_map draws it, as plain lines."""
    module = importlib.import_module(f"railtable.games.{game.id}.text_map")
    return [plain(x).rstrip() for x in module.render_map(game, obs, "en", names)]


@dataclass
class Plan:
    commands: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    maps: list[list[str]] = field(default_factory=list)  # the map at each human decision


def plan(game_id: str) -> Plan:
    """Play the case in this process: what to type, what is echoed, the maps seen."""
    seed, seats, prefer, count, _ = CASES[game_id]
    game = get_game(game_id)
    out = Plan()

    def ask(prompt):
        if len(out.commands) == count:
            return "q"
        tg.choices  # noqa: B018  (the menu the human sees now)
        choice = next((c for p in prefer for c in tg.choices if c.command == p), None) or \
            next((c for p in prefer for c in tg.choices if c.command.startswith(p)), None) \
            or next(c for c in tg.choices if c.number != 0 or len(tg.choices) == 1)
        out.commands.append(choice.command)
        out.labels.append(choice.label)
        obs = tg.state.observation(tg.state.current_player())
        out.maps.append(map_lines(game, obs, tg.names))
        return choice.command
    con = Console(file=io.StringIO(), width=WIDTH, color_system=None)
    tg = TerminalGame(game, seats.split(","), seed, lang="en", console=con, ask=ask)
    tg.run()
    return out


class Tmux:
    """A tmux server of its own (-L), one session running a command."""

    def __init__(self, tmp: Path) -> None:
        self.socket = f"railtable-test-{uuid.uuid4().hex[:12]}"
        self.conf = tmp / "tmux.conf"
        self.conf.write_text("set -g history-limit 50000\nset -g remain-on-exit on\n"
                             "set -g status off\n")

    def tmux(self, *args: str) -> str:
        cmd = [TMUX, "-L", self.socket, "-f", str(self.conf), *args]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=WAIT)
        assert done.returncode == 0, (cmd, done.stderr)
        return done.stdout

    def start(self, command: list[str]) -> None:
        env = {"PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT),
                                                           os.environ.get("PYTHONPATH")])),
               "RAILTABLE_GAMES": os.environ.get("RAILTABLE_GAMES", ""),
               "TERM": "tmux-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
        line = "env " + " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items()) + " " + \
            shlex.join(command)
        self.tmux("new-session", "-d", "-s", "play", "-x", str(WIDTH), "-y", str(HEIGHT),
                  line)

    def screen(self) -> str:
        """Everything the pane has shown: its history and what is on it now."""
        return self.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "play")

    def type(self, text: str) -> None:
        self.tmux("send-keys", "-t", "play", "-l", text)
        self.tmux("send-keys", "-t", "play", "Enter")

    def wait_for(self, what: str, count: int = 1) -> str:
        """The screen once `what` is on it `count` times, spaces and line breaks aside
        (fails after WAIT seconds)."""
        end = time.monotonic() + WAIT
        what = " ".join(what.split())  # Rich breaks a long line where the pane ends
        while True:
            text = self.screen()
            if " ".join(text.split()).count(what) >= count:
                return text
            if time.monotonic() > end:
                pytest.fail(f"{what!r} did not appear {count} times; the screen:\n{text}")
            time.sleep(0.1)

    def close(self) -> None:
        subprocess.run([TMUX, "-L", self.socket, "kill-server"], capture_output=True,
                       timeout=WAIT)


TMUX = shutil.which("tmux")


@pytest.fixture
def tmux(tmp_path):
    if TMUX is None:
        pytest.fail("the terminal test needs tmux: install Debian's tmux (apt-get install "
                    "tmux; scripts/test does it when run as root)")
    t = Tmux(tmp_path)
    yield t
    t.close()


@pytest.mark.parametrize("game_id", list(CASES))
def test_the_terminal_shows_the_map_and_a_move_changes_it(tmux, game_id):
    seed, seats, _, count, first_line = CASES[game_id]
    expected = plan(game_id)
    assert len(expected.commands) == count
    before, after = expected.maps[0], expected.maps[-1]
    changed = [x for x in after if x not in before and x.strip()]
    assert changed, "the planned moves change nothing on the map"
    assert any(first_line in x for x in before)

    tmux.start([sys.executable, "-m", "railtable.cli", "play", game_id, "--seats", seats,
                "--seed", str(seed), "--lang", "en"])
    screen = tmux.wait_for(PROMPT)
    for line in (first_line, *before[1:4]):
        assert line in screen, (line, screen)
    for k, command in enumerate(expected.commands, 1):
        tmux.type(command)
        screen = tmux.wait_for(f"You chose: {expected.labels[k - 1]}",
                               expected.labels[:k].count(expected.labels[k - 1]))
    screen = tmux.wait_for(PROMPT, count + 1)
    tmux.type("q")
    screen = tmux.wait_for("Game left unfinished.")
    lines = [x.rstrip() for x in screen.splitlines()]
    for line in changed:
        assert line in lines, (line, screen)
