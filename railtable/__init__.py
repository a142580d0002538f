"""Railtable: railway board games for people, bots and simulations."""

import os as _os

__version__ = "0.1.0"

# RAILTABLE_PURE=1: the pure-Python modules even where compiled ones are installed
# (railtable/build.py); set before any other module of the package is imported.
# The same, with a warning, where a compiled module is older than its source.
if _os.environ.get("RAILTABLE_PURE", "") not in ("", "0"):
    from railtable.build import install_pure_finder as _install

    _install()
else:
    from railtable import build as _build

    if _stale := _build.stale_compiled():
        import warnings as _warnings

        _warnings.warn(f"Railtable runs as pure Python: {', '.join(_stale)} changed after it "
                       f"was compiled (pip install -e . compiles it again)", stacklevel=2)
        _build.install_pure_finder()
