"""Re-execute match records and check that they reach the result they carry.

Reads a .json file (one record) or a .jsonl file (one record per line, or the lines of
`railtable simulate --records`, which carry the record under "record").
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from railtable.engine.game import IllegalAction
from railtable.engine.record import Record, RecordError, check_result, replay
from railtable.engine.registry import UnknownGame, get_game
from railtable.sim.args import InputError


@dataclass
class Checked:
    record: Record | None
    ok: bool
    message: str  # the result in short when ok, else what went wrong
    log: list[str] = field(default_factory=list)


def read_records(path: str | Path) -> list[tuple[int, Record | None, str]]:
    """(index, record or None, problem) for each record in the file; raises InputError if
    the file cannot be read or holds no records at all."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"cannot read {path}: {getattr(e, 'strerror', None) or e}") from None
    rows: list[tuple[int, object]] = []
    stripped = text.strip()
    if not stripped:
        raise InputError(f"{path} is empty")
    try:
        whole = json.loads(stripped)
    except json.JSONDecodeError:
        whole = None
    if isinstance(whole, dict):
        rows.append((1, whole))
    else:
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                rows.append((n, json.loads(line)))
            except json.JSONDecodeError as e:
                raise InputError(f"{path}:{n}: not JSON ({e.msg})") from None
    out = []
    missing = 0
    for k, (n, row) in enumerate(rows):
        if not isinstance(row, dict):
            out.append((k, None, f"line {n}: not a JSON object"))
            continue
        if "record" in row:
            row = row["record"]
        elif "actions" not in row and ("result" in row or "error" in row):
            # a line of simulate written without --records
            missing += 1
            problem = (f"line {n}: game seed {row.get('seed')} failed in simulate: "
                       f"{row['error']}") if "error" in row else f"line {n}: no record"
            out.append((k, None, problem))
            continue
        try:
            out.append((k, Record.from_json(row), ""))
        except RecordError as e:
            out.append((k, None, f"line {n}: {e}"))
    if out and missing == len(out):
        raise InputError(f"{path} holds no records (run simulate with --records)")
    return out


def check_record(record: Record, *, log: bool = False, lang: str = "en") -> Checked:
    """Replay one record; with log=True collect the game log a spectator would see, with
    who decided what."""
    lines: list[str] = []
    try:
        if log:
            state = _replay_with_log(record, lang, lines)
        else:
            state = replay(record)
        res = check_result(record, state)
    except (RecordError, UnknownGame, IllegalAction) as e:
        return Checked(record, False, str(e), lines)
    except Exception as e:  # the game itself fails on this record: a bug to report
        return Checked(record, False, f"{type(e).__name__}: {e}", lines)
    if res is None:
        status = "finished (no result in the record)" if state.is_terminal() else \
            f"unfinished after {len(record.actions)} decisions"
    else:
        status = f"{res.reason}, scores {list(res.scores)}, winners {list(res.winners)}"
    return Checked(record, True, status, lines)


def _replay_with_log(record: Record, lang: str, lines: list[str]):
    game = get_game(record.game)
    seats = record.seats

    def who(p: int) -> str:
        spec = seats[p] if p < len(seats) else ""
        return f"seat {p}" + (f" ({spec})" if spec else "")

    def say(state) -> None:
        for e in state.visible_events(None):
            text = game.event_text(e, lang)
            if text:
                lines.append(f"  {text}")

    def label(state, i: int) -> str:
        if i >= len(record.actions):
            return ""
        try:
            a = game.action_from_json(state, record.actions[i])
            return f"{who(state.current_player())}: {state.describe(a, lang)}"
        except Exception:  # the replay itself reports the bad action
            return f"{who(state.current_player())}: {record.actions[i]}"

    first = game.new_state(record.num_players, record.seed, record.options, record_events=True)
    say(first)
    upcoming = [label(first, 0)]

    def on_step(i, a, state) -> None:
        lines.append(upcoming[0])
        say(state)
        upcoming[0] = label(state, i + 1)

    return replay(record, record_events=True, on_step=on_step)
