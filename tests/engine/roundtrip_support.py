"""The round-trip law, for ``tests/engine/test_roundtrip.py`` and ``scripts/roundtrip_games.py``.

Every state the engine reaches is one it can save and open again: ``State.from_json(
s.to_json())`` equals ``s`` (position and log), asks the same player and offers the same
legal actions, and a save file of it (``savegame``) opens to the same position.

:func:`check_state` checks exactly that. A game checked at every state would load its whole
log again each time; :class:`GameChecker` also has the cheaper step of loading the position
with only the log entries added since its last check. Log entries never change once
written, so a game whose every state passes that step and whose last state passes the
whole law has had every state's ``to_json()`` opened, but for the text's size bounds,
which the whole check at the end covers (a log only grows).

Where the loader and the engine drifted apart, it was over a stack of decisions of a shape
seldom met (a reward waiting for its tile, a series below a sunk defender). A
:func:`stack_shape` names that shape (each frame's kind and the fields it holds), and
:func:`play_checked` can check every state whose shape no earlier check has met: the rare
stacks are all checked at a fraction of the cost of checking every state.

>>> from ahoy_nb.engine import new_game
>>> stack_shape(new_game(2, seed=1))
(('begin-play', ()), ('setup-mollusk', ()), ('setup-bluefin', ('player',)))
"""

from __future__ import annotations

import json

from ahoy_nb import savegame
from ahoy_nb.ai.levels import make_bot
from ahoy_nb.engine import State, new_game


def _same(back: State, s: State, log_from: int = 0) -> None:
    assert back == s, "the position differs after to_json/from_json"
    assert back.log == s.log[log_from:], "the log differs after to_json/from_json"
    assert back.current_player == s.current_player, "another player decides"
    assert [str(a) for a in back.legal_actions()] == [str(a) for a in s.legal_actions()], \
        "the legal actions differ"


def _load(text: str) -> State:
    try:
        return State.from_json(text)
    except ValueError as err:
        raise AssertionError(f"State.from_json refuses the engine's own to_json(): {err}") from None


def check_state(s: State, with_savegame: bool = True) -> None:
    """Raise AssertionError (naming what differs) unless ``s`` round-trips."""
    back = _load(s.to_json())
    _same(back, s)
    if with_savegame:
        opened = savegame.loads(savegame.dumps(back, "analysis"))
        assert opened == s and opened.log == s.log, "savegame opens another position"


class GameChecker:
    """Checks the states of one game as it is played."""

    def __init__(self):
        self.logged = 0    # log entries already loaded by an earlier check
        self.checked = 0

    def step(self, s: State) -> None:
        """The position, and the log entries written since the last check."""
        text = ('{"log":[' + ",".join(e.json_text for e in s.log[self.logged:]) + '],"state":'
                + json.dumps(s.data, sort_keys=True, separators=(",", ":")) + "}")
        _same(_load(text), s, self.logged)
        self.logged = len(s.log)
        self.checked += 1

    def whole(self, s: State, with_savegame: bool = False) -> None:
        check_state(s, with_savegame)
        self.logged = len(s.log)
        self.checked += 1


def stack_shape(s: State) -> tuple:
    """The shape of the decisions waiting: each frame's kind and the fields it holds."""
    return tuple((f["type"], tuple(sorted(k for k, v in f.items() if k != "type" and v is not None)))
                 for f in s.data["pending"])


def bot_for(kind: str, seed: int):
    """The bots of the law's games; the hard one at few iterations (its games, not its play,
    are what is checked)."""
    if kind == "hard":
        return make_bot("hard", seed=seed, iterations=8)
    if kind == "greedy":
        return make_bot("greedy", seed=seed, samples=2, depth=1)
    return make_bot(kind, seed=seed)


def play_checked(players: int, seed: int, bot: str = "random", every: int = 1,
                 whole_every: int = 0, savegame_every: int = 0, savegame_at_end: bool = True,
                 most: int = 20_000, shapes: set | None = None,
                 whole_at_end: bool = True) -> tuple[int, int]:
    """Play a game of ``bot`` in every seat, checking every ``every``-th state (the
    position and the new log entries), the whole law every ``whole_every``-th state (0:
    never) and at the end if ``whole_at_end`` (else the end is checked as the other states
    are), and a save file every ``savegame_every``-th state (0: never) and at the end if
    ``savegame_at_end`` (and ``whole_at_end``). Given ``shapes`` (a set shared between games), also
    every state whose :func:`stack_shape` is not in it yet (and added). Returns
    ``(states checked, actions played)``; a failure names the game and the action after
    which it came.
    """
    s = new_game(players, seed=seed)
    bots = {f: bot_for(bot, seed * 10 + i) for i, f in enumerate(s.players)}
    checker = GameChecker()
    n = 0
    while True:
        try:
            if s.is_over:
                if whole_at_end:
                    checker.whole(s, with_savegame=savegame_at_end)
                else:
                    checker.step(s)
                return checker.checked, n
            unmet = shapes is not None and (shape := stack_shape(s)) not in shapes
            if unmet:
                shapes.add(shape)
            if whole_every and n % whole_every == 0:
                checker.whole(s, with_savegame=bool(savegame_every) and n % savegame_every == 0)
            elif n % every == 0 or unmet:
                checker.step(s)
        except AssertionError as err:
            raise AssertionError(f"{bot} {players}p seed {seed}, after {n} actions "
                                 f"({s.log[-1].action if s.log else 'start'}): {err}") from None
        assert n < most, f"{bot} {players}p seed {seed}: no end after {most} actions"
        s.apply(bots[s.current_player].choose(s))
        n += 1
