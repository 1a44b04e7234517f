"""What each faction may see: the one list of secrets, and the two ways to use it.

* :func:`view`: the position with every secret the viewer may not see taken out (what
  ``State.view`` returns, what a front end or a remote player gets);
* :func:`determinize`: a full position consistent with what the viewer sees, every
  secret resampled (what a fair bot looks ahead on).

The secrets (:data:`SECRETS`):

* the generator (``rng``, ``seed``, ``fixed`` outcomes): no one sees it, for it tells every
  later draw;
* the tile stack and the tile boxed at setup: only how many;
* the Market deck: only how many (which cards are in it is known by elimination: the
  boxed cards are named at setup);
* the Mollusk plan deck: only how many; the plan hand: only the Mollusk Union sees it;
* each Smuggler's pledges: only that Smuggler sees where its delivered Cargo went;
* log events marked secret (a plan drawn, a pledge): only their owner (``LogEntry.seen_by``).

>>> from ahoy_nb.engine import new_game
>>> s = new_game(3, seed=5)
>>> v = view(s, "bluefin")
>>> v["state"]["factions"]["mollusk"]["hand"], "rng" in v["state"]
(2, False)
>>> guess = determinize(s, "bluefin", seed=1)
>>> guess.data["factions"]["bluefin"] == s.data["factions"]["bluefin"]
True
"""

from __future__ import annotations

import marshal
import random

from .chance import seed_state
from .components import PLAN_CARDS

# The generator: hidden from everyone.
GENERATOR = ("rng", "seed", "fixed")
# Piles shown only by size: (pile, where it lives: "game" or a faction, who may see it).
PILES = (("tile_stack", "game", None), ("tile_box", "game", None), ("market_deck", "game", None),
         ("plan_deck", "mollusk", None), ("hand", "mollusk", "mollusk"))
# A Smuggler's pledges: only the Smuggler sees them (others see what was delivered).
PLEDGES = "pledged"
# The choices offered: only the player deciding sees them (they can reveal a plan hand).
CHOICES = "legal_actions"
SECRETS = {"generator": GENERATOR, "piles": PILES, "pledges": PLEDGES, "choices": CHOICES}


def may_see(viewer: str | None, secret: str, owner: str | None = None) -> bool:
    """Whether ``viewer`` (``None``: a spectator) may see ``secret``: a pile of
    :data:`PILES` (its contents; its size is public), :data:`PLEDGES` of the Smuggler
    ``owner``, or the :data:`CHOICES` offered to the player ``owner`` deciding.

    >>> may_see("mollusk", "hand"), may_see("bluefin", "hand"), may_see("mollusk", "plan_deck")
    (True, False, False)
    >>> may_see("smuggler1", PLEDGES, "smuggler1"), may_see(None, CHOICES, "bluefin")
    (True, False)
    """
    if secret in GENERATOR:
        return False
    if secret in (PLEDGES, CHOICES):
        return viewer is not None and viewer == owner
    seen_by = next((seen for pile, _, seen in PILES if pile == secret), ...)
    if seen_by is ...:
        raise KeyError(f"{secret!r} is not one of the secrets: {SECRETS}")
    return seen_by is not None and viewer == seen_by


def check_viewer(data: dict, viewer: str | None) -> None:
    """Refuse a viewer who is neither a faction of the game whose ``data`` this is nor
    ``None`` (a spectator): anyone else would quietly be shown a spectator's view."""
    if viewer is not None and (not isinstance(viewer, str) or viewer not in data["players"]):
        raise ValueError(f"a viewer is a faction in the game ({', '.join(data['players'])}) "
                         f"or None (a spectator), not {viewer!r:.40}")


def view(state, player: str | None) -> dict:
    """The position as ``player`` may see it (``None``: a spectator): ``{"viewer",
    "state", "log", "current_player", "prompt"}`` and, for the player who decides,
    ``"legal_actions"``."""
    check_viewer(state.data, player)
    data = marshal.loads(marshal.dumps(state.data))
    for secret in GENERATOR:
        data.pop(secret, None)
    for pile, owner, _ in PILES:
        holder = data if owner == "game" else data["factions"].get(owner)
        if holder is not None and not may_see(player, pile):
            holder[pile] = len(holder[pile])
    for f, fs in data["factions"].items():
        if PLEDGES in fs:
            fs["delivered"] = sorted(fs[PLEDGES]["bluefin"] + fs[PLEDGES]["mollusk"])
            if not may_see(player, PLEDGES, f):
                fs[PLEDGES] = None
    log = [e.seen_by(player).to_dict() for e in state.log]
    for entry in log:
        entry.pop("secret")
        entry.pop("secret_for")
    out = {"viewer": player, "state": data, "log": log,
           "current_player": state.current_player, "prompt": state.prompt}
    if may_see(player, CHOICES, state.current_player):
        out[CHOICES] = [str(a) for a in state.legal_actions()]
    return out


def determinize(state, viewer: str | None, seed: int | random.Random):
    """A copy of ``state`` in which what ``viewer`` cannot see is a random guess.

    The copy has no log and no history. Public facts (and ``viewer``'s own secrets) are
    kept; the rest is resampled uniformly among the possibilities ``viewer`` cannot tell
    apart, from ``seed`` (an int, or a ``random.Random`` to draw from):

    * the generator is reseeded (and ``seed`` zeroed), fixed outcomes dropped;
    * the tile stack and the tile boxed at setup are redealt from their union;
    * unless ``viewer`` is the Mollusk Union, its plan hand and plan deck are redealt,
      except a Cutter or Gunship plan played and waiting in hand for its ``launch`` (public);
    * each other Smuggler's delivered Cargo is split at random between the pledges.

    The Market deck is kept: which cards are in it is public by elimination, and its
    order is not a fact (each draw is uniform over the deck).
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    data = marshal.loads(marshal.dumps(state.data))
    data["fixed"] = {}
    data["seed"] = 0
    data["rng"] = seed_state(rng.getrandbits(64))
    # Pools are sorted before shuffling, so the guess depends only on what ``viewer`` knows.
    pool = sorted(data["tile_stack"] + data["tile_box"])
    rng.shuffle(pool)
    boxed = len(data["tile_box"])
    data["tile_box"] = sorted(pool[:boxed])
    data["tile_stack"] = sorted(pool[boxed:])
    for f, fs in data["factions"].items():
        if f == "mollusk" and viewer != "mollusk":
            played = _plans_awaiting_launch(data, fs["hand"])
            hidden = [p for p in fs["hand"] if p not in played]
            pool = sorted(hidden + fs["plan_deck"])
            rng.shuffle(pool)
            n = len(hidden)
            fs["hand"], fs["plan_deck"] = sorted(played + pool[:n]), sorted(pool[n:])
        if PLEDGES in fs and f != viewer:
            delivered = sorted(fs[PLEDGES]["bluefin"] + fs[PLEDGES]["mollusk"])
            split = {"bluefin": [], "mollusk": []}
            for card in delivered:
                split[rng.choice(("bluefin", "mollusk"))].append(card)
            fs[PLEDGES] = split
    world = type(state)(data)
    world._shared = False  # its data is its own: its undo history may be replayed (history.py)
    return world


def _plans_awaiting_launch(data: dict, hand: list[int]) -> list[int]:
    """The ship plans played but still in hand: one copy per pending ``launch`` frame."""
    out = []
    for frame in data["pending"]:
        if frame["type"] == "launch":
            out.append(next(p for p in sorted(hand) if p not in out
                            and PLAN_CARDS[p]["name"].lower() == frame["ship"]))
    return out
