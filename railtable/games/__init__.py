"""Each sub-package is one game and exports GAME (see railtable.engine.registry)."""
