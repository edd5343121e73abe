"""A Gymnasium environment for one seat of a riichi match, the other seats played
by a built-in bot in the core (``bot="greedy"``: wins when it can, riichi when it
can, never calls, discards toward the lowest shanten; ``"random"``: uniformly
random legal actions). Observations, actions and rewards are those of
``mahjong_fast.env``; the observation dict carries the action mask. Needs
``pip install gymnasium``.

Example:
    >>> from mahjong_fast.env.single import RiichiGymEnv
    >>> env = RiichiGymEnv(rules="tenhou", seat=0)
    >>> obs, info = env.reset(seed=1)
    >>> obs["observation"].shape, info["seat"]
    ((53, 34), 0)
"""

from __future__ import annotations

from typing import Any, Optional

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from .._core import N_ACTIONS, OBS_PLANES, RlTable, action_names
from ..errors import ArgumentError, IllegalActionError

OBS_LOW, OBS_HIGH = -4.0, 4.0
ILLEGAL_ACTIONS = ("bot", "raise")


class RiichiGymEnv(gym.Env):
    """One seat of a riichi match as a Gymnasium environment.

    Args:
        rules, scoring: as ``Match`` takes them.
        seat: the learner's seat (0-3; 0-2 at a three-player table).
        bot: the other seats' player, ``"greedy"`` or ``"random"``.
        reward, reward_scale, rank_points: as ``mahjong_fast.env`` describes.
        illegal_action: what an index of the action space that is not legal now
            does: ``"bot"`` (the default; Gymnasium's contract is that every action
            of the space is accepted) plays the bot's choice instead, adds
            ``illegal_penalty`` to the reward and sets ``info["illegal_action"]``;
            ``"raise"`` raises ``IllegalActionError`` and changes nothing. An index
            outside 0-155 always raises ``ArgumentError``.

    Example:
        >>> env = RiichiGymEnv(reward="rank", bot="greedy")
        >>> obs, info = env.reset(seed=5)
        >>> done = False
        >>> while not done:
        ...     action = int(np.flatnonzero(obs["action_mask"])[-1])
        ...     obs, reward, done, truncated, info = env.step(action)
        >>> reward in (1.0, -1.0) or abs(abs(reward) - 1 / 3) < 1e-6
        True
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        rules: Any = None,
        scoring: Any = None,
        seat: int = 0,
        bot: str = "greedy",
        reward: str = "results",
        reward_scale: float = 1.0,
        rank_points: Optional[tuple] = None,
        illegal_action: str = "bot",
        illegal_penalty: float = 0.0,
        render_mode: Optional[str] = None,
    ) -> None:
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ArgumentError(f"illegal_action {illegal_action!r} is not one of {', '.join(ILLEGAL_ACTIONS)}")
        if render_mode not in (None, "ansi"):
            raise ArgumentError(f"render_mode {render_mode!r} is not supported (allowed: None, 'ansi')")
        probe = RlTable(rules, scoring=scoring)
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < probe.players:
            raise ArgumentError(f"seat {seat!r} is out of range 0-{probe.players - 1}")
        bots = ((1 << probe.players) - 1) & ~(1 << int(seat))
        self._table = RlTable(
            rules,
            scoring=scoring,
            bots=bots,
            bot=bot,
            reward=reward,
            reward_scale=reward_scale,
            rank_points=rank_points,
        )
        self.seat = int(seat)
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(OBS_LOW, OBS_HIGH, (OBS_PLANES, 34), np.float32),
                "action_mask": spaces.Box(0, 1, (N_ACTIONS,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(N_ACTIONS)

    def _obs(self) -> dict:
        obs, mask = self._table.observe(self.seat)
        return {"observation": obs, "action_mask": mask.astype(np.int8)}

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        """Start a match (the walls and the bots follow ``seed``); returns
        ``(observation, info)``.

        Example:
            >>> obs, info = RiichiGymEnv().reset(seed=2)
            >>> int(obs["action_mask"].sum()) > 0
            True
        """
        super().reset(seed=seed)
        self._table.reset(int(self.np_random.integers(0, 2**63)))
        return self._obs(), {"seat": self.seat}

    def step(self, action):
        """Take ``action`` for the learner's seat; the bots play until the seat must act
        again or the match ends. Returns ``(observation, reward, terminated, truncated,
        info)``; the reward is paid when the match ends.

        Example:
            >>> env = RiichiGymEnv()
            >>> obs, _ = env.reset(seed=2)
            >>> obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
            >>> terminated, truncated
            (False, False)
        """
        t = self._table
        if t.done:
            raise IllegalActionError("step on a finished match: call reset() first")
        info = {"seat": self.seat}
        penalty = 0.0
        if self.illegal_action == "bot" and 0 <= int(action) < N_ACTIONS and int(action) not in t.legal_actions():
            info["illegal_action"] = int(action)
            penalty = self.illegal_penalty
            action = t.bot_action()
        t.step(action)
        done = t.done
        reward = (float(t.rewards()[self.seat]) if done else 0.0) + penalty
        return self._obs(), reward, done, False, info

    def render(self) -> Optional[str]:
        """A text summary (``render_mode="ansi"``), else None.

        Example:
            >>> env = RiichiGymEnv(render_mode="ansi")
            >>> _ = env.reset(seed=2)
            >>> env.render().startswith("scores")
            True
        """
        if self.render_mode is None:
            return None
        t = self._table
        scores = " ".join(str(s) for s in t.scores)
        if t.done:
            return f"scores {scores}; match over"
        return f"scores {scores}; options: {', '.join(action_names()[i] for i in t.legal_actions())}"
