"""What several Crew cards share: finding a card in a Crew, moving a Flagship directly,
damage a Crew makes its owner take or deal, the spaces a Strong Current could push to.

Every event a Crew causes names the card in brackets, like "Smuggler 1 gains 2 gold
(Cutpurse)", so the log (and the coverage test) shows which Crew acted. Printed text
is in ``components.MARKET_CARDS``; the rulebook's Appendix A adds clarifications.
Where they differ, see ``docs/rulings.md`` ("Crew").

>>> from ahoy_nb.engine import scenario
>>> from ahoy_nb.engine.rules import Play
>>> s = scenario(2, turn="bluefin", hand=[])
>>> board_damageable(Play(s.data), "bluefin")[:3]
['bombard', 'cannons5', 'cannons6']
"""

from __future__ import annotations

from ... import notation
from ...geometry import Space, space_name
from ...kernel import auto, frame, legal
from ...schema import FLAG, FigureId, Player, Text
from ...components import BOARDS, MARKET_CARDS
from ...rules import Play, board_kind, defender_word, figure_label, name

# A space, and which figure there when several share it ("x,y patrol").
FIGURE = rf"{notation.SPACE}( {notation.WORD})?"


def member(g: Play, f: str, slug: str) -> dict | None:
    """The Crew entry of ``f`` whose card has this key, if recruited."""
    for m in g.faction(f)["crew"]:
        if MARKET_CARDS[m["card"]]["slug"] == slug:
            return m
    return None


def has(g: Play, f: str, slug: str) -> bool:
    """Whether ``f`` has recruited the card with this key."""
    for m in g.faction(f)["crew"]:
        if MARKET_CARDS[m["card"]]["slug"] == slug:
            return True
    return False


def card_of(slug: str) -> int:
    """The first copy of the card with this key, by its index in ``MARKET_CARDS``."""
    return next(i for i, c in enumerate(MARKET_CARDS) if c["slug"] == slug)


def return_to_box(g: Play, f: str, card: int) -> None:
    """A Crew card leaves ``f``'s Crew for the box (its die and damage go with it)."""
    crew = g.faction(f)["crew"]
    crew.remove(next(m for m in crew if m["card"] == card))
    g.data["market_box"].append(card)


def return_own(g: Play, f: str, slug: str) -> None:
    """``f`` returns its own card with this key to the box."""
    return_to_box(g, f, member(g, f, slug)["card"])


def board_damageable(g: Play, f: str) -> list[str]:
    """Player-board slots of ``f`` that can take a damage token ("on your player board")."""
    return sorted({spec["key"] for spec, slot in zip(BOARDS[board_kind(f)], g.faction(f)["slots"])
                   if slot["die"] is None and not slot["damage"] and not spec["dashed"]})


def enemy_targets(g: Play, f: str, verb: str) -> list[tuple[str, str]]:
    """``(notation, figure id)`` for each enemy figure in ``f``'s Flagship's region.

    ``verb x,y`` names the space; a word is added (``verb x,y patrol``) only when
    figures of different kinds or owners share it.
    """
    here = g.flagship_space(f)
    if here is None:
        return []
    by_space: dict[Space, dict[str, str]] = {}
    for fig in g.region_figures(g.map.region_of(here)):
        if fig["owner"] != f:
            by_space.setdefault(tuple(fig["at"]), {}).setdefault(defender_word(fig), fig["id"])
    out = []
    for space, kinds in sorted(by_space.items()):
        for word, fid in sorted(kinds.items()):
            extra = f" {word}" if len(kinds) > 1 else ""
            out.append((f"{verb} {space_name(space)}{extra}", fid))
    return out


def move_directly(g: Play, f: str, target: Space, why: str) -> None:
    """Move ``f``'s Flagship directly to ``target`` (battle and terrain there), then anchor."""
    fig = g.figure(f)
    g.say(f"{figure_label(fig)} moves directly to {space_name(target)} ({why})")
    g.push({"type": "move", "player": f, "figure": f, "steps": 0, "moved": 1, "anchor": None,
            "no_battle": False})
    g.start_step(fig, target, len(g.data["pending"]) - 1, direct=True)


def push_options(g: Play, fig: dict, here: Space, step: dict,
                 skip: Space | None = None) -> list[Space]:
    """Spaces a Strong Current from ``here`` could push the figure into (Barrelman, Sea Dog).

    Not a space the figure was already carried out of during this space of movement
    (``step["carried"]``): the free moves of one movement never return to a space they
    left, so they end (docs/rulings.md, "Free moves end"). Off the map only where it may
    explore, or where a card lets it step off anyway (the "off-map step" hook).
    """
    m = g.map
    carried = step.get("carried", [])
    out = []
    for n in m.neighbours(here):
        if n == skip or not m.can_step(here, n) or list(n) in carried:
            continue
        if (m.on_map(n) or (g.data["tile_stack"] and m.can_explore(n))
                or g.any("off-map step", fig, n, [*carried, list(here)])):
            out.append(n)
    return sorted(out)


def do_current(g: Play, frame, target: Space | None, card: str, what: str) -> None:
    """The step's space pushes toward ``target`` (``None``: not at all), as ``card`` says:
    it ``what`` ("turns the Strong Current") toward the space."""
    g.pop()
    step = g.data["pending"][frame["step"]]
    fig = g.figure(frame["figure"])
    here = tuple(fig["at"])
    who = figure_label(fig)
    if target is None:
        step["current"] = None
        g.say(f"{who} ignores the Strong Current ({card})")
        return
    step["current"] = [target[0] - here[0], target[1] - here[1]]
    g.say(f"{who} {what} toward {space_name(target)} ({card})")


# -- Damage a Crew makes its owner take or deal -----------------------------------------

COMMON_PROMPTS = {"take-damage": "choose your own slot that takes the damage (damage ...)"}


def push_take_damage(g: Play, f: str, why: str, board_only: bool = False) -> None:
    """``f`` takes 1 damage on a slot of its own choosing."""
    g.push({"type": "take-damage", "player": f, "why": why, "board_only": board_only})


def push_deal_damage(g: Play, fid: str, chooser: str, why: str) -> None:
    """1 damage to a figure, when this frame is reached; the dealer chooses the slot."""
    g.push({"type": "crew-damage", "player": None, "figure": fid, "chooser": chooser, "why": why})


# ``player`` takes 1 damage on a slot it chooses (``board_only``: on its player board).
frame("take-damage", why=Text(), board_only=FLAG)
# 1 damage to ``figure`` when reached, its slot chosen by ``chooser``.
frame("crew-damage", decides=False, figure=FigureId(), chooser=Player(), why=Text())


@auto("take-damage")
def auto_take_damage(g: Play, frame) -> bool:
    if legal_take_damage(g, frame):
        return False
    g.pop()
    g.say(f"{name(frame['player'])} has no slot that can be damaged: the damage is ignored")
    return True


@legal("take-damage")
def legal_take_damage(g: Play, frame) -> list:
    f = frame["player"]
    keys = board_damageable(g, f) if frame.get("board_only") else g.damageable(f)
    return [(f"damage {key}", do_take_damage, (key,)) for key in keys]


def do_take_damage(g: Play, frame, key: str) -> None:
    g.pop()
    f = frame["player"]
    slot = next(slot for k, spec, slot in g.slot_list(f)
                if k == key and slot["die"] is None and not slot["damage"] and not spec["dashed"])
    slot["damage"] = True
    g.say(f"{name(f)} takes a damage on its {key} slot{frame['why']}")


@auto("crew-damage")
def auto_crew_damage(g: Play, frame) -> bool:
    g.pop()
    fig = g.figure(frame["figure"])
    if fig is not None:
        g.damage_figure(fig, frame["chooser"], frame["why"])
    return True
