"""Helpers shared by the base-rules tests (tests/test_rules_*.py, tests/engine/test_errors.py).

The maps used again and again, in the engine's coordinates (x right, y down):

``TWO_TILES`` -- the set-up map: a Fish tile (0) and a Skull tile (6)::

    0,0 Fish Island   1,0 open, Tailwind 6   | 2,1 Strong Current (down)   3,1 Harbor
    0,1 Wreckage 2g   1,1 Fog                | 2,2 open, Tailwind 2        3,2 Skull Island

    (the tiles touch only where 1,1 meets 2,1)
"""

from __future__ import annotations

import os

import pytest

from ahoy_nb.engine import IllegalActionError, State, scenario

def at_scale(full: int, fast: int) -> int:
    """The size of a test at scale: ``full`` in the whole suite (CI, ``./dev test``),
    ``fast`` in the fast lane (``./dev test --fast`` sets ``AHOY_NB_FAST_LANE``), which must
    stay under two minutes; the figures of the full runs are in the docs.

    >>> at_scale(2000, 300) in (2000, 300)
    True
    """
    return fast if os.environ.get("AHOY_NB_FAST_LANE") == "1" else full


TWO_TILES = [(0, "0,0", 180), (6, "2,1", 0)]
# Where the three Flagships start on TWO_TILES: Bluefin on its Island, Smuggler 1 beside
# it, the Mollusk on the other Island.
FIGS3 = {"bluefin": "0,0", "smuggler1": "1,0", "mollusk": "3,2"}


def three_players(turn: str | None = None, **kw) -> State:
    """A 3-player position on ``TWO_TILES`` with the Flagships at ``FIGS3``, ``turn`` to
    play; any other ``scenario`` argument may be given (``dice=``, ``placed=``...)."""
    kw.setdefault("tiles", TWO_TILES)
    kw.setdefault("figures", FIGS3)
    return scenario(3, turn=turn, **kw)


def builder(turn: str | None = None, **defaults):
    """A test module's position builder: :func:`three_players` with its own defaults.

    >>> game = builder("smuggler1", hand=[])
    >>> game().current_player, game("bluefin").current_player
    ('smuggler1', 'bluefin')
    """
    def build(turn: str | None = turn, **kw) -> State:
        return three_players(turn, **{**defaults, **kw})
    return build


def refused(s: State, action: str, *words: str) -> str:
    """``action`` is refused with a message holding every one of ``words``, and ``s`` is
    exactly as before; returns the message."""
    before = s.to_json()
    with pytest.raises(IllegalActionError) as err:
        s.apply(action)
    assert s.to_json() == before
    message = str(err.value)
    for w in words:
        assert w in message, message
    return message


def legal(s: State) -> set[str]:
    """The notation of every legal action now."""
    return {str(a) for a in s.legal_actions()}


def play(s: State, *actions: str) -> State:
    """Apply actions in order; each must be legal."""
    for a in actions:
        s.apply(a)
    return s


def events_since(s: State, n: int) -> list[str]:
    """Every event logged by the actions after the first ``n`` log entries."""
    return [e for entry in s.log[n:] for e in entry.events]


def at(s: State, fid: str) -> tuple[int, int] | None:
    """Where a figure is, or None when it is off the map."""
    for fig in s.figures():
        if fig["id"] == fid:
            return fig["at"]
    return None


def kinds_at(s: State, space: str) -> list[str]:
    return sorted(fig["id"] for fig in s.figures(space))


def damaged(s: State, faction: str) -> list[str]:
    return sorted(slot["key"] for slot in s.slots(faction) if slot["damage"])


def placed(s: State, faction: str) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for slot in s.slots(faction):
        if slot["die"] is not None:
            out.setdefault(slot["key"], []).append(slot["die"])
    return out


def ready(s: State) -> int:
    return s.faction("mollusk").ready_comrades


PASSIVE = ("end", "done", "hold", "anchor", "stay", "no-patrol", "no-comrades", "harbor-none",
           "victory none", "keep")


def quiet_choice(s: State) -> str:
    """A choice that changes as little as possible: end, done, hold, anchor..., else the
    first placement on Cannons/Repair/Deploy, else the first legal action."""
    options = [str(a) for a in s.legal_actions()]
    for word in PASSIVE:
        if word in options:
            return word
    for verb in ("cannons", "repair", "deploy", "negotiate", "tailwind"):
        for o in options:
            if o.split(" ")[0] == verb:
                return o
    return options[0]


def play_round(s: State) -> list[tuple[str, int]]:
    """Play to the end of the current round with quiet choices; return each turn as
    ``(player, dice it had to place)`` in order."""
    start = s.round
    turns = [(s.turn.player, s.turn.quota)]
    ended = False
    for _ in range(500):
        if s.is_over or s.round != start:
            return turns
        choice = quiet_choice(s)
        s.apply(choice)
        ended = ended or choice == "end"
        if ended and s.turn and s.decision.kind == "turn" and s.round == start:
            turns.append((s.turn.player, s.turn.quota))
            ended = False
    raise AssertionError("the round did not end")
