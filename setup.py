"""The compiled build: mypyc compiles the engine and each game's rules when the package is
installed (`pip install .` or `pip install -e .`) on a machine with a C compiler. Where it
cannot (no compiler, no mypyc, a compile error), or when RAILTABLE_PURE=1 is set at install
time, the package installs as pure Python, which plays the same games byte for byte
(docs/performance.md, "The compiled build"). RAILTABLE_PURE=1 at run time makes an installed
compiled build load its Python sources instead (railtable/build.py).
"""

import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

# The modules mypyc compiles: the engine's state and game, every game's rules (Switch &
# Signal's with its board.py and movement.py), and what a game's bots run thousands of
# times a decision (its paths.py; Colt Express's scheme.py, Switch & Signal's ways.py).
# railtable/build.py's COMPILED_NAMES is the same list.
COMPILED_NAMES = ("rules.py", "board.py", "movement.py", "paths.py", "scheme.py", "ways.py")
COMPILED = ["railtable/engine/game.py",
            *sorted(str(p) for name in COMPILED_NAMES
                    for p in Path("railtable/games").glob(f"*/{name}")
                    if not p.parent.name.startswith("_"))]


def remove_old_builds() -> None:
    """Compiled modules an earlier build left beside the sources (an editable install):
    never loaded in place of newer sources, whichever build this one makes."""
    for source in COMPILED:
        path = Path(source)
        for pattern in (".*.so", "__mypyc.*.so"):
            for old in path.parent.glob(path.stem + pattern):
                old.unlink()


def ext_modules() -> list:
    remove_old_builds()
    if os.environ.get("RAILTABLE_PURE", "") not in ("", "0"):
        print("RAILTABLE_PURE is set: installing the pure-Python build", file=sys.stderr)
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("mypyc is not available: installing the pure-Python build", file=sys.stderr)
        return []
    try:
        # separate: one C file a module (parallel and smaller compiles); debug level 0:
        # no debug symbols, a faster compile
        # (imports of modules not compiled are read for their types, not checked)
        exts = mypycify(["--follow-imports=silent", *COMPILED], opt_level="3",
                        debug_level="0", separate=True)
    except (Exception, SystemExit) as e:  # a type error stops mypyc with SystemExit
        print(f"mypyc could not compile Railtable ({e}): installing the pure-Python build",
              file=sys.stderr)
        return []
    for ext in exts:
        ext.optional = True  # no C compiler: the pure build, with a warning
    return exts


class BuildExt(build_ext):
    """build_ext that dates each compiled module now: an unchanged one copied from an
    earlier build keeps its old date otherwise, and railtable/build.py would take it for
    older than its source."""

    def run(self) -> None:
        super().run()
        for ext in self.extensions:
            path = self.get_ext_fullpath(ext.name)
            if os.path.exists(path):
                os.utime(path)


setup(ext_modules=ext_modules(), cmdclass={"build_ext": BuildExt})
