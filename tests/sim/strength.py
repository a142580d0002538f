"""scripts/strength_table.py, loaded as a module for the tests (scripts/ is no package)."""

import importlib.util
from pathlib import Path


def strength_table():
    path = Path(__file__).resolve().parents[2] / "scripts" / "strength_table.py"
    spec = importlib.util.spec_from_file_location("strength_table", path)
    table = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(table)
    return table
