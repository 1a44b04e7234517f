"""Crew cards' printed effects, called by the rules at the moments the cards name.

Every public function here is a hook the base rules call (``game.py``); each card's
effect is added where its text says it happens. A "may" effect is offered to its
owner as a decision frame registered below with ``@legal``/``@auto``; an effect with
no choice happens at once. Every event a Crew causes names the card in brackets,
like "Smuggler 1 gains 2 gold (Cutpurse)", so the log (and the coverage test) shows
which Crew acted.

Printed text is in ``components.MARKET_CARDS``; the rulebook's Appendix A adds
clarifications. Where they differ, see ``docs/rulings.md`` ("Crew").
"""

from __future__ import annotations

from itertools import combinations

from .. import chance
from .. import notation, words
from ..geometry import Space, space_name
from ..kernel import auto, extend, frame, hook, legal, limit, offer
from ..schema import FLAG, Below, Figure, Int, ListOf, Maybe, one_of, Player, Space, Text
from ..components import (BOARDS, CARD_BY_KEY, CARD_KEYS, CARGO_KEYS, CARGO_LIMIT, FACTION_NAMES,
                          MARKET_CARDS)
from ..rules import (Play, add_crew, board_kind, card_name, defender_word, do_pop, figure_label,
                    name)

# Notation words the Crew add to the grammar.
VERBS = {
    "aeronauts", "mystic", "naive-noble", "ghastly-gust", "whispering-wind",
    "sea-witch", "no-sea-witch", "pilot", "no-pilot", "barrelman", "no-barrelman",
    "sea-dog", "no-sea-dog", "gunners-mate", "no-gunners-mate",
    "emissary", "no-emissary", "grogmaster", "no-grogmaster",
    "buccaneer", "no-buccaneer", "beakhead", "no-beakhead", "convince", "official",
}


def verb(name: str, space: bool = False, shape: str | None = None,
         example: str | None = None) -> None:
    """A notation word a Crew card adds (``space``: its argument is a space; ``shape``: how
    it is written, when it is neither a space nor nothing)."""
    VERBS.add(name)
    notation.verb(name, shape, example, space=space)


# How the Crew verbs with more than a space are written (the others: a space, or nothing).
_FIGURE = rf"{notation.SPACE}( {notation.WORD})?"   # a space, and which figure there if several
_SHAPES = {
    "mystic": (rf"mystic {_FIGURE}", "mystic 3,1"),
    "sea-dog": (rf"sea-dog ({notation.SPACE}|ignore)", "sea-dog 3,1"),
    "naive-noble": (rf"naive-noble {notation.WORD} {notation.WORD} (crew|cargo)",
                    "naive-noble smuggler1 gunner crew"),
    "buccaneer": (rf"buccaneer {notation.WORD}( {notation.WORD})?", "buccaneer gunner pilot"),
    "convince": (rf"convince {notation.SPACE}>{notation.SPACE} [12]", "convince 3,2>0,0 2"),
}
for _verb in sorted(VERBS):
    verb(_verb, space=_verb in {"mystic", "ghastly-gust", "whispering-wind", "barrelman",
                                "sea-dog", "gunners-mate", "beakhead", "official"},
         shape=_SHAPES.get(_verb, (None, None))[0], example=_SHAPES.get(_verb, (None, None))[1])


def _rammed(state) -> str:
    """The figure a Battering Beakhead decision is about, in words."""
    top = state.data["pending"][-1] if state and state.data["pending"] else {}
    return words.figure(state, top["figure"]) if top.get("type") == "beakhead" else "the figure"


# Each Crew verb in plain words (engine/words.py shows actions to people with them).
for _verb, _words in {
    "aeronauts": "Fly to the other Island of this suit (Aeronauts, 1 gold)",
    "mystic": "Take 1 damage to deal 1 to {figure} (Mystic)",
    "ghastly-gust": "Move directly to {space} (Ghastly Gust, then it goes to the box)",
    "whispering-wind": "Move directly to {space} (Whispering Wind, 2 gold)",
    "naive-noble": lambda state, args: (
        f"Take {FACTION_NAMES.get(args['faction'], args['faction'])}'s "
        f"{words.card_name(args['card']) if 'card' in args else words.cargo_name(args['cargo'])}"
        f" as {args['option'].title()} (Naive Noble)"),
    "convince": lambda state, args: (
        f"Move {args['count']} Comrade{'s' * (args['count'] != 1)} from "
        f"{space_name(args['space'])} to {space_name(args['to'])} (Convincing Comrade)"),
    "official": "Move the Patrol at {space} (Convincing Official)",
    "sea-witch": "Sail on from the opposite edge (Sea Witch)", "no-sea-witch": "Stop at the edge",
    "pilot": "Ignore the Wreckage's damage (Pilot)", "no-pilot": "Take the Wreckage's damage",
    "barrelman": "Let the Fog carry you to {space} (Barrelman)",
    "sea-dog": lambda state, args: (
        "Ignore the Strong Current (Sea Dog)" if args.get("option") == "ignore"
        else f"Ride the current to {space_name(args['space'])} (Sea Dog)"),
    "gunners-mate": "Battle at {space} (Gunner's Mate)",
    "emissary": "Pay 1 gold to avoid the battle (Emissary)",
    "grogmaster": "Take 1 damage to reroll (Grogmaster)",
    "buccaneer": lambda state, args: (
        f"Take {' and '.join(words.card_name(c) for c in args['cards'])} (Buccaneer)"),
    "beakhead": lambda state, args: (
        f"Push {_rammed(state)} to {space_name(args['space'])} (Battering Beakhead)"),
}.items():
    words.register(_verb, _words)
words.DONE.update({"convince": "Move no more Comrades", "official": "Use no more Officials"})

# Crew actions taken on your turn without a die.
TURN_VERBS = {"aeronauts", "mystic", "naive-noble", "ghastly-gust", "whispering-wind"}

PROMPTS = {
    "take-damage": "choose your own slot that takes the damage (damage ...)",
    "sea-witch": "Sea Witch: move directly to the space on the nearest opposite edge (sea-witch), "
                 "or not (no-sea-witch)",
    "pilot": "Pilot: ignore the Wreckage damage (pilot), or take it (no-pilot)",
    "barrelman": "Barrelman: treat the Fog as a Strong Current toward a space (barrelman x,y), "
                 "or not (no-barrelman)",
    "sea-dog": "Sea Dog: ignore the Strong Current (sea-dog ignore), let it push you elsewhere "
               "(sea-dog x,y), or follow it (no-sea-dog)",
    "gunners-mate": "Gunner's Mate: battle a space in your Flagship's region as if you moved "
                    "there (gunners-mate x,y), or not (no-gunners-mate)",
    "emissary": "Emissary: give the defender 1 gold to ignore this battle (emissary), "
                "or battle (no-emissary)",
    "grogmaster": "Grogmaster: take 1 damage to reroll your battle die (grogmaster), "
                  "or keep the roll (no-grogmaster)",
    "buccaneer": "Buccaneer: return Buccaneer to the box to return their Crew to the box "
                 "(buccaneer ...), or not (no-buccaneer)",
    "beakhead": "Battering Beakhead: move the damaged {figure} 1 space (beakhead x,y), "
                "or not (no-beakhead)",
    "convince": "Convincing Comrade: move up to 2 Comrades from one Island to another "
                "(convince a>b n), or done",
    "official": "Convincing Official: choose a Patrol to move 1 or 2 spaces ignoring battle "
                "(official x,y), or done",
}


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------

def member(g: Play, f: str, slug: str) -> dict | None:
    """The Crew entry of ``f`` whose card has this slug (``gunner``), if recruited."""
    for m in g.faction(f)["crew"]:
        if MARKET_CARDS[m["card"]]["slug"] == slug:
            return m
    return None


def has(g: Play, f: str, slug: str) -> bool:
    for m in g.faction(f)["crew"]:
        if MARKET_CARDS[m["card"]]["slug"] == slug:
            return True
    return False


def title(slug: str) -> str:
    return next(c["name"] for c in MARKET_CARDS if c["slug"] == slug)


def return_to_box(g: Play, f: str, card: int) -> None:
    """A Crew card leaves ``f``'s Crew for the box (its die and damage go with it)."""
    crew = g.faction(f)["crew"]
    crew.remove(next(m for m in crew if m["card"] == card))
    g.data["market_box"].append(card)


def board_damageable(g: Play, f: str) -> list[str]:
    """Player-board slots of ``f`` that can take a damage token (Mystic: "on your player board")."""
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


def other_island(g: Play, island: Space) -> Space | None:
    suit = g.map.spaces[island].suit
    return next((s for s in sorted(g.map.islands) if s != island and g.map.spaces[s].suit == suit), None)


def move_directly(g: Play, f: str, target: Space, why: str) -> None:
    """Move ``f``'s Flagship directly to ``target`` (battle and terrain there), then anchor."""
    fig = g.figure(f)
    g.say(f"{figure_label(fig)} moves directly to {space_name(target)} ({why})")
    g.push({"type": "move", "player": f, "figure": f, "steps": 0, "moved": 1, "anchor": None,
            "no_battle": False})
    g.start_step(fig, target, len(g.data["pending"]) - 1, direct=True)


def push_take_damage(g: Play, f: str, why: str, board_only: bool = False) -> None:
    """``f`` takes 1 damage on a slot of its own choosing."""
    g.push({"type": "take-damage", "player": f, "why": why, "board_only": board_only})


def push_deal_damage(g: Play, fid: str, chooser: str, why: str) -> None:
    """1 damage to a figure, when this frame is reached; the dealer chooses the slot."""
    g.push({"type": "crew-damage", "player": None, "figure": fid, "chooser": chooser, "why": why})


# ---------------------------------------------------------------------------
# Actions on your turn that need no die
# ---------------------------------------------------------------------------

@hook("turn options")
def turn_options(g: Play, f: str) -> list:
    """Crew actions ``f`` may take now without placing a die (Aeronauts, Mystic...)."""
    out: list = []
    fs = g.faction(f)
    here = g.flagship_space(f)
    if here is None or not fs["crew"]:
        return out
    once = g.data["turn"].get("once", [])
    m = g.map
    if has(g, f, "aeronauts") and fs["gold"] >= 1:
        island = g.island_here(f)
        other = other_island(g, island) if island else None
        if other:
            out.append(("aeronauts", do_aeronauts, (other,)))
    if has(g, f, "mystic") and "mystic" not in once and board_damageable(g, f):
        out += [(text, do_mystic, (fid,)) for text, fid in enemy_targets(g, f, "mystic")]
    if has(g, f, "naive-noble"):
        out += naive_noble_options(g, f)
    if has(g, f, "ghastly-gust"):
        out += [(f"ghastly-gust {space_name(s)}", do_ghastly_gust, (s,))
                for s in sorted(m.spaces) if s != here]
    if has(g, f, "whispering-wind") and "whispering-wind" not in once and fs["gold"] >= 2:
        out += [(f"whispering-wind {space_name(s)}", do_whispering_wind, (s,))
                for s in m.tailwind_spaces() if s != here]
    return out


def do_aeronauts(g: Play, frame, target: Space) -> None:
    f = g.turn_player()
    g.faction(f)["gold"] -= 1
    g.say(f"{name(f)} spends 1 gold (Aeronauts)")
    move_directly(g, f, target, "Aeronauts")


@notation.facts(lambda fid: {"defender": fid})
def do_mystic(g: Play, frame, fid: str) -> None:
    f = g.turn_player()
    g.data["turn"]["once"].append("mystic")
    target = g.figure(fid)
    g.say(f"{name(f)} takes 1 damage to deal 1 damage to {figure_label(target)} (Mystic)")
    push_deal_damage(g, fid, f, " (Mystic)")
    push_take_damage(g, f, " (Mystic)", board_only=True)


def naive_noble_options(g: Play, f: str) -> list:
    here = g.flagship_space(f)
    region = g.map.region_of(here)
    can_cargo = "cargo" in g.faction(f)
    out = []
    for fig in g.region_figures(region):
        victim = fig["owner"]
        if fig["kind"] != "flagship" or victim == f:
            continue
        vs = g.faction(victim)
        cards = [(CARD_KEYS[mm["card"]], mm["card"], "crew") for mm in vs["crew"]]
        cards += [(CARGO_KEYS[c], c, "cargo") for c in vs.get("cargo", [])]
        for key, card, source in sorted(cards):
            for as_what in (("crew", "cargo") if can_cargo else ("crew",)):
                out.append((f"naive-noble {victim} {key} {as_what}", do_naive_noble,
                            (victim, card, source, as_what)))
    return out


def do_naive_noble(g: Play, frame, victim: str, card: int, source: str, as_what: str) -> None:
    f = g.turn_player()
    return_to_box(g, f, CARD_BY_KEY["naive-noble"])
    g.say(f"{name(f)} returns Naive Noble to the box (Naive Noble)")
    vs = g.faction(victim)
    if source == "crew":
        vs["crew"].remove(next(mm for mm in vs["crew"] if mm["card"] == card))
        what = card_name(card)
    else:
        vs["cargo"].remove(card)
        what = MARKET_CARDS[card]["cargo"]
    if as_what == "crew":
        add_crew(g, f, card)
        g.say(f"{name(f)} takes {what} from {name(victim)} into its Crew as {card_name(card)} "
              f"(Naive Noble)")
    else:
        cargo = g.faction(f)["cargo"]
        cargo.append(card)
        g.say(f"{name(f)} takes {what} from {name(victim)} as Cargo {MARKET_CARDS[card]['cargo']} "
              f"(Naive Noble)")
        if len(cargo) > CARGO_LIMIT:
            g.push({"type": "discard", "player": f})


def do_ghastly_gust(g: Play, frame, target: Space) -> None:
    f = g.turn_player()
    return_to_box(g, f, CARD_BY_KEY["ghastly-gust"])
    g.say(f"{name(f)} returns Ghastly Gust to the box (Ghastly Gust)")
    move_directly(g, f, target, "Ghastly Gust")


def do_whispering_wind(g: Play, frame, target: Space) -> None:
    f = g.turn_player()
    g.data["turn"]["once"].append("whispering-wind")
    g.faction(f)["gold"] -= 2
    g.say(f"{name(f)} spends 2 gold (Whispering Wind)")
    move_directly(g, f, target, "Whispering Wind")


def why_not(g: Play, f: str, words: list[str]) -> str | None:
    """Why a Crew action without a die is refused now, in the rules' words (explain.py)."""
    verb = words[0]
    if verb not in TURN_VERBS:
        return None
    card = title(verb)
    fs = g.faction(f)
    if not has(g, f, verb):
        return f"{card} is not in your Crew"
    once = g.data["turn"].get("once", [])
    here = g.flagship_space(f)
    if verb == "aeronauts":
        island = g.island_here(f)
        if not island:
            return "Aeronauts may only be used while your Flagship is at an Island"
        if not other_island(g, island):
            return "the other Island of that suit is not on the map"
        if fs["gold"] < 1:
            return f"Aeronauts costs 1 gold, and {name(f)} has {fs['gold']}"
        return "Aeronauts moves your Flagship to the other Island of that suit: write 'aeronauts'"
    if verb == "whispering-wind":
        if "whispering-wind" in once:
            return "Whispering Wind may be used only once per turn"
        if fs["gold"] < 2:
            return f"Whispering Wind costs 2 gold, and {name(f)} has {fs['gold']}"
        return "Whispering Wind moves your Flagship directly to another space with Tailwind terrain"
    if verb == "mystic":
        if "mystic" in once:
            return "Mystic may be used only once per turn"
        if not board_damageable(g, f):
            return ("you must be able to place the damage: no slot on your player board can take "
                    "a damage token")
        if not enemy_targets(g, f, "mystic"):
            return "there is no enemy figure in your Flagship's region"
        return "Mystic deals 1 damage to a figure in your Flagship's region (mystic x,y)"
    if verb == "ghastly-gust":
        return "Ghastly Gust moves your Flagship directly to another space on the map (ghastly-gust x,y)"
    if verb == "naive-noble":
        if not naive_noble_options(g, f):
            return "no enemy Flagship in your Flagship's region has Crew or Cargo to steal"
        return ("name the Flagship, the card and how you tuck it, like "
                "'naive-noble smuggler1 gunner crew' (only Smugglers carry Cargo)")
    return None


# ---------------------------------------------------------------------------
# Actions with a die on the Crew's own slot
# ---------------------------------------------------------------------------

@hook("crew die")
def slot_action(g: Play, f: str, card: int, value: int) -> None:
    """A die was placed on a Crew's own slot: resolve that Crew's action."""
    slug = MARKET_CARDS[card]["slug"]
    if slug == "shipwright":
        n = g.repair_all(f)
        g.say(f"{name(f)} repairs all its damage: {n} (Shipwright)")
        g.fire("repair", f, n)
    elif slug == "sailor":
        g.say(f"{name(f)} may move its Flagship 1 to 3 spaces (Sailor)")
        g.push({"type": "move", "player": f, "figure": f, "steps": 3, "moved": 0, "anchor": None,
                "no_battle": False})
    elif slug == "trawler":
        g.say(f"{name(f)} may move its Flagship 1 or 2 spaces, gaining Treasure on the way (Trawler)")
        g.push({"type": "move", "player": f, "figure": f, "steps": 2, "moved": 0, "anchor": None,
                "no_battle": False, "trawler": True})
    elif slug == "convincing-comrade":
        g.push({"type": "convince", "player": f})
    elif slug == "convincing-official":
        g.push({"type": "official", "player": f, "moved": []})


# Convincing Comrade: move up to 2 Comrades between Islands.
frame("convince")


@auto("convince")
def auto_convince(g: Play, frame) -> bool:
    if len(legal_convince(g, frame)) > 1:
        return False
    g.pop()
    g.say("Convincing Comrade: no Island has Comrades to move")
    return True


@legal("convince")
def legal_convince(g: Play, frame) -> list:
    out = []
    islands = sorted(g.map.islands)
    for a in islands:
        for b in islands:
            if b != a:
                for n in range(min(2, g.comrades(a)), 0, -1):
                    out.append((f"convince {space_name(a)}>{space_name(b)} {n}", do_convince, (a, b, n)))
    out.append(("done", do_pop, ()))
    return out


def do_convince(g: Play, frame, a: Space, b: Space, n: int) -> None:
    g.pop()
    g.set_comrades(a, g.comrades(a) - n)
    g.set_comrades(b, g.comrades(b) + n)
    g.say(f"{name(frame['player'])} moves {n} Comrade{'s' if n > 1 else ''} from the Island at "
          f"{space_name(a)} to the Island at {space_name(b)} (Convincing Comrade)")


# Convincing Official: up to 2 Patrols (``moved``: those moved so far) ...
frame("official", moved=ListOf(Figure(), 2))


@auto("official")
def auto_official(g: Play, frame) -> bool:
    if len(frame["moved"]) < 2 and len(legal_official(g, frame)) > 1:
        return False
    g.pop()
    if not frame["moved"]:
        g.say("Convincing Official: no Patrol can move")
    return True


@legal("official")
def legal_official(g: Play, frame) -> list:
    out = []
    seen = set()
    for fig in g.data["figures"]:
        here = tuple(fig["at"])
        if fig["kind"] != "patrol" or fig["id"] in frame["moved"] or here in seen:
            continue
        if g.step_targets(fig):
            seen.add(here)
            out.append((f"official {space_name(here)}", do_official, (fig["id"],)))
    out.append(("done", do_pop, ()))
    return sorted(out, key=lambda o: o[0] == "done")


def do_official(g: Play, frame, fid: str) -> None:
    frame["moved"].append(fid)
    fig = g.figure(fid)
    g.say(f"{name(frame['player'])} moves Bluefin's Patrol from {space_name(fig['at'])}, "
          f"ignoring battle (Convincing Official)")
    g.push({"type": "move", "player": frame["player"], "figure": fid, "steps": 2, "moved": 0,
            "anchor": None, "no_battle": True})


# ---------------------------------------------------------------------------
# Damage a Crew makes its owner take or deal
# ---------------------------------------------------------------------------

# ``player`` takes 1 damage on a slot it chooses (Mystic: only its player board).
frame("take-damage", why=Text(), board_only=FLAG)
# 1 damage to ``figure`` when reached, its slot chosen by ``chooser`` (Mystic, Powder Monkey).
frame("crew-damage", decides=False, figure=Figure(), chooser=Player(), why=Text())


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


# ---------------------------------------------------------------------------
# Passive powers at the moments they name
# ---------------------------------------------------------------------------

@hook("end of turn")
def end_of_turn(g: Play, f: str) -> None:
    """``f``'s turn ends (Documentarian, Elder)."""
    if has(g, f, "documentarian"):
        here = g.flagship_space(f)
        if here is not None:
            region = g.map.region_of(here)
            if any(fig["kind"] == "flagship" and fig["owner"] != f for fig in g.region_figures(region)):
                g.gain_gold(f, 1, " for sharing a region with an enemy Flagship (Documentarian)")
    if has(g, f, "elder") and not g.damaged(f):
        g.gain_gold(f, 1, " for having no damaged die slots (Elder)")


@hook("anchoring")
def on_anchor(g: Play, f: str, info) -> None:
    """``f``'s Flagship anchors at the space ``info`` (Diver, Merchant)."""
    if has(g, f, "diver") and info.terrain == "wreckage" and info.gold:
        g.gain_gold(f, 1, " more from the Wreckage's Treasure (Diver)")
    if has(g, f, "merchant") and info.terrain == "harbor":
        g.gain_gold(f, 1, " for anchoring at a Harbor (Merchant)")


@hook("die change")
def middleman(g: Play, f: str) -> tuple[int, str] | None:
    """Middleman: each gold spent changes a die by up to 2."""
    return (2, "Middleman") if has(g, f, "middleman") else None


@hook("cannons")
def on_cannons(g: Play, f: str) -> None:
    """``f`` placed a die on Cannons (Gunner's Mate)."""
    if has(g, f, "gunners-mate") and gunners_mate_targets(g, f):
        g.push({"type": "gunners-mate", "player": f})


def gunners_mate_targets(g: Play, f: str) -> dict[Space, list[str]]:
    """Spaces of the Flagship's region with enemy figures to battle (Fog: battles cannot happen)."""
    here = g.flagship_space(f)
    if here is None:
        return {}
    m = g.map
    out: dict[Space, list[str]] = {}
    for space in m.region_spaces[m.region_of(here)]:
        if m.spaces[space].terrain == "fog":
            continue
        enemies = [fig["id"] for fig in g.figures_at(space) if fig["owner"] != f]
        if enemies:
            out[space] = enemies
    return out


# Gunner's Mate: battle a space of the region; its battles are a series ``remote`` from the
# Flagship, which stays where it is.
frame("gunners-mate")
extend("series", remote=FLAG)


@legal("gunners-mate")
def legal_gunners_mate(g: Play, frame) -> list:
    out = [(f"gunners-mate {space_name(s)}", do_gunners_mate, (s,))
           for s in sorted(gunners_mate_targets(g, frame["player"]))]
    out.append(("no-gunners-mate", do_pop, ()))
    return out


def do_gunners_mate(g: Play, frame, space: Space) -> None:
    g.pop()
    f = frame["player"]
    g.say(f"{name(f)}'s Flagship battles at {space_name(space)} as if it moved there (Gunner's Mate)")
    g.push({"type": "series", "player": f, "attacker": f, "space": list(space),
            "queue": gunners_mate_targets(g, f)[space], "remote": True})


# -- Powder Monkey: "When you repair any amount of damage, you may deal 1 damage to any
# figure in your Flagship's region." Everything the card adds, in one place.
verb("powder-monkey", space=True, shape=rf"powder-monkey {_FIGURE}", example="powder-monkey 0,0")
verb("no-powder-monkey")
words.register("powder-monkey", "Deal 1 damage to {figure} (Powder Monkey)")
PROMPTS["powder-monkey"] = ("Powder Monkey: deal 1 damage to a figure in your Flagship's region "
                            "(powder-monkey x,y), or not (no-powder-monkey)")


frame("powder-monkey")


@hook("repair")
def on_repair(g: Play, f: str, repaired: int) -> None:
    """``f`` repaired damage: Powder Monkey asks whether to deal 1."""
    if repaired > 0 and has(g, f, "powder-monkey") and enemy_targets(g, f, "powder-monkey"):
        g.push({"type": "powder-monkey", "player": f})


@legal("powder-monkey")
def legal_powder_monkey(g: Play, frame) -> list:
    out = [(text, do_powder_monkey, (fid,)) for text, fid in enemy_targets(g, frame["player"], "powder-monkey")]
    out.append(("no-powder-monkey", do_pop, ()))
    return out


@notation.facts(lambda fid: {"defender": fid})
def do_powder_monkey(g: Play, frame, fid: str) -> None:
    g.pop()
    f = frame["player"]
    g.say(f"{name(f)} deals 1 damage to {figure_label(g.figure(fid))} (Powder Monkey)")
    push_deal_damage(g, fid, f, " (Powder Monkey)")


# -- moving ------------------------------------------------------------------

def witch_destination(g: Play, here: Space, target: Space) -> Space | None:
    """Sea Witch: trace back from the direction of the move to the nearest opposite edge.

    The Flagship goes to the last space of the map along that line before the first
    gap (the nearest edge, not the furthest): the space adjacent to that edge. ``None``
    when that is the space it leaves (cannot happen with 2x2 tiles, kept as a guard).
    """
    dx, dy = target[0] - here[0], target[1] - here[1]
    m = g.map
    space = here
    while m.on_map((space[0] - dx, space[1] - dy)):
        space = (space[0] - dx, space[1] - dy)
    return space if space != here else None


@hook("off-map step")
def witch_can(g: Play, fig: dict, target: Space, carried: list = ()) -> bool:
    """Sea Witch lets this Flagship step off the map toward ``target``, even where it cannot
    explore; not back into a space it was ``carried`` out of in this movement (a ruling)."""
    if fig["kind"] != "flagship" or g.map.on_map(target) or not has(g, fig["owner"], "sea-witch"):
        return False
    land = witch_destination(g, tuple(fig["at"]), target)
    return land is not None and list(land) not in carried


@hook("leaving the map")
def off_map(g: Play, fig: dict, frame: dict) -> bool:
    """The figure of the step ``frame`` moves off the map: offer Sea Witch. True if asked."""
    target = tuple(frame["to"])
    if (frame.get("stay_on_map") or frame.get("witch")
            or not witch_can(g, fig, target, frame.get("carried", []))):
        return False
    frame["witch"] = True
    can_explore = bool(g.data["tile_stack"]) and g.map.can_explore(target)
    g.push({"type": "sea-witch", "player": fig["owner"], "step": len(g.data["pending"]) - 1,
            "to": list(witch_destination(g, tuple(fig["at"]), target)),
            "decline": can_explore or bool(frame.get("pushed"))})
    return True


# Sea Witch, for the ``step`` off the map: directly ``to`` the opposite edge, or (``decline``)
# explore or stay. ``witch``: the step has asked already.
frame("sea-witch", step=Below("step"), to=Space(), decline=FLAG)
extend("step", witch=FLAG)


@legal("sea-witch")
def legal_sea_witch(g: Play, frame) -> list:
    out = [("sea-witch", do_sea_witch, (True,))]
    if frame["decline"]:
        out.append(("no-sea-witch", do_sea_witch, (False,)))
    return out


def do_sea_witch(g: Play, frame, use: bool) -> None:
    g.pop()
    if not use:
        return
    step = g.data["pending"][frame["step"]]
    step["to"] = frame["to"]
    step["direct"] = True
    g.say(f"{name(frame['player'])}'s Flagship moves off the map and directly to "
          f"{space_name(frame['to'])} on the opposite edge (Sea Witch)")


# Trawler's move pays each Treasure it passes (``trawl_started``: past its first space).
extend("move", trawler=FLAG, trawl_started=FLAG)


@hook("leaving a space")
def leaving(g: Play, fig: dict, frame: dict) -> None:
    """The figure of the step ``frame`` leaves its space (Trawler's Treasure on the way)."""
    parent = frame.get("parent")
    if parent is None or fig["kind"] != "flagship":
        return
    move = g.data["pending"][parent]
    if move.get("type") != "move" or not move.get("trawler"):
        return
    if not move.get("trawl_started"):
        move["trawl_started"] = True  # the space the action starts from was not moved into
        return
    here = tuple(fig["at"])
    info = g.map.spaces.get(here)
    if info is not None and info.gold:
        g.gain_gold(fig["owner"], info.gold, f" from the Treasure at {space_name(here)} (Trawler)")


def push_options(g: Play, fig: dict, here: Space, step: dict,
                 skip: Space | None = None) -> list[Space]:
    """Spaces a Strong Current from ``here`` could push the figure into (Barrelman, Sea Dog).

    Not a space the figure was already carried out of during this space of movement
    (``step["carried"]``): the free moves of one movement never return to a space they
    left, so they end (docs/rulings.md, "Free moves end").
    """
    m = g.map
    carried = step.get("carried", [])
    out = []
    for n in m.neighbours(here):
        if n == skip or not m.can_step(here, n) or list(n) in carried:
            continue
        if (m.on_map(n) or (g.data["tile_stack"] and m.can_explore(n))
                or witch_can(g, fig, n, [*carried, list(here)])):
            out.append(n)
    return sorted(out)


@hook("terrain")
def on_terrain(g: Play, fig: dict, frame: dict) -> bool:
    """The figure of the step ``frame`` is about to resolve its space's terrain.

    Offers Pilot (Wreckage), Barrelman (Fog) and Sea Dog (Strong Current) to the
    owner of a Flagship. True if a decision was pushed.
    """
    if fig["kind"] != "flagship":
        return False
    f = fig["owner"]
    here = tuple(fig["at"])
    info = g.map.spaces[here]
    step = len(g.data["pending"]) - 1
    if info.terrain == "wreckage" and has(g, f, "pilot"):
        g.push({"type": "pilot", "player": f, "step": step})
        return True
    if info.terrain == "fog" and has(g, f, "barrelman") and push_options(g, fig, here, frame):
        g.push({"type": "barrelman", "player": f, "step": step, "figure": fig["id"]})
        return True
    if info.terrain == "current" and has(g, f, "sea-dog"):
        g.push({"type": "sea-dog", "player": f, "step": step, "figure": fig["id"]})
        return True
    return False


# Pilot, Barrelman and Sea Dog, for the ``step`` into Wreckage, Fog or a Strong Current;
# Barrelman and Sea Dog set the step's ``current`` (None: Sea Dog ignores it).
frame("pilot", step=Below("step"))
frame("barrelman", step=Below("step"), figure=Figure(asked=True))
frame("sea-dog", step=Below("step"), figure=Figure(asked=True))
extend("step", current=Maybe(ListOf(Int(-1, 1), 2, 2)))


@legal("pilot")
def legal_pilot(g: Play, frame) -> list:
    return [("pilot", do_pilot, (True,)), ("no-pilot", do_pilot, (False,))]


def do_pilot(g: Play, frame, use: bool) -> None:
    g.pop()
    if use:
        g.data["pending"][frame["step"]]["ignore_wreckage"] = True
        g.say(f"{name(frame['player'])}'s Flagship ignores the Wreckage's damage (Pilot)")


@legal("barrelman")
def legal_barrelman(g: Play, frame) -> list:
    fig = g.figure(frame["figure"])
    step = g.data["pending"][frame["step"]]
    out = [(f"barrelman {space_name(s)}", do_current, (s, "Barrelman"))
           for s in push_options(g, fig, tuple(fig["at"]), step)]
    out.append(("no-barrelman", do_pop, ()))
    return out


@legal("sea-dog")
def legal_sea_dog(g: Play, frame) -> list:
    fig = g.figure(frame["figure"])
    here = tuple(fig["at"])
    dx, dy = g.map.spaces[here].current
    printed = (here[0] + dx, here[1] + dy)
    out = [("sea-dog ignore", do_current, (None, "Sea Dog"))]
    out += [(f"sea-dog {space_name(s)}", do_current, (s, "Sea Dog"))
            for s in push_options(g, fig, here, g.data["pending"][frame["step"]], skip=printed)]
    out.append(("no-sea-dog", do_pop, ()))
    return out


def do_current(g: Play, frame, target: Space | None, card: str) -> None:
    """Barrelman or Sea Dog: the step's space pushes toward ``target`` (``None``: not at all)."""
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
    what = "treats the Fog as a Strong Current" if card == "Barrelman" else "turns the Strong Current"
    g.say(f"{who} {what} toward {space_name(target)} ({card})")


# -- battles --------------------------------------------------------------------

def _why(fight: dict, side: str, text: str) -> None:
    why = fight.setdefault("bonus_why", {})
    why[side] = f"{why[side]} and {text}" if why.get(side) else text


limit("battle bonus", 1)  # Fighters: +1 to each roll


@hook("battle start")
def battle_start(g: Play, fight: dict) -> None:
    """A battle starts (Fighters). Emissary is an offer of the fight's start (game.auto_fight)."""
    attacker, defender = g.figure(fight["attacker"]), g.figure(fight["defender"])
    for side, fig in (("attacker", attacker), ("defender", defender)):
        if has(g, fig["owner"], "fighters"):
            fight["bonus"][side] += 1
            _why(fight, side, "Fighters")
            g.say(f"{name(fig['owner'])} adds +1 to its roll (Fighters)")


def emissary_applies(g: Play, fight: dict) -> bool:
    """Emissary is offered: the attacker, on its own turn, has Emissary and 1 gold."""
    a = g.figure(fight["attacker"])["owner"]
    return g.turn_player() == a and has(g, a, "emissary") and g.faction(a)["gold"] >= 1


def offer_emissary(g: Play, fight: dict) -> None:
    """At the start of a battle (``fight`` is the top frame), offer Emissary if it applies."""
    if emissary_applies(g, fight):
        g.push({"type": "emissary", "player": g.figure(fight["attacker"])["owner"],
                "fight": len(g.data["pending"]) - 1})


frame("emissary", fight=Below("fight"))
offer("emissary", emissary_applies, offer_emissary, "Emissary")


@legal("emissary")
def legal_emissary(g: Play, frame) -> list:
    return [("emissary", do_emissary, ()), ("no-emissary", do_pop, ())]


def do_emissary(g: Play, frame) -> None:
    g.pop()
    f = frame["player"]
    fight = g.data["pending"][frame["fight"]]
    them = g.figure(fight["defender"])["owner"]
    g.faction(f)["gold"] -= 1
    g.faction(them)["gold"] += 1
    fight["ignored"] = True
    g.say(f"{name(f)} gives {name(them)} 1 gold to ignore the battle (Emissary)")


@hook("battle roll")
def after_roll(g: Play, fight: dict) -> None:
    """The battle dice are rolled (Grogmaster)."""
    for side in ("attacker", "defender"):
        fig = g.figure(fight[side])
        f = fig["owner"]
        if fig["kind"] == "flagship" and has(g, f, "grogmaster") and g.damageable(f):
            g.push({"type": "grogmaster", "player": f, "fight": len(g.data["pending"]) - 1,
                    "side": side})


# Grogmaster for one ``side`` of a battle; then its reroll.
SIDE = one_of("attacker", "defender")
frame("grogmaster", fight=Below("fight"), side=SIDE)
frame("grog-reroll", decides=False, fight=Below("fight"), side=SIDE)


@legal("grogmaster")
def legal_grogmaster(g: Play, frame) -> list:
    return [("grogmaster", do_grogmaster, ()), ("no-grogmaster", do_pop, ())]


def do_grogmaster(g: Play, frame) -> None:
    g.pop()
    f = frame["player"]
    fight = g.data["pending"][frame["fight"]]
    n = fight["dice"][frame["side"]]
    g.say(f"{name(f)} takes 1 damage to reroll its battle {'dice' if n > 1 else 'die'} (Grogmaster)")
    g.push({"type": "grog-reroll", "player": None, "fight": frame["fight"], "side": frame["side"]})
    push_take_damage(g, f, " (Grogmaster)")


@auto("grog-reroll")
def auto_grog_reroll(g: Play, frame) -> bool:
    g.pop()
    fight = g.data["pending"][frame["fight"]]
    side = frame["side"]
    n = fight["dice"][side]
    if side == "attacker":
        dice = chance.roll_battle(g.data, n, 0)[0]
    else:
        dice = chance.roll_battle(g.data, 0, n)[1]
    fight["roll"][0 if side == "attacker" else 1] = dice
    owner = g.figure(fight[side])["owner"]
    g.say(f"{name(owner)} rerolls: {'+'.join(map(str, dice))} (Grogmaster)")
    return True


limit("extra damage", 1)  # Gunner


@hook("battle won")
def on_win(g: Play, fight: dict, winner: dict, loser: dict) -> None:
    """A battle is won (Cutpurse, Gunner, Buccaneer).

    The Battle Victory decision is already pending; what is pushed here is
    resolved before it, at the moment of winning.
    """
    w = winner["owner"]
    if has(g, w, "cutpurse"):
        g.gain_gold(w, 2, " for winning the battle (Cutpurse)")
    if winner["kind"] == "flagship" and has(g, w, "gunner"):
        fight["extra_damage"] = (fight.get("extra_damage") or 0) + 1
        g.say(f"{name(w)} deals an extra damage if it takes a Battle Victory option (Gunner)")
    if has(g, w, "buccaneer") and g.faction(loser["owner"])["crew"]:
        g.push({"type": "buccaneer", "player": w, "victim": loser["owner"]})


# Buccaneer: 2 of the Crew of ``victim``, the loser's owner.
frame("buccaneer", victim=Player())


@legal("buccaneer")
def legal_buccaneer(g: Play, frame) -> list:
    crew = sorted(mm["card"] for mm in g.faction(frame["victim"])["crew"])
    n = min(2, len(crew))
    out = []
    for chosen in combinations(crew, n):
        keys = sorted(CARD_KEYS[c] for c in chosen)
        out.append((f"buccaneer {' '.join(keys)}", do_buccaneer, (tuple(chosen),)))
    out = list({o[0]: o for o in out}.values())
    out.append(("no-buccaneer", do_pop, ()))
    return out


def do_buccaneer(g: Play, frame, chosen: tuple) -> None:
    g.pop()
    f, victim = frame["player"], frame["victim"]
    return_to_box(g, f, CARD_BY_KEY["buccaneer"])
    for card in chosen:
        return_to_box(g, victim, card)
    g.say(f"{name(f)} returns Buccaneer to the box, and {name(victim)}'s "
          f"{' and '.join(card_name(c) for c in chosen)} with it (Buccaneer)")


@hook("damage dealt")
def on_damage(g: Play, dealer: str, fig: dict) -> None:
    """``dealer`` damaged ``fig`` (Battering Beakhead, as Appendix A words it: "when you
    damage an enemy figure (unless it would be removed)"): battles, Mystic, Powder Monkey..."""
    if (dealer != fig["owner"] and has(g, dealer, "battering-beakhead")
            and g.figure(fig["id"]) is not None and beakhead_targets(g, fig)):
        g.push({"type": "beakhead", "player": dealer, "figure": fig["id"]})


def beakhead_targets(g: Play, fig: dict) -> list[Space]:
    """Battering Beakhead: 1 space, not off the map, not across a Sandbar."""
    here = tuple(fig["at"])
    m = g.map
    return sorted(n for n in m.neighbours(here) if m.on_map(n) and m.can_step(here, n))


frame("beakhead", figure=Figure(asked=True))


@legal("beakhead")
def legal_beakhead(g: Play, frame) -> list:
    fig = g.figure(frame["figure"])
    out = [(f"beakhead {space_name(s)}", do_beakhead, (s,)) for s in beakhead_targets(g, fig)]
    out.append(("no-beakhead", do_pop, ()))
    return out


def do_beakhead(g: Play, frame, target: Space) -> None:
    """Battering Beakhead: move the damaged enemy figure 1 space.

    The rulebook's Appendix A (which wins over the printed card's shorter line, "when
    you win a battle against a Flagship") triggers "when you damage an enemy figure
    (unless it would be removed)": each damage to a Flagship, Cutter or Gunship that
    stays on the map, whatever dealt it. The moved figure does not battle and never
    anchors (so no Treasure or Harbor), but Wreckage and Strong Currents there still
    act on it; a Strong Current that would push it off the map is ignored ("it cannot
    move off map, and ignores Strong Currents that make it do so").
    """
    g.pop()
    fig = g.figure(frame["figure"])
    g.say(f"{name(frame['player'])} rams {figure_label(fig)} to {space_name(target)} (Battering Beakhead)")
    g.start_step(fig, target, None, no_battle=True)
    g.top()["stay_on_map"] = True
