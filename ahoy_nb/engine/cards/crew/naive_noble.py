"""Naive Noble: return it to the box to take a Crew or Cargo card from an enemy Flagship
in your Flagship's region, tucked as Crew or (a Smuggler only) as Cargo. An action on
your turn, without a die.

>>> CARD.verbs[0].parse(["smuggler1", "furs", "cargo"])
{'faction': 'smuggler1', 'cargo': 'furs', 'option': 'cargo'}
"""

from __future__ import annotations

from ... import notation, words
from ...components import CARD_BY_KEY, CARD_KEYS, CARGO_KEYS, CARGO_LIMIT, FACTION_NAMES, MARKET_CARDS
from ...rules import Play, add_crew, card_name, name
from . import Crew, Verb, register
from .common import return_own

KEY = "naive-noble"


def options(g: Play, f: str) -> list:
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
                out.append((f"{KEY} {victim} {key} {as_what}", do_naive_noble,
                            (victim, card, source, as_what)))
    return out


def refusal(g: Play, f: str) -> str | None:
    if not options(g, f):
        return "no enemy Flagship in your Flagship's region has Crew or Cargo to steal"
    return None


def do_naive_noble(g: Play, frame, victim: str, card: int, source: str, as_what: str) -> None:
    f = g.turn_player()
    return_own(g, f, KEY)
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


def parse(rest: list[str]) -> dict | None:
    """``naive-noble <faction> <card or Cargo> crew|cargo``."""
    if len(rest) != 3:
        return None
    key = "card" if rest[1] in CARD_BY_KEY else "cargo"  # a Crew card, or a Cargo
    return {"faction": rest[0], key: rest[1], "option": rest[2]}


def _words(state, args) -> str:
    taken = words.card_name(args["card"]) if "card" in args else words.cargo_name(args["cargo"])
    return (f"Take {FACTION_NAMES.get(args['faction'], args['faction'])}'s {taken}"
            f" as {args['option'].title()} (Naive Noble)")


CARD = register(Crew(
    KEY, order=12,
    tip="Give up this card to take a Crew or Cargo card from a Flagship in your region; keep it as either.",
    verbs=(Verb(KEY, _words, shape=rf"{KEY} {notation.WORD} {notation.WORD} (crew|cargo)",
                example="naive-noble smuggler1 gunner crew", parse=parse,
                actions=((76, ("faction", "card or cargo", ("crew", "cargo"))),)),),
    options=options, refusal=refusal,
    hint=("name the Flagship, the card and how you tuck it, like "
          "'naive-noble smuggler1 gunner crew' (only Smugglers carry Cargo)"),
))
