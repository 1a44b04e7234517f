"""Actions in plain words, for people: buttons, hints, the log of a lesson.

``label(state, action)`` reads the action's structured arguments (``Action.args``) and
the position (what the decision is about, whose figure is where), never its notation.

>>> from ahoy_nb.engine import new_game
>>> s = new_game(2, seed=3)
>>> [label(s, a) for a in s.legal_actions()]
['Start on the Island at 0,0', 'Start on the Island at 3,2']
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from .geometry import space_name
from .components import ACTION_TITLES, CARD_BY_KEY, CARGO_BY_KEY, FACTION_NAMES, MARKET_CARDS
from .kernel import OFFERS
from .notation import Action, read

# Words for the verbs of the base rules that take no argument, by verb.
PLAIN = {
    "end": "End your turn", "anchor": "Anchor here", "stay": "Stay where you are",
    "hold": "Keep your Cannons die as it is", "patrol": "Place a Patrol",
    "no-patrol": "Place no Patrol", "place-comrades": "Place 2 Comrades on the Island",
    "ready-comrades": "Gain 2 Ready Comrades", "no-comrades": "Take no Comrades",
    "harbor-repair": "Repair 2 damage at the Harbor", "harbor-none": "Use nothing at the Harbor",
    "flush": "Return the Market to the box and refill it", "keep": "Keep the Market as it is",
    "add-tile": "Draw a region tile to add to the map", "no-reward": "Take no reward",
}
# "done" ends a decision that can be repeated; what it ends, by the decision.
DONE = {
    "repair": "Stop repairing", "order": "Stop giving orders", "inspire": "Stop inspiring",
    "strongholds": "Build no more Strongholds", "negotiate": "Recruit no one",
    "recruit-reward": "Recruit no one",
}
VICTORY = {
    "steal": "Deal 1 damage and steal 1 gold", "damage2": "Deal 2 damage",
    "remove-comrade": "Deal 1 damage and remove a Comrade from the Island",
    "place-comrade": "Deal 1 damage and place a Comrade on the Island",
    "move": "Deal 1 damage and move on", "reward": "Deal 1 damage and gain a reward",
    "none": "Take no Battle Victory option",
}
# Verbs of the base rules whose argument is a space: what the action does there.
AT_SPACE = {
    "move": "Move to {}", "deploy": "Deploy a Patrol at {}", "inspire": "Place a Comrade on the "
    "Island at {}", "stronghold": "Build a Stronghold on the Island at {}",
    "wealth": "Raise the wealth of the region whose Island is at {}",
}
SPECIAL_NAMES = {None: "nobody", "setup": "Setup", "all": "everyone", "chance": "Chance"}


def faction_name(who: str | None) -> str:
    """Who, in words: a faction's name, or who else acts or sees (the setup, everyone).

    >>> faction_name("smuggler1"), faction_name(None), faction_name("all")
    ('Smuggler 1', 'nobody', 'everyone')
    """
    if who in SPECIAL_NAMES:
        return SPECIAL_NAMES[who]
    return FACTION_NAMES.get(who, who)


# Words for the verbs the cards bring, registered by the cards (``register``).
LABELS: dict[str, Callable[[Any, Mapping[str, Any]], str]] = {}


def register(verb: str, words: str | Callable[[Any, Mapping[str, Any]], str],
             done: str | None = None) -> None:
    """Words for a verb a card brings: a template over the action's arguments (``{space}``,
    ``{to}``, ``{count}``, ``{figure}`` for the ``defender``...) or a function
    ``(state, args) -> str``. ``done``: what ``done`` means at the decision named ``verb``.

    >>> label(None, "gunners-mate 0,1")    # the Crew card registered these words
    "Battle at 0,1 (Gunner's Mate)"
    """
    if isinstance(words, str):
        template = words
        LABELS[verb] = lambda state, args: _fill(template, state, args)
    else:
        LABELS[verb] = words
    if done:
        DONE[verb] = done


def _fill(template: str, state, args: Mapping[str, Any]) -> str:
    values = {k: space_name(v) if k in ("space", "to") else v for k, v in args.items()}
    if "defender" in args:
        values["figure"] = figure(state, args["defender"])
    elif "space" in args:  # notation alone names the space, not which figure there
        values["figure"] = f"the figure at {values['space']}"
    return template.format(**values)


def _where(space) -> str:
    return space_name(space)


def card_name(slug: str) -> str:
    """A Crew card's name from its notation key, or from its verb (``beakhead``)."""
    key = slug if slug in CARD_BY_KEY else next(
        (k for k in CARD_BY_KEY if k.endswith("-" + slug) or k.startswith(slug + "-")), None)
    return MARKET_CARDS[CARD_BY_KEY[key]]["name"] if key else slug.replace("-", " ").title()


def cargo_name(key: str) -> str:
    """A Cargo's name from its notation key."""
    return MARKET_CARDS[CARGO_BY_KEY[key]]["cargo"] if key in CARGO_BY_KEY else key


def slot_title(key: str) -> str:
    """A die slot's name as printed: ``"cannons5"`` -> ``"Cannons (5)"``, ``"gunner"`` -> ``"Gunner"``."""
    if key in ACTION_TITLES:
        return ACTION_TITLES[key]
    if key in CARD_BY_KEY:
        return card_name(key)
    stem = key.rstrip("0123456789")
    title = ACTION_TITLES.get(stem, stem.replace("-", " ").title())
    return f"{title} ({key[len(stem):]})" if stem != key else title


def figure(state, fid: str | None) -> str:
    """A figure in words: ``"Bluefin's Patrol at 2,1"``."""
    fig = next((f for f in state.data["figures"] if f["id"] == fid), None) if state else None
    if fig is None:
        return "the enemy"
    owner = FACTION_NAMES[fig["owner"]]
    kind = "Flagship" if fig["kind"] == "flagship" else fig["kind"].title()
    return f"{owner}'s {kind} at {space_name(tuple(fig['at']))}"


def _frame(state) -> str | None:
    pending = state.data["pending"] if state else []
    return pending[-1]["type"] if pending else None


def _placement(args: Mapping[str, Any]) -> str:
    die, value, where = args["die"], args["value"], slot_title(args["slot"])
    if die == value:
        return f"Place your {die} on {where}"
    if "gold" in args:
        return f"Spend {args['gold']} gold: {die} → {value} on {where}"
    return f"Turn your {die} into a {value} and place it on {where}"


def label(state, action: Action | str) -> str:
    """``action`` in plain words, as the player who takes it would say it.

    >>> from ahoy_nb.engine import Action, new_game
    >>> s = new_game(2, seed=3)
    >>> label(s, Action("bluefin", "cannons 4>6"))
    'Turn your 4 into a 6 and place it on Cannons'
    >>> label(s, "end")
    'End your turn'
    """
    if isinstance(action, Action):
        if action.source is None:  # not offered by the engine: its words must read
            read(action.notation)
        verb, args = action.verb, action.args
    else:
        verb, args = read(action)  # NotationError, naming the word, unless it reads
    frame = _frame(state)
    if frame == "assemble" and "count" in args:
        return f"Place {args['count']} Ready Comrades on the Island"
    if "slot" in args and "die" in args and verb != "recruit":
        return _placement(args)
    if verb in LABELS:
        return LABELS[verb](state, args)
    if verb in PLAIN:
        return PLAIN[verb]
    if verb == "done":
        return DONE.get(frame, "Done")
    if verb.startswith("no-"):
        return f"Do not use the {card_name(verb[3:])}"
    if verb == "start":
        island = "the Island at" if frame == "setup-bluefin" else "the space"
        return f"Start on {island} {_where(args['space'])}"
    if verb == "move" and frame == "tailwind":
        return f"Move directly to {_where(args['space'])}"
    if verb in AT_SPACE and "space" in args:
        return AT_SPACE[verb].format(_where(args["space"]))
    if verb == "recruit":
        name = card_name(args["card"])
        if args.get("pay") == "gold":
            return f"Recruit the {name} for {args['gold']} gold"
        if "die" in args:
            how = (f"your {args['die']}" if args["die"] == args["value"]
                   else f"your {args['die']} turned into a {args['value']}"
                   + (f" ({args['gold']} gold)" if "gold" in args else ""))
            return f"Recruit the {name} with {how}"
        return f"Recruit the {name} free"
    if verb in ("smuggle", "deliver"):
        return f"{verb.title()} {cargo_name(args['cargo'])}"
    if verb == "discard":
        return f"Return {cargo_name(args['cargo'])} to the box"
    if verb == "tile":
        return f"Place the tile at {_where(args['space'])}, turned {args['rotation']}°"
    if verb == "battle":
        return f"Battle {figure(state, args.get('defender'))}"
    if verb == "fire":
        return f"Turn your Cannons die down {args['die']} → {args['value']}"
    if verb == "victory":
        return VICTORY.get(args["option"], args["option"])
    if verb == "damage":
        return f"Take the damage on {slot_title(args['slot'])}"
    if verb == "repair":
        return f"Repair {slot_title(args['slot'])}"
    if verb == "harbor-cannons":
        value = f"your {args['value']}" if "value" in args else "your die"
        return f"Move {value} from {slot_title(args['slot'])} to Cannons"
    if verb == "order":
        return f"Order the Patrol at {_where(args['space'])} to {_where(args['to'])}"
    if verb == "reward":
        return f"Move your reward marker {args['option']}"
    if verb == "spend":
        n = args["count"]
        return f"Spend {n} gold for {n} Fame" if n else "Spend no gold"
    if verb == "pledge":
        return f"Pledge the Cargo to {FACTION_NAMES[args['faction']]}"
    if verb.endswith("-first"):
        offered = OFFERS.get(args["option"])
        return f"Resolve {offered[2] if offered else args['option']} first"
    return verb.replace("-", " ").capitalize()
