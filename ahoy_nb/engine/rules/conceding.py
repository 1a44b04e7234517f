"""Conceding (the rulebook's "Conceding with Two Players"), and the ruling for more players.

In a game of two, either player may concede at any moment, even while the other is
deciding: the game ends at once and the other player wins. Conceding is an action like
any other (``concede mollusk``: the notation names who concedes, because it is not
asked of the player deciding), so it is in the log, in a save and in its replay; it is
never among ``State.legal_actions()``, which are the deciding player's choices.

With three or four players no one concedes (ruling, docs/rulings.md): the rulebook
offers it with two players only, and with more the player who leaves would hand the
game to one of the others.

>>> from ahoy_nb.engine import new_game
>>> s = new_game(2, seed=3).apply("start 0,0")
>>> s.current_player, refusal(s.data, "mollusk")
('bluefin', None)
>>> s.apply("concede mollusk").winners, s.log[-1].events
(['bluefin'], ('Mollusk concedes: Bluefin wins',))
>>> print(refusal(new_game(3, seed=7).data, "mollusk"))
with 3 players no one concedes: the rules allow conceding in a game of two only, where the other player simply wins; with more players the one who left would hand the game to one of the others, so play on
"""

from __future__ import annotations

from ..components import FACTION_NAMES
from ..notation import verb
from .base import Play, name

VERB = "concede"
verb(VERB, shape=rf"{VERB} ({'|'.join(FACTION_NAMES)})", example="concede mollusk",
     word="faction")


def conceder(text: str) -> str | None:
    """The faction a concession's notation names, or ``None`` if ``text`` is not one.

    >>> conceder("concede mollusk"), conceder("sail 4")
    ('mollusk', None)
    """
    head, _, who = text.partition(" ")
    return who if head == VERB and who in FACTION_NAMES else None


def refusal(data: dict, faction: str) -> str | None:
    """Why ``faction`` may not concede in ``data`` now, in the rules' words, or ``None``."""
    if faction not in data["players"]:
        return f"{FACTION_NAMES[faction]} is not playing in this game"
    if data["phase"] == "over":
        return "the game is over"
    if len(data["players"]) != 2:
        return (f"with {len(data['players'])} players no one concedes: the rules allow conceding "
                f"in a game of two only, where the other player simply wins; with more players "
                f"the one who left would hand the game to one of the others, so play on")
    return None


def concede(g: Play, top, faction: str) -> None:
    """End the game: ``faction`` concedes and the other player wins (whatever the Fame)."""
    data = g.data
    # A region tile drawn and not yet placed (exploring, a reward) goes to the box unseen.
    for frame in data["pending"]:
        if frame["type"] in ("explore", "add-tile") and frame.get("tile") is not None:
            data["tile_box"].append(frame["tile"])
    other = [f for f in data["players"] if f != faction]
    data["winners"] = other
    data["conceded"] = faction
    data["phase"] = "over"
    data["pending"] = []
    data["turn"] = None
    g.say(f"{name(faction)} concedes: {' and '.join(map(name, other))} wins")


def result(data: dict) -> str | None:
    """How a conceded game ended, in words (``None`` if no one conceded).

    >>> result({"conceded": "mollusk", "winners": ["bluefin"]})
    'Bluefin won: Mollusk conceded'
    """
    who = data.get("conceded")
    if who is None:
        return None
    return f"{' and '.join(map(name, data['winners']))} won: {name(who)} conceded"
