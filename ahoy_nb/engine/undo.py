"""What an action revealed, so that undo cannot be used to see a roll and choose again.

The generator is part of the state, so after an undo the same action gives the same
dice, and a different action is chosen knowing them. An action may therefore be taken
back fairly only if it revealed nothing its player did not know: no random event
(every one goes through :mod:`~ahoy_nb.engine.chance`, which moves the generator or
uses a fixed outcome) and nothing hidden coming into view (a card or tile leaving a
deck, the box or a hand the player may not see).

>>> from ahoy_nb.engine import new_game
>>> s = new_game(2, seed=3).apply("start 0,0")
>>> revealed(s) is None                    # placing the Flagship rolls nothing
True
"""

from __future__ import annotations

import marshal

# Zones whose contents (or order) some players may not see, and who may see them.
_DECKS = {"tile_stack": "a region tile is drawn", "tile_box": "a boxed region tile is shown",
          "market_deck": "a card is drawn from the deck"}


def _hidden_zones(data: dict, viewer: str | None) -> dict[str, list]:
    zones = {key: list(data[key]) for key in _DECKS}
    for f, fs in data["factions"].items():
        if f == "mollusk":
            zones["plan_deck"] = list(fs["plan_deck"])
            if viewer != "mollusk":
                zones["the Mollusk's plans"] = list(fs["hand"])
        if "pledged" in fs and viewer != f:
            zones[f"{f}'s pledges"] = fs["pledged"]["bluefin"] + fs["pledged"]["mollusk"]
    return zones


def revealed_between(before: dict, after: dict, viewer: str | None) -> str | None:
    """Why going from ``before`` to ``after`` (state data) showed ``viewer`` something new,
    or ``None`` if it revealed nothing: ``"the dice are rolled"``, ``"a region tile is drawn"``..."""
    old, new = _hidden_zones(before, viewer), _hidden_zones(after, viewer)
    for zone, items in old.items():
        if any(item not in new.get(zone, ()) for item in items):
            reason = _DECKS.get(zone) or ("a plan card is drawn" if zone == "plan_deck"
                                          else f"{zone} are shown")
            return reason
    if before["rng"] != after["rng"] or before["fixed"] != after["fixed"]:
        return "the dice are rolled"
    if before["phase"] != "over" and after["phase"] == "over":
        # A finished game may show everything (the apps give its seed): a concession too.
        return "the game is over"
    return None


def revealed(state, count: int = 1, viewer: str | None = "actor") -> str | None:
    """Why taking back the last ``count`` actions of ``state`` would be unfair to the others,
    or ``None``: what those actions revealed to ``viewer`` (default: the player of the
    first of them) by chance or by bringing hidden information into view.

    >>> from ahoy_nb.engine import new_game
    >>> s = new_game(2, seed=3).apply("start 0,0")
    >>> revealed(s) is None
    True
    """
    if not 1 <= count <= len(state.history):
        raise ValueError(f"there are {len(state.history)} actions to take back, not {count}")
    if viewer == "actor":
        viewer = state.log[-count].player
    before = marshal.loads(state.history[-count])
    return revealed_between(before, state.data, viewer)
