"""Imports flow one way (docs/developing.md, "Imports flow one way").

- The engine imports only the standard library and itself (its registry also names the
  `railtable.games` package, whose folders it discovers).
- A game's rules never import a bot: neither `rules.py` nor any module of the game folder
  that `rules.py` reaches through its imports may import the folder's `bot.py`, a module
  that imports it, or `railtable.bots` (or the server, sim, rl or cli layers). Bots are
  wired to the rules in the folder's `__init__.py`.

The modules are read with `ast`, not imported, so a lazy import inside a function counts.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import railtable

ROOT = Path(railtable.__file__).parent
GAME_DIRS = sorted(d for d in (ROOT / "games").iterdir()
                   if d.is_dir() and (d / "__init__.py").exists())
# Layers a rules module must never reach.
FORBIDDEN = ("railtable.bots", "railtable.sim", "railtable.server", "railtable.rl",
             "railtable.cli")


def imports(path: Path, package: str) -> set[str]:
    """The absolute names of every module `path` imports, anywhere in the file."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                mod = f"{base}.{node.module}" if node.module else base
            else:
                mod = node.module
            found.add(mod)
            # `from . import bot` names a module, not an attribute
            found.update(f"{mod}.{a.name}" for a in node.names)
    return found


def reach(start: Path, package: str) -> dict[str, set[str]]:
    """From `start`, the game folder's modules reached through imports, each with what it
    imports itself."""
    folder = start.parent
    seen: dict[str, set[str]] = {}
    todo = [start.stem]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen[name] = imports(folder / f"{name}.py", package)
        for mod in seen[name]:
            if mod.startswith(package + "."):
                sub = mod[len(package) + 1:].split(".")[0]
                if (folder / f"{sub}.py").exists():
                    todo.append(sub)
    return seen


@pytest.mark.parametrize("folder", GAME_DIRS, ids=lambda d: d.name)
def test_rules_never_import_bots(folder):
    if not (folder / "rules.py").exists():
        pytest.fail(f"{folder.name} has no rules.py")
    package = f"railtable.games.{folder.name}"
    reached = reach(folder / "rules.py", package)
    assert "bot" not in reached, f"rules.py of {folder.name} reaches bot.py: {sorted(reached)}"
    for name, mods in reached.items():
        bad = sorted(m for m in mods if m.startswith(FORBIDDEN)
                     or m == f"{package}.bot" or m.startswith(f"{package}.bot."))
        assert not bad, f"{folder.name}/{name}.py (reached from rules.py) imports {bad}"


def test_the_check_sees_a_bot_import(tmp_path):
    # the check above must be able to fail: a rules module importing its bot lazily
    (tmp_path / "rules.py").write_text("from . import text\n")
    (tmp_path / "text.py").write_text("def f():\n    from .bot import B\n")
    (tmp_path / "bot.py").write_text("")
    reached = reach(tmp_path / "rules.py", "railtable.games.x")
    assert "bot" in reached


def test_engine_imports_only_stdlib_and_itself():
    for path in sorted((ROOT / "engine").glob("*.py")):
        for mod in imports(path, "railtable.engine"):
            top = mod.split(".")[0]
            if top in sys.stdlib_module_names or mod.startswith("railtable.engine"):
                continue
            if mod in ("mypy_extensions", "mypy_extensions.mypyc_attr"):
                continue  # how mypyc compiles a class, nothing at run time
            if path.name == "registry.py" and mod == "railtable.games":
                continue  # the package whose folders the registry discovers
            pytest.fail(f"railtable/engine/{path.name} imports {mod}")


@pytest.mark.parametrize("folder", GAME_DIRS, ids=lambda d: d.name)
def test_no_game_reads_its_i18n_file_itself(folder):
    # one way to load texts: Game.i18n / engine.load_i18n (docs/developing.md, "Texts")
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value == "i18n.json":
                pytest.fail(f"{folder.name}/{path.name} reads i18n.json itself")
