"""The game in words, for a screen reader or a keyboard: the position as headings and
lists, the answers to typed questions, and a typed line read as an action.

Every front end draws the same data (the ``text`` trait, docs/accessibility.md): there is
no second renderer in JavaScript. Everything here is made for one viewer from what that
viewer may see: the engine's accessors asked *as* the viewer (``State.faction(f,
viewer=...)`` raises on a secret), the public map, Market and battle, and the log as the
viewer sees it (``LogEntry.seen_by``).

>>> from ahoy_nb.engine import new_game
>>> s = new_game(2, seed=1)
>>> blocks = position_text(s, "bluefin")
>>> [b["heading"] for b in blocks if b.get("level") == 2]
['Game', 'Factions', 'Regions', 'Market']
>>> read_line(s, "bluefin", "2", s.legal_actions())
Reading(kind='action', value='start 3,2', lines=())
>>> read_line(s, "bluefin", "start on the island at 0,0", s.legal_actions()).value
'start 0,0'
>>> read_line(s, "bluefin", "where mollusk", s.legal_actions()).value
'Mollusk (green) has no figures on the map.'
>>> read_line(s, "bluefin", "sail 9", s.legal_actions())    # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ahoy_nb.session.text.NotPossible: Not possible: ...
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

from ..engine import Action, IllegalActionError, State
from ..engine.components import FACTION_NAMES, PLAN_BY_KEY, PLAN_CARDS
from ..engine.geometry import parse_space, space_name
from ..engine.notation import normalise
from ..engine.views import HiddenInformationError
from ..engine.words import card_name, cargo_name, faction_name, label, slot_title
from ..render.palette import FACTION_COLOR_NAMES
from ..tips import search
from ..tutorials.friendly import reason_only

__all__ = ["position_text", "read_line", "Reading", "NotPossible", "COMMANDS", "KEYS",
           "MAX_LINE", "who", "where", "region_text", "space_text", "log_line"]

MAX_LINE = 200   # a longer line is refused before it is read

#: The typed commands, as the help lists them: (what to type, what it answers).
COMMANDS = (
    ("a number, a notation or the words of a choice", "take that action (1 takes the first listed)"),
    ("choices", "list the actions you may take now, numbered"),
    ("where FACTION", "where a faction's figures are (where bluefin, where me)"),
    ("region X,Y or SUIT", "what is in a region and which regions are next to it (region 3,2, region fish)"),
    ("space X,Y", "what is on one space"),
    ("dice", "your dice: to place, placed and set aside"),
    ("plans", "your plans (the Mollusk) or your pledged Cargo (a Smuggler)"),
    ("fame", "each faction's Fame and gold"),
    ("market", "the Market's cards"),
    ("last", "the last action and what it did"),
    ("turn", "whose turn it is, and what is asked"),
    ("chance", "each side's chance to win against these bots (when Analysis is on)"),
    ("rules WORD", "the rules on a word (rules fog)"),
    ("undo", "take back your last action, when the rules of this game allow"),
    ("a button's name", "press it: hint, next, show me, back..."),
    ("help", "this list"),
)

#: The board's keys, as the help lists them (board.js handles them).
KEYS = (
    ("Tab, Shift+Tab", "move between the map, the dice, the slots, the cards and the buttons"),
    ("arrow keys, Home, End", "move between the spaces of the map"),
    ("Enter or Space", "choose what has the focus"),
    ("Escape", "close a chooser, a question or this help"),
    ("1 to 9", "pick a choice in an open chooser"),
    ("u", "undo"),
    ("h", "hint"),
    ("e", "end your turn, when you may"),
    ("r, Shift+R", "turn the tile being placed"),
    ("t", "go to the text box (text mode)"),
    ("?", "this list of keys"),
)


class NotPossible(IllegalActionError):
    """A typed line that is not an action of the viewer's now, with why (``Not possible:
    ...``); nothing changes."""


class Reading(NamedTuple):
    """What a typed line asks for: ``kind`` ``"action"`` (``value`` the notation),
    ``"answer"`` (``value`` the answer, ``lines`` more of it), ``"undo"``, ``"chance"``
    (the screen answers with its advisor's chances) or ``"press"`` (``value``: a button's
    name, pressed on the screen's side panels)."""

    kind: str
    value: str
    lines: tuple[str, ...] = ()


# -- names --------------------------------------------------------------------------------

def who(faction: str) -> str:
    """A faction and its colour in words.

    >>> who("mollusk")
    'Mollusk (green)'
    """
    colour = FACTION_COLOR_NAMES.get(faction)
    return f"{faction_name(faction)} ({colour})" if colour else faction_name(faction)


def _numbers(values: Iterable[int]) -> str:
    values = list(values)
    return ", ".join(map(str, values)) if values else "none"


def _figure_name(fig) -> str:
    kind = "Flagship" if fig.kind == "flagship" else fig.kind.title()
    return f"{faction_name(fig.owner)}'s {kind}"


def _plan_name(key: str) -> str:
    return PLAN_CARDS[PLAN_BY_KEY[key]]["name"] if key in PLAN_BY_KEY else key


def _region_name(region) -> str:
    return f"{region.suit.title()} region, Island at {space_name(region.island)}"


def _faction_view(state: State, f: str, viewer: str | None):
    """A faction's facts as ``viewer`` may see them (``"all"``: as the faction itself)."""
    return state.faction(f) if viewer == "all" else state.faction(f, viewer=viewer)


# -- the position -------------------------------------------------------------------------

def position_text(state: State, viewer: str | None, choices: Iterable[dict] = (),
                  status: str = "") -> list[dict]:
    """The position as ``viewer`` may see it, as blocks: ``{"heading", "level"}`` (2 or
    3), ``{"items": [...]}`` (a list; ``"ordered": True`` for the numbered choices) or
    ``{"text"}`` (a paragraph). ``choices``: the board's choices (``{"n", "label"}``),
    listed by number; ``status``: the board's status line.

    >>> from ahoy_nb.engine import new_game
    >>> s = new_game(2, seed=1).apply("start 0,0")
    >>> blocks = position_text(s, "mollusk")
    >>> next(b["items"] for b in blocks if "items" in b and any("Plans" in i for i in b["items"]))[:3]
    ['Fame 0, gold 1', 'Dice to place: 1, 2, 5, 5', 'Dice placed: none']
    """
    out: list[dict] = []
    game = [status] if status else []
    game.append(f"You are {who(viewer)}" if viewer in state.players else
                "You see everything" if viewer == "all" else "You are watching")
    if state.prompt:
        game.append(f"Asked: {state.prompt}")
    if state.data["players"]:
        game.append(f"First player: {faction_name(state.first_player)}")
    game.append(f"Region tiles left to explore: {state.supplies.tiles}")
    out += [{"heading": "Game", "level": 2}, {"items": game}]
    choices = list(choices)
    if choices:
        out += [{"heading": "Your choices", "level": 2},
                {"items": [f"{c['label']} ({c['n']})" for c in choices], "ordered": True}]
    battle = state.battle
    if battle is not None:
        out += [{"heading": f"Battle at {space_name(battle.space)}", "level": 2},
                {"items": _battle_lines(state, battle)}]
    out.append({"heading": "Factions", "level": 2})
    for f in state.players:
        if f not in state.data["factions"]:
            continue
        title = who(f) + (" (you)" if f == viewer else "")
        if f == state.current_player:
            title += ", to decide"
        out += [{"heading": title, "level": 3}, {"items": faction_lines(state, f, viewer)}]
    out.append({"heading": "Regions", "level": 2})
    for region in _regions(state):
        out += [{"heading": _region_name(region), "level": 3},
                {"items": region_lines(state, region)}]
    market = state.market
    out += [{"heading": "Market", "level": 2},
            {"items": [f"{card_name(c)} (Cargo: {cargo_name(k)})" for c, k in zip(market.row, market.cargo)]
             + [f"Deck: {market.deck_size} cards"]}]
    return out


def faction_lines(state: State, f: str, viewer: str | None) -> list[str]:
    """One faction's facts in words, as ``viewer`` may see them (never a secret)."""
    me = _faction_view(state, f, viewer)
    lines = [f"Fame {me.fame}, gold {me.gold}", f"Dice to place: {_numbers(me.dice)}"]
    placed = [f"{slot_title(key)} {', '.join(map(str, values))}" for key, values in me.placed.items()]
    lines.append("Dice placed: " + ("; ".join(placed) or "none"))
    if me.aside:
        lines.append(f"Dice set aside: {_numbers(me.aside)}")
    if me.damaged:
        lines.append("Damaged: " + ", ".join(slot_title(k) for k in me.damaged))
    lines.append("Crew: " + (", ".join(card_name(c) for c in me.crew) or "none"))
    figures = [fig for fig in _figures(state) if fig.owner == f]
    flagship = next((fig for fig in figures if fig.kind == "flagship"), None)
    lines.append(f"Flagship at {space_name(flagship.at)}" if flagship else "Flagship not on the map")
    if me.cannons_loaded:
        lines.append("Cannons loaded")
    for kind in ("patrol", "stronghold", "cutter", "gunship"):
        at = [space_name(fig.at) for fig in figures if fig.kind == kind]
        if at:
            plural = {"patrol": "Patrols", "stronghold": "Strongholds"}.get(kind, kind.title())
            lines.append(f"{plural} at {'; '.join(at)}")
    if me.kind == "smuggler":
        lines.append("Cargo: " + (", ".join(cargo_name(c) for c in me.cargo) or "none"))
        lines.append(f"Cargo delivered: {len(me.delivered)}")
        if me.reward_markers is not None:
            lines.append(f"Reward under the white marker: {me.reward_markers.reward}")
        try:
            pledged = me.pledges
        except HiddenInformationError:
            pledged = None
        if pledged is not None:
            for side, cards in pledged.items():
                lines.append(f"Pledged to {faction_name(side)}: "
                             + (", ".join(cargo_name(c) for c in cards) or "none"))
    if me.kind == "mollusk":
        lines.append(f"Ready Comrades: {me.ready_comrades}")
        try:
            plans = [_plan_name(p) for p in me.plans]
            lines.append(f"Plans: {', '.join(plans) or 'none'}")
        except HiddenInformationError:
            lines.append(f"Plans: {me.plan_count} in hand (hidden)")
    return lines


def _figures(state: State):
    return [state.figure(fig["id"]) for fig in state.data["figures"]]


def _regions(state: State):
    """Every region, in the order its Island reads on the map (top to bottom)."""
    seen, out = set(), []
    for space in sorted(state.map.spaces, key=lambda s: (s[1], s[0])):
        region = state.region(space)
        if region.index not in seen:
            seen.add(region.index)
            out.append(region)
    return sorted(out, key=lambda r: (r.island[1], r.island[0]))


def region_lines(state: State, region) -> list[str]:
    """A region in words: wealth, control, each space with what is on it."""
    lines = [f"Wealth {region.wealth}"]
    control = ", ".join(f"{faction_name(f)} {n}" for f, n in region.control.items())
    lines.append(f"Control: {control}; "
                 + (f"controlled by {faction_name(region.controller)}" if region.controller
                    else "controlled by nobody"))
    lines += [space_text(state, space) for space in sorted(region.spaces, key=lambda s: (s[1], s[0]))]
    return lines


def space_text(state: State, space) -> str:
    """One space in words: where, its terrain, and what is on it.

    >>> from ahoy_nb.engine import new_game
    >>> space_text(new_game(2, seed=1).apply("start 0,0"), (0, 0))
    "0,0: Island (tree), Bluefin's Flagship, Bluefin's Patrol"
    """
    info = state.space(space)
    words = [space_name(space) + ":", _terrain(info)]
    words += [_figure_name(fig) for fig in info.figures]
    if info.comrades:
        words.append(f"{info.comrades} Comrade{'s' if info.comrades > 1 else ''}")
    return " ".join(words[:2]) + "".join(f", {w}" for w in words[2:])


def _terrain(info) -> str:
    t = info.terrain
    if t == "island":
        text = f"Island ({info.suit})"
    elif t == "current" and info.current:
        arrow = {(0, -1): "up", (0, 1): "down", (-1, 0): "left", (1, 0): "right"}.get(
            tuple(info.current), space_name(info.current))
        text = f"Current, pushing {arrow}"
    else:
        text = "open sea" if t == "open" else t.title()
    if info.tailwind is not None:
        text += f", Tailwind {info.tailwind}"
    if info.treasure:
        text += f", Treasure {info.treasure}"
    return text


def _battle_lines(state: State, battle) -> list[str]:
    lines = []
    for side in ("attacker", "defender"):
        fig = state.figure(getattr(battle, side))
        if fig is not None:
            lines.append(f"{side.title()}: {_figure_name(fig)}, battle dice {battle.dice.get(side, 0)}"
                         + (f", fired {battle.fire[side]}" if battle.fire.get(side) else ""))
    if battle.roll:
        lines.append(f"Roll: attacker {_numbers(battle.roll[0])}, defender {_numbers(battle.roll[1])}")
    return lines


# -- the answers to questions -------------------------------------------------------------

def where(state: State, faction: str) -> str:
    """Where a faction's figures are, in words.

    >>> from ahoy_nb.engine import new_game
    >>> where(new_game(2, seed=1).apply("start 0,0"), "bluefin")
    'Bluefin (blue): Flagship at 0,0 (Tree region); Patrol at 0,0 (Tree region).'
    """
    figs = [fig for fig in _figures(state) if fig.owner == faction]
    if not figs:
        return f"{who(faction)} has no figures on the map."
    counts: dict[tuple[str, tuple], int] = {}     # figures of a kind on a space, counted once
    for fig in figs:
        kind = "Flagship" if fig.kind == "flagship" else fig.kind.title()
        counts[kind, fig.at] = counts.get((kind, fig.at), 0) + 1
    parts = [f"{f'{n} {kind}s' if n > 1 else kind} at {space_name(at)} "
             f"({state.region(at).suit.title()} region)" for (kind, at), n in counts.items()]
    return f"{who(faction)}: " + "; ".join(parts) + "."


def region_text(state: State, region) -> tuple[str, tuple[str, ...]]:
    """A region and the regions next to it: ``(first line, the rest)``."""
    m = state.map
    near = set()
    for space in region.spaces:
        for n in m.neighbours(space):
            if m.on_map(n) and m.region_of(n) != region.index:
                near.add(m.region_of(n))
    names = [r for r in _regions(state) if r.index in near]
    lines = tuple(region_lines(state, region)) + (
        "Next to: " + ("; ".join(_region_name(r) for r in names) or "no other region"),)
    return _region_name(region), lines


def log_line(entry: dict) -> str:
    """A log entry (as the board's log sends it) in one line, in the log's words."""
    head = "Setup" if entry["i"] == 0 else f"{entry['i']}. {entry['name']}: {entry['action']}"
    return head + "".join(f". {e}" for e in entry["events"])


def _faction_named(state: State, viewer: str | None, words: str) -> str | None:
    text = words.strip().lower()
    if text in ("me", "my", "mine", "i", "you") and viewer in state.players:
        return viewer
    for f in state.players:
        name = FACTION_NAMES[f].lower()
        if text in (f, name, name.replace(" ", ""), FACTION_COLOR_NAMES.get(f, "")) or (
                len(text) >= 1 and name.startswith(text) and
                sum(FACTION_NAMES[g].lower().startswith(text) for g in state.players) == 1):
            return f
    return None


def _region_named(state: State, words: str):
    text = words.strip().lower().removesuffix(" region").strip()
    try:
        return state.region(parse_space(text.replace(" ", "")))
    except (ValueError, KeyError):
        pass   # not a space: perhaps a suit ("fish region")
    for region in _regions(state):
        if region.suit == text:
            return region
    return None


def _answer(state: State, viewer: str | None, verb: str, rest: str,
            choices: list[dict]) -> Reading | None:
    """A query command's answer, or ``None`` if ``verb`` is no command."""
    if verb in ("help", "?", "commands", "keys"):
        return Reading("answer", "Type an action, or one of these:",
                       tuple(f"{what}: {does}" for what, does in COMMANDS)
                       + tuple(f"Key {key}: {does}" for key, does in KEYS))
    if verb in ("choices", "actions", "moves", "m", "list"):
        if not choices:
            return Reading("answer", "You have no choice to make now. " + _turn(state))
        return Reading("answer", f"{len(choices)} choices:",
                       tuple(f"{k}. {c['label']} ({c['n']})" for k, c in enumerate(choices, 1)))
    if verb in ("where", "w", "p"):
        words = [w for w in rest.split() if w not in ("are", "is", "the", "of", "figures", "ships")]
        f = _faction_named(state, viewer, " ".join(words))
        if f is None:
            raise NotPossible(f"Not possible: name a faction: "
                              f"{', '.join(faction_name(x) for x in state.players)} or me")
        return Reading("answer", where(state, f))
    if verb in ("region", "r", "what"):
        region = _region_named(state, rest.removeprefix("is in ").removeprefix("is at "))
        if region is None:
            raise NotPossible("Not possible: name a region by its Island's space (region 3,2) "
                              "or its suit (" + ", ".join(sorted({r.suit for r in _regions(state)})) + ")")
        first, lines = region_text(state, region)
        return Reading("answer", first, lines)
    if verb in ("space", "s"):
        try:
            space = parse_space(rest.replace(" ", ""))
            return Reading("answer", space_text(state, space))
        except ValueError:
            raise NotPossible(f"Not possible: {rest.strip()[:20] or 'that'} is not a space on "
                              f"the map (write it as x,y, like 3,2)") from None
    if verb == "dice":
        if viewer not in state.players:
            return Reading("answer", "You play no faction here: "
                           + "; ".join(f"{faction_name(f)}: {_numbers(state.faction(f, viewer=None).dice)}"
                                       for f in state.players))
        return Reading("answer", f"Your dice: {who(viewer)}",
                       tuple(faction_lines(state, viewer, viewer)[1:3]))
    if verb in ("plans", "plan", "pledges"):
        return Reading("answer", _plans(state, viewer))
    if verb in ("fame", "score", "scores"):
        return Reading("answer", "; ".join(f"{who(f)}: {state.fame[f]} Fame, {state.gold[f]} gold"
                                           for f in state.players))
    if verb == "market":
        market = state.market
        return Reading("answer", "Market: " + "; ".join(
            f"{card_name(c)} (Cargo: {cargo_name(k)})" for c, k in zip(market.row, market.cargo))
            + f". Deck: {market.deck_size} cards.")
    if verb in ("last", "l"):
        entries = state.log
        if not entries:
            return Reading("answer", "No action has been taken yet.")
        entry = entries[-1] if viewer == "all" else entries[-1].seen_by(viewer)
        name = faction_name(entry.player)
        return Reading("answer", f"Last: {name}: {entry.action}", tuple(entry.events))
    if verb in ("turn", "t", "whose", "who"):
        return Reading("answer", _turn(state))
    if verb in ("chance", "c", "odds"):
        return Reading("chance", "")
    if verb in ("rules", "rule"):
        found = search(rest)
        if not rest.strip():
            raise NotPossible("Not possible: say which rule, like rules fog")
        if not found:
            return Reading("answer", f"No rule mentions {rest.strip()[:40]!r}.")
        return Reading("answer", f"Rules on {rest.strip()[:40]}: {len(found)} found",
                       tuple(f"{title} ({group}): {text}" for group, title, text in found[:6]))
    if verb in ("undo", "u"):
        return Reading("undo", "")
    return None


def _turn(state: State) -> str:
    if state.is_over:
        return f"The game is over: {state.result}."
    return (f"Round {state.round}: {who(state.current_player)} to decide. "
            f"Asked: {state.prompt}")


def _plans(state: State, viewer: str | None) -> str:
    if viewer not in state.players:
        return "You play no faction here: plans and pledges are secret."
    me = state.faction(viewer, viewer=viewer)
    if me.kind == "mollusk":
        return "Your plans: " + (", ".join(_plan_name(p) for p in me.plans) or "none")
    if me.kind == "smuggler":
        return "Your pledges: " + "; ".join(
            f"to {faction_name(side)}: {', '.join(cargo_name(c) for c in cards) or 'none'}"
            for side, cards in me.pledges.items())
    return "Bluefin holds no plans."


# -- reading a typed line ----------------------------------------------------------------

_BUTTON_WORDS = ("hint", "next", "show me", "show", "back", "restart", "review", "analysis")


def read_line(state: State, viewer: str | None, line: str, legal: Iterable[Action] = (),
              choices: Iterable[dict] | None = None) -> Reading:
    """What the typed ``line`` asks, for ``viewer`` at ``state``: an action of ``legal``
    (the actions the viewer may take now; none when it is not their decision) typed as its
    number in the list of choices, its notation or its words; or a command (:data:`COMMANDS`).
    A line that is neither raises :class:`NotPossible` with why, in the rules' words.

    >>> from ahoy_nb.engine import new_game
    >>> s = new_game(2, seed=1)
    >>> read_line(s, "mollusk", "start 0,0")      # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ahoy_nb.session.text.NotPossible: Not possible: it is Bluefin's decision now, not Mollusk's.
    >>> read_line(s, "bluefin", "rules fog").value
    'Rules on fog: 3 found'
    """
    if not isinstance(line, str) or len(line) > MAX_LINE:
        raise NotPossible(f"Not possible: a line is text of at most {MAX_LINE} characters")
    text = " ".join(line.strip().lstrip("/").split())
    if not text:
        raise NotPossible("Not possible: type an action or a command (help lists them)")
    legal = list(legal)
    if choices is None:
        choices = [{"n": a.notation, "label": label(state, a)} for a in legal]
    choices = list(choices)
    lower = text.lower()
    by_notation = {a.notation: a for a in legal}
    if lower.isdigit():
        k = int(lower)
        if not choices:
            raise NotPossible(f"Not possible: there is no choice {k}: {_not_yours(state, viewer)}")
        if not 1 <= k <= len(choices):
            raise NotPossible(f"Not possible: choose a number from 1 to {len(choices)}")
        return Reading("action", choices[k - 1]["n"])
    if lower in by_notation:
        return Reading("action", lower)
    for c in choices:
        if c["label"].lower().rstrip(".") == lower.rstrip("."):
            return Reading("action", c["n"])
    verb, _, rest = lower.partition(" ")
    if lower in ("whose turn", "my dice", "my plans", "my pledges", "last action", "last move"):
        verb, rest = lower.split(" ")[-1], ""
        verb = {"action": "last", "move": "last"}.get(verb, verb)
    answer = _answer(state, viewer, verb, rest, choices)
    if answer is not None:
        return answer
    if lower in _BUTTON_WORDS:
        return Reading("press", lower)
    # Notation the engine may read: why it is not possible, in the rules' words.
    if state.is_over:
        raise NotPossible("Not possible: the game is over")
    if not legal:
        raise NotPossible(f"Not possible: {_not_yours(state, viewer)}.")
    try:
        notation = normalise(text)
        state.copy().apply(notation)
    except IllegalActionError as err:
        reason = reason_only(str(err))
        if reason.startswith("Cannot read"):
            reason += " Type help for the commands, or choices for the actions."
        raise NotPossible(f"Not possible: {reason}") from None
    raise NotPossible(f"Not possible: '{text[:60]}' is not one of your choices now")


def _not_yours(state: State, viewer: str | None) -> str:
    if state.is_over:
        return "the game is over"
    deciding = state.current_player
    if viewer in (deciding, "all"):
        return "you have no choice to make here now"
    return (f"it is {faction_name(deciding)}'s decision now"
            + (f", not {faction_name(viewer)}'s" if viewer in state.players else ""))
