"""The public face of the engine: ``new_game``, ``State``, ``Action``, ``LogEntry``.

>>> s = new_game(players=2, seed=3)
>>> s.current_player
'bluefin'
>>> [str(a) for a in s.legal_actions()]
['start 0,0', 'start 3,2']
>>> s.apply("start 0,0").log[-1].events[0]
'Bluefin places its Flagship and a Patrol on the Fish Island at 0,0'
"""

from __future__ import annotations

import json
import marshal
import re
import secrets
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Iterable

from . import chance
from .board import Map, Space, parse_space, space_name
from .components import (BOARDS, CARD_KEYS, DICE_COUNT, MARKET_CARDS, MARKET_SIZE,
                         FACTION_NAMES, PLAN_CARDS, PLAN_KEYS, REWARD_START, SEATS, START_GOLD,
                         START_PLANS, START_READY_COMRADES, SUITS, TILES)
from .game import Game, board_kind, control, controller, name

FORMAT = "ahoy-nb/1"


class IllegalActionError(ValueError):
    """An action the rules do not allow now. The state is unchanged."""


class NotationError(IllegalActionError):
    """Text that is not Ahoy notation at all."""


class InvalidStateError(ValueError):
    """A saved state that is not a valid Ahoy position."""


@dataclass(frozen=True)
class Action:
    """A choice of one player, named by its notation.

    >>> Action("bluefin", "sail 4")
    Action('sail 4')
    """

    player: str
    notation: str

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Action({self.notation!r})"

    @property
    def verb(self) -> str:
        """The first word of the notation: ``sail``, ``move``, ``fire``..."""
        return self.notation.split(" ", 1)[0]


@dataclass(frozen=True)
class LogEntry:
    """One applied action: who chose it, its notation, and what happened.

    ``secret_from_others`` holds events only one faction may see: ``secret_for`` names it,
    one per secret (``player`` when not given). A hidden action (a pledge) only ``player`` sees.
    """

    player: str
    action: str
    events: tuple[str, ...]
    secret_from_others: tuple[str, ...] = ()
    hidden_action: bool = False
    secret_for: tuple[str, ...] = ()

    def seen_by(self, viewer: str | None) -> "LogEntry":
        """This entry as ``viewer`` sees it (``None``: a spectator who sees only public facts)."""
        owners = self.secret_for or (self.player,) * len(self.secret_from_others)
        hidden = {e for e, owner in zip(self.secret_from_others, owners) if owner != viewer}
        if viewer == self.player and not hidden:
            return self
        events = tuple(e for e in self.events if e not in hidden)
        action = (f"{self.action.split(' ')[0]} (hidden)"
                  if self.hidden_action and viewer != self.player else self.action)
        return LogEntry(self.player, action, events)

    def to_dict(self) -> dict:
        return {"player": self.player, "action": self.action, "events": list(self.events),
                "secret": list(self.secret_from_others), "hidden_action": self.hidden_action,
                "secret_for": list(self.secret_for)}

    @cached_property
    def json_text(self) -> str:
        """``to_dict()`` as compact JSON with sorted keys, encoded once."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))


def _copy(data: dict) -> dict:
    # The state is plain data, so marshal gives a fast deep copy.
    return marshal.loads(marshal.dumps(data))


def new_game(players: int = 3, seed: int | None = None) -> "State":
    """Set up a game for 2, 3 or 4 players, as the rulebook's Game Setup says.

    >>> s = new_game(4, seed=1)
    >>> s.players
    ['bluefin', 'smuggler1', 'mollusk', 'smuggler2']
    """
    if players not in SEATS:
        raise ValueError(f"Ahoy is for 2 to 4 players, not {players}")
    if seed is None:
        seed = secrets.randbits(32)
    seats = list(SEATS[players])
    data: dict[str, Any] = {
        "format": FORMAT, "players": seats, "seed": seed, "rng": chance.seed_state(seed),
        "fixed": {}, "phase": "setup", "round": 1, "first": "bluefin", "turn": None,
        "tiles": [], "tile_stack": list(range(len(TILES))), "tile_box": [],
        "figures": [], "comrades": {}, "market": [], "market_deck": list(range(len(MARKET_CARDS))),
        "market_box": [], "factions": {}, "pending": [], "winners": [],
    }
    return State._setup(data)


class State:
    """An Ahoy position, its history and its log."""

    def __init__(self, data: dict, log: list[LogEntry] | None = None,
                 history: list[bytes] | None = None):
        self.data = data
        self.log: list[LogEntry] = log if log is not None else []
        self.history: list[bytes] = history if history is not None else []
        self._options: dict | None = None

    # -- setup ----------------------------------------------------------
    @classmethod
    def _setup(cls, data: dict) -> "State":
        g = Game(data)
        stack = data["tile_stack"]
        boxed = chance.draw(data, "box-tile", sorted(stack))
        stack.remove(boxed)
        data["tile_box"].append(boxed)
        g.say("One region tile goes back to the box unseen")
        first = chance.draw(data, "tile", sorted(stack))
        stack.remove(first)
        second = chance.draw(data, "tile", sorted(stack))
        stack.remove(second)
        from .game import place_tile
        place_tile(g, first, 0, 0, 180)
        place_tile(g, second, 2, 1, 0)
        if len(data["players"]) < 4:
            for suit in SUITS:
                cards = [c for c in data["market_deck"] if MARKET_CARDS[c]["suit"] == suit]
                card = chance.draw(data, "box-card", cards)
                data["market_deck"].remove(card)
                data["market_box"].append(card)
            g.say("Market cards returned to the box: " +
                  ", ".join(MARKET_CARDS[c]["name"] for c in data["market_box"]))
        g.refill_market()
        for f in data["players"]:
            kind = board_kind(f)
            fs = {"gold": START_GOLD, "fame": 0, "dice": [], "aside": [],
                  "slots": [{"die": None, "damage": False} for _ in BOARDS[kind]], "crew": []}
            if f == "mollusk":
                fs.update({"ready": START_READY_COMRADES, "hand": [],
                           "plan_deck": list(range(len(PLAN_CARDS))), "discard": [], "ships": {}})
            if kind == "smuggler":
                fs.update({"cargo": [], "pledged": {"bluefin": [], "mollusk": []},
                           "white": list(REWARD_START), "black": list(REWARD_START)})
            data["factions"][f] = fs
            g.roll_dice(f)
        if "mollusk" in data["factions"]:
            g.draw_plans(START_PLANS)
        # Faction setup in the rulebook's order: Bluefin, first Smuggler, Mollusk, second Smuggler.
        steps = [{"type": "setup-bluefin", "player": "bluefin"}]
        if "smuggler1" in data["factions"]:
            steps.append({"type": "setup-smuggler", "player": "smuggler1"})
        steps.append({"type": "setup-mollusk", "player": None})
        if "smuggler2" in data["factions"]:
            steps.append({"type": "setup-smuggler", "player": "smuggler2"})
        steps.append({"type": "begin-play", "player": None})
        data["pending"] = steps[::-1]
        g.advance()
        # The log opens with what setup did; later entries are one per action.
        return cls(data, [LogEntry("setup", "setup", tuple(e for e, _ in g.events),
                                   tuple(e for e, only in g.events if only), False,
                                   tuple(only for _, only in g.events if only))])

    # -- reading the position -------------------------------------------
    @property
    def players(self) -> list[str]:
        return list(self.data["players"])

    @property
    def current_player(self) -> str | None:
        """Who must decide now; ``None`` once the game is over."""
        return Game(self.data).deciding()

    @property
    def turn_player(self) -> str | None:
        """Whose turn it is (another player may have to decide, like a defender)."""
        return self.data["turn"]["player"] if self.data["turn"] else None

    @property
    def round(self) -> int:
        return self.data["round"]

    @property
    def first_player(self) -> str:
        return self.data["first"]

    @property
    def phase(self) -> str:
        return self.data["phase"]

    @property
    def is_over(self) -> bool:
        return self.data["phase"] == "over"

    @property
    def winners(self) -> list[str]:
        """The winners once the game is over: most Fame, then most gold (a full tie shares it)."""
        return list(self.data["winners"])

    @property
    def winner(self) -> str | None:
        """The single winner, or ``None`` while the game runs or on a full tie."""
        w = self.data["winners"]
        return w[0] if len(w) == 1 else None

    @property
    def fame(self) -> dict[str, int]:
        return {f: fs["fame"] for f, fs in self.data["factions"].items()}

    @property
    def gold(self) -> dict[str, int]:
        return {f: fs["gold"] for f, fs in self.data["factions"].items()}

    @property
    def map(self) -> Map:
        return Map.of(self.data["tiles"])

    def dice(self, faction: str) -> list[int]:
        """Unplaced action dice of a faction."""
        return list(self.data["factions"][faction]["dice"])

    def figures(self, space: Space | str | None = None) -> list[dict]:
        """Figures on the map (all, or those in one space): ``{"id", "kind", "owner", "at"}``."""
        figs = self.data["figures"]
        if space is not None:
            space = parse_space(space) if isinstance(space, str) else tuple(space)
            figs = [f for f in figs if tuple(f["at"]) == space]
        return [dict(f, at=tuple(f["at"])) for f in figs]

    def comrades(self) -> dict[Space, int]:
        """Comrades on each Island that has any."""
        return {parse_space(k): v for k, v in self.data["comrades"].items()}

    def regions(self) -> list[dict]:
        """Each region: its Island, suit, wealth, control and controller.

        >>> new_game(2, seed=3).regions()[0]["wealth"]
        1
        """
        g = Game(self.data)
        m = g.map
        out = []
        for r, tile in enumerate(self.data["tiles"]):
            island = m.island_of_region(r)
            out.append({"region": r, "tile": tile["tile"], "island": island,
                        "suit": m.spaces[island].suit, "wealth": tile["wealth"],
                        "spaces": m.region_spaces[r], "control": control(g, r),
                        "controller": controller(g, r)})
        return out

    def control(self, island: Space | str) -> dict[str, int]:
        """Bluefin and Mollusk control of the region whose Island is at ``island``."""
        island = parse_space(island) if isinstance(island, str) else tuple(island)
        g = Game(self.data)
        return control(g, g.map.region_of(island))

    def slots(self, faction: str) -> list[dict]:
        """Every die slot of a faction (board, Crew, Union ships) with its die and damage."""
        g = Game(self.data)
        return [{"key": key, "action": spec["action"], "need": spec["need"],
                 "dashed": spec["dashed"], "die": slot["die"], "damage": slot["damage"]}
                for key, spec, slot in g.slot_list(faction, with_ships=True)]

    @property
    def prompt(self) -> str:
        """What the player who must decide is being asked, in words."""
        from .explain import prompt
        return prompt(self)

    # -- actions --------------------------------------------------------
    def _option_table(self) -> dict:
        if self._options is None:
            g = Game(self.data)
            self._options = {text: (fn, args) for text, fn, args in g.options()}
        return self._options

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now, each with unique notation."""
        player = self.current_player
        return [Action(player, text) for text in self._option_table()]

    def is_legal(self, action: Action | str) -> bool:
        """Whether :meth:`apply` would accept ``action`` now (any input: never raises)."""
        try:
            text = _normalise(action)
        except IllegalActionError:
            return False
        if isinstance(action, Action) and action.player != self.current_player:
            return False
        return text in self._option_table()

    def apply(self, action: Action | str) -> "State":
        """Apply a legal action (or its notation) and return ``self``.

        Anything else raises :class:`IllegalActionError` and changes nothing.
        """
        text = _normalise(action)
        table = self._option_table()
        if text not in table:
            from .explain import why_illegal
            raise why_illegal(self, text, action)
        g = Game(self.data)
        player = g.deciding()
        if isinstance(action, Action) and action.player != player:
            raise IllegalActionError(f"It is {name(player)}'s decision now, not "
                                     f"{FACTION_NAMES.get(action.player, repr(action.player)[:40])}'s")
        fn, args = table[text]
        snapshot = marshal.dumps(self.data)
        frame = g.top()
        hidden = bool(frame and frame["type"] == "pledge")
        try:
            fn(g, frame, *args)
            g.advance()
        except Exception:
            self.data = marshal.loads(snapshot)
            raise
        finally:
            self._options = None
        self.history.append(snapshot)
        self.log.append(LogEntry(player, text, tuple(e for e, _ in g.events),
                                 tuple(e for e, only in g.events if only), hidden,
                                 tuple(only for _, only in g.events if only)))
        return self

    def undo(self) -> "State":
        """Take back the last action. Raises :class:`IllegalActionError` at the start of the game."""
        if not self.history:
            raise IllegalActionError("There is no action to undo: this is the start of the game")
        self.data = marshal.loads(self.history.pop())
        self.log.pop()
        self._options = None
        return self

    def copy(self) -> "State":
        """An independent copy, history and log included."""
        return State(_copy(self.data), list(self.log), list(self.history))

    def after(self, action: Action | str) -> "State":
        """The position after ``action``, leaving this one untouched."""
        return self.copy().apply(action)

    # -- chance ---------------------------------------------------------
    def fix(self, kind: str, outcomes: Iterable) -> "State":
        """Fix the outcomes of the next random events of ``kind`` (see ``docs/engine.md``).

        >>> s = new_game(2, seed=1).fix("battle", [[[6], [1]]])
        >>> s.data["fixed"]["battle"]
        [[[6], [1]]]
        """
        if kind not in chance.KINDS:
            raise ValueError(f"unknown kind of random event {kind!r}; kinds: {', '.join(chance.KINDS)}")
        outcomes = [_plain(o) for o in outcomes]
        for o in outcomes:
            _check_outcome(self.data, kind, o)
        self.data["fixed"].setdefault(kind, []).extend(outcomes)
        self._options = None
        return self

    def fix_battle(self, attacker: int | list[int], defender: int | list[int]) -> "State":
        """Fix the next battle roll: ``fix_battle(2, 5)``."""
        a = [attacker] if isinstance(attacker, int) else list(attacker)
        d = [defender] if isinstance(defender, int) else list(defender)
        return self.fix("battle", [[a, d]])

    def fix_dice(self, values: Iterable[int]) -> "State":
        """Fix the next action dice rolls, in the order they are rolled."""
        return self.fix("die", list(values))

    def outcomes(self, action: Action | str) -> list[tuple[float, Any, "State"]]:
        """``(probability, outcome, state)`` for each outcome of the first random event
        ``action`` triggers; ``[(1.0, None, state)]`` if it triggers none."""
        if not self.is_legal(action):
            from .explain import why_illegal
            raise why_illegal(self, _normalise(action), action)
        probe = self.copy()
        probe.data["probe"] = True
        try:
            probe.apply(action)
        except chance.ChanceProbe as event:
            p = 1.0 / len(event.outcomes)
            out = []
            for outcome in event.outcomes:
                s = self.copy()
                s.data["fixed"].setdefault(event.kind, []).insert(0, outcome)
                out.append((p, outcome, s.apply(action)))
            return out
        del probe.data["probe"]
        return [(1.0, None, probe)]

    # -- views and saving -------------------------------------------------
    def view(self, player: str | None) -> dict:
        """The position as ``player`` may see it (``None``: a spectator).

        Hidden: the tile stack and the tile in the box, the order and contents of decks,
        the generator, the Mollusk plan hand (but to Mollusk), Smuggler pledges (but to
        their owner).
        """
        from .explain import view
        return view(self, player)

    def to_json(self) -> str:
        """The whole position and its log as JSON (the undo history is not saved)."""
        # The text of json.dumps({"state": ..., "log": [...]}, sort_keys=True, separators=(",", ":")),
        # with each log entry (immutable) encoded once and kept.
        return ('{"log":[' + ",".join(e.json_text for e in self.log) + '],"state":'
                + json.dumps(self.data, sort_keys=True, separators=(",", ":")) + "}")

    @classmethod
    def from_json(cls, text: str) -> "State":
        """Load a position saved by :meth:`to_json`; raises :class:`InvalidStateError`."""
        from .validate import check_text, validate
        check_text(text)  # size and nesting depth bounded before parsing
        try:
            doc = json.loads(text)
        except (TypeError, ValueError) as err:
            raise InvalidStateError(f"not a saved Ahoy state: {err}") from None
        if not isinstance(doc, dict) or "state" not in doc or set(doc) - {"state", "log"}:
            raise InvalidStateError("not a saved Ahoy state: expected {\"state\": ..., \"log\": [...]}")
        validate(doc["state"], doc.get("log", []), saved=True)
        log = [LogEntry(e["player"], e["action"], tuple(e["events"]), tuple(e["secret"]),
                        e["hidden_action"], tuple(e.get("secret_for", ()))) for e in doc.get("log", [])]
        return cls(doc["state"], log)

    # -- display ----------------------------------------------------------
    def __str__(self) -> str:
        from .explain import describe
        return describe(self)

    def __repr__(self) -> str:
        who = self.current_player
        status = "over" if self.is_over else f"{who} to decide"
        return f"<ahoy State round {self.round}, {status}, fame {self.fame}>"

    def _repr_svg_(self) -> str:
        from ..render import render_svg
        return render_svg(self)

    def __eq__(self, other) -> bool:
        return isinstance(other, State) and self.data == other.data


_SPACES = re.compile(r"\s+")


def _normalise(action) -> str:
    if isinstance(action, Action):
        if not isinstance(action.notation, str) or not isinstance(action.player, str):
            raise NotationError(f"an Action is a player and its notation (text), not "
                                f"{action.player!r} and {action.notation!r}"[:300])
        return action.notation
    if not isinstance(action, str):
        raise NotationError(f"an action is an Action or its notation, not {type(action).__name__}")
    return _SPACES.sub(" ", action.strip().lower())


def _plain(outcome):
    if isinstance(outcome, tuple):
        return [_plain(o) for o in outcome]
    if isinstance(outcome, list):
        return [_plain(o) for o in outcome]
    return outcome


def _check_outcome(data: dict, kind: str, outcome) -> None:
    if kind == "die" and outcome not in chance.DIE_FACES:
        raise ValueError(f"an action die shows 1 to 6, not {outcome!r}")
    if kind == "battle":
        # One side may be empty: a reroll of one side only (Grogmaster).
        ok = (isinstance(outcome, list) and len(outcome) == 2
              and all(isinstance(side, list) and all(v in chance.DIE_FACES for v in side)
                      for side in outcome) and any(outcome))
        if not ok:
            raise ValueError(f"a battle roll is [[attacker dice], [defender dice]], not {outcome!r}")
    if kind == "tile" and outcome not in data["tile_stack"]:
        raise ValueError(f"region tile {outcome!r} is not in the stack")
    if kind == "market" and outcome not in data["market_deck"]:
        raise ValueError(f"market card {outcome!r} is not in the deck")
    if kind == "plan" and outcome not in data["factions"].get("mollusk", {}).get("plan_deck", []):
        raise ValueError(f"plan card {outcome!r} is not in the plan deck")
