"""What the board shows, as data, and what a board's front end may ask: the one list of
the board's traits, one function from a position to the traits a viewer sees, and one
parser of intents.

Every front end draws the same front end (``ahoy_nb/widgets/board.js``) from the same
traits: the notebook's :class:`~ahoy_nb.widgets.board.BoardWidget`, the Panel app's
board, an online table's page (its server answers with :func:`board_view`) and
:func:`ahoy_nb.join`'s board. :data:`TRAITS` lists them once, with their type and
default, and who sets each:

* ``"view"``: :func:`board_view` computes them from the game (the server sends them);
* ``"screen"``: the screen that shows the board sets them (:class:`~ahoy_nb.session.board.Board`:
  the answer to the last intent, the marks of a hint, the side column's panels...);
* ``"front"``: the front end sets it (``intent``: a click, a key, a button).

docs/widgets.md, "Trait protocol", says what each holds.

>>> from ahoy_nb.engine import new_game
>>> shown = board_view(new_game(2, seed=1), "bluefin", answers=Answers(can_act=True))
>>> shown["actions"], shown["status"]
(['start 0,0', 'start 3,2'], 'Round 1: Bluefin to decide')
>>> parse_intent({"undo": True, "id": 7})
Intent(kind='undo', value=True, id=7)
>>> parse_intent({"dance": 1, "id": 8})                       # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ahoy_nb.session.view.MalformedIntent: Malformed intent {'dance': 1, 'id': 8}: it needs exactly one of action, ...
"""

from __future__ import annotations

import html
import marshal
from dataclasses import dataclass
from typing import Any, Iterable, Literal, NamedTuple

from ..ai.analysis import battle_odds, fire_amount
from ..engine import IllegalActionError, State
from ..engine.words import faction_name, label
from ..render import render_parts
from ..engine.words import slot_title
from .text import MAX_LINE, position_text

__all__ = ["TRAITS", "Trait", "SERVED", "Answers", "Intent", "MalformedIntent", "INTENT_KINDS",
           "board_view", "parse_intent", "shown_state", "log_entries", "log_parts", "first_action",
           "LOG_PAGE", "MAX_NOTATION", "MAX_ERROR", "cut"]

LOG_PAGE = 25        # the log's head is resent once every LOG_PAGE actions
MAX_NOTATION = 200   # longer text is no notation: refused before the engine reads it
MAX_ERROR = 300      # an error never echoes more than this back to the front end
INTENT_KINDS = ("action", "concede", "undo", "scrub", "reveal", "refused", "press", "line",
                "text")


@dataclass(frozen=True)
class Trait:
    """One trait of the board: its type (``dict``, ``list``, ``str``, ``int``, ``bool``,
    ``"optional str"`` or ``"any"``), its default, and who sets it."""

    type: Any
    default: Any
    by: Literal["view", "screen", "front"]


#: Every trait the board's front end reads or sets, in one place (docs/widgets.md).
TRAITS: dict[str, Trait] = {
    "parts": Trait(dict, {}, "view"),
    "actions": Trait(list, [], "view"),
    "choices": Trait(list, [], "view"),
    "notices": Trait(list, [], "view"),
    "prompt": Trait(str, "", "view"),
    "status": Trait(str, "", "view"),
    "history_length": Trait(int, 0, "view"),
    "position": Trait(int, 0, "view"),
    "viewer": Trait("optional str", None, "view"),
    "deciding": Trait("optional str", None, "view"),
    "players": Trait(list, [], "view"),
    "can_act": Trait(bool, False, "view"),
    "can_undo": Trait(bool, False, "view"),
    "can_concede": Trait(list, [], "view"),
    "text": Trait(list, [], "view"),
    "log_head": Trait(list, [], "screen"),
    "log_tail": Trait(list, [], "screen"),
    "hints": Trait(list, [], "screen"),
    "error": Trait(str, "", "screen"),
    "handover": Trait(str, "", "screen"),
    "ack": Trait("any", None, "screen"),
    "highlight": Trait(list, [], "screen"),
    "message": Trait(dict, {}, "screen"),
    "panels": Trait(list, [], "screen"),
    "intent": Trait("any", None, "front"),
}

#: What a server sends for a seat's board: the view, and ``entries`` (the whole log, which
#: the page splits into ``log_head`` and ``log_tail`` itself).
SERVED = tuple(name for name, trait in TRAITS.items() if trait.by == "view") + ("entries",)


@dataclass(frozen=True)
class Answers:
    """The game session's answers for the person at a screen (see
    :class:`~ahoy_nb.session.game.GameSession`): whether they may act now, take back their
    last action, and who may concede from here (``[{"f", "label", "warn"}]``)."""

    can_act: bool = False
    can_undo: bool = False
    concessions: tuple = ()


def first_action(state: State) -> int:
    """Where the actions begin in ``state.log``: 1 after the setup entry of a
    ``new_game``, 0 in a position built without one (``scenario``, the tutorials)."""
    return len(state.log) - len(state.history)


def shown_state(state: State, position: int) -> State:
    """The game after ``position`` actions: ``state`` itself at the latest, else a
    read-only copy of that past position (with its log and history up to there)."""
    if position >= len(state.history):
        return state
    return State(marshal.loads(state.history[position]),
                 list(state.log[:position + first_action(state)]), list(state.history[:position]))


def cut(text: str, limit: int = MAX_ERROR) -> str:
    """``text`` cut to ``limit`` characters (an error must not echo a huge input back)."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def board_view(state: State, viewer: str | None, position: int | None = None, *,
               answers: Answers = Answers(), hints: Iterable[str] = (),
               highlight: Iterable[str] = (), mark: str | None = None,
               log_cache: dict | None = None, text: bool = False) -> dict:
    """The ``"view"`` traits of a board showing ``state`` (the live game) to ``viewer`` (a
    faction, ``"all"`` or ``None`` for a spectator), at ``position`` (after that many
    actions; default the latest), plus ``entries`` (the whole log as the viewer may see
    it) and ``svg`` (the parts joined, for Python readers).

    ``answers``: what the session says the person at this screen may do (nothing, by
    default). The legal actions are drawn and listed only when they may act at the
    latest position. ``hints``: actions marked as suggested (a Hint); ``mark``: one
    action marked on a past position (a review's better move); ``highlight``: spaces
    outlined. ``log_cache``: a dict the caller keeps between calls, so a long game's log
    costs no more than a short one's. ``text``: also the position in words, as headings
    and lists (the ``text`` trait, :func:`~ahoy_nb.session.text.position_text`), for a
    screen in text mode.
    """
    n = len(state.history)
    k = n if position is None else max(0, min(position, n))
    live = k == n
    shown = shown_state(state, k)
    may_act = bool(answers.can_act) and live and not state.is_over
    legal = state.legal_actions() if may_act else []
    actions = [a.notation for a in legal]
    marked = [mark] if mark and not live else []
    try:
        parts = render_parts(shown, viewer=viewer,
                             actions=marked or (actions if may_act else None),
                             highlight=list(highlight),
                             hints=marked or (list(hints) if may_act else []))
        error = ""
    except Exception as err:  # noqa: BLE001 - a drawing bug must not break the game
        parts = {"map": _summary_svg(shown)}
        error = f"The board could not be drawn ({type(err).__name__}: {err})"
    if live and state.is_over:
        status = f"Round {state.round}: game over, {state.result}"
    elif live:
        status = f"Round {state.round}: {faction_name(state.current_player)} to decide"
    else:   # a past position: the status, the Fame and who decides are of that position
        status = (f"Viewing the position after {k} of {n} actions (round {shown.round}, "
                  f"read-only): {faction_name(shown.current_player)} to decide there")
    choices = _choices(state, legal)
    out = {
        "parts": parts, "svg": "".join(parts.values()), "actions": actions,
        "choices": choices, "text": position_text(shown, viewer, choices, status) if text else [],
        "notices": _notices(state, viewer, may_act) if live else [],
        "prompt": shown.prompt, "status": status, "history_length": n, "position": k,
        "viewer": viewer, "deciding": shown.current_player,
        "players": [{"id": f, "name": faction_name(f), "fame": shown.fame[f],
                     "gold": shown.gold[f]} for f in state.players],
        "can_act": may_act, "can_undo": bool(answers.can_undo) and live,
        "can_concede": list(answers.concessions) if live else [],
        "entries": log_entries(state, viewer, log_cache),
    }
    if error:
        out["error"] = error
    return out


def log_entries(state: State, viewer: str | None, cache: dict | None = None) -> list[dict]:
    """The log as ``viewer`` may see it: ``[{"i", "player", "name", "action", "events"}]``
    (``i`` = 0 is the setup, ``i`` = k the k-th action). ``cache``: a dict kept by the
    caller; log entries never change once written, so each is worded once per viewer."""
    shift = 1 - first_action(state)
    old = cache.get("entries", {}) if cache is not None else {}
    out, fresh = [], {}
    for i, entry in enumerate(state.log, start=shift):
        key = (id(entry), viewer, i)
        item = old.get(key)
        if item is None or item[0] is not entry:
            seen = entry if viewer == "all" else entry.seen_by(viewer)
            item = (entry, {"i": i, "player": seen.player, "name": faction_name(seen.player),
                            "action": seen.action, "events": list(seen.events)})
        fresh[key] = item
        out.append(item[1])
    if cache is not None:
        cache["entries"] = fresh
    return out


def log_parts(entries: list[dict], head: list[dict]) -> tuple[list[dict], list[dict]]:
    """The log as a front end is sent it: a head that changes once every
    :data:`LOG_PAGE` entries (or when an undo reaches into it) and a short tail, given
    the ``head`` sent before, so an action sends only the recent tail."""
    k = len(head)
    if k > len(entries) or len(entries) - k > LOG_PAGE or entries[:k] != head:
        k = (len(entries) - 1) // LOG_PAGE * LOG_PAGE if entries else 0
    return entries[:k], entries[k:]


def _summary_svg(state: State) -> str:
    """Only public facts as text: shown if the board cannot be drawn."""
    lines = [f"Round {state.round}", state.prompt]
    lines += [f"{faction_name(f)}: {fame} Fame" for f, fame in state.fame.items()]
    body = "".join(f'<text x="10" y="{24 + 20 * i}">{html.escape(line)}</text>'
                   for i, line in enumerate(lines))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="600" height="{40 + 20 * len(lines)}" '
            f'font-family="sans-serif" font-size="14">{body}</svg>')


# -- intents ---------------------------------------------------------------------------------

class MalformedIntent(IllegalActionError):
    """An intent that is not one a board's front end sends; nothing changes."""


class Intent(NamedTuple):
    """One thing a board's front end asks for: ``kind`` (one of :data:`INTENT_KINDS`), its
    ``value`` and the ``id`` to acknowledge it with (``None`` if it had none usable)."""

    kind: str
    value: Any
    id: int | float | str | None


def intent_id(intent: Any) -> int | float | str | None:
    """The id an answer acknowledges: a number or a short text, else ``None``."""
    ident = intent.get("id") if isinstance(intent, dict) else None
    if isinstance(ident, bool) or not isinstance(ident, (int, float, str)):
        return None
    return ident[:64] if isinstance(ident, str) else ident


def parse_intent(intent: Any, history_length: int | None = None) -> Intent:
    """Read an intent sent by the board's front end: an object with an ``id`` and exactly
    one of :data:`INTENT_KINDS`, each value of its own shape:

    * ``{"action": "move 3,1"}``: a notation; ``{"concede": "mollusk"}``: a faction;
    * ``{"undo": true}``, ``{"reveal": true}``;
    * ``{"scrub": k}``: a position from 0 to ``history_length``;
    * ``{"refused": {"space": "3,1", ...}}``: the data attributes of an element clicked
      where nothing is offered;
    * ``{"press": {"panel": "advisor", "button": "hint"}}``: a side panel's button;
    * ``{"line": "sail 4"}``: a line typed in text mode (an action or a question,
      :func:`~ahoy_nb.session.text.read_line`); ``{"text": true}``: text mode on or off.

    Anything else raises :class:`MalformedIntent` (an ``IllegalActionError``) saying what
    was expected. Whether the intent is *allowed* is the session's question, not this.
    """
    if not isinstance(intent, dict):
        raise MalformedIntent(
            f"Malformed intent {cut(repr(intent), 80)}: expected an object like "
            '{"action": "sail 4", "id": 1}')
    kinds = [k for k in INTENT_KINDS if k in intent]
    unknown = sorted(set(intent) - set(INTENT_KINDS) - {"id"})
    if len(kinds) != 1 or unknown:
        raise MalformedIntent(
            f"Malformed intent {cut(repr(intent), 80)}: it needs exactly one of "
            f"{', '.join(INTENT_KINDS)} (and an id)")
    kind = kinds[0]
    value = intent[kind]
    if kind == "action":
        if not isinstance(value, str) or not value.strip() or len(value) > MAX_NOTATION:
            raise MalformedIntent(f"Malformed intent: an action is its notation, "
                                  f"like 'sail 4', not {cut(repr(value), 60)}")
    elif kind == "concede":
        if not isinstance(value, str) or len(value) > 40:
            raise MalformedIntent(f"Malformed intent: concede names a player, "
                                  f"not {cut(repr(value), 40)}")
    elif kind == "line":
        if not isinstance(value, str) or len(value) > MAX_LINE:
            raise MalformedIntent(f"Malformed intent: a typed line is text of at most "
                                  f"{MAX_LINE} characters, not {cut(repr(value), 40)}")
    elif kind == "text":
        if not isinstance(value, bool):
            raise MalformedIntent(f"Malformed intent: write {{\"text\": true}} or false, "
                                  f"not {cut(repr(value), 20)}")
    elif kind in ("undo", "reveal"):
        if value is not True:
            raise MalformedIntent(f"Malformed intent: write {{\"{kind}\": true}}, not {value!r}")
    elif kind == "scrub":
        top = history_length
        if (isinstance(value, bool) or not isinstance(value, int) or value < 0
                or (top is not None and value > top)):
            raise MalformedIntent(f"Malformed intent: scrub to a position from 0 to "
                                  f"{top if top is not None else 'the latest'}, not {value!r}")
    elif kind == "refused":
        if (not isinstance(value, dict) or len(value) > 12
                or not all(isinstance(k, str) and isinstance(v, str) and len(k) < 40
                           and len(v) < 200 for k, v in value.items())):
            raise MalformedIntent("Malformed intent: a refused click names the element's "
                                  'data attributes, like {"space": "3,1"}')
    elif kind == "press":
        if (not isinstance(value, dict) or set(value) != {"panel", "button"}
                or not all(isinstance(v, str) for v in value.values())):
            raise MalformedIntent('Malformed intent: a press names its panel and button, '
                                  'like {"panel": "advisor", "button": "hint"}')
    return Intent(kind, value, intent_id(intent))


# -- what the front end shows beside the picture ---------------------------------------------

def _choices(state: State, legal) -> list[dict]:
    """Each legal action in words, with its chooser group and any warning before it."""
    out = []
    for action in legal:
        a = action.args
        info = {"n": action.notation, "label": label(state, action), "verb": action.verb}
        for key in ("slot", "die", "value", "gold", "card", "cargo", "pay"):
            if key in a:
                info[key] = a[key]
        if action.verb == "recruit":
            # Recruiting for gold, with a die, and smuggling the card's Cargo: apart.
            info["group"] = "Recruit with a die" if "die" in a else "Recruit for gold"
        elif "die" in a and action.verb not in ("fire", "harbor-cannons"):
            info["group"] = slot_title(a["slot"])
        else:
            info["group"] = action.verb.replace("-", " ").capitalize()
        warn = _warning(state, action)
        if warn:
            info["warn"] = warn
        out.append(info)
    return out


def _warning(state: State, action) -> str:
    """What a move costs that a player may not expect: a damage, a battle (asking the
    engine what the move does, on a copy)."""
    if action.verb != "move" or not state.map.on_map(tuple(action.args["space"])):
        return ""
    before = [f["type"] for f in state.data["pending"]]
    after = state.after(action)
    words = []
    words += [e for e in after.log[-1].events if "damage" in e.lower()]
    new = [f["type"] for f in after.data["pending"]][len(before):]
    if "series" in new or "fight" in new:
        words.append("a battle starts")
    return "; ".join(words)


def _fight(state: State) -> dict | None:
    return next((f for f in reversed(state.data["pending"]) if f["type"] == "fight"), None)


def _notices(state: State, viewer, may_act: bool) -> list[dict]:
    """The panels over the board: a battle, its result, the round's scoring, the game over."""
    out = []
    log = state.log
    fight = _fight(state)
    top = state.data["pending"][-1] if state.data["pending"] else None
    if fight is not None:
        figs = {f["id"]: f for f in state.figures()}
        sides = []
        for side in ("attacker", "defender"):
            fig = figs.get(fight[side])
            if fig is None:
                continue
            owner = fig["owner"]
            cannons = [sl["die"] for sl in state.slots(owner)
                       if sl["action"] == "cannons" and sl["die"]]
            sides.append(f"{side.title()}: {faction_name(owner)}"
                         + (f" {fig['kind']}" if fig["kind"] != "flagship" else "")
                         + f", Cannons {', '.join(map(str, cannons)) or 'none'}")
        notice = {"id": f"battle-{state.round}-{fight['space'][0]},{fight['space'][1]}-"
                        f"{fight['attacker']}-{fight['defender']}",
                  "kind": "battle", "title": f"Battle at {fight['space'][0]},{fight['space'][1]}",
                  "lines": sides, "choices": []}
        if may_act and top is not None and top["type"] == "fire":
            try:
                odds = battle_odds(state)
            except ValueError:
                odds = {}
            fixed = bool(state.data["fixed"].get("battle"))   # a lesson's dice
            if fixed and odds:
                notice["lines"].append("The dice of this battle are fixed (a lesson): the "
                                       "chances are those of a real game's roll.")
            for action in state.legal_actions():
                p = odds.get(fire_amount(action.notation))
                notice["choices"].append({"n": action.notation, "label": label(state, action),
                                          "odds": None if p is None else round(p, 4),
                                          "odds_label": "in a real game, wins" if fixed else "wins"})
        out.append(notice)
    if log:
        last = log[-1].seen_by(viewer) if viewer != "all" else log[-1]
        if any(" wins the battle " in e for e in last.events):
            out.append({"id": f"result-{len(log)}", "kind": "battle-result",
                        "title": "Battle result", "lines": list(last.events), "choices": []})
    # the last round's scoring, within the latest round
    for k in range(len(log) - 1, max(-1, len(log) - 80), -1):
        events = log[k].events
        start = next((i for i, e in enumerate(events) if " ends: scoring regions" in e), None)
        if start is None:
            continue
        lines = [events[start]]
        for e in events[start + 1:]:
            if "controls" not in e and "controlling" not in e:
                break
            lines.append(e)
        lines.append("Fame now: " + ", ".join(f"{faction_name(f)} {n}"
                                              for f, n in state.fame.items()))
        out.append({"id": f"round-{k}", "kind": "round", "title": events[start].split(":")[0],
                    "lines": lines, "choices": []})
        break
    if state.is_over:
        fame, gold = state.fame, state.gold
        final = log[-1].seen_by(viewer) if viewer != "all" else log[-1]
        ranked = sorted(state.players, key=lambda f: (-fame[f], -gold[f]))
        standing = [f"{faction_name(f)}: {fame[f]} Fame, {gold[f]} gold" for f in ranked]
        if state.conceded:
            # A concession decides the game: it comes first, and no tie is broken.
            lines = [e for e in final.events if " concede" in e] + standing
        else:
            lines = standing
            best = fame[ranked[0]]
            if sum(1 for f in ranked if fame[f] == best) > 1:
                lines.append(f"Tied on {best} Fame: " + (
                    "gold breaks the tie" if len(state.winners) == 1
                    else "the tie stands on gold too"))
            lines += [e for e in final.events if "pledge" in e.lower() or " wins" in e]
        out.insert(0, {"id": "over", "kind": "over",
                       "title": f"Game over: {state.result}",
                       "lines": lines, "choices": []})
    return out
