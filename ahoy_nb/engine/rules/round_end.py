"""The end of a round (rulebook: End of the Round, End of the Game): scoring regions,
wealth, the Market, the next round or the end of the game.
"""

from __future__ import annotations

from ..components import CONTROL, FAME_TO_END, MARKET_CARDS, PLANS_PER_ROUND, REWARDS
from ..geometry import space_name
from ..kernel import auto, frame, legal, Option
from ..schema import Int, one_of, Text
from .base import do_no_reward, name, Play
from .setup import begin_turn


# -- the end of a round -----------------------------------------------------

def control(g: Play, region: int, figs: list[dict] | None = None) -> dict[str, int]:
    """Control of a region: Bluefin and Mollusk (the Smugglers never control). ``figs``:
    the figures in the region, when already sorted out."""
    if figs is None:
        figs = g.region_figures(region)
    blue = 0
    union_ships = 0
    claw = False
    for fig in figs:
        if fig["owner"] == "bluefin":
            blue += {"patrol": CONTROL["patrol"], "stronghold": CONTROL["stronghold"],
                     "flagship": CONTROL["bluefin-flagship"]}[fig["kind"]]
        elif fig["owner"] == "mollusk":
            union_ships += CONTROL["union-ship"]
            claw = claw or fig["kind"] == "cutter"
    comrades = g.comrades(g.map.island_of_region(region))
    mollusk = comrades * (CONTROL["claw-comrade"] if claw else CONTROL["comrade"]) + union_ships
    return {"bluefin": blue, "mollusk": mollusk}


def controller(g: Play, region: int, c: dict[str, int] | None = None) -> str | None:
    """Who controls the region (``c``: its control, when already counted)."""
    if c is None:
        c = control(g, region)
    if c["bluefin"] > c["mollusk"]:
        return "bluefin"
    if c["mollusk"] > c["bluefin"]:
        return "mollusk"
    return None


def region_label(g: Play, region: int) -> str:
    island = g.map.island_of_region(region)
    return f"{g.map.spaces[island].suit.title()} region at {space_name(island)}"


frame("round-end", decides=False, stage=one_of("score", "clean-up"))
# Raise a region's wealth: two players' end of round, or a Smuggler's reward ("4 Fame and
# +1 to a wealth die": ``fame``, declined with ``no-reward``).
frame("wealth", why=Text().opt,
      fame=Int(1, max(n for row in REWARDS for kind, n in row if kind == "fame-and-wealth")).opt)
frame("flush")


@auto("round-end")
def auto_round_end(g: Play, frame) -> bool:
    data = g.data
    if frame["stage"] == "score":
        g.say(f"Round {data['round']} ends: scoring regions")
        # The figures region by region, in one pass over them.
        spaces = g.map.spaces
        by_region: list[list[dict]] = [[] for _ in data["tiles"]]
        for fig in data["figures"]:
            info = spaces.get(tuple(fig["at"]))
            if info is not None:
                by_region[info.region].append(fig)
        for region, tile in enumerate(data["tiles"]):
            c = control(g, region, by_region[region])
            winner = controller(g, region, c)
            label = region_label(g, region)
            if winner and winner in data["factions"]:
                g.gain_fame(winner, tile["wealth"],
                            f" for controlling the {label} ({c['bluefin']} to {c['mollusk']})",
                            source="control", region=region, control=c)
            else:
                g.say(f"No one controls the {label} ({c['bluefin']} to {c['mollusk']})")
        if any(fs["fame"] >= FAME_TO_END for fs in data["factions"].values()):
            end_game(g)
            return True
        frame["stage"] = "clean-up"
        if len(data["players"]) == 2:
            g.push({"type": "flush", "player": data["first"]})
            g.push({"type": "wealth", "player": data["first"]})
        return True
    g.pop()
    for f in data["players"]:
        clear_dice(g, f)
        g.roll_dice(f)
    players = data["players"]
    data["first"] = players[(players.index(data["first"]) + 1) % len(players)]
    g.say(f"{name(data['first'])} takes the first player card")
    if "mollusk" in data["factions"]:
        g.draw_plans(PLANS_PER_ROUND)
    data["round"] += 1
    begin_turn(g, data["first"])
    return True


def clear_dice(g: Play, f: str) -> None:
    for key, spec, slot in g.slot_list(f, with_ships=True):
        slot["die"] = None


def end_game(g: Play) -> None:
    data = g.data
    for f in data["players"]:
        if not f.startswith("smuggler"):
            continue
        for pledged_to, cards in g.faction(f)["pledged"].items():
            for card in cards:
                suit = MARKET_CARDS[card]["suit"]
                regions = [r for r in range(len(data["tiles"]))
                           if controller(g, r) == pledged_to
                           and g.map.spaces[g.map.island_of_region(r)].suit == suit]
                g.say(f"{name(f)} reveals {MARKET_CARDS[card]['cargo']} ({suit.title()}) "
                      f"pledged to {name(pledged_to)}")
                g.gain_fame(f, len(regions), " for pledged Cargo", source="pledge",
                            to=pledged_to, suit=suit)
    top = max(fs["fame"] for fs in data["factions"].values())
    best = [f for f in data["players"] if g.faction(f)["fame"] == top]
    gold = max(g.faction(f)["gold"] for f in best)
    data["winners"] = [f for f in best if g.faction(f)["gold"] == gold]
    data["phase"] = "over"
    data["pending"] = []
    data["turn"] = None
    g.say(" and ".join(name(f) for f in data["winners"]) + f" win{'s' if len(data['winners']) == 1 else ''}"
          f" with {top} Fame")


@legal("wealth")
def legal_wealth(g: Play, frame) -> list[Option]:
    out = [(f"wealth {space_name(g.map.island_of_region(r))}", do_wealth, (r,))
           for r in range(len(g.data["tiles"]))]
    if frame.get("fame"):  # a Smuggler's reward "may" be gained
        out.append(("no-reward", do_no_reward, ()))
    return out


def do_wealth(g: Play, frame, region: int) -> None:
    g.pop()
    if frame.get("fame"):
        g.gain_fame(frame["player"], frame["fame"], source="reward", reward="fame-and-wealth")
    g.raise_wealth(region, frame.get("why", ""))


@legal("flush")
def legal_flush(g: Play, frame) -> list[Option]:
    return [("flush", do_flush, (True,)), ("keep", do_flush, (False,))]


def do_flush(g: Play, frame, flush: bool) -> None:
    g.pop()
    if flush:
        g.data["market_box"] += g.data["market"]
        g.data["market"] = []
        g.say(f"{name(frame['player'])} returns the Market to the box")
        g.refill_market()
