"""`python -m railtable` is the `railtable` command."""

from railtable.cli import app

app(prog_name="railtable")
