"""Match records: game + options + seed + seats + actions, and replay.

A record is the source of truth for a game: `new_state(num_players, seed, options)` plus
its actions rebuilds the game exactly. Actions are stored in each game's JSON form, which
is stable and readable; `rules_version` says which rules produced them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from railtable.engine.game import Game, IllegalAction, Result, State
from railtable.engine.registry import get_game

FORMAT = 1


class RecordError(ValueError):
    """A record that cannot be replayed: unknown game, other rules version, bad action."""


@dataclass
class Record:
    game: str
    num_players: int
    seed: int
    options: dict = field(default_factory=dict)
    seats: list[str] = field(default_factory=list)  # who sat where: "human:Ann", "heuristic"
    actions: list[dict] = field(default_factory=list)  # JSON actions, in order
    rules_version: str = "1"
    result: dict | None = None  # Result.to_json() of the final state, when finished

    def to_json(self) -> dict:
        d = {
            "format": FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "num_players": self.num_players,
            "seed": self.seed,
            "options": self.options,
            "seats": self.seats,
            "actions": self.actions,
        }
        if self.result is not None:
            d["result"] = self.result
        return d

    @classmethod
    def from_json(cls, d: dict) -> "Record":
        try:
            return cls(
                game=d["game"],
                num_players=int(d["num_players"]),
                seed=int(d["seed"]),
                options=dict(d.get("options") or {}),
                seats=list(d.get("seats") or []),
                actions=list(d.get("actions") or []),
                rules_version=str(d.get("rules_version", "1")),
                result=d.get("result"),
            )
        except (KeyError, TypeError, ValueError) as e:
            raise RecordError(f"not a match record: {e}") from None

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))


def start(game: Game, num_players: int, seed: int, options=None, seats: Iterable[str] = (),
          ) -> Record:
    opts = game.parse_options(options)
    return Record(game=game.id, num_players=num_players, seed=seed,
                  options=game.options_to_json(opts), seats=list(seats),
                  rules_version=game.rules_version)


def replay(record: Record, *, record_events: bool = False, upto: int | None = None,
           on_start=None, on_step=None) -> State:
    """Re-execute a record and return the state after its actions (or the first `upto`).

    on_start(state) is called on the new state before any action (its setup events are in
    `state.events`); on_step(index, action_id, state) after each action, e.g. to collect
    the log. Raises RecordError if the record does not fit the installed game.
    """
    game = get_game(record.game)
    if record.rules_version != game.rules_version:
        raise RecordError(
            f"record made with rules version {record.rules_version} of {game.id}; "
            f"installed is {game.rules_version}")
    state = game.new_state(record.num_players, record.seed, record.options,
                           record_events=record_events)
    if on_start is not None:
        on_start(state)
    actions = record.actions if upto is None else record.actions[:upto]
    for i, d in enumerate(actions):
        try:
            a = game.action_from_json(state, d)
            state.apply(a)
        except IllegalAction as e:
            raise RecordError(f"action {i} ({d}) cannot be replayed: {e}") from None
        if on_step is not None:
            on_step(i, a, state)
    return state


def check_result(record: Record, state: State) -> Result | None:
    """Raise RecordError if the record carries a result that the replay does not reach."""
    if record.result is None:
        return None
    if not state.is_terminal():
        raise RecordError("the record has a result but its actions do not finish the game")
    got = state.result()
    want = Result.from_json(record.result)
    if list(got.scores) != list(want.scores) or sorted(got.winners) != sorted(want.winners):
        raise RecordError(f"replay ends with {got.to_json()}, the record says {record.result}")
    return got


def load(path: str | Path) -> list[Record]:
    """Records from a .json file (one record) or a .jsonl file (one per line).

    A JSON line written by `railtable simulate --records` carries its record under "record".
    """
    text = Path(path).read_text(encoding="utf-8")
    rows: list[dict] = []
    if text.lstrip().startswith("{") and str(path).endswith(".json"):
        rows.append(json.loads(text))
    else:
        for n, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as e:
                    raise RecordError(f"{path}:{n}: not JSON: {e}") from None
    out = []
    for n, row in enumerate(rows, 1):
        if "record" in row:
            row = row["record"]
        elif "actions" not in row:
            raise RecordError(f"{path}: line {n} holds a result without its record "
                              "(write records with `railtable simulate --records`)")
        out.append(Record.from_json(row))
    return out
