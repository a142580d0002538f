"""The engine contract (game.py), match records (record.py) and the game registry."""

from railtable.engine.game import (ENVELOPE, TERMINAL, Fields, Game, IllegalAction, OptionsError,
                                   Result, State, choice, fields, load_i18n, option, randbelow,
                                   randint, redeal, shuffle, static_part, texts)

__all__ = ["ENVELOPE", "TERMINAL", "Fields", "Game", "IllegalAction", "OptionsError", "Result",
           "State", "choice", "fields", "load_i18n", "option", "randbelow", "randint", "redeal",
           "shuffle", "static_part", "texts"]
