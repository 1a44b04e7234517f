"""Learners' output made for people: actions in words, odds in percent, the Rewards grid.

``State`` and ``Action`` keep their exact reprs for code users; these wrap them for
notebooks (each shows as HTML, everything escaped, and prints as plain text).

>>> import ahoy_nb.tutorials as tutorials
>>> s = tutorials.position("battles")
>>> describe(s, "sail 3")
'Place your 3 on Sail'
>>> print(actions(s))                                     # doctest: +ELLIPSIS
sail 3>2 — ...
sail 3 — Place your 3 on Sail
...
"""

from __future__ import annotations

import html
import re
from fractions import Fraction
from typing import Mapping

from ..ai.analysis import battle_odds
from ..engine import Action, NotationError, State, space_name
from ..engine.components import CARD_BY_KEY, MARKET_CARDS, REWARD_START, REWARD_TEXT, REWARDS
from ..engine.explain import why_die
from ..engine.geometry import island_offset
from ..engine.notation import VERBS, normalise, read
from ..engine.rules import name
from ..engine.words import label

__all__ = ["Actions", "Odds", "RewardsGrid", "actions", "annotate", "describe", "explain_click",
           "odds", "reason_only", "rewards_grid", "why_not"]


def describe(state: State, action: Action | str) -> str:
    """An action in plain words, for people: the engine's own words
    (``engine.words.label``); ``""`` for text that is not Ahoy notation.

    >>> from ahoy_nb.engine import scenario
    >>> describe(scenario(), "end")
    'End your turn'
    """
    if isinstance(action, Action):
        return label(state, action)
    text = normalise(action)
    # A legal action carries its arguments as the rules list it ('sail' of a Union ship).
    legal = state.legal_actions()
    same = next((a for a in legal if a.notation == text), None)
    if same is not None:
        return label(state, same)
    try:
        verb, args = read(text)
        # Not legal now: said as it reads, never as the decision under way would take
        # it ('start 1,1' is no Island; 'assemble 2' at the count of Comrades is no die).
        if any(a.verb == verb and not set(args) <= set(a.args) for a in legal):
            return ""
        return label(None if verb == "start" else state, text)
    except (NotationError, KeyError):   # not notation, or a verb without its arguments ('tile')
        return ""


class Actions:
    """Legal actions as a readable list: notation and its meaning in words."""

    def __init__(self, state: State):
        self.state = state
        self.rows = [(a.notation, describe(state, a)) for a in state.legal_actions()]

    def __str__(self) -> str:
        return "\n".join(f"{n} — {w}" if w else n for n, w in self.rows)

    def __repr__(self) -> str:
        return f"<{len(self.rows)} legal actions: {', '.join(n for n, _ in self.rows[:6])}" \
               + (", ...>" if len(self.rows) > 6 else ">")

    def __len__(self) -> int:
        return len(self.rows)

    def _repr_html_(self) -> str:
        who = name(self.state.current_player) if self.state.current_player else ""
        head = html.escape(self.state.prompt)
        items = "".join(f"<li><code>{html.escape(n)}</code> — {html.escape(w)}</li>"
                        for n, w in self.rows)
        return (f"<div class='ahoy-actions-list'><p style='margin:2px 0'><b>"
                f"{html.escape(who)}</b>: {head}</p>"
                f"<ul style='margin:2px 0'>{items}</ul></div>")


def actions(state: State) -> Actions:
    """The legal actions of ``state`` as a list in words (a notebook shows it as HTML)."""
    return Actions(state)


class Odds:
    """Battle odds ``{amount turned down: chance}`` as percentages in a small table with bars."""

    def __init__(self, chances: Mapping[int, float | Fraction], title: str = ""):
        self.chances = {int(k): float(v) for k, v in chances.items()}
        self.title = title

    def __str__(self) -> str:
        return "\n".join(f"turn down {k}: {v:.0%} to win" for k, v in self.chances.items())

    def __repr__(self) -> str:
        return f"<odds {', '.join(f'{k}: {v:.0%}' for k, v in self.chances.items())}>"

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td style='padding:2px 8px'>{k}</td>"
            f"<td style='padding:2px 8px;text-align:right'>{v:.0%}</td>"
            f"<td style='padding:2px 8px'><div style='background:#416eb0;height:12px;"
            f"width:{round(v * 160)}px' title='{v:.1%}'></div></td></tr>"
            for k, v in self.chances.items())
        title = f"<caption style='text-align:left'>{html.escape(self.title)}</caption>" \
            if self.title else ""
        return (f"<table class='ahoy-odds' style='border-collapse:collapse'>{title}"
                "<tr><th style='padding:2px 8px'>turn down by</th>"
                "<th style='padding:2px 8px'>chance to win</th><th></th></tr>"
                f"{rows}</table>")


def odds(state: State, against: str = "best") -> Odds:
    """:func:`ahoy_nb.ai.analysis.battle_odds` as a table of percentages."""
    who = state.data["pending"][-1]["player"] if state.data["pending"] else ""
    return Odds(battle_odds(state, against=against),
                title=f"{who}: chance to win for each choice (the other side answering "
                      f"{'as well as it can' if against == 'best' else 'by holding'})")


class RewardsGrid:
    """The Smugglers' Rewards grid drawn as a grid (SVG), markers optional."""

    CELL_W, CELL_H = 112, 56

    def __init__(self, white: tuple[int, int] | None = None, black: tuple[int, int] | None = None):
        self.white = white
        self.black = black

    def __str__(self) -> str:
        return "\n".join(" | ".join(REWARD_TEXT[k].format(n=n) for k, n in row) for row in REWARDS)

    def _repr_svg_(self) -> str:
        w, h = self.CELL_W, self.CELL_H
        cols, rows = len(REWARDS[0]), len(REWARDS)
        out = [f"<svg xmlns='http://www.w3.org/2000/svg' class='ahoy-rewards' "
               f"width='{cols * w + 4}' height='{rows * h + 4}' role='img' "
               f"aria-label='The Smugglers&#39; Rewards grid'>"]
        for r, row in enumerate(REWARDS):
            for c, (kind, n) in enumerate(row):
                x, y = 2 + c * w, 2 + r * h
                start = (r, c) == tuple(REWARD_START)
                fill = "#fff6d8" if start else "#fbfaf6"
                text = REWARD_TEXT[kind].format(n=n)
                out.append(f"<g><title>{html.escape(text)}</title>"
                           f"<rect x='{x}' y='{y}' width='{w - 2}' height='{h - 2}' rx='6' "
                           f"fill='{fill}' stroke='#8a7a55'/>")
                for i, line in enumerate(_wrap(text, 18)[:3]):
                    out.append(f"<text x='{x + w / 2 - 1}' y='{y + 18 + i * 14}' font-size='12' "
                               f"text-anchor='middle' font-family='DejaVu Sans, Arial, sans-serif'"
                               f">{html.escape(line)}</text>")
                for marker, color in ((self.white, "#fff"), (self.black, "#222")):
                    if marker is not None and tuple(marker) == (r, c):
                        out.append(f"<circle cx='{x + w - 14}' cy='{y + 12}' r='7' fill='{color}'"
                                   f" stroke='#222'/>")
                out.append("</g>")
        out.append("</svg>")
        return "".join(out)


def _wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + ([line] if line else [])


def rewards_grid(state: State | None = None, smuggler: str = "smuggler1") -> RewardsGrid:
    """The Rewards grid as a picture; with ``state``, ``smuggler``'s markers on it.

    >>> "Free Tailwind" in rewards_grid()._repr_svg_()
    True
    """
    if state is None:
        return RewardsGrid(REWARD_START, REWARD_START)
    fs = state.data["factions"].get(smuggler, {})
    return RewardsGrid(tuple(fs["white"]) if "white" in fs else None,
                       tuple(fs["black"]) if "black" in fs else None)


def annotate(text: str, state: State) -> str:
    """Give every quoted notation in ``text`` its meaning in words, once:
    ``'sail 3'`` becomes ``'sail 3' (Place your 3 on Sail)``.

    >>> from ahoy_nb.engine import scenario
    >>> annotate("Type 'end'.", scenario())
    "Type 'end' (End your turn)."
    """
    def meaning(match):
        notation = match.group(1)
        if notation.split(" ")[0] not in VERBS:
            return match.group(0)
        words = describe(state, notation)
        return f"'{notation}' ({words})" if words else match.group(0)
    return re.sub(r"'([a-z][a-z'-]*(?: [^' ]+)*)'(?! \()", meaning, text)


# -- why a click on the board does nothing ------------------------------------------

_SPACE = re.compile(r"-?\d+,-?\d+")


def why_not(state: State, notation: str) -> str:
    """Why ``notation`` is not possible now: the engine's reason in the rules' words,
    without its list of choices (a lesson must not give its answer away).

    >>> from ahoy_nb.engine import new_game
    >>> why_not(new_game(3, seed=4), "start 1,1")
    "Not possible: 'start 1,1' is not allowed: Bluefin's Flagship and Patrol start on an Island, and 1,1 is a Strong Current."
    """
    try:
        state.copy().apply(notation)
        reason = "That is not possible now."
    except ValueError as err:   # IllegalActionError, NotationError
        reason = reason_only(str(err))
    return f"Not possible: {reason}"


def reason_only(message: str) -> str:
    """The engine's refusal without its list of choices (one of them may be an answer)."""
    message = message.split(" Choices now:")[0].strip()
    message = re.sub(r"\s*\([^()]*\|[^()]*\)", "", message)   # "(reward up|down|...)"
    return message if message.endswith((".", "!", "?")) else message + "."


def explain_click(state: State, target: Mapping[str, str]) -> str:
    """Why a click on a board element offers nothing now, in the rules' words.

    ``target``: the clicked element's data attributes, as the board sends them
    (``{"space": "1,1", "terrain": "current"}``, ``{"die": "bluefin:0", "value": "4"}``,
    ``{"slot-group": "bluefin:cannons"}``, ``{"market": "gunner"}``...): the board's
    answer to a click on something it does not offer (a lesson adds its own note).

    >>> from ahoy_nb.engine import new_game
    >>> s = new_game(3, seed=4)
    >>> explain_click(s, {"space": "1,1", "terrain": "current"})
    "Not possible: 'start 1,1' is not allowed: Bluefin's Flagship and Patrol start on an Island, and 1,1 is a Strong Current."
    >>> print(explain_click(s, {"market": "gunner"}))
    Not possible: 'recruit gunner' is not allowed: the game begins with Faction Setup: each Flagship is placed first. Bluefin: choose the Island for your Flagship and a Patrol (start x,y).
    """
    if state.is_over:
        return "The game is over."
    who = state.current_player
    legal = state.legal_actions()
    prompt = f"{state.prompt}."
    owner = next((str(target[k]).split(":")[0] for k in ("die", "slot-group", "slot", "crew", "board")
                  if target.get(k)), "")
    if owner and owner in state.players and owner != who:
        return f"Not possible: that is {name(owner)}'s, and it is {name(who)}'s decision. {prompt}"
    space = str(target.get("space") or "")
    if not space and target.get("figure"):
        fig = next((f for f in state.figures() if f["id"] == target["figure"]), None)
        battle = next((a for a in legal if a.verb == "battle"), None)
        if battle is not None:
            return why_not(state, f"battle {target['figure']}")
        if fig is not None:
            space = f"{fig['at'][0]},{fig['at'][1]}"
    if _SPACE.fullmatch(space):
        # The verb of what this decision does with a space: start, move, deploy...
        verbs = [a.verb for a in legal if _SPACE.search(a.notation)]
        if verbs:
            return why_not(state, f"{verbs[0]} {space}")
        if state.data["turn"] and not state.data["pending"]:   # a die to place first
            return why_not(state, f"move {space}")
        terrain = str(target.get("terrain") or "")
        where = f"{space} ({terrain})" if terrain.isalpha() else space
        return f"Not possible: nothing can be done at {where} now. {prompt}"
    if target.get("die"):
        value = str(target.get("value") or "")
        reason = why_die(state, int(value)) if value.isdigit() else None
        return f"Not possible: {reason}. {prompt}" if reason else f"Not possible now. {prompt}"
    card = str(target.get("market") or "")
    if card:
        tries = [f"recruit {card}"]
        info = MARKET_CARDS[CARD_BY_KEY[card]] if card in CARD_BY_KEY else None
        if info is not None and who and who.startswith("smuggler"):
            tries.insert(0, f"smuggle {info['cargo'].lower()}")
        return why_not(state, next((t for t in tries if not state.is_legal(t)), tries[0]))
    verb = str(target.get("key") or target.get("slot-group") or target.get("crew") or "")
    verb = verb.split(":")[-1]
    if verb in VERBS or verb.rstrip("0123456789") in VERBS:
        verb = verb if verb in VERBS else verb.rstrip("0123456789")
        for die in sorted(set(state.dice(who) if who else [])):
            if not state.is_legal(f"{verb} {die}"):
                return why_not(state, f"{verb} {die}")
    return f"Not possible: that is not one of the choices now. {prompt}"


def explain_tile(state, notation: str) -> str:
    """Why a tile placement is wrong, in the rules' words (for the tutorial's feedback)."""
    m = re.fullmatch(r"tile (-?\d+),(-?\d+) r(0|90|180|270)", notation)
    top = state.data["pending"][-1] if state.data["pending"] else None
    if not m or top is None or top["type"] != "explore":
        return ""
    x, y, rot = int(m.group(1)), int(m.group(2)), int(m.group(3))
    target = tuple(top["target"])
    block = [(x + dx, y + dy) for dx in (0, 1) for dy in (0, 1)]
    if target not in block:
        return (f"A tile at {x},{y} covers {space_name(block[0])} to {space_name(block[3])}; it must "
                f"cover {space_name(target)}, the space you are moving to.")
    board = state.map
    taken = [s for s in block if s in board.spaces]
    if taken:
        return f"It would overlap the region already at {space_name(taken[0])}."
    ix, iy = island_offset(rot)
    island = (x + ix, y + iy)
    for other in board.islands:
        if abs(island[0] - other[0]) + abs(island[1] - other[1]) == 1:
            return (f"Its Island would be at {space_name(island)}, right next to the Island at "
                    f"{space_name(other)}: you cannot place its Island adjacent to any other "
                    f"Island (diagonal is fine).")
    return ""
