"""Railtable: railway board games for people, bots and simulations."""

import os as _os

__version__ = "0.1.0"

# RAILTABLE_PURE=1: the pure-Python modules even where compiled ones are installed
# (railtable/build.py); set before any other module of the package is imported.
if _os.environ.get("RAILTABLE_PURE", "") not in ("", "0"):
    from railtable.build import install_pure_finder as _install

    _install()
