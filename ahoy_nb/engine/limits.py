"""How long a turn can be: the bounds the engine asserts, derived from the rules.

The rules do not bound a turn outright. A Smuggler that keeps winning battles may keep
moving into new ones (its Battle Victory "move 1 or 2 spaces"), and Aeronauts paid for by
Cutpurse's gold may be used again and again ("any number of actions that do not require a
die"); each time only after a battle roll, so such a turn ends with probability 1 but after
no fixed number of decisions. What the rules do bound is a turn's *calm stretch*: the
decisions taken one after another, within one turn, with no random event among them (no
die, battle roll, tile, card or plan drawn). Every resource spent in a stretch comes back
only through a random event, and free moves end (docs/rulings.md, "Free moves end").

``MOST_DECISIONS_WITHOUT_CHANCE`` bounds a calm stretch; the engine raises
:class:`~ahoy_nb.engine.errors.EngineError` beyond it. A whole game therefore has at most
``MOST_DECISIONS_WITHOUT_CHANCE`` decisions per turn and per random event (see
:func:`most_decisions`). ``MOST_AUTO_STEPS`` bounds the automatic steps the rules take
between two decisions. The derivation, term by term, is in docs/engine.md ("How long a
turn can be"); each term below says where its number comes from.

>>> MOST_DECISIONS_WITHOUT_CHANCE
21926
>>> most_decisions(turns=10, random_events=0) == 10 * MOST_DECISIONS_WITHOUT_CHANCE
True
"""

from __future__ import annotations

from .components import CARGO_LIMIT, MARKET_SIZE, PLAN_CARDS, REWARDS, SUPPLY, TILES

# -- the pieces -------------------------------------------------------------------------
# Spaces a map can have: every region tile but the one boxed at setup, 4 spaces each.
SPACES = 4 * (len(TILES) - 1)
# Carries of one space of movement: a chosen carry (Barrelman, Sea Dog, Sea Witch) enters a
# space not yet carried out of, at most one per space; printed Currents alone never return,
# and at most two follow one another (tile 1's off its tile, then one inside a tile).
CARRIES = SPACES + 2 * (SPACES + 1)
PLANS = len(PLAN_CARDS)
GOLD = SUPPLY["gold"]
# The most gold one reward, one anchoring and one Trawler move give.
REWARD_GOLD = max(n for row in REWARDS for kind, n in row if kind == "gold")
ANCHOR_GOLD = 2 + 1          # Treasure (2 at most) and Merchant or Diver (+1)
TRAWLER_GOLD = 2 * 2         # 2 spaces passed, 2 gold each at most

# -- a calm stretch, term by term ------------------------------------------------------------
# Turn choices that consume something a stretch cannot regain:
DICE = 2                                     # the turn's two dice
MARKET_TAKES = MARKET_SIZE + 1               # the Market refills at random unless its deck is empty
DELIVERIES = CARGO_LIMIT + MARKET_TAKES      # Cargo held, and Cargo smuggled in the stretch
REWARDS_TAKEN = DELIVERIES                   # a Battle Victory reward needs a roll
ONCE = 4                                     # Mystic, Whispering Wind (once a turn), Ghastly Gust, Naive Noble (to the box)
DYNAMIC_ENTRIES = 2                          # copies of Dynamic Entry
# Moves of figures other than by Aeronauts: per die up to 4 (Order's Patrols), rewards,
# Whispering Wind, Ghastly Gust, Dynamic Entry.
MOVES = DICE * 4 + REWARDS_TAKEN + 2 + DYNAMIC_ENTRIES
STEPS = DICE * 6 + REWARDS_TAKEN * 2         # Full Sail with a 6; "Move 2"
GOLD_GAINED = ANCHOR_GOLD * MOVES + REWARD_GOLD * REWARDS_TAKEN + TRAWLER_GOLD
PURSE = GOLD + GOLD_GAINED                   # gold a stretch can spend (Aeronauts, Emissary)
TURN_CHOICES = DICE + 1 + MARKET_TAKES + DELIVERIES + ONCE + PLANS + PURSE
# Battering Beakhead rams once per damage dealt without a roll: Mystic's, and Powder
# Monkey's after a repair (a Harbor when anchoring, a die on Repair, a reward).
RAMS = 1 + MOVES + DICE + REWARDS_TAKEN
# Entries into a space that can start a chain of carries (Aeronauts lands on an Island,
# which has no terrain): steps, direct moves, rams.
ENTRIES = STEPS + MOVES + RAMS
# Per entry: two decisions per carry (Barrelman or Sea Dog where it lands, Sea Witch off the
# map), Pilot, the damage of a Wreckage, and the Battering Beakhead choice that began a ram.
PER_ENTRY = 2 * CARRIES + 3
# Battles started: all but the stretch's last are ignored (Emissary's 1 gold, Close Call).
BATTLES = 1 + PURSE + 1
PER_BATTLE = 5 + PLANS + 1                   # battle, order, Emissary, plans and no-plan, 2 fires
ANCHORS = MOVES + PURSE                      # Aeronauts anchors too
# Anchoring: Patrol or Comrades, Harbor, 2 repairs and done, Powder Monkey and its damage
# slot, Battering Beakhead, Gunner's Mate, and the move's own "anchor".
PER_ANCHOR = 10
# Decisions inside one die action or plan: the most is Evacuation's, one per Comrade
# relocated; then Enlist (Market and done), Order (4 and done), Inspire (4 and done).
PER_ACTION = SUPPLY["comrade"] + 2
REWARD_CHOICES = 5                           # reward, pledge, and a reward's own choice
OTHER = (DICE + PLANS) * PER_ACTION + DELIVERIES * REWARD_CHOICES + 4 + CARGO_LIMIT + 4
# strongholds (3 and done), discards, Mystic's two damage slots, Naive Noble's discard...

MOST_DECISIONS_WITHOUT_CHANCE = (TURN_CHOICES + STEPS + ENTRIES * PER_ENTRY
                                 + BATTLES * PER_BATTLE + ANCHORS * PER_ANCHOR + OTHER)

# -- automatic steps -----------------------------------------------------------------------
# The pending stack the loader accepts; a stack grows only with battles chained by wins.
MOST_PENDING = 200
# Each automatic step pops a frame or moves it one stage on: a battle has the most stages
# (start, one per battle-start offer, two fires, roll, victory, end); frames pushed with no
# decision between: a Strong Current's pushes, a series, damages to deal, the end of a
# turn or round.
STAGES = 9
MOST_AUTO_STEPS = STAGES * (MOST_PENDING + CARRIES + 20)


def most_decisions(turns: int, random_events: int) -> int:
    """The most decisions a game (or part of one) of ``turns`` turns with ``random_events``
    random events can have: each turn, and each random event, begins at most one calm
    stretch. What an OpenSpiel-style adapter needs for a maximum game length, given caps
    on rounds and random events (the rules cap neither)."""
    return MOST_DECISIONS_WITHOUT_CHANCE * (turns + random_events)


__all__ = ["MOST_AUTO_STEPS", "MOST_DECISIONS_WITHOUT_CHANCE", "MOST_PENDING", "most_decisions"]
