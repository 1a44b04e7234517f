"""Mollusk plan cards, called by the rules at the moments the plans name."""

from __future__ import annotations


def turn_options(g) -> list:
    """Plans the Mollusk Union may play as an action now."""
    return []


def offer_battle_plans(g, fight: dict) -> None:
    """At the start of a battle with the Mollusk Union, offer its battle plans."""


def sink_ship(g, ship: str) -> None:
    """Every slot of the Cutter or Gunship is damaged: discard its plan, remove its figure."""
    fs = g.faction("mollusk")
    info = fs["ships"].pop(ship)
    fs["discard"].append(info["plan"])
    fig = g.figure(ship)
    if fig is not None:
        g.remove_figure(fig)
    g.say(f"The {ship.title()} is destroyed: its plan is discarded")
