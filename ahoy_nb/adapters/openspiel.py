"""Ahoy as an OpenSpiel game, ``python_ahoy``: importing this module registers it.

>>> import pyspiel
>>> import ahoy_nb.adapters.openspiel
>>> game = pyspiel.load_game("python_ahoy", {"players": 2})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())      # the tile boxed at setup
(True, 12)
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
(0, ['start 0,0', 'start 3,2'])

* Players are the seats in order (0 is Bluefin; ``state.faction(p)`` names them); chance
  is a player, as in the engine's ``chance="explicit"``: every die, battle roll, tile,
  Market card and plan drawn is a chance node whose outcomes have the engine's exact
  probabilities.
* Actions are ids of ``ahoy_nb.adapters.actions`` (a fixed space of
  ``game.num_distinct_actions()``); ``action_to_string`` gives the notation, and with the
  parameter ``action_words=True`` the notation and its words (``sail 4: Place your 4 on
  Sail``). A chance outcome's id is its value: a die's face minus 1, a tile's, card's or
  plan's id, a battle roll's dice in base 6.
* ``returns()``: 1 for a win, shared among tied winners, else 0; 0 for everyone in a
  game cut short by the caps ``max_turns`` and ``max_chance_events`` (parameters), which
  give the maximum game length (``ahoy_nb.adapters.episode``).
* ``information_state_string(p)``: the log as ``p`` saw it (each action, with only the
  events ``p`` may see) and the position as ``p`` sees it (``engine.observe.view``);
  ``observation_string(p)``: only the position. Both change only with what ``p`` may see.
  ``observation_tensor(p)``: ``ahoy_nb.adapters.observation`` (no information-state tensor:
  the log has no fixed size).
* ``resample_from_infostate(p, sampler)``: the position redealt by the engine's
  ``observe.determinize`` (what ``p`` cannot see, resampled); the log is kept as ``p`` saw
  it, so ``p``'s strings are unchanged. Its ``history()`` is still the real game's: read the
  state, not the history, of a resampled state.

OpenSpiel's C++ ``MCTSBot`` and ``ISMCTSBot`` cannot run a Python game (they release the
interpreter lock); use the Python ones, ``open_spiel.python.algorithms.mcts`` and
``ismcts``. docs/agents.md has more.
"""

from __future__ import annotations

import json
import time
from typing import Callable

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts
except ImportError as err:  # pragma: no cover - depends on the install
    import sys
    # (from None: one line that says what to install, not the import machinery's traceback)
    raise ImportError(f"ahoy_nb.adapters.openspiel needs the openspiel extra ({err.name} is not "
                      f"installed): pip install 'ahoy-nb[openspiel]' on Python 3.11 or 3.12 "
                      f"(OpenSpiel 2.0.2 has wheels for those only; this is "
                      f"Python {sys.version_info.major}.{sys.version_info.minor})") from None

from ..ai.bots import Bot
from ..engine import Action, State, new_game, observe
from ..engine.cards.plans import plan_slug
from ..engine.chance import DIE_FACES
from ..engine.components import SEATS
from ..engine.errors import IllegalActionError
from ..engine.state import player_count
from ..engine.words import label
from . import actions, observation
from .episode import MAX_CHANCE_EVENTS, MAX_TURNS, max_game_length, returns, turn_ended

__all__ = ["AhoyGame", "AhoyState", "AhoyObserver", "GAME_TYPE", "MAX_CHANCE_OUTCOMES",
           "OpenSpielBot", "chance_id", "from_ahoy", "load"]

# A battle roll is the most outcomes of one random event: each side rolls at most 2 dice
# (Secret Weapon), 6**4 rolls. Tiles (12), Market cards (30) and plans (12) are fewer.
MOST_BATTLE_DICE = 4
MAX_CHANCE_OUTCOMES = len(DIE_FACES) ** MOST_BATTLE_DICE

DEFAULTS = {"players": 2, "max_turns": MAX_TURNS, "max_chance_events": MAX_CHANCE_EVENTS,
            "action_words": False}

GAME_TYPE = pyspiel.GameType(
    short_name="python_ahoy",
    long_name="Ahoy (ahoy-nb)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=max(SEATS),
    min_num_players=min(SEATS),
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


def chance_id(kind: str, outcome) -> int:
    """The OpenSpiel id of a chance outcome: a die's face minus 1; a battle roll's dice
    (the attacker's, then the defender's) as digits in base 6; a tile's, Market card's or
    plan's own id.

    >>> chance_id("die", 6), chance_id("battle", [[2], [5]]), chance_id("tile", 7)
    (5, 10, 7)
    """
    if kind == "die":
        return outcome - 1
    if kind == "battle":
        i = 0
        for face in [*outcome[0], *outcome[1]]:
            i = i * 6 + face - 1
        return i
    return outcome


def _chance_words(kind: str, outcome) -> str:
    if kind == "battle":
        a, d = (",".join(map(str, side)) or "-" for side in outcome)
        return f"battle roll {a} vs {d}"
    return f"{kind} {outcome}"


class _Game:
    """The engine's position inside an OpenSpiel state, with what is worked out from it.

    OpenSpiel clones a Python state by deep-copying its attributes: a copy shares the
    engine's position until one of them applies an action, which copies it first (bots
    clone far more often than they apply). Pickled as its plain data (OpenSpiel
    serializes a state so).
    """

    def __init__(self, state: State, tail: list, shared: bool = False):
        self.state = state
        self.shared = shared      # ``state`` is another's too: copy it before changing it
        # What the engine was given since its last finished action: the action waiting
        # for random events (None: the setup) and the outcomes chosen so far.
        self.tail = tail
        self.ids: dict[int, str] | None = None              # legal actions by id
        self.chances: dict[int, object] | None = None       # chance outcomes by id
        self.lines: dict[str, list[str]] = {}               # each player's log, as seen
        self.memo: dict = {}                                 # views and text of this position

    def __deepcopy__(self, memo) -> "_Game":
        self.shared = True
        twin = _Game(self.state, list(self.tail), shared=True)
        twin.ids, twin.chances, twin.memo = self.ids, self.chances, self.memo
        twin.lines = {p: list(lines) for p, lines in self.lines.items()}
        return twin

    def __getstate__(self) -> dict:
        s = self.state
        return {"data": s.data, "log": s.log, "tail": self.tail}

    def __setstate__(self, saved: dict) -> None:
        tail = saved["tail"]
        data = saved["data"]
        if tail and tail[0] is None:   # still setting up: the setup waits for its draws
            state = new_game(len(data["players"]), seed=data["seed"], chance="explicit")
        else:
            state = State(data, saved["log"])
            state.chance = "explicit"
            if tail:
                state.apply(tail[0])
        for outcome in tail[1:]:
            state.apply(outcome)
        self.__init__(state, tail)

    def legal(self) -> dict[int, str]:
        if self.ids is None:
            self.ids = actions.legal_ids(self.state)
        return self.ids

    def chance(self) -> dict[int, object]:
        if self.chances is None:
            kind = self.state.chance_kind
            self.chances = {chance_id(kind, o): o for o, _ in self.state.chance_outcomes()}
            if max(self.chances) >= MAX_CHANCE_OUTCOMES:
                raise RuntimeError(f"a {kind} event has an outcome beyond max_chance_outcomes "
                                   f"({MAX_CHANCE_OUTCOMES}): python_ahoy needs a larger bound")
        return self.chances

    def apply(self, given) -> None:
        if self.shared:
            self.state, self.shared = self.state.copy(), False
        waiting = self.state.current_player == "chance"
        self.state.apply(given)
        self.ids = self.chances = None
        self.memo = {}
        if self.state.current_player != "chance":
            self.tail = []
        elif waiting:
            self.tail.append(given)
        else:
            self.tail = [given]

    def seen_log(self, player: str) -> list[str]:
        """The log as ``player`` saw it, one line an action (kept, and extended as it grows)."""
        lines = self.lines.setdefault(player, [])
        for entry in self.state.log[len(lines):]:
            e = entry.seen_by(player)
            lines.append(f"{e.player}: {e.action} | {'; '.join(e.events)}")
        return lines


class AhoyGame(pyspiel.Game):
    """``python_ahoy``: parameters ``players`` (2-4), ``max_turns``, ``max_chance_events``
    (the caps that bound a game's length) and ``action_words``."""

    def __init__(self, params=None):
        params = {**DEFAULTS, **(params or {})}
        params["players"] = player_count(params["players"])
        for cap in ("max_turns", "max_chance_events"):
            # 40,000 each keeps max_game_length within OpenSpiel's int (2**31).
            if not 0 < params[cap] <= 40_000:
                raise ValueError(f"{cap} is a whole number from 1 to 40000, not {params[cap]}")
        self.players = params["players"]
        self.max_turns = params["max_turns"]
        self.max_chance_events = params["max_chance_events"]
        self.action_words = bool(params["action_words"])
        info = pyspiel.GameInfo(
            num_distinct_actions=actions.NUM_ACTIONS,
            max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=max_game_length(self.max_turns, self.max_chance_events))
        super().__init__(GAME_TYPE, info, params)
        self._start = new_game(self.players, seed=0, chance="explicit")

    def new_initial_state(self) -> "AhoyState":
        """A game before its setup: chance first draws the tile that goes back to the box."""
        return AhoyState(self)

    def max_chance_nodes_in_history(self) -> int:
        return self.max_chance_events

    def make_py_observer(self, iig_obs_type=None, params=None) -> "AhoyObserver":
        return AhoyObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
                            params)


class AhoyState(pyspiel.State):
    """A position of ``python_ahoy``. ``ahoy_state`` is the engine's ``State`` (read it,
    do not change it: apply actions through this object)."""

    def __init__(self, game: AhoyGame):
        super().__init__(game)
        self._game = _Game(game._start, [None], shared=True)
        self._caps = (game.max_turns, game.max_chance_events)
        self._words = game.action_words
        self._turns = 0
        self._chance_events = 0
        self._truncated = False

    @property
    def ahoy_state(self) -> State:
        return self._game.state

    def faction(self, player: int) -> str:
        """The faction of seat ``player``: ``state.faction(0)`` is ``'bluefin'``."""
        return self._game.state.players[player]

    # -- the OpenSpiel State API ---------------------------------------------------------
    def current_player(self) -> int:
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        who = self._game.state.current_player
        if who == "chance":
            return pyspiel.PlayerId.CHANCE
        return self._game.state.players.index(who)

    def is_terminal(self) -> bool:
        return self._truncated or self._game.state.is_over

    def is_truncated(self) -> bool:
        """Whether a cap (``max_turns``, ``max_chance_events``) cut the game short."""
        return self._truncated

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._game.legal())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / len(self._game.chance())
        return [(i, p) for i in sorted(self._game.chance())]

    def _apply_action(self, action: int) -> None:
        game = self._game
        if game.state.current_player == "chance":
            outcome = game.chance().get(action)
            if outcome is None:
                raise IllegalActionError(f"{action} is not an outcome of this random event "
                                         f"({game.state.chance_kind})")
            game.apply(outcome)
            self._chance_events += 1
        else:
            notation = game.legal().get(action)
            if notation is None:
                raise IllegalActionError(f"action id {action} is not legal now")
            game.apply(notation)
            self._turns += turn_ended(notation)
        max_turns, max_chance_events = self._caps
        if self._turns >= max_turns or self._chance_events >= max_chance_events:
            self._truncated = not game.state.is_over

    def _action_to_string(self, player: int, action: int) -> str:
        state = self._game.state
        if player == pyspiel.PlayerId.CHANCE:
            outcome = self._game.chance().get(action) if state.current_player == "chance" else None
            return (_chance_words(state.chance_kind, outcome) if outcome is not None
                    else f"chance outcome {action}")
        try:
            notation = actions.notation_of(state, action)
        except IllegalActionError:
            return f"action {action} (no action on this map)"
        if self._words:
            try:
                return f"{notation}: {label(state, notation)}"
            except (ValueError, KeyError):
                return notation
        return notation

    def returns(self) -> list[float]:
        r = returns(self._game.state, self._truncated)
        return [r[f] for f in self._game.state.players]

    def resample_from_infostate(self, player: int, probability_sampler) -> "AhoyState":
        """This position with what ``player`` cannot see redealt (``observe.determinize``),
        seeded by the sampler's numbers; ``player``'s strings and tensors are unchanged."""
        viewer = self.faction(player)
        seed = int(probability_sampler() * 2 ** 52) ^ (int(probability_sampler() * 2 ** 52) << 52)
        sample = observe.determinize(self._game.state, viewer, seed)
        sample.log = [e.seen_by(viewer) for e in self._game.state.log]
        sample.chance = "explicit"
        twin = self.clone()
        twin._game = _Game(sample, [])
        twin._game.lines = {viewer: list(self._game.seen_log(viewer))}
        return twin

    def __str__(self) -> str:
        memo = self._game.memo
        if "str" not in memo:
            memo["str"] = self._describe()
        return memo["str"]

    def _describe(self) -> str:
        state = self._game.state
        text = str(state)
        if state.current_player == "chance":
            waiting = self._game.tail[0] or "the setup"
            text += (f"\nChance: {state.chance_kind} for '{waiting}' (outcomes chosen: "
                     f"{json.dumps(self._game.tail[1:])})")
        if self._truncated:
            text += f"\nCut short after {self._turns} turns and {self._chance_events} random events"
        return text

    # -- what each player sees ---------------------------------------------------------------
    def viewed(self, player: int | None) -> dict:
        """The position as seat ``player`` sees it (``None``: a spectator):
        ``observe.view``'s ``state``, and who decides."""
        state = self._game.state
        viewer = None if player is None else self.faction(player)
        return {"state": _plans_by_name(observation.seen(state, viewer, self._game.memo)),
                "deciding": state.current_player}


def _plans_by_name(data: dict) -> dict:
    """``data`` with the Mollusk's plans named, not numbered: the two copies of a plan look
    alike, so which copy lies where is no one's to see (the engine's view numbers them)."""
    fs = data["factions"].get("mollusk")
    if fs is None:
        return data
    fs = dict(fs, discard=[plan_slug(p) for p in fs["discard"]],
              ships={ship: dict(info, plan=plan_slug(info["plan"])) for ship, info in fs["ships"].items()})
    if isinstance(fs["hand"], list):
        fs["hand"] = sorted(plan_slug(p) for p in fs["hand"])
    return dict(data, factions=dict(data["factions"], mollusk=fs))


class AhoyObserver:
    """Observations of ``python_ahoy`` (OpenSpiel's Python observer interface)."""

    def __init__(self, iig_obs_type, params):
        if params:
            raise ValueError(f"python_ahoy's observer takes no parameters, not {params}")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("python_ahoy observes for one player or for none, not for all at once")
        self.public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = iig_obs_type.perfect_recall
        if self.perfect_recall:
            self.tensor, self.dict = None, {}
        else:
            self.tensor = np.zeros(observation.SIZE, np.float32)
            self.dict = observation.named(self.tensor)

    def _viewer(self, state: AhoyState, player: int) -> str | None:
        return None if self.public_only else state.faction(player)

    def set_from(self, state: AhoyState, player: int) -> None:
        viewer = self._viewer(state, player)
        if self.tensor is not None:
            self.tensor[:] = observation.vector(state.ahoy_state, viewer, state._game.memo)

    def string_from(self, state: AhoyState, player: int) -> str:
        viewer = self._viewer(state, player)
        seen = state.viewed(None if viewer is None else player)
        position = json.dumps(seen, sort_keys=True, separators=(",", ":"))
        if not self.perfect_recall:
            return position
        log = state._game.seen_log(viewer) if viewer else [
            f"{e.player}: {e.action} | {'; '.join(e.events)}"
            for e in (x.seen_by(None) for x in state.ahoy_state.log)]
        return "\n".join([f"{viewer or 'spectator'} sees:", *log, position])


pyspiel.register_game(GAME_TYPE, AhoyGame)


def load(players: int = 2, **params) -> AhoyGame:
    """``pyspiel.load_game("python_ahoy", {"players": players, ...})``.

    >>> load(3).num_players()
    3
    """
    return pyspiel.load_game("python_ahoy", {"players": players, **params})


def from_ahoy(game: AhoyGame, state: State) -> AhoyState:
    """An OpenSpiel state of ``game`` at the engine's position ``state`` (a copy; its chance
    is explicit from here on). Its ``history()`` starts here, and its caps count the turns
    in ``state``'s log and the random events from here.

    >>> from ahoy_nb.engine import new_game
    >>> s = from_ahoy(load(2), new_game(2, seed=3))
    >>> s.current_player(), [s.action_to_string(a) for a in s.legal_actions()]
    (0, ['start 0,0', 'start 3,2'])
    """
    if len(state.players) != game.num_players():
        raise ValueError(f"a {len(state.players)}-player position is not a position of a "
                         f"{game.num_players()}-player game")
    if state.current_player == "chance":
        raise ValueError("the position waits for a random event: choose its outcome first")
    out = AhoyState(game)
    copy = state.copy()
    copy.chance = "explicit"
    out._game = _Game(copy, [])
    out._turns = sum(turn_ended(e.action) for e in state.log)
    return out


class _OutOfTime(Exception):
    """A timed search's budget ran out (caught by the search, never raised to a caller)."""


class _TimedMCTS(mcts.MCTSBot):
    """OpenSpiel's MCTS with a time budget: it stops starting simulations once ``clock``
    passes the decision's deadline (at least two run: the root's own, and one child's)."""

    def __init__(self, *args, time_budget: float, clock: Callable[[], float], **kw):
        super().__init__(*args, max_simulations=1 << 30, **kw)
        self.time_budget, self.clock = time_budget, clock

    def mcts_search(self, state):
        self._deadline, self._root, self._started = self.clock() + self.time_budget, None, 0
        try:
            return super().mcts_search(state)
        except _OutOfTime:
            return self._root

    def _apply_tree_policy(self, root, state):
        self._root = root
        if self._started >= 2 and self.clock() >= self._deadline:
            raise _OutOfTime
        self._started += 1
        return super()._apply_tree_policy(root, state)


class _TimedISMCTS(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTS with a time budget, as :class:`_TimedMCTS`."""

    def __init__(self, *args, time_budget: float, clock: Callable[[], float], **kw):
        super().__init__(*args, max_simulations=1 << 30, **kw)
        self.time_budget, self.clock = time_budget, clock

    def run_search(self, state):
        self._deadline, self._started = self.clock() + self.time_budget, 0
        try:
            return super().run_search(state)
        except _OutOfTime:
            return self.get_final_policy(state, self._root_node)

    def sample_root_state(self, state):
        if self._started >= 2 and self.clock() >= self._deadline:
            raise _OutOfTime
        self._started += 1
        return super().sample_root_state(state)


class OpenSpielBot(Bot):
    """OpenSpiel's Python MCTS (``kind="mcts"``) or ISMCTS (``"ismcts"``) as an ahoy-nb bot:
    ``choose(state)`` for any engine position.

    * ``simulations`` per decision, or ``time_budget`` seconds of ``clock`` per decision
      (``time.process_time``: CPU time of this process, fair on a shared machine);
    * ``uct_c``: the exploration constant (2, as OpenSpiel's examples); ``rollouts``: random
      playouts to the end per leaf (OpenSpiel's ``RandomRolloutEvaluator``).

    MCTS searches the real position (it sees every secret: a yardstick, not a fair
    player); ISMCTS samples what its player cannot see (``resample_from_infostate``).
    Seeded, with ``simulations``, it is repeatable.

    >>> from ahoy_nb.engine import new_game
    >>> OpenSpielBot("ismcts", seed=1, simulations=2).choose(new_game(2, seed=3))
    Action('start 3,2')
    """

    def __init__(self, kind: str = "ismcts", seed: int | None = None, *,
                 simulations: int | None = None, time_budget: float = 1.0,
                 clock: Callable[[], float] = time.process_time, uct_c: float = 2.0,
                 rollouts: int = 1):
        if kind not in ("mcts", "ismcts"):
            raise ValueError(f"kind is 'mcts' or 'ismcts', not {kind!r}")
        if simulations is None and not time_budget > 0:
            raise ValueError(f"time_budget is a positive number of seconds, not {time_budget!r}")
        if simulations is not None and simulations < 2:
            raise ValueError(f"simulations is a whole number of at least 2, not {simulations!r}")
        self.kind, self.seed, self.name = kind, seed, f"openspiel-{kind}"
        self.simulations, self.time_budget, self.clock = simulations, time_budget, clock
        self.uct_c, self.rollouts = uct_c, rollouts
        self.rng = np.random.RandomState(seed)
        self._searches: dict[int, object] = {}

    def __repr__(self) -> str:
        budget = (f"simulations={self.simulations}" if self.simulations is not None
                  else f"time_budget={self.time_budget}")
        return f"OpenSpielBot({self.kind!r}, seed={self.seed!r}, {budget})"

    def _search(self, players: int):
        if players not in self._searches:
            game = load(players)
            evaluator = mcts.RandomRolloutEvaluator(n_rollouts=self.rollouts,
                                                    random_state=self.rng)
            budget = ({"max_simulations": self.simulations} if self.simulations is not None
                      else {"time_budget": self.time_budget, "clock": self.clock})
            if self.kind == "mcts":
                cls = mcts.MCTSBot if self.simulations is not None else _TimedMCTS
                bot = cls(game, self.uct_c, evaluator=evaluator, random_state=self.rng,
                          solve=False, **budget)
            else:
                cls = ismcts.ISMCTSBot if self.simulations is not None else _TimedISMCTS
                bot = cls(game, evaluator, self.uct_c, random_state=self.rng, **budget)
                # Resample from this bot's own generator, so a seeded bot is repeatable.
                bot.set_resampler(lambda s, p: s.resample_from_infostate(p, self.rng.uniform))
            self._searches[players] = (game, bot)
        return self._searches[players]

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise IllegalActionError("There is nothing to choose: the game is over")
        if len(legal) == 1:
            return legal[0]
        game, bot = self._search(len(state.players))
        chosen = actions.notation_of(state, int(bot.step(from_ahoy(game, state))))
        return next(a for a in legal if a.notation == chosen)
