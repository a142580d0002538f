"""The `railtable` command."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

from railtable.engine.registry import games as all_games

app = typer.Typer(help="Railway board games: play, simulate, replay, benchmark, serve.",
                  no_args_is_help=True, add_completion=False)
console = Console()


@app.callback()
def main() -> None:
    """Railway board games: play, simulate, replay, benchmark, serve."""


@app.command()
def games() -> None:
    """List the games with their Russian and English titles and player counts."""
    table = Table(title="Railtable games")
    table.add_column("id")
    table.add_column("English")
    table.add_column("Русский")
    table.add_column("players", justify="right")
    table.add_column("kind")
    for g in all_games().values():
        table.add_row(g.id, g.title["en"], g.title["ru"], f"{g.min_players}-{g.max_players}",
                      "cooperative" if g.cooperative else "competitive")
    console.print(table)


if __name__ == "__main__":
    app()
