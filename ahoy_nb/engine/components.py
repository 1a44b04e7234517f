"""What is printed on Ahoy's components: tiles, market cards, plans, boards, Rewards.

This module is the one place the printed data lives; rules code reads it and
never repeats it. The figures come from ``ahoy-components.md``.

Tile spaces are named by their printed position: ``TL``, ``TR``, ``BL``, ``BR``
(the Island is always ``BR``). A Strong Current's direction is a unit step
``(dx, dy)`` in the tile's printed orientation, with ``y`` growing downwards.

>>> TILES[4]["spaces"]["TL"]["terrain"]
'harbor'
>>> MARKET_CARDS[7]["name"], MARKET_CARDS[7]["cost"]
('Gunner', 'slot')
"""

from __future__ import annotations

SUITS = ("fish", "swords", "compass", "skull", "tree", "parrot")

# Local position of each printed space in a tile's 2x2 grid.
POSITIONS = {"TL": (0, 0), "TR": (1, 0), "BL": (0, 1), "BR": (1, 1)}

DOWN, UP = (0, 1), (0, -1)


def _space(terrain="open", tailwind=None, gold=0, current=None):
    return {"terrain": terrain, "tailwind": tailwind, "gold": gold, "current": current}


def _island():
    return _space("island")


# Terrain words: open, fog, wreckage, harbor, current, island.
TILES = [
    {"suit": "fish", "sandbar": None, "spaces": {
        "TL": _space("fog"), "TR": _space("wreckage", gold=2),
        "BL": _space(tailwind=6), "BR": _island()}},
    {"suit": "fish", "sandbar": ("TL", "TR"), "spaces": {
        "TL": _space(gold=2), "TR": _space(),
        "BL": _space("current", current=DOWN), "BR": _island()}},
    {"suit": "swords", "sandbar": None, "spaces": {
        "TL": _space(), "TR": _space("fog", tailwind=6),
        "BL": _space("wreckage", gold=2), "BR": _island()}},
    {"suit": "swords", "sandbar": None, "spaces": {
        "TL": _space(), "TR": _space("wreckage", gold=2),
        "BL": _space("fog", tailwind=6), "BR": _island()}},
    {"suit": "compass", "sandbar": None, "spaces": {
        "TL": _space("harbor"), "TR": _space("wreckage", tailwind=5, gold=1),
        "BL": _space(), "BR": _island()}},
    {"suit": "compass", "sandbar": ("TL", "BL"), "spaces": {
        "TL": _space(), "TR": _space(),
        "BL": _space(tailwind=2), "BR": _island()}},
    {"suit": "skull", "sandbar": None, "spaces": {
        "TL": _space("current", current=DOWN), "TR": _space("harbor"),
        "BL": _space(tailwind=2), "BR": _island()}},
    {"suit": "skull", "sandbar": None, "spaces": {
        "TL": _space("harbor"), "TR": _space(gold=1),
        "BL": _space(gold=1), "BR": _island()}},
    {"suit": "tree", "sandbar": None, "spaces": {
        "TL": _space(), "TR": _space("fog"),
        "BL": _space("current", current=UP), "BR": _island()}},
    {"suit": "tree", "sandbar": None, "spaces": {
        "TL": _space("wreckage", tailwind=3, gold=1), "TR": _space(),
        "BL": _space("wreckage", tailwind=4, gold=1), "BR": _island()}},
    {"suit": "parrot", "sandbar": None, "spaces": {
        "TL": _space("current", current=DOWN), "TR": _space("wreckage", tailwind=5, gold=1),
        "BL": _space(), "BR": _island()}},
    {"suit": "parrot", "sandbar": ("BL", "BR"), "spaces": {
        "TL": _space(), "TR": _space("harbor", gold=1),
        "BL": _space(tailwind=4), "BR": _island()}},
]


def _card(name, suit, cost, kind, text, cargo, deliver, slot=False):
    """kind: 'passive', 'action' (no die) or 'slot-action' (a die on the card's slot)."""
    slug = name.lower().replace("'", "").replace(" ", "-")
    return {"name": name, "slug": slug, "suit": suit, "cost": cost, "kind": kind,
            "text": text, "cargo": cargo, "deliver": deliver,
            # A Crew has a die slot if its cost or its action is paid with a die.
            "slot": cost == "slot" or kind == "slot-action"}


MARKET_CARDS = [
    _card("Aeronauts", "parrot", 1, "action",
          "While your Flagship is at an Island, you may spend 1 gold to move it directly to the other Island of that suit.",
          "Feathers", "swords"),
    _card("Middleman", "parrot", 1, "passive",
          "When you spend gold to change a die value, you may change it by up to 2 per gold spent.",
          "Coins", "skull"),
    _card("Documentarian", "parrot", 1, "passive",
          "At the end of your turn, gain 1 gold if your Flagship is in the same region as an enemy Flagship.",
          "Paintings", "tree"),
    _card("Elder", "parrot", "slot", "passive",
          "At the end of your turn, gain 1 gold if you have no damaged die slots (even Crew).",
          "Linen", "fish"),
    _card("Sea Witch", "parrot", 2, "passive",
          "When your Flagship moves off the map, you may move it directly to the space on the nearest opposite edge for free.",
          "Tinctures", "compass"),
    _card("Buccaneer", "skull", 1, "passive",
          "When you win any battle, you may return Buccaneer to the box to return 2 Crew of theirs that you choose to the box.",
          "Gems", "parrot"),
    _card("Mystic", "skull", 1, "action",
          "Once per turn, take 1 damage on your player board to deal 1 damage to any figure in your Flagship's region.",
          "Herbs", "swords"),
    _card("Gunner", "skull", "slot", "passive",
          "When you win a battle with your Flagship, you deal an extra damage.",
          "Furs", "tree"),
    _card("Gunner's Mate", "skull", 1, "passive",
          "When you place a die on Cannons, your Flagship may battle against any space in its region as if it moved there.",
          "Weapons", "fish"),
    _card("Powder Monkey", "skull", "slot", "passive",
          "When you repair any amount of damage, you may deal 1 damage to any figure in your Flagship's region.",
          "Lead", "compass"),
    _card("Fighters", "swords", 2, "passive",
          "In any battle (not just with your Flagship), you add +1 to your roll.",
          "Explosives", "parrot"),
    _card("Cutpurse", "swords", "slot", "passive",
          "When you win any battle (not just with your Flagship), gain 2 gold.",
          "Fancy Hat", "skull"),
    _card("Shipwright", "swords", 1, "slot-action",
          "Repair all of your damage.",
          "Nails", "tree"),
    _card("Emissary", "swords", 1, "passive",
          "On your turn, if you would battle an enemy, you may give them 1 gold to ignore the battle.",
          "Lace", "fish"),
    _card("Grogmaster", "swords", 1, "passive",
          "In battle with your Flagship, you may take 1 damage to reroll your battle die one time. If using Secret Weapon, reroll both dice.",
          "Wine", "compass"),
    _card("Convincing Comrade", "tree", 1, "slot-action",
          "Take up to 2 Comrades from any one Island and place them on another Island.",
          "Shells", "parrot"),
    _card("Convincing Official", "tree", 1, "slot-action",
          "Move up to 2 Patrols, each 1 or 2 spaces. They ignore battle.",
          "Odd Meat", "skull"),
    _card("Convincing Comrade", "tree", 1, "slot-action",
          "Take up to 2 Comrades from any one Island and place them on another Island.",
          "Shells", "swords"),
    _card("Convincing Official", "tree", 1, "slot-action",
          "Move up to 2 Patrols, each 1 or 2 spaces. They ignore battle.",
          "Munition", "fish"),
    _card("Naive Noble", "tree", 1, "action",
          "Return Naive Noble to the box. Steal 1 Crew or Cargo from a Flagship in your Flagship's region. You may tuck it as Crew or Cargo.",
          "Incense", "compass"),
    _card("Sailor", "compass", 2, "slot-action",
          "Move your Flagship 1 to 3 spaces.",
          "Tea", "parrot"),
    _card("Battering Beakhead", "compass", 1, "passive",
          "When you win a battle against a Flagship, you may move it 1 space, not off map. It ignores battle, Treasure, and Harbors.",
          "Brandy", "skull"),
    _card("Ghastly Gust", "compass", 2, "action",
          "Return Ghastly Gust to the box. Move your Flagship directly to any space.",
          "Glass", "tree"),
    _card("Whispering Wind", "compass", "slot", "action",
          "Once per turn, spend 2 gold to move your Flagship directly to any space with Tailwind terrain.",
          "Maps", "swords"),
    _card("Trawler", "compass", 2, "slot-action",
          "Move your Flagship 1 or 2 spaces. You may gain Treasure gold even if you don't anchor at it.",
          "Fish Nets", "fish"),
    _card("Barrelman", "fish", 1, "passive",
          "When your Flagship moves into Fog, you may treat it as a Strong Current going in any direction.",
          "Rare Wood", "parrot"),
    _card("Pilot", "fish", "slot", "passive",
          "When your Flagship moves into Wreckage, you may ignore its damage.",
          "Iron", "skull"),
    _card("Sea Dog", "fish", 1, "passive",
          "When your Flagship moves into a Strong Current, you may ignore its effect or move in a different direction.",
          "Ropes", "tree"),
    _card("Diver", "fish", 1, "passive",
          "When your Flagship anchors at Wreckage, gain an extra gold from its Treasure.",
          "Jewelry", "swords"),
    _card("Merchant", "fish", 1, "passive",
          "When your Flagship anchors at a Harbor (not Island), gain 1 gold.",
          "Books", "compass"),
]


def _card_keys():
    """Unique notation keys: the slug, with -a/-b for the two identical copies."""
    keys, seen = [], {}
    for card in MARKET_CARDS:
        slug = card["slug"]
        copies = sum(1 for c in MARKET_CARDS if c["slug"] == slug)
        if copies > 1:
            seen[slug] = seen.get(slug, 0) + 1
            slug = f"{slug}-{'ab'[seen[slug] - 1]}"
        keys.append(slug)
    return keys


CARD_KEYS = _card_keys()
CARD_BY_KEY = {key: i for i, key in enumerate(CARD_KEYS)}


def _cargo_keys():
    """Cargo notation keys: the Cargo's name; the two Shells add where they go."""
    names = [c["cargo"].lower().replace(" ", "-") for c in MARKET_CARDS]
    return [n if names.count(n) == 1 else f"{n}-{c['deliver']}" for n, c in zip(names, MARKET_CARDS)]


CARGO_KEYS = _cargo_keys()
CARGO_BY_KEY = {key: i for i, key in enumerate(CARGO_KEYS)}


# Plan cards, one entry per physical card (12). ``when``: 'action' or 'battle'.
PLAN_CARDS = [
    {"name": "Evacuation", "when": "action",
     "text": "Remove all Comrades from 1 Island; place them on any other Island or Islands, distributed as you like."},
    {"name": "Secret Weapon", "when": "battle",
     "text": "Roll 2 battle dice and add them up (the enemy still rolls 1). If you win, deal an extra damage."},
    {"name": "Close Call", "when": "battle",
     "text": "Ignore this battle. If it is your turn, you can keep moving if you have movement left."},
    {"name": "Weapons Cache", "when": "battle",
     "text": "Increase your roll by the number of your Ready Comrades."},
    {"name": "Weapons Cache", "when": "battle",
     "text": "Increase your roll by the number of your Ready Comrades."},
    {"name": "Sneak Attack", "when": "action",
     "text": "Remove up to 2 Patrols from any 1 region whose Island has any Comrades."},
    {"name": "Sneak Attack", "when": "action",
     "text": "Remove up to 2 Patrols from any 1 region whose Island has any Comrades."},
    {"name": "Enlist", "when": "action",
     "text": "Choose any 1 Island with any Comrades. Recruit any number of Crew of its suit, ignoring cost. Refill the Market only when done."},
    {"name": "Dynamic Entry", "when": "action",
     "text": "Increase your die on Cannons by 2 (not above 6). Then you may move your Flagship directly to any space with Tailwind terrain."},
    {"name": "Dynamic Entry", "when": "action",
     "text": "Increase your die on Cannons by 2 (not above 6). Then you may move your Flagship directly to any space with Tailwind terrain."},
    {"name": "Cutter", "when": "action",
     "text": "Remove 2 Comrades from an Island to place the Cutter there. Its slot: Sail (up to 3 spaces) or Tailwind, ignoring Wreckage."},
    {"name": "Gunship", "when": "action",
     "text": "Remove 2 Comrades from an Island to place the Gunship there. Its slots (4 and 6): Sail (up to 2 spaces) or Tailwind, ignoring Wreckage."},
]


def _plan_keys():
    keys, seen = [], {}
    for plan in PLAN_CARDS:
        slug = plan["name"].lower().replace(" ", "-")
        copies = sum(1 for p in PLAN_CARDS if p["name"] == plan["name"])
        if copies > 1:
            seen[slug] = seen.get(slug, 0) + 1
            slug = f"{slug}-{'ab'[seen[slug] - 1]}"
        keys.append(slug)
    return keys


PLAN_KEYS = _plan_keys()
PLAN_BY_KEY = {key: i for i, key in enumerate(PLAN_KEYS)}


def _slot(action, need=None, dashed=False, key=None):
    """need: None (any value), 'even', or a tuple of accepted values."""
    return {"action": action, "need": need, "dashed": dashed, "key": key or action}


# Player boards: every die slot, in printed order. ``key`` names a group of
# identical slots (notation and damage use it); Bluefin's two Cannons slots
# differ, so each has its own key.
BOARDS = {
    "bluefin": [
        *[_slot("sail") for _ in range(4)],
        *[_slot("tailwind") for _ in range(2)],
        _slot("order", (3,)),
        _slot("cannons", (5,), key="cannons5"),
        _slot("cannons", (6,), key="cannons6"),
        _slot("bombard", (4,)),
        _slot("deploy"),
        _slot("repair", (2,), dashed=True),
    ],
    "mollusk": [
        *[_slot("sail") for _ in range(4)],
        *[_slot("tailwind") for _ in range(2)],
        _slot("assemble", (1,)),
        _slot("cannons"),
        _slot("inspire", (6,)),
        _slot("rally", (6,)),
        _slot("repair", "even", dashed=True),
    ],
    "smuggler": [
        *[_slot("sail") for _ in range(3)],
        _slot("fullsail"),
        _slot("tailwind"),
        _slot("cannons"),
        _slot("negotiate", "even"),
        _slot("repair", "even", dashed=True),
    ],
}

# The Union ships' plan cards carry their own die slots.
SHIP_SLOTS = {
    "cutter": [_slot("cutter")],
    "gunship": [_slot("gunship", (4,), key="gunship4"), _slot("gunship", (6,), key="gunship6")],
}

DICE_COUNT = {"bluefin": 5, "mollusk": 4, "smuggler": 4}

# Sail distance (most spaces) and battle bonus of each kind of figure.
SHIP_STATS = {"cutter": {"sail": 3, "bonus": 0}, "gunship": {"sail": 2, "bonus": 3}}
STRONGHOLD_BONUS = 2

CONTROL = {"patrol": 1, "stronghold": 2, "bluefin-flagship": 2,
           "comrade": 1, "union-ship": 1, "claw-comrade": 2}

# Smuggler Rewards grid, rows top to bottom, columns left to right.
# Each reward is (kind, amount).
REWARDS = [
    [("fame-for-gold", 5), ("move", 2), ("fame", 2), ("recruit", 1), ("fame-and-wealth", 4)],
    [("recruit", 1), ("tailwind", 1), ("gold", 1), ("fame", 1), ("repair-all", 0)],
    [("gold", 2), ("fame", 1), ("start", 0), ("add-tile", 1), ("fame", 2)],
    [("tailwind", 1), ("move-no-battle", 2), ("recruit", 1), ("gold", 2), ("move", 2)],
    [("fame", 3), ("gold", 2), ("fame", 2), ("gold", 1), ("repair-for-fame", 0)],
]
REWARD_START = (2, 2)

REWARD_TEXT = {
    "fame-for-gold": "Spend up to {n} gold: 1 Fame per gold",
    "move": "Move {n}",
    "move-no-battle": "Move {n} ignoring battles",
    "fame": "{n} Fame",
    "gold": "{n} gold",
    "recruit": "Recruit 1 Crew ignoring cost & suit",
    "fame-and-wealth": "{n} Fame and increase a wealth die by 1",
    "tailwind": "Free Tailwind",
    "repair-all": "Repair all damage",
    "repair-for-fame": "Repair all damage, 1 Fame per damage repaired",
    "add-tile": "Add a tile to the map",
    "start": "Start",
}

# Pieces in the box. Damage tokens are not limited.
SUPPLY = {"gold": 20, "wealth-dice": 11, "battle-dice": 2, "patrol": 10,
          "stronghold": 3, "comrade": 20, "market-cards": 30, "plan-cards": 12,
          "region-tiles": 12}

FACTION_NAMES = {"bluefin": "Bluefin", "mollusk": "Mollusk", "smuggler1": "Smuggler 1",
                 "smuggler2": "Smuggler 2"}

SEATS = {2: ("bluefin", "mollusk"), 3: ("bluefin", "smuggler1", "mollusk"),
         4: ("bluefin", "smuggler1", "mollusk", "smuggler2")}

START_GOLD = 1
START_READY_COMRADES = 6
START_ISLAND_COMRADES = 2
START_PLANS = 2
PLANS_PER_ROUND = 2
MARKET_SIZE = 3
CARGO_LIMIT = 2
FAME_TO_END = 30


# The board actions' names as printed, by die-slot action.
ACTION_TITLES = {"sail": "Sail", "tailwind": "Tailwind", "cannons": "Cannons", "repair": "Repair",
                 "order": "Order", "bombard": "Bombard", "deploy": "Deploy",
                 "assemble": "Assemble", "inspire": "Inspire", "rally": "Rally",
                 "fullsail": "Full Sail", "negotiate": "Negotiate"}

# A Smuggler's white marker moves one cell of the Rewards grid: (row, column) steps.
REWARD_STEPS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
