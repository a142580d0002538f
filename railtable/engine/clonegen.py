"""Write each game's generated `clone()` (and `own_<name>()` methods) into its source, from
the class's `FIELDS`.

    python -m railtable.engine.clonegen          rewrite the games whose clone is stale
    python -m railtable.engine.clonegen --check  only say which are stale (exit 1)

mypyc compiles what is in the source, not code generated when a class is defined, so a
game's state class carries its clone written out, between two marker comments, right after
`__slots__ = FIELDS`. The text is `game.clone_source` of the class's fields; the engine
checks it again whenever the class is defined in Python, so a stale one fails at import.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from pathlib import Path

from railtable.engine import game
from railtable.engine.game import State, _field_groups, clone_source, on_write_bits

BEGIN = (
    "    # clone(): generated from FIELDS by `python -m railtable.engine.clonegen`; do not edit\n")
END = "    # (end of the generated clone)\n"
ANCHOR = "    __slots__ = FIELDS\n"


def state_classes(module) -> list[type]:
    """The state classes a module defines itself that declare fields."""
    return [c for c in vars(module).values()
            if isinstance(c, type) and issubclass(c, State) and c.__module__ == module.__name__
            and "FIELDS" in vars(c)]


def annotations(lines: list[str], start: int, names) -> dict[str, str]:
    """The annotation of each of `names` in the class body starting at line `start`, as
    written (`    deck: list[int]  # ...` -> "list[int]"): the return type of `own_deck()`.
    Read from the source, as a compiled class keeps no annotations."""
    out = {}
    for name in names:
        pattern = re.compile(rf"^    {name}: ([^#]+?)\s*(#.*)?$")
        for ln in lines[start:]:
            m = pattern.match(ln.rstrip("\n"))
            if m:
                out[name] = m.group(1)
                break
        else:
            raise SystemExit(f"{name} is declared on_write but has no annotation in its class")
    return out


def block(cls: type, types: dict[str, str] | None = None) -> str:
    return BEGIN + clone_source(cls.__name__, _field_groups(cls), types) + END


def rewrite(text: str, cls: type) -> str:
    """`text` (a module's source) with `cls`'s generated clone in place."""
    lines = text.splitlines(keepends=True)
    head = f"class {cls.__name__}("
    start = next(i for i, ln in enumerate(lines) if ln.startswith(head))
    types = annotations(lines, start, on_write_bits(_field_groups(cls)))
    anchor = next(i for i in range(start, len(lines)) if lines[i] == ANCHOR)
    new = block(cls, types).splitlines(keepends=True)
    if anchor + 2 < len(lines) and lines[anchor + 2] == BEGIN:
        end = lines.index(END, anchor + 2)
        lines[anchor + 2:end + 1] = new
    else:
        lines[anchor + 1:anchor + 1] = ["\n", *new]
    return "".join(lines)


def game_modules() -> list[str]:
    root = Path(__file__).resolve().parents[1] / "games"
    return sorted(f"railtable.games.{p.parent.name}.rules" for p in root.glob("*/rules.py"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only report stale clones")
    ap.add_argument("modules", nargs="*", help="modules (default: every game's rules)")
    args = ap.parse_args(argv)
    stale = []
    for name in args.modules or game_modules():
        # a stale clone must not stop the import that fixes it (and the check is on again
        # for whoever imports a class next in this process)
        game.check_written_clones = False
        try:
            module = importlib.import_module(name)
        finally:
            game.check_written_clones = True
        # the source, also where the module imported is a compiled one
        path = Path(__file__).resolve().parents[2].joinpath(*name.split(".")).with_suffix(".py")
        text = path.read_text(encoding="utf-8")
        new = text
        for cls in state_classes(module):
            new = rewrite(new, cls)
        if new != text:
            stale.append(str(path))
            if not args.check:
                path.write_text(new, encoding="utf-8")
    verb = "stale" if args.check else "rewritten"
    for p in stale:
        print(f"{verb}: {p}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
