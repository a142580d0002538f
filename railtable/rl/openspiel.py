"""OpenSpiel adapter: every Railtable game registered with OpenSpiel's Python API
(`pip install open_spiel`), so its algorithms and tools run on Railtable games.

    import pyspiel
    import railtable.rl.openspiel
    game = pyspiel.load_game("railtable_ticket_to_ride(players=3)")

One OpenSpiel game per Railtable game, named `railtable_<id>`, with parameters `players`
(default the game's minimum), `seed` (default 0) and one parameter per game option, with
the option's name and default. Every initial state of a loaded game is dealt from its
`seed`, and the engine draws every later random event (draws, dice) from the state's own
seed, so a state is its history: OpenSpiel's serialization (which replays the history) and
clones are exact. Load the game with other seeds for other deals
(`railtable_colt_express(seed=7)`). Declared facts:

- dynamics sequential; chance sampled stochastic: the engine samples its random events
  itself, so OpenSpiel sees no chance nodes;
- information imperfect (Switch & Signal's team sees everything but the order of its
  decks, which is chance);
- utility general-sum (identical in the cooperative Switch & Signal), rewards terminal:
  returns() as the engine gives them, 1 shared among the winners, else 0;
- actions: the game's own integer actions (railtable/games/<id>/actions.py);
- observation tensor: the game's RL encoding (docs/rl.md), with its named slices as the
  observer's `dict`; observation string: the game's text rendering of that observation.
- max game length: the simulator's runaway bound (railtable.sim.match.MAX_DECISIONS).
"""

from __future__ import annotations

import numpy as np
import pyspiel

from railtable.engine.registry import games
from railtable.rl.common import Table
from railtable.sim.match import MAX_DECISIONS


def _params(game) -> dict:
    out = {"players": game.min_players, "seed": 0}
    for name, prop in game.options_schema()["properties"].items():
        out[name] = prop["default"]
    return out


def _game_type(game) -> pyspiel.GameType:
    T = pyspiel.GameType
    return T(short_name=f"railtable_{game.id}", long_name=f"Railtable {game.title['en']}",
             dynamics=T.Dynamics.SEQUENTIAL, chance_mode=T.ChanceMode.SAMPLED_STOCHASTIC,
             information=T.Information.IMPERFECT_INFORMATION,
             utility=T.Utility.IDENTICAL if game.cooperative else T.Utility.GENERAL_SUM,
             reward_model=T.RewardModel.TERMINAL,
             max_num_players=game.max_players, min_num_players=game.min_players,
             provides_information_state_string=False,
             provides_information_state_tensor=False,
             provides_observation_string=True, provides_observation_tensor=True,
             parameter_specification=_params(game))


class _Held:
    """The Railtable state inside an OpenSpiel state. OpenSpiel clones a Python state with
    copy.deepcopy (which keeps its history); this makes that deep copy the engine's own
    clone(), derived from the state's declared fields."""

    __slots__ = ("state",)

    def __init__(self, state) -> None:
        self.state = state

    def __deepcopy__(self, memo) -> "_Held":
        return _Held(self.state.clone())


class RailtableSpielState(pyspiel.State):
    """An OpenSpiel state around a Railtable state."""

    def __init__(self, game: "RailtableSpielGame") -> None:
        super().__init__(game)
        self._held = _Held(game.table.new_state(game.seed))

    @property
    def _state(self):
        return self._held.state

    @property
    def _table(self) -> Table:
        return self.get_game().table

    def current_player(self) -> int:
        p = self._state.current_player()
        return int(pyspiel.PlayerId.TERMINAL) if p < 0 else p

    def _legal_actions(self, player: int) -> list[int]:
        return self._state.legal_actions()

    def _apply_action(self, action: int) -> None:
        self._state.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._state.describe(int(action))

    def is_terminal(self) -> bool:
        return self._state.is_terminal()

    def returns(self) -> list[float]:
        return [float(x) for x in self._state.returns()]

    def __str__(self) -> str:
        return self._table.render(self._state, None)


class RailtableObserver:
    """OpenSpiel's PyObserver over the game's RL encoding."""

    def __init__(self, table: Table) -> None:
        self._table = table
        enc = table.encoder
        self.tensor = np.zeros(enc.size, np.float32)
        self.dict = enc.view(self.tensor)

    def set_from(self, state: RailtableSpielState, player: int) -> None:
        self.tensor[:] = self._table.vector(state._state, player)

    def string_from(self, state: RailtableSpielState, player: int) -> str:
        return self._table.render(state._state, player)


class RailtableSpielGame(pyspiel.Game):
    """Base of the registered games; `railtable_game` is set per game."""

    railtable_game = None

    def __init__(self, params: dict | None = None) -> None:
        g = self.railtable_game
        p = {**_params(g), **(params or {})}
        options = {k: p[k] for k in g.options_schema()["properties"]}
        self.table = Table(g, p["players"], options)
        self.seed = p["seed"]
        info = pyspiel.GameInfo(num_distinct_actions=g.num_actions, max_chance_outcomes=0,
                                num_players=p["players"], min_utility=0.0, max_utility=1.0,
                                utility_sum=None, max_game_length=MAX_DECISIONS)
        super().__init__(_game_type(g), info, p)

    def new_initial_state(self) -> RailtableSpielState:
        return RailtableSpielState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> RailtableObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return RailtableObserver(self.table)


def register() -> list[str]:
    """Register every installed game with OpenSpiel (done on import); the names."""
    names = []
    registered = set(pyspiel.registered_names())
    for game in games().values():
        name = f"railtable_{game.id}"
        if name not in registered:
            cls = type(f"RailtableSpiel_{game.id}", (RailtableSpielGame,),
                       {"railtable_game": game})
            pyspiel.register_game(_game_type(game), cls)
        names.append(name)
    return names


GAMES = register()
