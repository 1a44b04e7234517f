"""The public face of the engine: ``new_game``, ``State``, ``Action``, ``LogEntry``.

>>> s = new_game(players=2, seed=3)
>>> s.current_player
'bluefin'
>>> [str(a) for a in s.legal_actions()]
['start 0,0', 'start 3,2']
>>> s.apply("start 0,0").log[-1].events[0]
'Bluefin places its Flagship and a Patrol on the Skull Island at 0,0'
"""

from __future__ import annotations

import json
import operator
import marshal
import secrets
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, Iterable, Sequence

from . import cards, chance, display, limits, observe, views  # noqa: F401  (cards: registers the Crew and plans)
from .chance import seed_state, whole_seed
from .geometry import Map, Space, parse_space
from .components import (BOARDS, FACTION_NAMES, MARKET_CARDS, PLAN_CARDS, REWARD_START, SEATS,
                         START_GOLD, START_PLANS, START_READY_COMRADES, SUITS, TILES)
from .errors import (EngineError, IllegalActionError, InvalidStateError, NotationError,
                     OutcomeLimitError)
from .rules import Play, board_kind, control, controller, name, place_tile
from .rules import conceding
from .rules.setup import setup_steps
from .rules.turn import effectless_option
from .explain import describe, prompt, why_illegal
from .history import History
from .kernel import FRAMES, LEGAL, deciding
from .notation import Action, normalise
from .schema import FORMAT, RULES, RULES_EDITIONS, FigureId
from .validate import check_text, validate


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
    # What happened as data (``{"kind": "battle", "winner": ..., "loser": ...}``); public,
    # and not saved by ``to_json`` (the events' text is).
    facts: tuple[dict, ...] = field(default=(), compare=False)

    def seen_by(self, viewer: str | None) -> "LogEntry":
        """This entry as ``viewer`` sees it (``None``: a spectator who sees only public facts)."""
        owners = self.secret_for or (self.player,) * len(self.secret_from_others)
        hidden = {e for e, owner in zip(self.secret_from_others, owners) if owner != viewer}
        if viewer == self.player and not hidden:
            return self
        events = tuple(e for e in self.events if e not in hidden)
        action = (f"{self.action.split(' ')[0]} (hidden)"
                  if self.hidden_action and viewer != self.player else self.action)
        return LogEntry(self.player, action, events, facts=self.facts)

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


def _replay(before: bytes, action: str) -> bytes:
    """The position after ``action`` from the position ``before`` (history.py)."""
    state = State(marshal.loads(before))
    state._shared = False
    state.apply(action)
    return marshal.dumps(state._data)


def player_count(players: Any) -> int:
    """``players`` as an ``int`` (numpy's whole numbers too), if Ahoy is played by that many.

    >>> player_count(4)
    4
    >>> player_count("3")
    Traceback (most recent call last):
    ValueError: players is 2, 3 or 4 (Ahoy is for 2 to 4 players), not '3'
    """
    try:
        n = None if isinstance(players, bool) else operator.index(players)
    except TypeError:
        n = None
    if n not in SEATS:
        raise ValueError(f"players is 2, 3 or 4 (Ahoy is for 2 to 4 players), "
                         f"not {players!r:.40}")
    return n


def require_state(state: Any) -> "State":
    """``state``, if it is a game's :class:`State`; else a ``ValueError`` that says what is."""
    if not isinstance(state, State):
        raise ValueError(f"a game is a State (ahoy_nb.new_game, or a saved game opened "
                         f"with ahoy_nb.savegame.load), not {state!r:.60}")
    return state


def new_game(players: int = 3, seed: int | None = None, chance: str = "seeded",
             rules: int = RULES) -> "State":
    """Set up a game for 2, 3 or 4 players, as the rulebook's Game Setup says.

    ``chance="explicit"``: every random event, from the setup's first tile draw on, is a
    chance point whose outcome the caller chooses (see :meth:`State.chance_outcomes`).
    ``rules``: the edition of the rules (:data:`~ahoy_nb.engine.schema.RULES_EDITIONS`);
    an earlier one only to replay a game recorded under it.

    >>> s = new_game(4, seed=1)
    >>> s.players
    ['bluefin', 'smuggler1', 'mollusk', 'smuggler2']
    """
    players = player_count(players)
    if rules not in RULES_EDITIONS:
        raise ValueError(f"the rules' editions are {', '.join(map(str, RULES_EDITIONS))}, "
                         f"not {rules!r}")
    seed = whole_seed(seed)
    if seed is None:
        seed = secrets.randbits(32)
    seats = list(SEATS[players])
    data: dict[str, Any] = {
        "format": FORMAT, "rules": rules, "players": seats, "seed": seed, "rng": seed_state(seed),
        "fixed": {}, "phase": "setup", "round": 1, "first": "bluefin", "turn": None,
        "tiles": [], "tile_stack": list(range(len(TILES))), "tile_box": [],
        "figures": [], "comrades": {}, "market": [], "market_deck": list(range(len(MARKET_CARDS))),
        "market_box": [], "factions": {}, "pending": [], "winners": [],
    }
    state = State(data)
    state._shared = False
    state._chance = chance_mode(chance)
    state._go(None, "setup", False, [])
    return state


def _set_up(data: dict) -> Play:
    """Game Setup on ``data``: tiles, Market, dice, plans; the events it made."""
    g = Play(data)
    stack = data["tile_stack"]
    boxed = chance.draw(data, "box-tile", sorted(stack))
    stack.remove(boxed)
    data["tile_box"].append(boxed)
    g.say("One region tile goes back to the box unseen")
    first = chance.draw(data, "tile", sorted(stack))
    stack.remove(first)
    second = chance.draw(data, "tile", sorted(stack))
    stack.remove(second)
    place_tile(g, first, 0, 0, 180)
    place_tile(g, second, 2, 1, 0)
    if len(data["players"]) < 4:
        for suit in SUITS:
            suited = [c for c in data["market_deck"] if MARKET_CARDS[c]["suit"] == suit]
            card = chance.draw(data, "box-card", suited)
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
    data["pending"] = setup_steps(data["players"])
    g.advance(limits.MOST_AUTO_STEPS)
    return g


def chance_mode(mode: str) -> str:
    if mode not in ("seeded", "explicit"):
        raise ValueError(f"chance is 'seeded' or 'explicit', not {mode!r}")
    return mode


class State:
    """An Ahoy position, its history and its log."""

    def __init__(self, data: dict, log: list[LogEntry] | None = None,
                 history: Sequence[bytes] | None = None):
        self._data = data
        self.log: list[LogEntry] = log if log is not None else []
        self.history = (history.copy() if isinstance(history, History)
                        else History(history or (), _replay))
        # Whether the data may be changed from outside: it came from the caller or was
        # handed out (``data``), so the position before an action is copied, not replayed
        # (history.py). Only data the State made itself is not.
        self._shared = True
        # Whether the position is history[-1] with the last logged action applied, and
        # nothing else: the next history entry may then be that action, replayed when read.
        self._replayable = False
        self._options: dict | None = None
        self._chance = "seeded"
        # The chance point waiting for its outcome (explicit chance), or None: the action
        # (None for the setup) and who took it, the outcomes chosen so far, and the event.
        self._point: dict | None = None
        # The turn's calm stretch: decisions since its start or its last random event
        # (limits.MOST_DECISIONS_WITHOUT_CHANCE), and the turn they belong to.
        self._calm = 0
        self._calm_turn: dict | None = None
        # The Map the last context built, lent to the next (see _play).
        self._map_of: tuple | None = None

    # -- reading the position -------------------------------------------
    @property
    def data(self) -> dict:
        """The position as plain data (``schema.StateData``). Changing it changes the game."""
        self._shared = True
        return self._data

    @data.setter
    def data(self, data: dict) -> None:
        self._data = data
        self._shared = True
        self._options = None

    @property
    def players(self) -> list[str]:
        return list(self._data["players"])

    @property
    def current_player(self) -> str | None:
        """Who must decide now: a faction, ``"chance"`` at a chance point, ``None`` once
        the game is over."""
        if self._point is not None:
            return "chance"
        return deciding(self._data)

    @property
    def turn_player(self) -> str | None:
        """Whose turn it is (another player may have to decide, like a defender)."""
        return self._data["turn"]["player"] if self._data["turn"] else None

    @property
    def round(self) -> int:
        return self._data["round"]

    @property
    def rules(self) -> int:
        """The edition of the rules this game follows (``schema.RULES_EDITIONS``): the one
        it began under."""
        return self._data["rules"]

    @property
    def first_player(self) -> str:
        return self._data["first"]

    @property
    def phase(self) -> str:
        return self._data["phase"]

    @property
    def is_over(self) -> bool:
        return self._data["phase"] == "over"

    @property
    def winners(self) -> list[str]:
        """The winners once the game is over: most Fame, then most gold (a full tie shares it)."""
        return list(self._data["winners"])

    @property
    def winner(self) -> str | None:
        """The single winner, or ``None`` while the game runs or on a full tie."""
        w = self._data["winners"]
        return w[0] if len(w) == 1 else None

    @property
    def fame(self) -> dict[str, int]:
        return {f: fs["fame"] for f, fs in self._data["factions"].items()}

    @property
    def gold(self) -> dict[str, int]:
        return {f: fs["gold"] for f, fs in self._data["factions"].items()}

    @property
    def map(self) -> Map:
        return Map.of(self._data["tiles"])

    def dice(self, faction: str) -> list[int]:
        """Unplaced action dice of a faction."""
        return list(self._data["factions"][faction]["dice"])

    def figures(self, space: Space | str | None = None) -> list[dict]:
        """Figures on the map (all, or those in one space): ``{"id", "kind", "owner", "at"}``."""
        figs = self._data["figures"]
        if space is not None:
            space = parse_space(space) if isinstance(space, str) else tuple(space)
            figs = [f for f in figs if tuple(f["at"]) == space]
        return [dict(f, at=tuple(f["at"])) for f in figs]

    def comrades(self) -> dict[Space, int]:
        """Comrades on each Island that has any."""
        return {parse_space(k): v for k, v in self._data["comrades"].items()}

    def regions(self) -> list[dict]:
        """Each region: its Island, suit, wealth, control and controller.

        >>> new_game(2, seed=3).regions()[0]["wealth"]
        1
        """
        g = Play(self._data)
        m = g.map
        out = []
        for r, tile in enumerate(self._data["tiles"]):
            island = m.island_of_region(r)
            out.append({"region": r, "tile": tile["tile"], "island": island,
                        "suit": m.spaces[island].suit, "wealth": tile["wealth"],
                        "spaces": m.region_spaces[r], "control": control(g, r),
                        "controller": controller(g, r)})
        return out

    def control(self, island: Space | str) -> dict[str, int]:
        """Bluefin and Mollusk control of the region whose Island is at ``island``."""
        island = parse_space(island) if isinstance(island, str) else tuple(island)
        g = Play(self._data)
        return control(g, g.map.region_of(island))

    def slots(self, faction: str) -> list[dict]:
        """Every die slot of a faction (board, Crew, Union ships) with its die and damage."""
        g = Play(self._data)
        return [{"key": key, "action": spec["action"], "need": spec["need"],
                 "dashed": spec["dashed"], "die": slot["die"], "damage": slot["damage"]}
                for key, spec, slot in g.slot_list(faction, with_ships=True)]

    # -- the game's facts as read-only views (views.py) --------------------
    def faction(self, name: str, viewer: str | None = views.OWNER) -> views.Faction:
        """One faction's facts as ``viewer`` sees them (by default the faction itself;
        ``None`` is a spectator): Crew, Cargo, dice, slots, damage, gold, Fame, plans...

        >>> s = new_game(3, seed=7)
        >>> s.faction("smuggler1").reward_markers
        RewardMarkers(white=(2, 2), black=(2, 2))
        >>> s.faction("smuggler1", viewer="bluefin").pledges
        Traceback (most recent call last):
        ...
        ahoy_nb.engine.views.HiddenInformationError: Smuggler 1's pledges are hidden from Bluefin
        """
        return views.faction_view(self, name, viewer)

    @property
    def factions(self) -> dict[str, views.Faction]:
        """Every faction in seat order, each as it sees itself.

        >>> [(f, v.gold) for f, v in new_game(2, seed=3).factions.items()]
        [('bluefin', 1), ('mollusk', 1)]
        """
        return {f: views.faction_view(self, f, views.OWNER) for f in self._data["players"]}

    def space(self, at: Space | str) -> views.SpaceView:
        """A space of the map: terrain, Tailwind, Treasure, figures and Comrades there.

        >>> new_game(2, seed=3).space("0,1").terrain
        'harbor'
        """
        return views.space_view(self, parse_space(at) if isinstance(at, str) else tuple(at))

    def region(self, at: Space | str) -> views.Region:
        """The region holding the space ``at`` (its Island, say): wealth, figures, control.

        >>> new_game(2, seed=3).region("3,2").suit
        'fish'
        """
        space = parse_space(at) if isinstance(at, str) else tuple(at)
        return views.region_views(self)[views.space_view(self, space).region]

    def figure(self, fid: str) -> views.Figure | None:
        """The figure with this id (``bluefin``, ``patrol-1``, ``cutter``...), or ``None``
        when it is not on the map.

        >>> s = new_game(2, seed=3).apply("start 0,0")
        >>> s.figure("patrol-1").at, s.figure("cutter")
        ((0, 0), None)
        """
        g = Play(self._data)
        fig = g.figure(fid)
        return views.figure_view(g, fig) if fig else None

    @property
    def market(self) -> views.Market:
        """The Market row, the deck's size and the cards returned to the box.

        >>> m = new_game(3, seed=7).market
        >>> m.row, m.deck_size
        (('gunner', 'merchant', 'whispering-wind'), 21)
        """
        return views.market_view(self)

    @property
    def supplies(self) -> views.Supplies:
        """Patrols, Strongholds, Comrades and gold in their supplies; tiles left in the stack.

        >>> new_game(3, seed=7).supplies
        Supplies(patrols=10, strongholds=3, comrades=14, gold=17, tiles=9, tiles_boxed=1)
        """
        return views.supplies_view(self)

    @property
    def turn(self) -> views.Turn | None:
        """The turn in progress (dice placed, Crew used once), ``None`` before play.

        >>> new_game(2, seed=3).apply("start 0,0").turn
        Turn(player='bluefin', placed=0, quota=2, once=())
        """
        return views.turn_view(self)

    @property
    def battle(self) -> views.Battle | None:
        """The battle being fought, if any (see :class:`views.Battle`).

        >>> new_game(2, seed=3).battle is None
        True
        """
        return views.battle_view(self)

    @property
    def decision(self) -> views.Decision | None:
        """The decision the game waits for, as the player deciding sees it; ``None`` once
        the game is over.

        >>> new_game(2, seed=3).decision.offered
        ('start 0,0', 'start 3,2')
        """
        return views.decision_view(self, views.OWNER)

    def decision_as(self, viewer: str | None) -> views.Decision | None:
        """The decision as ``viewer`` sees it: ``offered`` only for the player deciding.

        >>> d = new_game(2, seed=3).decision_as("mollusk")
        >>> d.kind, d.player
        ('setup-bluefin', 'bluefin')
        >>> d.offered
        Traceback (most recent call last):
        ...
        ahoy_nb.engine.views.HiddenInformationError: the choices offered to Bluefin are hidden from Mollusk
        """
        return views.decision_view(self, viewer)

    @property
    def prompt(self) -> str:
        """What the player who must decide is being asked, in words."""
        return prompt(self)

    # -- actions --------------------------------------------------------
    def _play(self) -> Play:
        """A context over the data, lent the Map the last one built: tiles are only ever
        appended, and a context builds its Map again when the tile list is another list
        or longer (after an undo, an explored tile)."""
        g = Play(self._data)
        g._map_of = self._map_of
        return g

    def _option_table(self) -> dict:
        if self._options is None:
            g = self._play()
            self._options = {text: (fn, args) for text, fn, args in g.options()}
            self._map_of = g._map_of
        return self._options

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now, each with unique notation."""
        if self._point is not None:
            return []  # chance decides: see chance_outcomes()
        player = self.current_player
        # Built without Action's __init__ (twice as fast): this runs at every decision.
        out = []
        for text, source in self._option_table().items():
            action = _new(Action)
            d = action.__dict__
            d["player"] = player
            d["notation"] = text
            d["source"] = source
            out.append(action)
        return out

    def is_legal(self, action: Action | str) -> bool:
        """Whether :meth:`apply` would accept ``action`` now (any input: never raises)."""
        if self._point is not None:
            return False
        try:
            text = _normalise(action)
        except IllegalActionError:
            return False
        if isinstance(action, Action) and action.player != self.who_acts(text):
            return False
        who = conceding.conceder(text)
        if who is not None:
            return conceding.refusal(self._data, who) is None
        return self._option(text) is not None

    # -- conceding (rules/conceding.py) ------------------------------------
    def who_acts(self, action: Action | str) -> str | None:
        """Whose action ``action`` would be: the faction a concession names (it may be
        taken out of turn), else the player deciding now.

        >>> s = new_game(2, seed=3)
        >>> s.who_acts("start 0,0"), s.who_acts("concede mollusk")
        ('bluefin', 'mollusk')
        """
        text = action.notation if isinstance(action, Action) else action
        who = conceding.conceder(normalise(text)) if isinstance(text, str) else None
        return who or self.current_player

    def may_concede(self, faction: str) -> bool:
        """Whether ``faction`` may concede now: in a game of two, at any moment until it
        ends, whoever is deciding; never with three or four players (docs/rulings.md).

        >>> new_game(2, seed=3).may_concede("mollusk"), new_game(3, seed=3).may_concede("mollusk")
        (True, False)
        """
        return (self._point is None and faction in FACTION_NAMES
                and conceding.refusal(self._data, faction) is None)

    def concede(self, faction: str) -> "State":
        """``faction`` concedes: the game ends and the other player wins. The action is
        ``concede <faction>`` in the log and in saves. Raises :class:`IllegalActionError`
        (changing nothing) where conceding is not allowed.

        >>> s = new_game(2, seed=3).apply("start 0,0").concede("mollusk")
        >>> s.winner, s.conceded, s.result
        ('bluefin', 'mollusk', 'Bluefin won: Mollusk conceded')
        """
        if faction not in FACTION_NAMES:
            raise IllegalActionError(f"{str(faction)[:40]!r} is not a faction: "
                                     f"{', '.join(FACTION_NAMES)}")
        return self.apply(Action(faction, f"{conceding.VERB} {faction}"))

    @property
    def conceded(self) -> str | None:
        """The faction that conceded the game, or ``None``."""
        return self._data.get("conceded")

    @property
    def result(self) -> str | None:
        """How the game ended, in words (``None`` while it runs).

        >>> new_game(2, seed=3).concede("bluefin").result
        'Mollusk won: Bluefin conceded'
        """
        if not self.is_over:
            return None
        return conceding.result(self._data) or prompt(self).removeprefix("The game is over: ")

    def apply(self, action: Action | str | Any) -> "State":
        """Apply a legal action (or its notation) and return ``self``.

        At a chance point (explicit chance), ``action`` is one of the outcomes of
        :meth:`chance_outcomes` instead. Anything else raises :class:`IllegalActionError`
        and changes nothing.
        """
        # A concession is taken whoever is deciding, even at a chance point (to refuse it).
        text = _normalise(action) if isinstance(action, (Action, str)) else None
        who = conceding.conceder(text) if text is not None else None
        if who is not None:
            return self._concede(who, text, action)
        if self._point is not None:
            return self._choose(action)
        if text is None:
            text = _normalise(action)  # raises: not an action
        option = self._option(text)
        if option is None:
            raise why_illegal(self, text, action)
        g = self._play()
        player = g.deciding()
        if isinstance(action, Action) and action.player != player:
            raise IllegalActionError(f"It is {name(player)}'s decision now, not "
                                     f"{FACTION_NAMES.get(action.player, repr(action.player)[:40])}'s")
        frame = g.top()
        self._go(text, player, bool(frame and frame["type"] == "pledge"), [], (g, option))
        return self

    def _option(self, text: str) -> tuple | None:
        """What ``text`` does now: a listed option, or the rulebook's effectless change of a
        die (``sail 3>3``), taken but not listed (docs/rulings.md); ``None`` if neither."""
        table = self._option_table()
        option = table.get(text)
        if option is None and ">" in text:
            option = effectless_option(self._play(), table, text)
        return option

    def _concede(self, who: str, text: str, action) -> "State":
        """A concession, taken whoever is deciding (``apply`` of ``concede <faction>``)."""
        reason = conceding.refusal(self._data, who)
        if reason is None and self._point is not None:
            reason = (f"a random event ({self._point['kind']}) is being decided: choose its "
                      f"outcome first")
        if reason is None and isinstance(action, Action) and action.player != who:
            reason = f"only {name(who)} can concede for {name(who)}"
        if reason:
            raise IllegalActionError(f"'{text}' is not allowed: {reason}")
        self._go(text, who, False, [], (Play(self._data), (conceding.concede, (who,))))
        return self

    def _go(self, text: str | None, player: str, hidden: bool, chosen: list,
            ready: tuple | None = None) -> None:
        """Run the action ``text`` (``None``: the setup) with the chance outcomes ``chosen``
        so far (``ready``: its context and option, when the caller has them); stop at the
        next random event if chance is explicit."""
        # The position before the action (the undo history, and what a failed action puts
        # back), or, where it is the last entry with the last action replayed, None: made
        # only when read (history.py).
        replay = (self._replayable and not self._shared and text is not None
                  and self._chance == "seeded" and not chosen and self.history.may_replay())
        snapshot = None if replay else marshal.dumps(self._data)
        table = self._options  # the position's options, still right if it comes back
        drawn = [0]
        counting = chance.count_draws(drawn)  # chance.counting() without a generator's cost
        try:
            try:
                if self._chance == "explicit":
                    with chance.explicit():
                        g = self._run(text, chosen, ready)
                else:
                    g = self._run(text, chosen, ready)
            finally:
                chance.stop_counting(counting)
            if text is not None:
                self._count_calm(drawn[0])
        except chance.Pending as event:
            self._restore(snapshot)
            self._options = table
            self._point = {"text": text, "player": player, "hidden": hidden, "chosen": chosen,
                           "kind": event.kind, "outcomes": event.outcomes}
            return
        except EngineError as err:
            self._restore(snapshot)
            self._options = table
            if err.position is None:
                err.position = self.to_json()
                err.args = (f"{err.args[0]}; at {self!r}, after {len(self.log)} actions "
                            f"(last: {', '.join(e.action for e in self.log[-6:])}); the position "
                            f"is in this error's .position",)
            raise
        except Exception:
            self._restore(snapshot)
            self._options = table
            raise
        self._options = None
        self._map_of = g._map_of
        events = g.events
        # Built without the frozen dataclass's __init__ (a third of the cost): one per action.
        entry = _new(LogEntry)
        entry.__dict__.update(player=player, action=text or "setup",
                              events=tuple([e for e, _ in events]), hidden_action=hidden,
                              facts=tuple(g.facts))
        if any(only for _, only in events):
            secret = [(e, only) for e, only in events if only]
            entry.__dict__.update(secret_from_others=tuple([e for e, _ in secret]),
                                  secret_for=tuple([only for _, only in secret]))
        else:
            entry.__dict__.update(secret_from_others=(), secret_for=())
        if text is None:
            # The log opens with what setup did; later entries are one per action.
            self.log = [entry]
        else:
            if snapshot is None:
                self.history.append_replay(self.log[-1].action)
            else:
                self.history.append(snapshot)
            self.log.append(entry)
            self._replayable = self._chance == "seeded" and not chosen

    def _before(self) -> dict:
        """The position before the action being applied, when it was not copied: the last
        history entry with the last logged action replayed."""
        return marshal.loads(_replay(self.history[-1], self.log[-1].action))

    def _restore(self, snapshot: bytes | None) -> None:
        """Put back the position before a failed action (an engine error, a chance point)."""
        self._data = marshal.loads(snapshot) if snapshot is not None else self._before()
        self._shared = False

    def _count_calm(self, drawn: int) -> None:
        """One more decision in this turn's calm stretch (none if it drew a random event or
        began a new turn); past the rules' bound it is an engine error."""
        turn = self._data["turn"]
        if drawn or turn is not self._calm_turn:
            self._calm, self._calm_turn = 0, turn
            return
        if self._calm + 1 > limits.MOST_DECISIONS_WITHOUT_CHANCE:
            raise EngineError(f"a turn went past the bound of "
                              f"{limits.MOST_DECISIONS_WITHOUT_CHANCE} decisions without a random "
                              f"event that the rules give it (docs/engine.md, \"How long a turn "
                              f"can be\"): an engine bug")
        self._calm += 1

    def _run(self, text: str | None, chosen: list, ready: tuple | None) -> Play:
        if ready is not None:
            g, (fn, args) = ready
        elif text is not None:
            g, (fn, args) = self._play(), self._option(text)
        for kind, outcome in chosen:
            self._data["fixed"].setdefault(kind, []).append(_copy(outcome))
        if text is None:
            return _set_up(self._data)
        fn(g, g.top(), *args)
        g.advance(limits.MOST_AUTO_STEPS)
        return g

    def _choose(self, outcome) -> "State":
        point = self._point
        outcome = _plain(outcome)
        if outcome not in point["outcomes"]:
            raise IllegalActionError(
                f"{outcome!r} is not an outcome of this random event ({point['kind']}); "
                f"outcomes: {point['outcomes'][:6]!r}{' ...' if len(point['outcomes']) > 6 else ''}")
        self._point = None
        self._go(point["text"], point["player"], point["hidden"],
                 point["chosen"] + [(point["kind"], outcome)])
        return self

    # -- chance ---------------------------------------------------------
    @property
    def chance(self) -> str:
        """``"seeded"``: each random event is drawn from the game's generator (the default);
        ``"explicit"``: each stops the game at a chance point (``current_player`` is
        ``"chance"``) until ``apply(outcome)`` picks one of :meth:`chance_outcomes`.

        Switching to ``"seeded"`` at a chance point draws the rest from the generator.
        """
        return self._chance

    @chance.setter
    def chance(self, mode: str) -> None:
        self._chance = chance_mode(mode)
        self._replayable = False
        point = self._point
        if mode == "seeded" and point is not None:
            self._point = None
            self._go(point["text"], point["player"], point["hidden"], point["chosen"])

    @property
    def chance_kind(self) -> str | None:
        """The kind of random event at a chance point (``"die"``, ``"battle"``, ``"tile"``,
        ``"market"``, ``"plan"``, ``"box-tile"``, ``"box-card"``), else ``None``."""
        return self._point["kind"] if self._point is not None else None

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        """``(outcome, probability)`` for each outcome of the random event at this chance
        point (all equally likely, summing to 1); ``[]`` when a player decides.

        >>> s = new_game(2, seed=1, chance="explicit")
        >>> s.current_player, s.chance_kind, len(s.chance_outcomes())
        ('chance', 'box-tile', 12)
        >>> s.apply(s.chance_outcomes()[0][0]).chance_kind
        'tile'
        """
        if self._point is None:
            return []
        outcomes = self._point["outcomes"]
        p = Fraction(1, len(outcomes))
        return [(_copy(o), p) for o in outcomes]

    def undo(self) -> "State":
        """Take back the last action. Raises :class:`IllegalActionError` at the start of the game."""
        if self._point is not None:
            # Nothing of the action is seen before its random events are all decided.
            self._point = None
            return self
        if not self.history:
            raise IllegalActionError("There is no action to undo: this is the start of the game")
        self._data = marshal.loads(self.history.pop())
        self._shared = self._replayable = False
        self.log.pop()
        self._options = None
        self._calm, self._calm_turn = max(0, self._calm - 1), self._data["turn"]
        return self

    def copy(self) -> "State":
        """An independent copy, history and log included."""
        twin = State(_copy(self._data), list(self.log), self.history)
        twin._shared, twin._replayable = False, self._replayable
        twin._chance = self._chance
        twin._options = self._options  # the same position has the same options (never mutated)
        if self._calm_turn is self._data["turn"]:
            twin._calm, twin._calm_turn = self._calm, twin.data["turn"]
        if self._point is not None:
            twin._point = dict(self._point, chosen=list(self._point["chosen"]))
        return twin

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
            _check_outcome(self._data, kind, o)
        self._data["fixed"].setdefault(kind, []).extend(outcomes)
        self._options = None
        self._replayable = False  # the next position is not the last action replayed
        return self

    def fix_battle(self, attacker: int | list[int], defender: int | list[int]) -> "State":
        """Fix the next battle roll: ``fix_battle(2, 5)``."""
        a = [attacker] if isinstance(attacker, int) else list(attacker)
        d = [defender] if isinstance(defender, int) else list(defender)
        return self.fix("battle", [[a, d]])

    def fix_dice(self, values: Iterable[int]) -> "State":
        """Fix the next action dice rolls, in the order they are rolled."""
        return self.fix("die", list(values))

    def outcomes(self, action: Action | str,
                 limit: int = 1296) -> list[tuple[Fraction, tuple | None, "State"]]:
        """``(probability, outcomes, state)`` for every way the random events ``action``
        leads to can fall: ``outcomes`` is the tuple of their outcomes in order (``None``
        when it leads to none). Every random event of the action is followed, not only
        the first; more than ``limit`` results raise :class:`OutcomeLimitError` (ending a
        round rolls every action die: step through those with ``chance="explicit"``).

        >>> s = new_game(2, seed=3)
        >>> [(p, o) for p, o, _ in s.outcomes("start 0,0")]
        [(Fraction(1, 1), None)]
        """
        if not self.is_legal(action):
            raise why_illegal(self, _normalise(action), action)
        first = self.copy()
        first.chance = "explicit"
        first.apply(action)
        too_many = OutcomeLimitError(f"'{action}' leads to more than {limit} outcomes of random "
                                     f"events; follow them one at a time with chance='explicit'")
        # One path first: the outcomes multiply along it (ending a round rolls every die).
        path, count = first, 1
        while path._point is not None:
            count *= len(path._point["outcomes"])
            if count > limit:
                raise too_many
            path = path.copy().apply(path._point["outcomes"][0])
        done: list[tuple[Fraction, tuple | None, State]] = []
        level = [(Fraction(1), (), first)]
        while level:
            points = [(p, seen, s) for p, seen, s in level if s._point is not None]
            for p, seen, s in level:
                if s._point is None:
                    s._chance = self._chance
                    done.append((p, seen or None, s))
            if len(done) + sum(len(s._point["outcomes"]) for _, _, s in points) > limit:
                raise too_many
            level = [(p * q, seen + (outcome,), s.copy().apply(outcome))
                     for p, seen, s in points for outcome, q in s.chance_outcomes()]
        return done

    # -- views and saving -------------------------------------------------
    def view(self, player: str | None) -> dict:
        """The position as ``player`` may see it (``None``: a spectator).

        Hidden: the tile stack and the tile in the box, the order and contents of decks,
        the generator, the Mollusk plan hand (but to Mollusk), Smuggler pledges (but to
        their owner).
        """
        return observe.view(self, player)

    def to_json(self) -> str:
        """The whole position and its log as JSON (the undo history is not saved)."""
        # The text of json.dumps({"state": ..., "log": [...]}, sort_keys=True, separators=(",", ":")),
        # with each log entry (immutable) encoded once and kept.
        return ('{"log":[' + ",".join(e.json_text for e in self.log) + '],"state":'
                + json.dumps(self._data, sort_keys=True, separators=(",", ":")) + "}")

    @classmethod
    def from_json(cls, text: str) -> "State":
        """Load a position saved by :meth:`to_json`; raises :class:`InvalidStateError`."""
        check_text(text)  # size and nesting depth bounded before parsing
        try:
            doc = json.loads(text)
        except (TypeError, ValueError) as err:
            raise InvalidStateError(f"not a saved Ahoy state: {err}") from None
        if not isinstance(doc, dict) or "state" not in doc or set(doc) - {"state", "log"}:
            raise InvalidStateError("not a saved Ahoy state: expected {\"state\": ..., \"log\": [...]}")
        if isinstance(doc["state"], dict):
            doc["state"].setdefault("rules", 1)   # saved before the rules had editions
        validate(doc["state"], doc.get("log", []))
        return playable(doc["state"], doc.get("log", []))

    # -- display ----------------------------------------------------------
    def __str__(self) -> str:
        return describe(self)

    def __repr__(self) -> str:
        who = self.current_player
        status = "over" if self.is_over else f"{who} to decide"
        return f"<ahoy State round {self.round}, {status}, fame {self.fame}>"

    def _repr_svg_(self) -> str | None:
        return display.show("svg", self)   # the picture, registered by ahoy_nb (display.py)

    def __eq__(self, other) -> bool:
        return isinstance(other, State) and self._data == other._data


_new = object.__new__


def _normalise(action) -> str:
    if isinstance(action, Action):
        if not isinstance(action.notation, str) or not isinstance(action.player, str):
            raise NotationError(f"an Action is a player and its notation (text), not "
                                f"{action.player!r} and {action.notation!r}"[:300])
        return action.notation
    return normalise(action)


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


def playable(data: dict, log: list = ()) -> State:
    """The position of a validated ``data`` (and its saved ``log``), once the engine has shown
    it can go on from it: who decides, what they may do, what each player sees.

    Anything else raises :class:`InvalidStateError`.
    """
    try:
        entries = [LogEntry(e["player"], e["action"], tuple(e["events"]), tuple(e["secret"]),
                            e["hidden_action"], tuple(e.get("secret_for", ()))) for e in log]
        state = State(data, entries)
        g = Play(data)
        who = g.deciding()
        options = g.options()
        # Every decision waiting lower on the stack must be answerable too, when its turn
        # comes (asked on a copy: listing options changes nothing, but be sure). One whose
        # figure has left the map is not: its automatic step ends it when it is reached.
        probe = Play(_copy(data))
        on_map = {fig["id"] for fig in data["figures"]}
        for frame in probe.data["pending"]:
            if (frame["type"] in LEGAL and frame["player"] is not None
                    and all(frame.get(key) in on_map for key, spec in FRAMES[frame["type"]].fields.items()
                            if isinstance(spec, FigureId) and spec.asked)):
                LEGAL[frame["type"]](probe, frame)
        # What each player sees of the position (the log's entries were checked field by
        # field by the loader, and hiding their secrets cannot fail: not drawn again here).
        position = State(data)
        for viewer in [None, *data["players"]]:
            observe.view(position, viewer)
        state.regions()
        for f in data["players"]:
            state.slots(f)
    except RecursionError:
        raise InvalidStateError("not a valid Ahoy state: it is nested too deeply") from None
    except Exception as err:  # noqa: BLE001 - any failure means the engine cannot play it
        text = str(err)
        text = text if len(text) <= 120 else text[:120] + "…"
        raise InvalidStateError(f"not a valid Ahoy state: the rules cannot go on from it "
                                f"({type(err).__name__}: {text})") from None
    if data["phase"] != "over":
        if who not in data["players"]:
            raise InvalidStateError("not a valid Ahoy state: the game is running but no player "
                                    "is asked to decide")
        if not options:
            raise InvalidStateError("not a valid Ahoy state: the game is running but no one can act")
    return State(data, entries)  # fresh: the checks above leave nothing cached
