"""Words for a position: what is asked, why an action is refused, a summary."""

from __future__ import annotations

from .geometry import space_name
from .errors import IllegalActionError, NotationError
from .components import ACTION_TITLES, BOARDS, CARD_BY_KEY, CARGO_BY_KEY, MARKET_CARDS
from .kernel import OFFERS
from .notation import example, misread, parse, read
from .rules import (Play, accepts, board_kind, die_change_cost, name,
                   need_text, recruit_suits)
from .cards import crew as _crew
from .rules.turn import EFFECTLESS_GOLD
from .cards import plans as _plans
from .rules import conceding as _conceding

PROMPTS = {
    "setup-bluefin": "choose the Island for your Flagship and a Patrol (start x,y)",
    "setup-smuggler": "choose a starting space for your Flagship, not an Island (start x,y)",
    "move": "move your {figure} one more space (move x,y) or anchor; {steps} left",
    "explore": "place the drawn region tile so that it covers {target} (tile x,y rN)",
    "tailwind": "move directly to a space with a Tailwind{value} (move x,y), or stay",
    "series": "choose the next enemy figure to battle (battle ...)",
    "fire": "turn down your die on Cannons to add to your roll (fire a>b), or hold",
    "offer-order": "at the start of the battle, Emissary and the Mollusk's battle plans happen at "
                   "the same time: choose which is resolved first "
                   f"({' or '.join(f'{offer}-first' for offer in OFFERS)})",
    "victory": "you won the battle: choose a Battle Victory option (victory ...)",
    "damage": "choose the slot that takes the damage (damage ...)",
    "repair": "choose a damaged slot to repair (repair ...), or done",
    "patrol": "place a Patrol in your Flagship's space (patrol), or not (no-patrol)",
    "comrades": "at the Island: place 2 Comrades (place-comrades), gain 2 Ready Comrades "
                "(ready-comrades), or neither (no-comrades)",
    "harbor": "at the Harbor: repair 2 damage (harbor-repair), move a placed die onto Cannons "
              "(harbor-cannons ...), or neither (harbor-none)",
    "order": "move up to 4 different Patrols 1 space each (order a>b), or done",
    "deploy": "choose where to place a Patrol: your Flagship's space or next to it (deploy x,y)",
    "inspire": "place a Comrade on another Island (inspire x,y), or done",
    "assemble": "place 4 Ready Comrades (all you have, if fewer) on the Island (assemble n)",
    "strongholds": "end of turn: turn 2 Patrols on an Island into a Stronghold (stronghold x,y), or done",
    "negotiate": "recruit a card from the Market ignoring cost and suit (recruit ...), or done",
    "discard": "you have more than 2 Cargo: return one to the box (discard ...)",
    "pledge": "pledge the delivered Cargo to the Squadron or the Union (pledge bluefin|mollusk)",
    "reward": "move your white reward marker (reward up|down|left|right)",
    "spend": "spend up to {most} gold for 1 Fame each (spend n)",
    "recruit-reward": "recruit a card from the Market ignoring cost and suit (recruit ...), or done",
    "add-tile": "place the drawn region tile at the map's edge (tile x,y rN)",
    "wealth": "increase one region's wealth die by 1 (wealth x,y)",
    "flush": "return all cards in the Market to the box and refill it (flush), or keep them (keep)",
}
PROMPTS.update(_crew.PROMPTS)  # the Crew's own decisions
PROMPTS.update(_plans.PROMPTS)  # plan cards and the Union ships


def prompt(state) -> str:
    """What the player who must decide is asked now."""
    data = state.data
    if data["phase"] == "over":
        return "The game is over: " + (_conceding.result(data) or
                                       " and ".join(name(f) for f in data["winners"]) + " won")
    g = Play(data)
    top = g.top()
    if g.deciding() is None:  # the setup's random draws, with chance="explicit": no one yet
        return "Setting up: chance draws the region tiles, the Market and the dice"
    who = name(g.deciding())
    if top is None:
        turn = data["turn"]
        left = turn["quota"] - turn["placed"]
        if left > 0:
            return (f"{who}'s turn: place a die ({turn['placed']} of {turn['quota']} placed), "
                    f"or take an action that needs no die")
        return f"{who}'s turn: take actions that need no die, or end your turn (end)"
    text = PROMPTS.get(top["type"], top["type"])
    if top["type"] == "move" and not top.get("moved"):
        text = "move your {figure} (move x,y): at least one space, {steps} at most"
    elif top["type"] == "add-tile" and top["tile"] is None:  # a reward, declined or taken whole
        text = "draw a region tile to add to the map (add-tile), or take no reward (no-reward)"
    elif top["type"] == "wealth" and top.get("fame"):
        text = (f"gain {top['fame']} Fame and increase one region's wealth die by 1 (wealth x,y), "
                f"or take no reward (no-reward)")
    fig = g.figure(top.get("figure", "")) if top.get("figure") else None
    return f"{who}: " + text.format(
        figure="Flagship" if not fig or fig["kind"] == "flagship" else fig["kind"].title(),
        steps=top.get("steps", ""), target=space_name(top["target"]) if "target" in top else "",
        value=f" {top['value']}" if top.get("value") else "", most=top.get("most", ""))


# -- why an action is refused ---------------------------------------------------

SLOT_ACTIONS = set(ACTION_TITLES)
COMRADE_CHOICES = ("place-comrades", "ready-comrades", "no-comrades")


_error = IllegalActionError


def _effectless_change(state, text: str, verb: str) -> str | None:
    """Why a die "changed" into its own value (``sail 3>3``) is refused when the die could
    be placed as it is, or ``None``.

    Ruling (docs/rulings.md, Fine Print): the effectless change is taken, for 2 gold.
    """
    head, _, last = text.rpartition(" ")
    die, changed, value = last.partition(">")
    if verb == "fire" or not changed or not die.isdigit() or die != value:
        return None
    if f"{head} {die}" not in state._option_table():
        return None   # the die cannot go there as it is either: the usual reasons say why
    who = state.current_player
    return (f"turning a die down and back up (an effectless action) costs {EFFECTLESS_GOLD} "
            f"gold, and {name(who)} has {state.data['factions'][who]['gold']}; place the die "
            f"as it is: '{head} {die}'")


def why_illegal(state, text: str, action=None):
    """The error for an action that is not legal now, in the rules' words."""
    data = state.data
    who = _conceding.conceder(text)
    reason = _conceding.refusal(data, who) if who else None
    if reason:
        return _error(f"'{text}' is not allowed: {reason}")
    if data["phase"] == "over":
        return _error(f"'{text}' is not allowed: the game is over")
    words = text.split(" ")
    verb = words[0] if words else ""
    unreadable = misread(text)
    if unreadable:
        return NotationError(unreadable)
    args = parse(text)[1]
    g = Play(data)
    who = g.deciding()
    legal_verbs = {t.split(" ")[0] for t in state._option_table()}
    top = g.top()
    effectless = _effectless_change(state, text, verb)
    if effectless:
        return _error(f"'{text}' is not allowed: {effectless}")
    try:
        read(text)  # every word known: a card, a Cargo, a slot...
        unknown = None
    except NotationError as err:
        unknown = err
    if verb in _plans.VERBS:  # plan cards and the Union ships: the plans' own reasons
        reason = _plans.why_not(g, who, words)
        if reason:  # in the plans' words, even for a word that is not a plan's
            return (NotationError if unknown else _error)(
                f"'{text}' is not allowed: {reason}. {prompt(state)}")
    if unknown:
        return unknown
    if verb not in legal_verbs:
        reason = _turn_reason(g, who, verb, words, args) if top is None and data["turn"] else None
        if top is not None and top["type"].startswith("setup-"):
            reason = "the game begins with Faction Setup: each Flagship is placed first"
        if verb == "anchor" and top and top["type"] == "move" and not top.get("moved"):
            reason = "you anchor after moving a space: move at least one space first"
        if verb in COMRADE_CHOICES:  # ruling: not after a Cutter's or Gunship's Sail
            reason = ("Comrades are placed or gained only when the Mollusk Flagship anchors "
                      "at an Island after its board's Sail; a Cutter's or Gunship's Sail, a "
                      "Tailwind and Full Sail move without that bonus")
        if reason:
            return _error(f"'{text}' is not allowed: {reason}. {prompt(state)}")
        return _error(f"'{text}' is not possible now. {prompt(state)}")
    reason = None
    if top is None:
        reason = _turn_reason(g, who, verb, words, args)
    elif verb == "move":
        reason = _move_reason(g, top, args["space"])
    elif verb == "start":
        reason = _start_reason(g, top, args["space"])
    elif verb == "fire":
        reason = "You may turn your die on Cannons down by any amount, not below 1, but not up"
        shown = g.cannons_dice(top["player"])
        if args["die"] not in shown:
            reason = f"your die on Cannons shows {' or '.join(map(str, sorted(set(shown))))}"
    choices = sorted(state._option_table())
    listed = ", ".join(choices[:12]) + (", ..." if len(choices) > 12 else "")
    return _error(f"'{text}' is not allowed: {reason or 'it is not one of the choices'}. "
                  f"Choices now: {listed}")


def _turn_reason(g: Play, f: str, verb: str, words: list[str], args: dict) -> str | None:
    turn = g.data["turn"]
    if verb == "end":
        return (f"you must place 2 action dice on your turn, no more and no less "
                f"({turn['placed']} of {turn['quota']} placed)")
    card = _crew.by_verb(verb)
    if card is not None and card.options:  # Crew actions that need no die
        return _crew.why_not(g, f, words)
    if verb == "move":
        return ("a figure moves as part of an action: place a die on Sail (your Flagship moves "
                "up to that many spaces) or on Tailwind first, then choose where it goes")
    if verb in SLOT_ACTIONS or verb in CARD_BY_KEY:
        if "die" not in args:
            return f"a die placement is written like '{verb} 4' or '{verb} 3>4'"
        return _placement_reason(g, f, verb, args["die"], args["value"])
    if verb == "recruit":
        return _recruit_reason(g, f, args)
    if verb in ("smuggle", "deliver"):
        return _cargo_reason(g, f, verb, args)
    return None


TERRAIN_WORDS = {"open": "open sea", "fog": "Fog", "wreckage": "Wreckage", "harbor": "a Harbor",
                 "current": "a Strong Current", "island": "an Island"}


def _start_reason(g: Play, frame: dict, space: tuple[int, int]) -> str:
    """Why a Flagship may not start at ``space`` (Faction Setup)."""
    where = space_name(space)
    if not g.map.on_map(space):
        return f"{where} is not on the map: no region tile covers it"
    terrain = g.map.spaces[space].terrain
    if frame["type"] == "setup-bluefin":
        return (f"Bluefin's Flagship and Patrol start on an Island, and {where} is "
                f"{TERRAIN_WORDS.get(terrain, terrain)}")
    return f"a Smuggler's Flagship starts on any space but an Island, and {where} is an Island"


def why_die(state, value: int) -> str | None:
    """Why the deciding faction cannot place its die ``value`` now, or ``None`` if it can:
    the rule that refuses each of its die slots (a click on a die that goes nowhere).

    >>> from ahoy_nb.engine import scenario
    >>> s = scenario(players=2, turn="bluefin", dice={"bluefin": [1, 2]}, hand=[])
    >>> why_die(s, 1) is None
    True
    >>> why_die(s, 5)
    'you have no unplaced 5 (your dice: 1, 2)'
    """
    g = Play(state.data)
    f = g.deciding()
    if state.data["phase"] == "over" or g.top() is not None or not state.data["turn"]:
        return None
    if any(a.args.get("die") == value for a in state.legal_actions()):
        return None
    actions = [spec["action"] for spec in BOARDS[board_kind(f)]]
    reasons = [r for r in dict.fromkeys(_placement_reason(g, f, a, value, value) for a in actions)
               if r]
    if len(reasons) == 1 or any(r.startswith(("you have no unplaced", "you have already"))
                                for r in reasons[:1]):
        return reasons[0]
    return f"no slot takes your {value} now: " + "; ".join(reasons)


def _placement_reason(g: Play, f: str, action: str, die: int, value: int) -> str | None:
    fs = g.faction(f)
    turn = g.data["turn"]
    if turn["placed"] >= turn["quota"]:
        return f"you have already placed your {turn['quota']} dice this turn"
    if die not in fs["dice"]:
        return f"you have no unplaced {die} (your dice: {', '.join(map(str, fs['dice'])) or 'none'})"
    if action in CARD_BY_KEY:
        member = next((m for m in fs["crew"] if m["card"] == CARD_BY_KEY[action]), None)
        if member is None:
            return f"{MARKET_CARDS[CARD_BY_KEY[action]]['name']} is not in your Crew"
        if MARKET_CARDS[member["card"]]["kind"] != "slot-action":
            return f"{MARKET_CARDS[member['card']]['name']} has no action to place a die on"
        if member["die"] is not None or member["damage"]:
            return "the die slot must be empty: it cannot be filled with a die or damage token"
    else:
        specs = [(spec, slot) for spec, slot in zip(BOARDS[board_kind(f)], fs["slots"])
                 if spec["action"] == action]
        if not specs:
            return f"{name(f)} has no {ACTION_TITLES[action]} action"
        empty = [(spec, slot) for spec, slot in specs if slot["die"] is None and not slot["damage"]]
        if not empty:
            return (f"the die slot must be empty: every {ACTION_TITLES[action]} slot is filled "
                    f"with a die or damage token")
        if not any(accepts(spec["need"], value) for spec, _ in empty):
            needs = " or ".join(sorted({need_text(spec["need"]) for spec, _ in empty}))
            return f"the {ACTION_TITLES[action]} slot only accepts {needs}"
    cost = die_change_cost(g, f, die, value)
    if cost > fs["gold"]:
        return (f"changing a {die} into a {value} costs {cost} gold, "
                f"and {name(f)} has {fs['gold']}")
    return None


def _recruit_reason(g: Play, f: str, args: dict) -> str | None:
    if args.get("card") not in CARD_BY_KEY:
        return f"recruit names a card in the Market, like '{example('recruit')}'"
    card = CARD_BY_KEY[args["card"]]
    info = MARKET_CARDS[card]
    if card not in g.data["market"]:
        return f"{info['name']} is not in the Market"
    island = g.island_here(f)
    suits = recruit_suits(g, f)
    if island and g.stronghold_blocks(f, island) and not suits:
        return ("while your Flagship is at an Island with a Stronghold, you cannot recruit Crew "
                "or smuggle or deliver Cargo")
    if not suits:
        return "your Flagship must be at an Island to recruit Crew"
    if info["suit"] not in suits:
        where = " or ".join(sorted(s.title() for s in suits))
        return f"the Crew's suit must match the Island: {info['name']} is {info['suit'].title()}, not {where}"
    if info["cost"] == "slot":
        if "die" not in args:
            return f"{info['name']} costs a die placed on its slot: write 'recruit {args['card']} 4'"
        turn = g.data["turn"]
        if turn["placed"] >= turn["quota"]:
            return f"you have already placed your {turn['quota']} dice this turn"
        return "you have no such die to place"
    if g.faction(f)["gold"] < info["cost"]:
        return f"recruiting {info['name']} costs {info['cost']} gold, and {name(f)} has {g.faction(f)['gold']}"
    return None


def _cargo_reason(g: Play, f: str, verb: str, args: dict) -> str | None:
    if not f.startswith("smuggler"):
        return "only the Smugglers smuggle and deliver Cargo"
    if args.get("cargo") not in CARGO_BY_KEY:
        return f"{verb} names a Cargo, like '{verb} wine'"
    card = CARGO_BY_KEY[args["cargo"]]
    info = MARKET_CARDS[card]
    island = g.island_here(f)
    if not island:
        return f"your Flagship must be at an Island to {verb} Cargo"
    if g.stronghold_blocks(f, island):
        return ("while your Flagship is at an Island with a Stronghold, you cannot recruit Crew "
                "or smuggle or deliver Cargo")
    suit = g.map.spaces[island].suit
    if verb == "smuggle":
        if card not in g.data["market"]:
            return f"{info['name']} is not in the Market"
        return f"you may only smuggle Cargo whose suit matches your Island: {info['suit'].title()} is not {suit.title()}"
    if card not in g.faction(f)["cargo"]:
        return f"you do not carry {info['cargo']}"
    return (f"you may only deliver {info['cargo']} at a {info['deliver'].title()} Island, "
            f"and this is a {suit.title()} Island")


def _move_reason(g: Play, frame: dict, target: tuple[int, int]) -> str | None:
    fig = g.figure(frame["figure"])
    here = tuple(fig["at"])
    m = g.map
    if frame["type"] == "tailwind":
        value = frame["value"]
        return (f"Tailwind moves you directly to a space with a printed {value} die"
                if value else "a free Tailwind moves you to a space with a Tailwind icon")
    if abs(target[0] - here[0]) + abs(target[1] - here[1]) != 1:
        return "you may only move to an adjacent space: one space up, down, left, or right, not diagonal"
    if not m.can_step(here, target):
        return "you cannot move across Sandbars"
    if not m.on_map(target):
        if not g.data["tile_stack"]:
            return "you cannot move off the map to explore: the tile stack is empty"
        return ("you cannot move off the map to explore there: there isn't enough room to place "
                "a region without overlapping another or putting its Island next to another Island")
    return None


def describe(state) -> str:
    """A plain-text summary of the position, for ``print(state)``."""
    data = state.data
    g = Play(data)
    lines = [f"Ahoy, {len(data['players'])} players, round {data['round']}, "
             f"first player {name(data['first'])}"]
    lines.append(prompt(state))
    for f in [f for f in data["players"] if f in data["factions"]]:  # none before the setup
        fs = g.faction(f)
        placed = [f"{k}={s['die']}" for k, spec, s in g.slot_list(f, with_ships=True) if s["die"]]
        damaged = g.damaged(f)
        extra = ""
        if f == "mollusk":
            extra = f", {fs['ready']} Ready Comrades, {len(fs['hand'])} plans"
        if "cargo" in fs:
            extra = f", Cargo: {', '.join(MARKET_CARDS[c]['cargo'] for c in fs['cargo']) or 'none'}"
        crew = ", ".join(MARKET_CARDS[m["card"]]["name"] for m in fs["crew"]) or "none"
        lines.append(f"  {name(f)}: {fs['fame']} Fame, {fs['gold']} gold, dice "
                     f"[{' '.join(map(str, fs['dice']))}], placed {' '.join(placed) or '-'}, "
                     f"damaged {' '.join(damaged) or '-'}, Crew: {crew}{extra}")
    for region in state.regions():
        figs = [f"{fig['id']}@{space_name(fig['at'])}" for fig in g.region_figures(region["region"])]
        comrades = g.comrades(region["island"])
        lines.append(f"  {region['suit'].title()} region, Island {space_name(region['island'])}, "
                     f"wealth {region['wealth']}: {' '.join(figs) or 'no figures'}"
                     f"{f', {comrades} Comrades' if comrades else ''}")
    lines.append("  Market: " + ", ".join(MARKET_CARDS[c]["name"] for c in data["market"]))
    return "\n".join(lines)
