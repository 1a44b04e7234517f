"""Crew cards' printed effects, called by the rules at the moments the cards name.

Every function here is a hook the base rules call; each card's effect is added
where its text says it happens.
"""

from __future__ import annotations


def turn_options(g, f: str) -> list:
    """Crew actions ``f`` may take now without placing a die (Aeronauts, Mystic...)."""
    return []


def slot_action(g, f: str, card: int, value: int) -> None:
    """A die was placed on a Crew's own slot: resolve that Crew's action."""


def end_of_turn(g, f: str) -> None:
    """``f``'s turn ends (Documentarian, Elder)."""


def on_anchor(g, f: str, info) -> None:
    """``f``'s Flagship anchors at the space ``info`` (Diver, Merchant)."""


def on_cannons(g, f: str) -> None:
    """``f`` placed a die on Cannons (Gunner's Mate)."""


def on_repair(g, f: str, repaired: int) -> None:
    """``f`` repaired damage (Powder Monkey)."""


def battle_start(g, fight: dict) -> None:
    """A battle starts (Emissary)."""


def after_roll(g, fight: dict) -> None:
    """The battle dice are rolled (Grogmaster)."""


def on_win(g, fight: dict, winner: dict, loser: dict) -> None:
    """A battle is won (Cutpurse, Gunner, Buccaneer, Battering Beakhead)."""
