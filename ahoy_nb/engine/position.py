"""Build a position to study: a battle at any step, a reward to choose, an empty stack.

``scenario`` starts from a normal set-up game and changes only what you name,
so everything else (decks, supplies, the generator) stays a real game's. The
result is checked like a loaded state.

>>> s = scenario(players=3, tiles=[(0, "0,0", 180), (6, "2,1", 0)],
...              figures={"bluefin": "0,0", "smuggler1": "1,0", "mollusk": "3,2"},
...              turn="mollusk", dice={"mollusk": [4, 4]})
>>> s.current_player, s.dice("mollusk")
('mollusk', [4, 4])
"""

from __future__ import annotations

from typing import Iterable, Mapping

from .components import (CARD_BY_KEY, CARGO_BY_KEY, DICE_COUNT, FACTION_NAMES, PLAN_BY_KEY,
                         SHIP_SLOTS, TILES)
from . import limits
from .geometry import parse_space, space_name
from .rules import Play as Game, board_kind, begin_turn
from .rules.battle import eligible_defenders, fire_options
from .state import State, new_game, playable
from .validate import validate

SpaceText = str  # "x,y"


def _space(s) -> list[int]:
    x, y = parse_space(s) if isinstance(s, str) else s
    return [x, y]


def _card(key: str, by: Mapping[str, int], what: str) -> int:
    try:
        return by[key]
    except KeyError:
        raise ValueError(f"unknown {what} {key!r}; known: {', '.join(sorted(by))}") from None


def scenario(players: int = 3, *, seed: int = 0,
             tiles: Iterable[tuple] | None = None,
             tile_stack: Iterable[int] | None = None, tile_box: Iterable[int] | None = None,
             figures: Mapping[str, SpaceText | list[SpaceText]] | None = None,
             comrades: Mapping[SpaceText, int] | None = None,
             turn: str | None = None, placed_this_turn: int = 0,
             once: Iterable[str] = (),
             dice: Mapping[str, list[int]] | None = None,
             aside: Mapping[str, list[int]] | None = None,
             placed: Mapping[str, Mapping[str, int | list[int]]] | None = None,
             damage: Mapping[str, list[str]] | None = None,
             gold: Mapping[str, int] | None = None, fame: Mapping[str, int] | None = None,
             crew: Mapping[str, list[str]] | None = None,
             cargo: Mapping[str, list[str]] | None = None,
             pledged: Mapping[str, Mapping[str, list[str]]] | None = None,
             market: list[str] | None = None,
             market_deck: Iterable[str] | None = None, market_box: Iterable[str] | None = None,
             hand: list[str] | None = None,
             plan_deck: Iterable[str] | None = None, plan_discard: Iterable[str] | None = None,
             ships: Mapping[str, SpaceText] | None = None,
             ready: int | None = None, wealth: Mapping[SpaceText, int] | None = None,
             reward_markers: Mapping[str, tuple] | None = None,
             decision: Mapping[str, str] | None = None,
             round: int = 1, first: str | None = None) -> State:
    """A position in the middle of a round, on ``turn``'s turn: nothing pending, or the
    ``decision`` named.

    The map and pieces:

    * ``tiles``: ``(tile id, "x,y", rotation)`` or with a 4th item, the wealth die.
      ``tile_stack`` / ``tile_box``: the region tiles left in the stack / in the box (the
      other one takes every tile not named and not on the map; ``tile_stack=[]`` is an
      empty stack).
    * ``figures``: a faction's Flagship (``"bluefin": "0,0"``), or ``"patrol"`` /
      ``"stronghold"`` with a list of spaces. Figures not named are left off the map.
      ``ships``: the Cutter or Gunship in play, ``{"cutter": "3,2"}``.

    Each faction:

    * ``dice``: its unplaced action dice. ``placed``: dice already on slots,
      ``{"mollusk": {"cannons": 4}}``; ``aside``: dice set aside this round. Dice placed or
      set aside come out of a faction's rolled dice by themselves, unless ``dice`` names
      them. ``damage``: damaged slot keys, ``{"smuggler1": ["sail", "sail"]}``.
    * ``crew`` and ``market`` name cards by key (``"gunner"``); ``cargo`` and ``pledged``
      by Cargo (``"jewelry"``); ``hand``, ``plan_deck`` and ``plan_discard`` name plans
      (``"secret-weapon"``). ``market_deck`` / ``market_box``: the cards left in the
      Market deck / returned to the box (the other one takes the rest).

    The turn: ``turn``, ``placed_this_turn`` (dice the turn player placed this turn: those
    named in ``placed``, and any more come off its unplaced dice unless ``dice`` names them),
    ``once`` (Crew used once this turn: ``"mystic"``, ``"whispering-wind"``).

    ``decision``, a decision in progress (``kind`` and what it needs):

    * ``{"kind": "fire", "attacker": "smuggler1", "defender": "bluefin", "side": "defender"}``:
      a battle in the defender's space, at that side's firing decision;
    * ``{"kind": "battle", "attacker": ..., "defender": ...}``: a battle about to start;
    * ``{"kind": "reward", "player": "smuggler1"}``: a Smuggler choosing a reward (add
      ``"pledge": "wine"`` for the delivery whose pledge follows);
    * ``{"kind": "damage", "figure": "bluefin", "player": "smuggler1"}``: a damage to
      assign; ``player`` chooses the slot (the dealer, or the owner taking it).

    Impossible positions are refused with a reason (``ValueError``, or ``InvalidStateError``
    from the same checks a loaded state gets).

    >>> s = scenario(3, tiles=[(0, "0,0", 180), (6, "2,1", 0)], tile_stack=[],
    ...              figures={"bluefin": "0,0", "smuggler1": "1,0", "mollusk": "3,2"},
    ...              turn="smuggler1", placed={"smuggler1": {"cannons": 4}},
    ...              decision={"kind": "fire", "attacker": "smuggler1", "defender": "bluefin",
    ...                        "side": "attacker"})
    Traceback (most recent call last):
    ...
    ValueError: the attacker and the defender battle in one space: Smuggler 1's Flagship is at 1,0, Bluefin's Flagship at 0,0
    """
    state = new_game(players, seed=seed)
    data = state.data
    g = Game(data)
    factions = data["factions"]
    for who in [turn, first, *(dice or {}), *(aside or {}), *(placed or {}), *(damage or {}),
                *(gold or {}), *(fame or {}), *(crew or {}), *(cargo or {}), *(pledged or {}),
                *(reward_markers or {})]:
        if who is not None and who not in factions:
            raise ValueError(f"{who} is not playing in a {players}-player game")
    if tiles is not None:
        data["tile_stack"] += data["tile_box"] + [t["tile"] for t in data["tiles"]]
        data["tile_box"] = []
        data["tiles"] = []
        for t in tiles:
            tile, where, rot = t[0], _space(t[1]), t[2]
            data["tiles"].append({"tile": tile, "x": where[0], "y": where[1], "rot": rot,
                                  "wealth": t[3] if len(t) > 3 else 1})
            if tile not in data["tile_stack"]:
                raise ValueError(f"region tile {tile} is used twice")
            data["tile_stack"].remove(tile)
    if tile_stack is not None or tile_box is not None:
        free = data["tile_stack"] + data["tile_box"]
        data["tile_stack"], data["tile_box"] = _split(
            free, tile_stack, tile_box, "region tile", "stack", "box",
            lambda t: t if isinstance(t, int) and 0 <= t < len(TILES) else None)
    m = g.map
    data["figures"] = []
    data["comrades"] = {}
    for who, where in (figures or {}).items():
        if who in ("patrol", "stronghold"):
            for sp in ([where] if isinstance(where, str) else where):
                g.new_figure(who, "bluefin", tuple(_space(sp)))
        else:
            if who not in factions:
                raise ValueError(f"{who} is not playing in a {players}-player game")
            g.new_figure("flagship", who, tuple(_space(where)))
    for island, n in (comrades or {}).items():
        g.set_comrades(tuple(_space(island)), n)
    for key, where in (ships or {}).items():
        plan = PLAN_BY_KEY[key]
        fs = factions["mollusk"]
        for pile in ("hand", "plan_deck"):
            if plan in fs[pile]:
                fs[pile].remove(plan)
        fs["ships"][key] = {"plan": plan, "slots": [{"die": None, "damage": False}
                                                    for _ in SHIP_SLOTS[key]]}
        g.new_figure(key, "mollusk", tuple(_space(where)))
    for island, w in (wealth or {}).items():
        data["tiles"][m.region_of(tuple(_space(island)))]["wealth"] = w
    if market is not None:
        data["market_deck"] += data["market"]
        data["market"] = []
        cards = [_card(k, CARD_BY_KEY, "market card") for k in market]
        _take_cards(data, cards)
        data["market"] = cards
    for f, keys in (crew or {}).items():
        cards = [_card(k, CARD_BY_KEY, "market card") for k in keys]
        _take_cards(data, cards)
        factions[f]["crew"] = [{"card": c, "die": None, "damage": False} for c in cards]
    for f, keys in (cargo or {}).items():
        cards = [_card(k, CARGO_BY_KEY, "Cargo") for k in keys]
        _take_cards(data, cards)
        factions[f]["cargo"] = cards
    for f, split in (pledged or {}).items():
        for to, keys in split.items():
            cards = [_card(k, CARGO_BY_KEY, "Cargo") for k in keys]
            _take_cards(data, cards)
            factions[f]["pledged"][to] = cards
    pledge_card = None
    if decision and decision.get("pledge"):
        pledge_card = _card(decision["pledge"], CARGO_BY_KEY, "Cargo")
        _take_cards(data, [pledge_card])
    fs = factions["mollusk"]  # the Union plays in every game
    if hand is not None:
        fs["plan_deck"] += fs["hand"]
        fs["hand"] = []
        for key in hand:
            plan = _card(key, PLAN_BY_KEY, "plan")
            if plan not in fs["plan_deck"]:
                raise ValueError(f"plan {key!r} is named twice")
            fs["plan_deck"].remove(plan)
            fs["hand"].append(plan)
    if plan_deck is not None or plan_discard is not None:
        fs["plan_deck"], fs["discard"] = _split(
            fs["plan_deck"] + fs["discard"], plan_deck, plan_discard, "plan", "plan deck",
            "discard", lambda k: PLAN_BY_KEY.get(k))
    for f, values in (dice or {}).items():
        factions[f]["dice"] = sorted(values)
    for f, values in (aside or {}).items():
        factions[f]["aside"] = sorted(values)
    for f, slots in (placed or {}).items():
        for key, values in slots.items():
            for v in ([values] if isinstance(values, int) else values):
                _slot(g, f, key, lambda sl: sl["die"] is None and not sl["damage"])["die"] = v
    for f, keys in (damage or {}).items():
        for key in keys:
            _slot(g, f, key, lambda sl: sl["die"] is None and not sl["damage"])["damage"] = True
    for f, n in (gold or {}).items():
        factions[f]["gold"] = n
    for f, n in (fame or {}).items():
        factions[f]["fame"] = n
    if ready is not None:
        factions["mollusk"]["ready"] = ready
    for f, (white, black) in (reward_markers or {}).items():
        factions[f]["white"], factions[f]["black"] = list(white), list(black)
    if market is None:
        # Cards named for Crew or Cargo may have left the Market; a deck named below is
        # kept out of the refill.
        keep = {_card(k, CARD_BY_KEY, "market card") for k in market_deck or ()}
        data["market_deck"] = [c for c in data["market_deck"] if c not in keep]
        g.refill_market()
        data["market_deck"] += sorted(keep)
    if market_deck is not None or market_box is not None:
        data["market_deck"], data["market_box"] = _split(
            data["market_deck"] + data["market_box"], market_deck, market_box, "market card",
            "Market deck", "box", lambda k: CARD_BY_KEY.get(k))
    data["round"] = round
    data["first"] = first or data["players"][0]
    data["phase"] = "play"
    data["pending"] = []
    begin_turn(g, turn or data["first"])
    _take_off_dice(data, factions, dice, aside, placed, data["turn"]["player"], placed_this_turn)
    data["turn"]["placed"] = placed_this_turn
    data["turn"]["once"] = list(once)
    if decision:
        _start_decision(g, dict(decision), pledge_card)
    validate(data)
    return playable(data)


def rulebook_battle(*, before: bool = False) -> State:
    """The rulebook's battle example (Battling), without its Patrol: at 3 players the
    Mollusk Union's Flagship shares 2,2 with Smuggler 1's, a 4 on its Cannons and a 3 and
    a 5 still to place. To battle in its own space it sails out with the 3 and back in,
    and battles Smuggler 1: the position returned is its decision of how far to turn the
    Cannons die down. ``before=True``: the position before it places the 3 (its turn).

    >>> s = rulebook_battle()
    >>> s.current_player, sorted(a.notation for a in s.legal_actions())[:2]
    ('mollusk', ['fire 4>1', 'fire 4>2'])
    >>> rulebook_battle(before=True).dice("mollusk")
    [3, 5]
    """
    s = scenario(players=3, tiles=[(0, "0,0", 180), (6, "2,1", 0)],
                 figures={"mollusk": "2,2", "smuggler1": "2,2", "bluefin": "0,0"},
                 turn="mollusk", dice={"mollusk": [3, 5]}, placed={"mollusk": {"cannons": 4}},
                 hand=[])
    if not before:
        for action in ("sail 3", "move 3,2", "move 2,2", "battle smuggler1"):
            s.apply(action)
    return s


def _split(free: list[int], first: Iterable | None, second: Iterable | None, what: str,
           first_name: str, second_name: str, lookup) -> tuple[list[int], list[int]]:
    """Share the ``free`` items between two piles: the one named, the other takes the rest."""
    named = {}
    for pile, keys in ((first_name, first), (second_name, second)):
        if keys is None:
            continue
        named[pile] = []
        for k in keys:
            item = lookup(k)
            if item is None:
                raise ValueError(f"unknown {what} {k!r}")
            if item not in free or any(item in got for got in named.values()):
                raise ValueError(f"{what} {k!r} cannot go in the {pile}: it is already "
                                 f"elsewhere (on the map, in play, or named twice)")
            named[pile].append(item)
    one = named.get(first_name)
    two = named.get(second_name)
    if one is None:
        one = [i for i in free if i not in two]
    if two is None:
        two = [i for i in free if i not in one]
    left = set(free) - set(one) - set(two)
    if left:
        raise ValueError(f"every {what} must be somewhere: name the {first_name} or the "
                         f"{second_name} to hold {len(left)} more")
    return sorted(one), sorted(two)


def _take_off_dice(data, factions, dice, aside, placed, turn_player, placed_this_turn) -> None:
    """Dice placed or set aside leave the faction's unplaced dice, unless ``dice`` named them."""
    for f, fs in factions.items():
        if f in (dice or {}):
            taken = []
        else:
            taken = list((aside or {}).get(f, []))
            named = [v for values in (placed or {}).get(f, {}).values()
                     for v in ([values] if isinstance(values, int) else values)]
            taken += named
            if f == turn_player:  # dice placed this turn on slots not named
                taken += [None] * max(0, placed_this_turn - len(named))
        for v in taken:
            if fs["dice"]:
                fs["dice"].remove(v if v in fs["dice"] else fs["dice"][-1])
        on_slots = sum(1 for _, _, slot in Game(data).slot_list(f, with_ships=True)
                       if slot["die"] is not None)
        total = len(fs["dice"]) + len(fs["aside"]) + on_slots
        most = DICE_COUNT[board_kind(f)] + 2 * len(fs.get("ships", {}))
        if total > most:
            raise ValueError(f"{FACTION_NAMES[f]} has {DICE_COUNT[board_kind(f)]} action dice, "
                             f"not {total} ({len(fs['dice'])} unplaced, {on_slots} placed, "
                             f"{len(fs['aside'])} set aside)")
    fs = factions[turn_player]
    if placed_this_turn > 2:
        raise ValueError(f"a turn places 2 dice, not {placed_this_turn}")
    # The turn's quota counts the dice it still may place.
    data["turn"]["quota"] = min(2, placed_this_turn + len(fs["dice"]))


def _start_decision(g: Game, d: dict, pledge_card: int | None) -> None:
    kind = d.pop("kind", None)
    d.pop("pledge", None)
    if kind in ("fire", "battle"):
        attacker, defender = g.figure(d.get("attacker", "")), g.figure(d.get("defender", ""))
        for role, fig in (("attacker", attacker), ("defender", defender)):
            if fig is None:
                raise ValueError(f"a battle needs its {role} on the map: name a figure "
                                 f"(its id: a faction, patrol-1, stronghold-1, cutter, gunship)")
        if attacker["at"] != defender["at"]:
            raise ValueError(f"the attacker and the defender battle in one space: "
                             f"{_label(attacker)} is at {space_name(attacker['at'])}, "
                             f"{_label(defender)} at {space_name(defender['at'])}")
        if defender not in eligible_defenders(g, attacker):
            raise ValueError(f"{_label(attacker)} does not battle {_label(defender)}: only enemy "
                             f"figures battle, and never in Fog")
        side = d.get("side", "attacker")
        if kind == "fire" and side not in ("attacker", "defender"):
            raise ValueError(f"the side that fires is 'attacker' or 'defender', not {side!r}")
        if kind == "fire" and not fire_options(g, attacker if side == "attacker" else defender):
            raise ValueError(f"the {side} cannot fire: its Cannons need a die above 1 "
                             f"(the Cutter has no Cannons)")
        queue = [fig["id"] for fig in eligible_defenders(g, attacker) if fig is not defender]
        g.push({"type": "series", "player": attacker["owner"], "attacker": attacker["id"],
                "space": list(attacker["at"]), "queue": queue, "parent": None, "resume": 0})
        g.push({"type": "fight", "player": None, "attacker": attacker["id"],
                "defender": defender["id"], "space": list(defender["at"]),
                "stage": "start" if kind == "battle" else "offers",
                "series": len(g.data["pending"]) - 1,
                "fire": {"attacker": 0, "defender": 0}, "bonus": {"attacker": 0, "defender": 0},
                "dice": {"attacker": 1, "defender": 1}, "extra_damage": None, "roll": None,
                "winner": None, "offers": []})
        if kind == "fire":
            fight = g.data["pending"][-1]
            fight["stage"] = "roll" if side == "defender" else "defender-fire"
            g.push({"type": "fire", "player": (attacker if side == "attacker" else defender)["owner"],
                    "side": side, "figure": (attacker if side == "attacker" else defender)["id"],
                    "fight": len(g.data["pending"]) - 1})
    elif kind == "reward":
        f = d.get("player")
        if f not in g.data["factions"] or board_kind(f) != "smuggler":
            raise ValueError(f"only a Smuggler gains rewards, not {f!r}")
        if pledge_card is not None:
            g.push({"type": "pledge", "player": f, "card": pledge_card})
        g.push({"type": "reward", "player": f})
    elif kind == "damage":
        fig = g.figure(d.get("figure", ""))
        chooser = d.get("player")
        if fig is None:
            raise ValueError("a damage needs a figure on the map to take it")
        if fig["kind"] in ("patrol", "stronghold"):
            raise ValueError(f"a damaged {fig['kind'].title()} returns to the supply at once: "
                             f"there is no slot to choose")
        if chooser not in g.data["factions"]:
            raise ValueError(f"the player choosing the slot is a faction in the game, not {chooser!r}")
        g.damage_figure(fig, chooser)
        g.advance(limits.MOST_AUTO_STEPS)
        if not g.data["pending"]:
            raise ValueError(f"{_label(fig)} has no slot that can take a damage")
    else:
        raise ValueError(f"a decision in progress is 'fire', 'battle', 'reward' or 'damage', "
                         f"not {kind!r}")
    g.advance(limits.MOST_AUTO_STEPS)


def _label(fig: dict) -> str:
    return (f"{FACTION_NAMES[fig['owner']]}'s Flagship" if fig["kind"] == "flagship"
            else f"the {fig['kind'].title()}")


def _take_cards(data: dict, cards: list[int]) -> None:
    """Take named cards from wherever they are (deck, Market, box) for a new place."""
    for c in cards:
        for pile in (data["market_deck"], data["market"], data["market_box"]):
            if c in pile:
                pile.remove(c)
                break
        else:
            raise ValueError(f"market card {c} is named twice")


def _slot(g: Game, f: str, key: str, free) -> dict:
    for k, spec, slot in g.slot_list(f, with_ships=True):
        if k == key and free(slot):
            return slot
    raise ValueError(f"{f} has no free {key!r} slot")
