"""The engine contract (game.py), match records (record.py) and the game registry."""

from railtable.engine.game import (ENVELOPE, TERMINAL, Fields, Game, IllegalAction, OptionsError,
                                   Result, State, fields, load_i18n, option, redeal, texts)

__all__ = ["ENVELOPE", "TERMINAL", "Fields", "Game", "IllegalAction", "OptionsError", "Result",
           "State", "fields", "load_i18n", "option", "redeal", "texts"]
