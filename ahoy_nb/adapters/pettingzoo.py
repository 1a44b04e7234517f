"""Ahoy as a PettingZoo AEC environment: ``env(players=3, render_mode=None | "svg")``.

>>> from ahoy_nb.adapters.pettingzoo import env
>>> e = env(players=2)
>>> e.reset(seed=1)
>>> e.agent_selection, e.agents
('bluefin', ['bluefin', 'mollusk'])
>>> obs, reward, termination, truncation, info = e.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum())
((1894,), 2)
>>> e.unwrapped.notation(int(obs["action_mask"].argmax()))
'start 0,0'
>>> e.step(int(obs["action_mask"].argmax()))

* Agents are the factions in seat order (``bluefin``, ``smuggler1``, ``mollusk``,
  ``smuggler2``); ``agent_selection`` is whoever decides now, in or out of turn (a
  defender choosing to fire, a Smuggler pledging).
* Actions: ``Discrete(10788)``, the ids of ``ahoy_nb.adapters.actions``;
  ``observation["action_mask"]`` marks the legal ones for the agent that decides (all 0
  for the others). ``env.unwrapped.notation(id)`` is an id's notation now.
* ``observation["observation"]``: ``ahoy_nb.adapters.observation.vector``, 1,894 numbers
  from what that agent may see (docs/agents.md lists them). ``env.unwrapped.view(agent)``
  is the engine's whole view (``observe.view``: the position, the log as the agent saw
  it, the prompt), for those who want more than numbers.
* Chance is the engine's seeded generator: ``reset(seed=n)`` gives the same game for the
  same actions.
* Rewards come at the end: 1 for a win, shared among tied winners, else 0. A game that
  reaches ``max_turns`` turns is truncated (``truncations`` all true, rewards 0).
* ``render()`` with ``render_mode="svg"``: the board as a spectator sees it, an SVG string.
"""

from __future__ import annotations

import operator
import secrets

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as err:  # pragma: no cover - depends on the install
    raise ImportError(f"ahoy_nb.adapters.pettingzoo needs the rl extra ({err.name} is not "
                      f"installed): pip install 'ahoy-nb[rl]'") from None

from ..engine import State, new_game, observe
from ..engine.components import SEATS
from ..engine.errors import IllegalActionError
from ..engine.state import player_count
from . import actions, observation
from .episode import MAX_TURNS, returns, turn_ended

__all__ = ["env", "raw_env"]


def env(players: int = 3, render_mode: str | None = None, max_turns: int = MAX_TURNS) -> AECEnv:
    """The environment, in PettingZoo's order-enforcing wrapper."""
    return wrappers.OrderEnforcingWrapper(raw_env(players, render_mode, max_turns))


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's name for the unwrapped class
    """Ahoy for 2-4 agents (see the module notes)."""

    metadata = {"name": "ahoy_v0", "render_modes": ["svg"], "is_parallelizable": False}

    def __init__(self, players: int = 3, render_mode: str | None = None,
                 max_turns: int = MAX_TURNS):
        super().__init__()
        players = player_count(players)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode is None or 'svg', not {render_mode!r}")
        if not (isinstance(max_turns, int) and max_turns > 0):
            raise ValueError(f"max_turns is a positive whole number, not {max_turns!r}")
        self.players, self.render_mode, self.max_turns = players, render_mode, max_turns
        self.possible_agents = list(SEATS[players])
        box = spaces.Box(-np.inf, np.inf, (observation.SIZE,), np.float32)
        mask = spaces.Box(0, 1, (actions.NUM_ACTIONS,), np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": box, "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(actions.NUM_ACTIONS) for a in self.possible_agents}
        self.state_: State | None = None

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    # -- an episode -------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self.state_ = new_game(self.players, seed=secrets.randbits(32) if seed is None else seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._turns = 0
        self._legal: dict[int, str] | None = None
        self.agent_selection = self.state_.current_player

    def _legal_ids(self) -> dict[int, str]:
        if self._legal is None:
            self._legal = actions.legal_ids(self.state_)
        return self._legal

    def observe(self, agent: str) -> dict:
        mask = np.zeros(actions.NUM_ACTIONS, np.int8)
        if agent == self.state_.current_player:
            mask[list(self._legal_ids())] = 1
        return {"observation": observation.vector(self.state_, agent), "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        try:   # an id, numpy's included; anything else is no legal action
            notation = self._legal_ids().get(operator.index(action))
        except TypeError:
            notation = None
        if notation is None:
            raise IllegalActionError(
                f"action {action!r} is not legal for {agent} now; legal ids: "
                f"{list(self._legal_ids())[:12]}{' ...' if len(self._legal_ids()) > 12 else ''}")
        self._clear_rewards()
        self.state_.apply(notation)
        self._legal = None
        self._turns += turn_ended(notation)
        s = self.state_
        if s.is_over:
            self.rewards = returns(s, truncated=False)
            self.terminations = dict.fromkeys(self.agents, True)
        elif self._turns >= self.max_turns:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = s.current_player
        self._accumulate_rewards()

    # -- beyond the numbers ------------------------------------------------------------------
    def notation(self, action: int) -> str:
        """The notation of action id ``action`` on the map now (``ahoy_nb.adapters.actions``)."""
        return actions.notation_of(self.state_, action)

    def view(self, agent: str | None) -> dict:
        """The engine's view of the game for ``agent`` (``None``: a spectator): ``observe.view``."""
        return observe.view(self.state_, agent)

    @property
    def ahoy_state(self) -> State:
        """The engine's position (read it; step the environment to change it)."""
        return self.state_

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        from ..render import render_svg
        return render_svg(self.state_, viewer=None)

    def close(self) -> None:
        """PettingZoo's API asks for it; the environment holds no window, file or process."""
