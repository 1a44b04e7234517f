"""The round-trip law, for ``tests/test_roundtrip.py`` and ``scripts/roundtrip_games.py``.

Every state the engine reaches is one it can save and open again: ``State.from_json(
s.to_json())`` equals ``s`` (position and log), asks the same player and offers the same
legal actions, and a save file of it (``savegame``) opens to the same position.
"""

from __future__ import annotations

from ahoy_nb import savegame
from ahoy_nb.bots import make_bot
from ahoy_nb.engine import State, new_game


def check_state(s: State, with_savegame: bool = True) -> None:
    """Raise AssertionError (naming what differs) unless ``s`` round-trips."""
    text = s.to_json()
    try:
        back = State.from_json(text)
    except ValueError as err:
        raise AssertionError(f"State.from_json refuses the engine's own to_json(): {err}") from None
    assert back == s, "the position differs after to_json/from_json"
    assert back.log == s.log, "the log differs after to_json/from_json"
    assert back.current_player == s.current_player, "another player decides"
    assert [str(a) for a in back.legal_actions()] == [str(a) for a in s.legal_actions()], \
        "the legal actions differ"
    if with_savegame:
        opened = savegame.loads(savegame.dumps(back, "analysis"))
        assert opened == s and opened.log == s.log, "savegame opens another position"


def bot_for(kind: str, seed: int):
    if kind == "hard":
        return make_bot("hard", seed=seed, iterations=8)
    return make_bot(kind, seed=seed)


def play_checked(players: int, seed: int, bot: str = "random", every: int = 1,
                 savegame_every: int = 10, most: int = 20_000) -> tuple[int, int]:
    """Play a game of ``bot`` for every seat, checking every ``every``-th state (and the
    last); ``(states checked, actions played)``. A failure says the game and the action."""
    s = new_game(players, seed=seed)
    bots = {f: bot_for(bot, seed * 10 + i) for i, f in enumerate(s.players)}
    checked = n = 0
    while True:
        if n % every == 0 or s.is_over:
            try:
                check_state(s, with_savegame=checked % savegame_every == 0 or s.is_over)
            except AssertionError as err:
                raise AssertionError(f"{bot} {players}p seed {seed}, after {n} actions "
                                     f"({s.log[-1].action if s.log else 'start'}): {err}") from None
            checked += 1
        if s.is_over:
            return checked, n
        assert n < most, f"{bot} {players}p seed {seed}: no end after {most} actions"
        s.apply(bots[s.current_player].choose(s))
        n += 1
