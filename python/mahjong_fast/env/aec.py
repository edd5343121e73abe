"""A PettingZoo AEC environment over the riichi engine: one agent per seat
(``player_0`` ... ``player_3``; three at a three-player table), acting one at a time
in the engine's order (the turn's seat, then every seat that may claim the tile on
offer). Observations, actions and rewards are those of ``mahjong_fast.env``. Needs
``pip install pettingzoo``.

Example:
    >>> from mahjong_fast.env.aec import RiichiAECEnv
    >>> env = RiichiAECEnv(rules="tenhou")
    >>> env.reset(seed=1)
    >>> obs, reward, terminated, truncated, info = env.last()
    >>> obs["observation"].shape, obs["action_mask"].shape
    ((53, 34), (156,))
    >>> env.agent_selection
    'player_0'
"""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .._core import N_ACTIONS, OBS_PLANES, RlTable, action_names
from ..errors import IllegalActionError

# Observation values stay within these bounds: counts and flags in 0-1, scores / 100,000
# (a score of -400,000 or 400,000 cannot be reached from any start).
OBS_LOW, OBS_HIGH = -4.0, 4.0


def observation_space() -> spaces.Dict:
    """The observation space of every seat: the planes and the action mask.

    Example:
        >>> observation_space()["action_mask"].shape
        (156,)
    """
    return spaces.Dict(
        {
            "observation": spaces.Box(OBS_LOW, OBS_HIGH, (OBS_PLANES, 34), np.float32),
            "action_mask": spaces.Box(0, 1, (N_ACTIONS,), np.int8),
        }
    )


class RiichiAECEnv(AECEnv):
    """A riichi match for PettingZoo: every seat an agent.

    Args:
        rules: match rules as ``Match`` takes them (a preset name, ``MatchRules``, a
            dict of options, a ``.toml`` path); three-player rules make three agents.
        scoring: scoring rules (default: the preset paired with ``rules``).
        reward: ``"results"`` (final results with the rules' uma and oka) or
            ``"rank"`` (``rank_points`` by place); ``reward_scale`` multiplies either.
        render_mode: ``None`` or ``"ansi"`` (``render()`` returns a text summary).

    A step with an action that is not legal for the agent raises
    ``IllegalActionError`` (an index outside 0-155 ``ArgumentError``) and changes
    nothing; a step after the match ended takes ``None`` (PettingZoo's dead step).

    Example:
        >>> env = RiichiAECEnv(rules="tenhou", reward="rank")
        >>> env.reset(seed=7)
        >>> final = {}
        >>> for agent in env.agent_iter():
        ...     obs, reward, terminated, truncated, info = env.last()
        ...     final[agent] = reward
        ...     action = None if terminated else int(np.flatnonzero(obs["action_mask"])[0])
        ...     env.step(action)
        >>> sorted(final.values())  # doctest: +ELLIPSIS
        [-1.0, -0.33..., 0.33..., 1.0]
    """

    metadata = {"render_modes": ["ansi"], "name": "mahjong_fast_riichi_v0", "is_parallelizable": False, "render_fps": 1}

    def __init__(
        self,
        rules: Any = None,
        scoring: Any = None,
        reward: str = "results",
        reward_scale: float = 1.0,
        rank_points: Optional[tuple] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            from ..errors import ArgumentError

            raise ArgumentError(f"render_mode {render_mode!r} is not supported (allowed: None, 'ansi')")
        self.render_mode = render_mode
        self._options = dict(
            rules=rules, scoring=scoring, reward=reward, reward_scale=reward_scale, rank_points=rank_points
        )
        self._table = RlTable(seed=0, **self._options)
        n = self._table.players
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self._space = observation_space()
        self.observation_spaces = {a: self._space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(N_ACTIONS) for a in self.possible_agents}
        self._seed_rng = np.random.default_rng()
        self.agents = []

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of ``agent`` (the same for every seat).

        Example:
            >>> RiichiAECEnv().observation_space("player_0")["observation"].shape
            (53, 34)
        """
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The action space of ``agent``: ``Discrete(156)``.

        Example:
            >>> int(RiichiAECEnv().action_space("player_1").n)
            156
        """
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """Start a match; the walls follow ``seed`` (a fresh random seed when None).

        Example:
            >>> env = RiichiAECEnv()
            >>> env.reset(seed=3)
            >>> env.agents
            ['player_0', 'player_1', 'player_2', 'player_3']
        """
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        self._table.reset(int(self._seed_rng.integers(0, 2**63)))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._table.acting]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        """``agent``'s observation: its planes and its action mask (zero unless it is
        to act).

        Example:
            >>> env = RiichiAECEnv()
            >>> env.reset(seed=3)
            >>> int(env.observe("player_1")["action_mask"].sum())
            0
        """
        obs, mask = self._table.observe(self.possible_agents.index(agent))
        return {"observation": obs, "action_mask": mask.astype(np.int8)}

    def step(self, action: Optional[int]) -> None:
        """Take ``action`` (an index 0-155) for ``agent_selection``.

        Example:
            >>> env = RiichiAECEnv()
            >>> env.reset(seed=3)
            >>> mask = env.observe(env.agent_selection)["action_mask"]
            >>> env.step(int(np.flatnonzero(mask)[0]))
            >>> env.agent_selection
            'player_1'
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} must act: action None is only taken after the match ended")
        self._table.step(action)
        self._cumulative_rewards[agent] = 0.0
        if self._table.done:
            for a, r in zip(self.possible_agents, self._table.rewards()):
                self.rewards[a] = float(r)
                self.terminations[a] = True
            self._accumulate_rewards()
            # Dead steps follow in seat order.
            self.agent_selection = self.agents[0]
            return
        for a in self.agents:
            self.rewards[a] = 0.0
        self.agent_selection = self.possible_agents[self._table.acting]
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        """A text summary (``render_mode="ansi"``): scores, the seat to act and its
        options; None without a render mode.

        Example:
            >>> env = RiichiAECEnv(render_mode="ansi")
            >>> env.reset(seed=3)
            >>> env.render().splitlines()[0]
            'scores 25000 25000 25000 25000; player_0 to act'
        """
        if self.render_mode is None:
            return None
        t = self._table
        scores = " ".join(str(s) for s in t.scores)
        if t.done:
            return f"scores {scores}; match over: results {t.result()['results']}"
        names = action_names()
        options = ", ".join(names[i] for i in t.legal_actions())
        return f"scores {scores}; player_{t.acting} to act\noptions: {options}"

    def close(self) -> None:
        """Nothing to release (the table is memory only).

        Example:
            >>> RiichiAECEnv().close()
        """
