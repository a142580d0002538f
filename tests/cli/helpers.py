"""Running the `railtable` command in-process, as a person would type it."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from railtable.cli import app

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, [str(a) for a in args], input=input)


def read_jsonl(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def assert_bad_input(result, *fragments: str) -> None:
    """Exit status 2 and a single `error:` line naming the problem, no traceback."""
    assert result.exit_code == 2, (result.exit_code, result.output)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    for f in fragments:
        assert f in lines[0], (f, lines[0])
