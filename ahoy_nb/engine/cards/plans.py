"""Mollusk plan cards, called by the rules at the moments the plans name.

Plans played as an action (no die) are offered on the Mollusk's turn while nothing
else is pending, one notation per plan *name* (which copy is played makes no
difference): ``play evacuation``, ``play sneak-attack``, ``play enlist``,
``play dynamic-entry``, ``play cutter``, ``play gunship``. Their choices are frames:

=================  =========================================================
``evacuate x,y``   Evacuation: the Island whose Comrades are all removed
``relocate x,y n`` Evacuation: place n of them on another Island (repeated)
``sneak x,y``      Sneak Attack: the region (named by its Island)
``remove-patrol``  Sneak Attack: ``remove-patrol x,y`` removes a Patrol there, or ``done``
``enlist x,y``     Enlist: the Island; then ``recruit <card>`` ... ``done``
``launch x,y``     Cutter / Gunship: the Island that gives 2 Comrades for the ship
=================  =========================================================

Dynamic Entry raises the die on Cannons, then asks the usual ``tailwind`` frame
(``move x,y`` to any space with a Tailwind, or ``stay``).

The Cutter and Gunship, once in play, add die placements to the turn: ``cutter 4``,
``gunship 6``, ``gunship 5>4`` (gold changes the value as on the board). Then
``sail`` (the ship moves up to 3 / 2 spaces) or ``tailwind`` (directly to a space
with a printed die of the placed value); both ignore Wreckage.

Battle plans (Secret Weapon, Close Call, Weapons Cache) are offered at the start
of every battle with the Union, attacker or defender, in or out of its turn: a
``battle-plans`` frame for Mollusk with ``play secret-weapon``, ``play close-call``,
``play weapons-cache`` (those in hand) and ``no-plan``. It is asked whenever the
Mollusk holds any plan card, so that being asked reveals nothing about the hand.
When Emissary is offered at the same start, the turn player first chooses the order
(``emissary-first`` / ``plans-first``, the ``offer-order`` frame in ``rules/battle.py``).
"""

from __future__ import annotations

from .. import notation, words
from ..geometry import space_name
from ..kernel import auto, extend, frame, hook, legal, limit, offer
from ..components import (CARD_KEYS, MARKET_CARDS, PLAN_BY_KEY, PLAN_CARDS, SHIP_SLOTS, SHIP_STATS,
                          SUPPLY)
from ..schema import FLAG, Below, Die, Int, one_of, Region, Space
from ..rules import (Play, accepts, add_crew, die_change_cost, placement_notation, placing,
                    reachable_values, take_from_market, spend_for_die)

MOLLUSK = "mollusk"


def plan_slug(plan: int) -> str:
    """A plan's name as notation: ``sneak-attack`` for both Sneak Attack cards."""
    return _SLUGS[plan]


_SLUGS = tuple(card["name"].lower().replace(" ", "-") for card in PLAN_CARDS)


SLUG_TITLE = {plan_slug(p): card["name"] for p, card in enumerate(PLAN_CARDS)}
SLUG_WHEN = {plan_slug(p): card["when"] for p, card in enumerate(PLAN_CARDS)}
ACTION_PLANS = ("evacuation", "sneak-attack", "enlist", "dynamic-entry", "cutter", "gunship")
BATTLE_PLANS = ("secret-weapon", "close-call", "weapons-cache")
SHIPS = ("cutter", "gunship")

# Words of the notation this module adds to the grammar: (verb, shape, example).
_SPACE = notation.SPACE
_GRAMMAR = (
        ("play", r"play [a-z-]+", "play sneak-attack"), ("no-plan", None, None),
        ("evacuate", rf"evacuate {_SPACE}", "evacuate 3,2"),
        ("relocate", rf"relocate {_SPACE} \d+", "relocate 0,0 2"),
        ("sneak", rf"sneak {_SPACE}", "sneak 3,2"),
        ("remove-patrol", rf"remove-patrol {_SPACE}", "remove-patrol 2,1"),
        ("enlist", rf"enlist {_SPACE}", "enlist 3,2"), ("launch", rf"launch {_SPACE}", "launch 3,2"),
        ("cutter", rf"cutter {notation.DIE}", "cutter 4"),
        ("gunship", rf"gunship {notation.DIE}", "gunship 5>6"))
VERBS = {verb for verb, _, _ in _GRAMMAR}
for _verb, _shape, _example in _GRAMMAR:
    notation.verb(_verb, _shape, _example, space=_verb in {"evacuate", "sneak", "remove-patrol",
                                                          "enlist", "launch"})
notation.known("plan", "a plan card's name", SLUG_TITLE)
# A Union ship moves with bare ``sail`` or ``tailwind``: its die is already on its slot.
for _verb in ("sail", "tailwind"):
    notation.verb(_verb, rf"{_verb}( {notation.DIE})?")
# Each plan verb in plain words (engine/words.py shows actions to people with them).
for _verb, _words in {
    "play": lambda state, args: "Play " + next(
        (p["name"] for p in PLAN_CARDS if p["name"].lower().replace(" ", "-") == args["plan"]),
        args["plan"]),
    "no-plan": "Play no battle plan",
    "evacuate": "Evacuate the Island at {space}",
    "relocate": lambda state, args: (
        f"Place {args['count']} Comrade{'s' * (args['count'] != 1)} on the Island at "
        f"{space_name(args['space'])}"),
    "sneak": "Sneak Attack the region of the Island at {space}",
    "remove-patrol": "Remove the Patrol at {space}",
    "enlist": "Enlist on the Island at {space}",
    "launch": "Launch the ship from the Island at {space}",
    "sail": "Sail with the Union ship", "tailwind": "Move the Union ship to a Tailwind",
}.items():
    words.register(_verb, _words)
words.DONE.update({"enlist-recruit": "Stop recruiting", "remove-patrols": "Remove no more Patrols"})

PROMPTS = {
    "evacuation": "Evacuation: choose the Island to remove all Comrades from (evacuate x,y)",
    "relocate": "Evacuation: place the removed Comrades on other Islands, as many as you like "
                "on each (relocate x,y n)",
    "sneak-attack": "Sneak Attack: choose a region whose Island has Comrades (sneak x,y)",
    "remove-patrols": "Sneak Attack: remove a Patrol from the region (remove-patrol x,y), "
                      "up to 2, or done",
    "enlist": "Enlist: choose an Island with Comrades (enlist x,y)",
    "enlist-recruit": "Enlist: recruit Crew of the Island's suit, ignoring cost (recruit ...), "
                      "or done; the Market is refilled when you are done",
    "launch": "choose an Island to remove 2 Comrades from and place the ship there (launch x,y)",
    "ship-action": "move the ship: Sail (sail) or Tailwind (tailwind), ignoring Wreckage",
    "battle-plans": "at the start of the battle: play a battle plan (play ...), or no-plan",
}


# -- the hand ------------------------------------------------------------------------

def copies(g: Play, slug: str) -> list[int]:
    """The plan cards of that name in the Mollusk hand, lowest first."""
    return sorted(p for p in g.faction(MOLLUSK)["hand"] if _SLUGS[p] == slug)


def discard(g: Play, slug: str) -> int:
    """Play a copy of ``slug`` from the hand onto the discard pile, face up."""
    fs = g.faction(MOLLUSK)
    plan = copies(g, slug)[0]
    fs["hand"].remove(plan)
    fs["discard"].append(plan)
    return plan


def islands_with_comrades(g: Play, least: int = 1) -> list:
    return [s for s in sorted(g.map.islands) if g.comrades(s) >= least]


def _any_comrades(g: Play, least: int = 1) -> bool:
    """Whether any Island has ``least`` Comrades (``islands_with_comrades``, only faster:
    Comrades are only ever on the map's Islands)."""
    return any(n >= least for n in g.data["comrades"].values())


def unplayable(g: Play, slug: str) -> str | None:
    """Why an action plan in hand cannot be played now, in the rules' words; None if it can."""
    title = SLUG_TITLE[slug]
    if slug in SHIPS:
        if not _any_comrades(g, 2):
            return (f"to place the {title} you must remove 2 Comrades from 1 Island, "
                    f"and no Island has 2 Comrades")
    elif slug == "evacuation":
        if not _any_comrades(g):
            return "Evacuation removes all Comrades from 1 Island, and no Island has any Comrades"
        if len(g.map.islands) < 2:
            return "Evacuation places the Comrades on another Island, and there is no other Island"
    elif slug == "sneak-attack":
        if not _any_comrades(g):
            return "Sneak Attack needs a region whose Island has any Comrades, and there is none"
    elif slug == "enlist":
        if not _any_comrades(g):
            return "Enlist needs an Island with any Comrades, and there is none"
        if (island := g.island_here(MOLLUSK)) and g.stronghold_blocks(MOLLUSK, island):
            return ("while your Flagship is at an Island with a Stronghold you cannot recruit Crew "
                    "(Island Dominance), and Enlist ignores only the cost")
    return None


# -- plans played as an action ------------------------------------------------------------

@hook("turn options")
def turn_options(g: Play, f: str) -> list:
    """Plans the Mollusk Union may play as an action now, and its ships' die slots."""
    if g.turn_player() != MOLLUSK:
        return []
    out = []
    fs = g.faction(MOLLUSK)
    in_hand = {_SLUGS[p] for p in fs["hand"]}
    for slug in ACTION_PLANS:
        if slug in in_hand and unplayable(g, slug) is None:
            out.append((f"play {slug}", do_play, (slug,)))
    turn = g.data["turn"]
    if fs["ships"] and turn["placed"] < turn["quota"]:
        out += ship_placements(g)
    return out


def do_play(g: Play, frame, slug: str) -> None:
    title = SLUG_TITLE[slug]
    if slug in SHIPS:
        # The plan stays in hand until the ship is placed, then goes in front of the Union.
        g.say(f"Mollusk plays the {title} plan")
        g.push({"type": "launch", "player": MOLLUSK, "ship": slug})
        return
    discard(g, slug)
    g.say(f"Mollusk plays {title}")
    if slug in ("evacuation", "sneak-attack", "enlist"):
        g.push({"type": slug, "player": MOLLUSK})
    elif slug == "dynamic-entry":
        dynamic_entry(g)


# Evacuation ---------------------------------------------------------------------------

frame("evacuation")
# Place the Comrades removed ``from`` an Island, ``left`` of them still to place.
frame("relocate", **{"from": Space()}, left=Int(0, SUPPLY["comrade"]))


@legal("evacuation")
def legal_evacuation(g: Play, frame) -> list:
    return [(f"evacuate {space_name(s)}", do_evacuate, (s,)) for s in islands_with_comrades(g)]


def do_evacuate(g: Play, frame, island) -> None:
    g.pop()
    n = g.comrades(island)
    g.set_comrades(island, 0)
    g.say(f"Mollusk removes all {n} Comrade{'s' if n != 1 else ''} from the Island at "
          f"{space_name(island)}")
    g.push({"type": "relocate", "player": MOLLUSK, "from": list(island), "left": n})


@auto("relocate")
def auto_relocate(g: Play, frame) -> bool:
    if frame["left"] > 0:
        return False
    g.pop()
    return True


@legal("relocate")
def legal_relocate(g: Play, frame) -> list:
    source = tuple(frame["from"])
    return [(f"relocate {space_name(s)} {n}", do_relocate, (s, n))
            for s in sorted(g.map.islands) if s != source
            for n in range(frame["left"], 0, -1)]


def do_relocate(g: Play, frame, island, n: int) -> None:
    g.set_comrades(island, g.comrades(island) + n)
    frame["left"] -= n
    g.say(f"Mollusk places {n} of them on the Island at {space_name(island)}")


# Sneak Attack ---------------------------------------------------------------------------

def region_patrol_spaces(g: Play, region: int) -> list:
    spaces = set(g.map.region_spaces[region])
    return sorted({tuple(f["at"]) for f in g.data["figures"]
                   if f["kind"] == "patrol" and tuple(f["at"]) in spaces})


frame("sneak-attack")
# Remove up to 2 Patrols of ``region`` (``removed`` so far).
frame("remove-patrols", region=Region(), removed=Int(0, 2))


@legal("sneak-attack")
def legal_sneak_attack(g: Play, frame) -> list:
    return [(f"sneak {space_name(s)}", do_sneak, (s,)) for s in islands_with_comrades(g)]


def do_sneak(g: Play, frame, island) -> None:
    g.pop()
    g.say(f"Mollusk sneaks into the region of the Island at {space_name(island)}")
    g.push({"type": "remove-patrols", "player": MOLLUSK, "region": g.map.region_of(island),
            "removed": 0})


@auto("remove-patrols")
def auto_remove_patrols(g: Play, frame) -> bool:
    if frame["removed"] < 2 and region_patrol_spaces(g, frame["region"]):
        return False
    g.pop()
    if frame["removed"] == 0:
        g.say("There are no Patrols in that region to remove")
    return True


@legal("remove-patrols")
def legal_remove_patrols(g: Play, frame) -> list:
    out = [(f"remove-patrol {space_name(s)}", do_remove_patrol, (s,))
           for s in region_patrol_spaces(g, frame["region"])]
    out.append(("done", do_sneak_done, ()))
    return out


def do_remove_patrol(g: Play, frame, space) -> None:
    fig = next(f for f in g.data["figures"] if f["kind"] == "patrol" and tuple(f["at"]) == space)
    g.remove_figure(fig)
    frame["removed"] += 1
    g.say(f"Mollusk removes the Patrol at {space_name(space)}: it returns to Bluefin's supply")


def do_sneak_done(g: Play, frame) -> None:
    g.pop()


# Enlist ---------------------------------------------------------------------------------

def enlist_cards(g: Play, frame) -> list[int]:
    suit = g.map.spaces[tuple(frame["island"])].suit
    return [c for c in g.data["market"] if MARKET_CARDS[c]["suit"] == suit]


frame("enlist")
# Recruit Crew of the ``island``'s suit until ``done``.
frame("enlist-recruit", island=Space(), done=FLAG)


@legal("enlist")
def legal_enlist(g: Play, frame) -> list:
    return [(f"enlist {space_name(s)}", do_enlist, (s,)) for s in islands_with_comrades(g)]


def do_enlist(g: Play, frame, island) -> None:
    g.pop()
    suit = g.map.spaces[island].suit.title()
    g.say(f"Mollusk enlists at the {suit} Island at {space_name(island)}")
    g.push({"type": "enlist-recruit", "player": MOLLUSK, "island": list(island), "done": False})


@auto("enlist-recruit")
def auto_enlist_recruit(g: Play, frame) -> bool:
    if not frame["done"] and enlist_cards(g, frame):
        return False
    g.pop()
    if not frame["done"]:
        g.say("No Crew of that suit is left in the Market")
    g.refill_market()  # "Refill the Market only when done."
    return True


@legal("enlist-recruit")
def legal_enlist_recruit(g: Play, frame) -> list:
    out = [(f"recruit {CARD_KEYS[c]}", do_enlist_recruit, (c,)) for c in enlist_cards(g, frame)]
    out.append(("done", do_enlist_done, ()))
    return out


@notation.facts(lambda card: {"gold": 0})
def do_enlist_recruit(g: Play, frame, card: int) -> None:
    take_from_market(g, card)
    add_crew(g, MOLLUSK, card)
    g.say(f"Mollusk recruits {MARKET_CARDS[card]['name']} ignoring its cost")


def do_enlist_done(g: Play, frame) -> None:
    frame["done"] = True


# Dynamic Entry --------------------------------------------------------------------------

def dynamic_entry(g: Play) -> None:
    cannons = [slot for key, spec, slot in g.slot_list(MOLLUSK)
               if spec["action"] == "cannons" and slot["die"] is not None]
    if cannons:
        slot = cannons[0]
        before = slot["die"]
        slot["die"] = min(6, before + 2)  # a die cannot increase over 6
        g.say(f"Mollusk's die on Cannons goes from {before} to {slot['die']}")
    else:
        g.say("Mollusk has no die on Cannons to increase")
    g.push({"type": "tailwind", "player": MOLLUSK, "figure": MOLLUSK, "value": None,
            "anchor": None})


# The Cutter and the Gunship ----------------------------------------------------------------

SHIP = one_of(*SHIPS)
frame("launch", ship=SHIP)
# The ship whose slot took a die of ``value``: it sails or takes a Tailwind.
frame("ship-action", ship=SHIP, value=Die())


@legal("launch")
def legal_launch(g: Play, frame) -> list:
    return [(f"launch {space_name(s)}", do_launch, (s,)) for s in islands_with_comrades(g, 2)]


def do_launch(g: Play, frame, island) -> None:
    g.pop()
    ship = frame["ship"]
    fs = g.faction(MOLLUSK)
    plan = copies(g, ship)[0]
    fs["hand"].remove(plan)
    fs["ships"][ship] = {"plan": plan, "slots": [{"die": None, "damage": False}
                                                 for _ in SHIP_SLOTS[ship]]}
    g.set_comrades(island, g.comrades(island) - 2)
    g.new_figure(ship, MOLLUSK, island)  # placed, not moved: no battle
    g.say(f"Mollusk removes 2 Comrades from the Island at {space_name(island)} to place the "
          f"{ship.title()} there")


def ship_placements(g: Play) -> list:
    """Dice the Mollusk may place on its ships' own slots: ``cutter 4``, ``gunship 5>6``."""
    fs = g.faction(MOLLUSK)
    out = []
    values = reachable_values(g, MOLLUSK, sorted(set(fs["dice"])))
    for ship, info in sorted(fs["ships"].items()):
        open_specs = [spec for spec, slot in zip(SHIP_SLOTS[ship], info["slots"])
                      if slot["die"] is None and not slot["damage"]]
        for d, reachable in values.items():
            for v, cost in reachable:
                if any(accepts(spec["need"], v) for spec in open_specs):
                    out.append((placement_notation(ship, d, v), do_place_ship, (ship, d, v, cost)))
    return out


@placing
@notation.facts(lambda ship, die, value, cost: {"gold": cost})
def do_place_ship(g: Play, frame, ship: str, die: int, value: int, cost: int) -> None:
    info = g.faction(MOLLUSK)["ships"][ship]
    slot = next(slot for spec, slot in zip(SHIP_SLOTS[ship], info["slots"])
                if slot["die"] is None and not slot["damage"] and accepts(spec["need"], value))
    spend_for_die(g, MOLLUSK, die, value, cost, f"the {ship.title()}")
    slot["die"] = value
    g.push({"type": "ship-action", "player": MOLLUSK, "ship": ship, "value": value})


@legal("ship-action")
def legal_ship_action(g: Play, frame) -> list:
    return [("sail", do_ship_action, ("sail",)), ("tailwind", do_ship_action, ("tailwind",))]


def do_ship_action(g: Play, frame, how: str) -> None:
    g.pop()
    ship = frame["ship"]
    if how == "sail":
        most = SHIP_STATS[ship]["sail"]
        g.say(f"The {ship.title()} sails (up to {most} spaces, ignoring Wreckage)")
        g.push({"type": "move", "player": MOLLUSK, "figure": ship, "steps": most, "moved": 0,
                "anchor": None, "no_battle": False, "ignore_wreckage": True})
    else:
        g.say(f"The {ship.title()} takes a Tailwind (ignoring Wreckage)")
        g.push({"type": "tailwind", "player": MOLLUSK, "figure": ship, "value": frame["value"],
                "anchor": None, "ignore_wreckage": True})


@hook("ship sunk")
def sink_ship(g, ship: str) -> None:
    """Every slot of the Cutter or Gunship is damaged: discard its plan, remove its figure."""
    fs = g.faction("mollusk")
    info = fs["ships"].pop(ship)
    fs["discard"].append(info["plan"])
    fig = g.figure(ship)
    if fig is not None:
        g.remove_figure(fig)
    g.say(f"The {ship.title()} is destroyed: its plan is discarded")


# -- plans played at the start of a battle ------------------------------------------------------

def mollusk_side(g: Play, fight: dict) -> str | None:
    for side in ("attacker", "defender"):
        fig = g.figure(fight[side])
        if fig is not None and fig["owner"] == MOLLUSK:
            return side
    return None


def _fight_index(g: Play, fight: dict) -> int:
    return next(i for i, p in enumerate(g.data["pending"]) if p is fight)


def battle_plans_apply(g: Play, fight: dict) -> bool:
    """The battle plans are offered: a Union figure battles and the Mollusk holds any plan.

    Only the hand's size counts (it is public), so the offer, and the turn player's
    question of its order against Emissary, tell the others nothing about the plans held.
    """
    return ("mollusk" in g.data["factions"] and bool(g.faction(MOLLUSK)["hand"])
            and mollusk_side(g, fight) is not None)


def offer_battle_plans(g, fight: dict) -> None:
    """At the start of a battle with the Mollusk Union, offer its battle plans if they apply."""
    if not battle_plans_apply(g, fight):
        return
    g.push({"type": "battle-plans", "player": MOLLUSK, "fight": _fight_index(g, fight),
            "side": mollusk_side(g, fight)})


offer("plans", battle_plans_apply, offer_battle_plans, "the Mollusk's battle plans")
notation.verb("plans-first")  # its place in the order chosen with another offer


SIDE = one_of("attacker", "defender")
# The Mollusk's battle plans at the start of a battle where it is ``side``.
frame("battle-plans", fight=Below("fight"), side=SIDE)
extend("fight", secret_weapon=SIDE)  # the side that rolls two dice
limit("extra damage", 1)  # Secret Weapon
# Weapons Cache: + Ready Comrades (at most every Comrade), for each copy played in a battle.
limit("battle bonus", sum(plan_slug(p) == "weapons-cache" for p in range(len(PLAN_CARDS)))
      * SUPPLY["comrade"])


@auto("battle-plans")
def auto_battle_plans(g: Play, frame) -> bool:
    if g.faction(MOLLUSK)["hand"]:
        return False
    g.pop()
    return True


@legal("battle-plans")
def legal_battle_plans(g: Play, frame) -> list:
    out = [(f"play {slug}", do_battle_plan, (slug,)) for slug in BATTLE_PLANS if copies(g, slug)]
    out.append(("no-plan", do_no_plan, ()))
    return out


def do_no_plan(g: Play, frame) -> None:
    g.pop()


def add_bonus(fight: dict, side: str, n: int, why: str) -> None:
    fight["bonus"][side] += n
    whys = fight.setdefault("bonus_why", {})
    before = whys.get(side)
    if not before:
        whys[side] = why
    elif why in before:  # the second Weapons Cache
        whys[side] = before.replace(why, f"{why} x2")
    else:
        whys[side] = f"{before} and {why}"


def do_battle_plan(g: Play, frame, slug: str) -> None:
    fight = g.data["pending"][frame["fight"]]
    side = frame["side"]
    discard(g, slug)
    if slug == "secret-weapon":
        fight["dice"][side] = 2
        fight["secret_weapon"] = side
        g.say("Mollusk plays Secret Weapon: it rolls 2 battle dice and adds them up, "
              "and deals an extra damage if it wins")
    elif slug == "weapons-cache":
        n = g.faction(MOLLUSK)["ready"]
        add_bonus(fight, side, n, "Weapons Cache")
        g.say(f"Mollusk plays Weapons Cache: +{n} to its roll "
              f"({n} Ready Comrade{'s' if n != 1 else ''})")
    elif slug == "close-call":
        # The battle is ignored. A figure that battled no one in the space keeps its
        # remaining movement: the series frame gives it back (game.auto_series).
        g.pop()
        fight["ignored"] = True
        g.say("Mollusk plays Close Call: the battle is ignored")


@hook("battle won")
def on_win(g, fight: dict, winner: dict, loser: dict) -> None:
    """A battle is won: Secret Weapon's extra damage."""
    if fight.get("secret_weapon") and fight.get("secret_weapon") == fight.get("winner"):
        fight["extra_damage"] = (fight.get("extra_damage") or 0) + 1
        g.say("Secret Weapon: Mollusk deals an extra damage")


# -- why a plan action is refused ------------------------------------------------------------

def why_not(g: Play, who: str | None, words: list[str]) -> str | None:
    """The rules' reason a ``play`` or ship placement is not allowed now (None: no special reason)."""
    verb = words[0]
    top = g.top()
    if verb == "play":
        return _play_reason(g, who, top, words)
    if verb in SHIPS:
        return _ship_reason(g, who, top, verb, words)
    return None


def _play_reason(g: Play, who, top, words) -> str | None:
    if len(words) != 2:
        return "play names one plan card, like 'play sneak-attack'"
    slug = words[1]
    if slug not in SLUG_TITLE:
        if slug in PLAN_BY_KEY:
            return f"name the plan without its copy letter: 'play {plan_slug(PLAN_BY_KEY[slug])}'"
        return f"'{slug}' is not a plan card (plans: {', '.join(sorted(SLUG_TITLE))})"
    title = SLUG_TITLE[slug]
    if who != MOLLUSK or MOLLUSK not in g.data["factions"]:
        return "only the Mollusk Union plays plan cards"
    when = SLUG_WHEN[slug]
    battle_now = top is not None and top["type"] == "battle-plans"
    if when == "battle" and not battle_now:
        return (f"{title} is played at the start of a battle with you, "
                f"{'not as an action' if top is None else 'and no battle is starting now'}")
    if when == "action" and battle_now:
        return f"{title} is played as an action, not at the start of a battle"
    if not copies(g, slug):
        if slug in SHIPS and slug in g.faction(MOLLUSK)["ships"]:
            return f"the {title} plan is already in play"
        return f"{title} is not in your hand"
    if when == "action":
        if top is not None:
            return "you can only start a new action once the current one is done"
        if g.turn_player() != MOLLUSK:
            return "plans are played as an action only on your turn"
        return unplayable(g, slug)
    return None


def _ship_reason(g: Play, who, top, ship: str, words) -> str | None:
    title = ship.title()
    if who != MOLLUSK:
        return f"only the Mollusk Union has the {title}"
    if ship not in g.faction(MOLLUSK)["ships"]:
        return f"the {title} is not in play: play its plan first"
    if top is not None or g.turn_player() != MOLLUSK:
        return None
    turn = g.data["turn"]
    if turn["placed"] >= turn["quota"]:
        return f"you have already placed your {turn['quota']} dice this turn"
    text = " ".join(words[1:])
    try:
        die, _, value = text.partition(">")
        die, value = int(die), int(value or die)
    except ValueError:
        return f"a die placement is written like '{ship} 4' or '{ship} 3>4'"
    fs = g.faction(MOLLUSK)
    if die not in fs["dice"]:
        return f"you have no unplaced {die} (your dice: {', '.join(map(str, fs['dice'])) or 'none'})"
    slots = list(zip(SHIP_SLOTS[ship], fs["ships"][ship]["slots"]))
    empty = [spec for spec, slot in slots if slot["die"] is None and not slot["damage"]]
    if not empty:
        return (f"the die slot must be empty: every slot of the {title} is filled with a die "
                f"or damage token")
    if not any(accepts(spec["need"], value) for spec in empty):
        needs = " or ".join(f'a "{v}"' for spec in empty for v in spec["need"])
        return f"the {title}'s empty slot only accepts {needs}"
    cost = die_change_cost(g, MOLLUSK, die, value)
    if cost > fs["gold"]:
        return f"changing a {die} into a {value} costs {cost} gold, and Mollusk has {fs['gold']}"
    return None
