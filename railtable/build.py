"""Which build of Railtable runs: compiled modules (mypyc) or the pure-Python ones.

A compiled build puts an extension module (`rules.cpython-311-x86_64-linux-gnu.so`) beside
the source of each module it compiles, and Python's import system prefers the extension.
RAILTABLE_PURE=1 in the environment makes every Railtable module load from its `.py` source
instead, even where a compiled one is installed: `railtable/__init__.py` then puts
`PureFinder` first on `sys.meta_path`, before any module of the package is imported. It
does the same, with a warning, when a source is newer than its compiled module (an
editable checkout changed since it was installed), so an edit is never hidden behind an
old compiled module. Both
builds have the same module names, so a state pickled by one unpickles in the other.

`railtable bench --compare` runs its figures twice, in a process of each build.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path

ENV = "RAILTABLE_PURE"
HERE = Path(__file__).resolve().parent


def pure_forced() -> bool:
    """Whether RAILTABLE_PURE asks for the pure-Python modules ("", "0": no)."""
    return os.environ.get(ENV, "") not in ("", "0")


class PureFinder(importlib.abc.MetaPathFinder):
    """Finds the `.py` source of a `railtable.` module, so that an installed extension
    module of the same name is never loaded. Packages and modules without a source file
    are left to the ordinary finders."""

    def find_spec(self, fullname, path, target=None):
        if path is None or not fullname.startswith("railtable."):
            return None
        name = fullname.rpartition(".")[2]
        for folder in path:
            source = os.path.join(folder, name + ".py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def install_pure_finder() -> None:
    if not any(isinstance(f, PureFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, PureFinder())


# The games' modules setup.py compiles (its COMPILED_NAMES: the same names).
COMPILED_NAMES = ("rules.py", "board.py", "movement.py", "paths.py", "scheme.py", "ways.py")


def stale_compiled() -> list[str]:
    """The compiled modules (engine, games' rules and bot searches: setup.py's list) whose
    Python source changed after they were compiled: an editable checkout edited or pulled
    since `pip install`. A few file dates, cheap enough for every start."""
    out = []
    patterns = ["engine/game.*", *(f"games/*/{name[:-3]}.*" for name in COMPILED_NAMES)]
    for pattern in patterns:
        for path in HERE.glob(pattern):
            if path.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
                source = path.with_name(path.name.split(".", 1)[0] + ".py")
                if source.is_file() and source.stat().st_mtime > path.stat().st_mtime:
                    out.append(str(source.relative_to(HERE.parent)))
    return sorted(out)


def compiled_installed() -> list[str]:
    """The Railtable modules that have a compiled extension installed beside their source
    (whether or not this process loads it), as dotted names."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    out = []
    for path in HERE.rglob("*"):
        if path.name.endswith(suffixes):
            stem = path.name.split(".", 1)[0]  # (a `__mypyc` library has no .py: left out)
            if path.with_name(stem + ".py").is_file():
                rel = path.relative_to(HERE.parent).with_name(stem)
                out.append(".".join(rel.parts))
    return sorted(out)


def compiled_loaded() -> list[str]:
    """The Railtable modules imported so far that run compiled."""
    # (a build of one module adds its shared library, `<module>__mypyc`, which has no
    # source of its own)
    return sorted(name for name, m in list(sys.modules.items())
                  if name.startswith("railtable.") and not name.endswith("__mypyc")
                  and isinstance(getattr(m, "__loader__", None),
                                 importlib.machinery.ExtensionFileLoader))


def describe() -> dict:
    """What this process runs, for reports: the build and its compiled modules."""
    loaded = compiled_loaded()
    return {"build": "compiled" if loaded else "pure", "pure_forced": pure_forced(),
            "compiled_installed": compiled_installed(), "compiled_loaded": loaded}
