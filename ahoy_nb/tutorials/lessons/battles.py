"""Battles: the rulebook's example step by step, defending, Strongholds, Battle Victory."""

from __future__ import annotations

from .. import goals
from ..core import Scene, Step, Tutorial
from .common import TWO_REGIONS, position as scenario


def rulebook_example():
    s = scenario(players=3, tiles=TWO_REGIONS,
                 figures={"bluefin": "0,0", "smuggler1": "2,2", "mollusk": "2,2",
                          "patrol": ["2,2", "0,0"]},
                 turn="mollusk", dice={"mollusk": [3, 5]}, placed={"mollusk": {"cannons": 4}},
                 gold={"smuggler1": 2, "bluefin": 1})
    # The rulebook's rolls: Mollusk 2 against the Smuggler's 5; then 4 against the Patrol's 2.
    return s.fix_battle(2, 5).fix_battle(4, 2)


def bluefin_attacks():
    s = scenario(players=3, tiles=TWO_REGIONS,
                 figures={"bluefin": "3,1", "mollusk": "3,2", "smuggler1": "1,0",
                          "patrol": ["0,0"]},
                 comrades={"3,2": 3, "0,0": 0},
                 turn="bluefin", dice={"bluefin": [1, 2, 4], "mollusk": [2, 4, 6]},
                 placed={"bluefin": {"cannons5": 5, "cannons6": 6}, "mollusk": {"cannons": 3}})
    return s.fix_battle(1, 4)


def defending():
    s = scenario(players=3, tiles=TWO_REGIONS,
                 figures={"bluefin": "0,0", "mollusk": "3,2", "smuggler1": "3,1"},
                 comrades={"3,2": 2}, turn="smuggler1",
                 dice={"smuggler1": [2, 3], "mollusk": [1, 2, 6]},
                 placed={"smuggler1": {"cannons": 6}, "mollusk": {"cannons": 5}},
                 gold={"smuggler1": 1})
    s.fix_battle(1, 1)
    # The Smuggler's turn, played for it: Sail into the Mollusk Flagship's space,
    # battle it and fire its Cannons from 6 down to 3.
    for a in ("sail 2", "move 3,2", "battle mollusk", "fire 6>3"):
        s.apply(a)
    return s


def stronghold():
    s = scenario(players=3, tiles=TWO_REGIONS,
                 figures={"bluefin": "1,0", "mollusk": "2,2", "smuggler1": "3,1",
                          "stronghold": ["3,2"]},
                 turn="mollusk", dice={"mollusk": [2, 4]}, placed={"mollusk": {"cannons": 5}})
    return s.fix_battle(3, 4)


def smuggler_victory():
    s = scenario(players=3, tiles=TWO_REGIONS,
                 figures={"bluefin": "2,2", "mollusk": "3,2", "smuggler1": "1,1",
                          "patrol": ["0,0"]},
                 turn="smuggler1", dice={"smuggler1": [2, 5]},
                 placed={"smuggler1": {"cannons": 4}}, gold={"smuggler1": 0})
    return s.fix_battle(5, 2)


LOSES = "With the dice this lesson fixed, that is not enough: look at the totals above and turn the die further down."

TUTORIAL = Tutorial(
    name="battles", order=50, title="Battles",
    summary="the rulebook's battle example, turning down Cannons, defending, Strongholds, "
            "Battle Victory options",
    scenes=[
        Scene("The rulebook's battle example", rulebook_example, intro=(
            "You are the **Mollusk Union**. Your Flagship shares the space 2,2 with a "
            "Smuggler's Flagship and a Bluefin Patrol, and you have a **4 on Cannons**: "
            "loaded Cannons until the end of the round. This is the battle example from the "
            "rulebook, played out move by move."), steps=[
            Step(section="Battling", title="Move out and back in",
                 text="A battle starts when a figure **moves** into a space with enemy figures "
                      "and either side has loaded Cannons. Your figures are already in the same "
                      "space, so you must move out and back in.",
                 quote="Whenever you move one of your figures, check if you have loaded Cannons. "
                       "If you do, your figure must BATTLE every enemy figure in its space.",
                 ask="Place a die on Sail (a 3 or a 5) to move your Flagship.",
                 expect=["sail 3", "sail 5"], hint="Type 'sail 3', or click the Sail slot.",
                 wrong={"tailwind": "Tailwind jumps to a printed Tailwind space; Sail moves one "
                                    "space at a time, which is what you need here."}),
            Step(section="Moving", ask="Move out of the space: to the Island at 3,2.",
                 text="Sail moves your Flagship 1 or 2 spaces, each to an adjacent space, not "
                      "diagonal. Nobody is on the Island at 3,2, so nothing happens there.",
                 expect="move 3,2", highlight=["3,2"],
                 hint="'move 3,2' — the Island to the right of 2,2.",
                 wrong={"move 2,1": "2,1 has a Strong Current that would push you on down "
                                    "to 2,2 — clever, but this lesson follows the rulebook: "
                                    "move to the Island at 3,2."}),
            Step(section="Battling", ask="Move back into 2,2.",
                 text="You have loaded Cannons, so moving into 2,2 means battling **every** enemy "
                      "figure there, one by one, in the order you choose.",
                 expect="move 2,2", highlight=["2,2"], hint="'move 2,2'."),
            Step(section="Battling", ask="Choose the Smuggler's Flagship as your first defender.",
                 text="Step 1 of a battle: **choose a defender**. You are the attacker.",
                 quote="You must battle these enemy figures one by one, in any order.",
                 expect="battle smuggler1",
                 hint="The rulebook battles the Smuggler first: 'battle smuggler1'.",
                 wrong={"battle patrol": "Legal, but the rulebook's example battles the "
                                         "Smuggler first."}),
            Step(section="Battling", title="Fire your Cannons",
                 text="Step 2: **the attacker fires Cannons**: turn your die on Cannons down by "
                      "any amount (not below 1); each pip you take off adds 1 to your battle roll. "
                      "The Smuggler has no die on Cannons, so it cannot fire back. The dice in "
                      "this lesson are fixed: you will roll a **2**, the Smuggler a **5**.",
                 quote="Each player rolls 1 battle die and adds the amount that they reduced their "
                       "own die on Cannons. The player with the higher total is the winner. On a "
                       "tie, the attacker wins.",
                 ask="Win this battle.", goal=goals.wins_battle("mollusk"), answer="fire 4>1",
                 hint="2 + 3 = 5 ties the Smuggler's 5, and the attacker wins ties: turn the 4 "
                      "down to 1.",
                 wrong={"hold": "Without firing you roll 2 against 5.",
                        "fire 4>2": LOSES, "fire 4>3": LOSES},
                 done="2 + 3 = 5 against 5: a tie, and the attacker wins ties."),
            Step(section="Battle Victory", title="Battle Victory",
                 text="Step 5: **resolve victory**. The winner may take one Battle Victory option "
                      "from its player board. The Union's: deal 1 damage and place 1 Comrade on "
                      "the Island of the region, or deal 1 damage and steal 1 gold.",
                 ask="Deal 1 damage and steal 1 gold from the Smuggler.",
                 expect="victory steal", hint="'victory steal'.",
                 wrong={"victory place-comrade": "A fine choice in a game; the rulebook's "
                                                 "example steals the gold."}),
            Step(section="Damage", title="Deal the damage",
                 text="When you **deal** damage, you choose which die slot of your enemy takes "
                      "it. A slot with a die or a damage token on it, or with a dashed box "
                      "(Repair), cannot be damaged.",
                 ask="Put the damage on the Smuggler's Full Sail, its best move.",
                 expect="damage fullsail", hint="'damage fullsail'.",
                 wrong={"damage": "Any empty slot may take it; the rulebook puts it on Full Sail, "
                                  "the Smuggler's long move."}),
            Step(section="Battling", title="Battle the Patrol",
                 text="Now you must battle the Squadron Patrol, which works the same way — but "
                      "your die on Cannons shows a 1 now, so you cannot lower it any more. "
                      "Patrols have no Cannons of their own; Bluefin has no die on Cannons.",
                 ask="Battle the Patrol.", expect="battle patrol", hint="'battle patrol'."),
            Step(section="Battle Victory", title="Win against the Patrol",
                 text="You rolled a 4 against the Patrol's 2 and won. A damaged Patrol is not "
                      "given a damage token: it goes back to the Squadron's supply.",
                 ask="Take the option that adds to your control of this region.",
                 expect="victory place-comrade",
                 hint="Placing a Comrade on the Island at 3,2 adds +1 Mollusk control there.",
                 wrong={"victory steal": "Stealing is allowed, but a Comrade on the Island adds "
                                         "to your control of the region."},
                 done="The Patrol returns to Bluefin's supply and a Ready Comrade lands on the "
                      "Island at 3,2."),
        ]),
        Scene("Two dice on Cannons", bluefin_attacks, intro=(
            "You are the **Bluefin Squadron**, at the Harbor 3,1 next to the Mollusk Flagship "
            "on its Island at 3,2 (3 Comrades there). Your Cannons hold a 5 and a 6; the Union "
            "has a 3 on Cannons."), steps=[
            Step(section="Battling", ask="Place a die on Sail and move onto the Island at 3,2.",
                 text="Bluefin's Cannons has two slots, a 5 and a 6, but in battle you may "
                      "only turn down **one** die on Cannons.",
                 goal=goals.event("battles Mollusk's Flagship", "battle the Mollusk Flagship"),
                 answer=["sail 4", "move 3,2", "battle mollusk"],
                 hint="Place any die on Sail ('sail 4'), then 'move 3,2', then choose the "
                      "defender: 'battle mollusk'."),
            Step(section="Battling", title="Turning down Cannons",
                 text="You fire first, then the defender fires. Mollusk will surely turn its 3 "
                      "down to 1 (+2). The dice are fixed: you roll **1**, Mollusk rolls **4** "
                      "(so 4 + 2 = 6).",
                 ask="Win this battle.", goal=goals.wins_battle("bluefin"),
                 respond=["fire 3>1"], answer="fire 6>1",
                 hint="You need 6 to tie (and ties go to the attacker): 1 + 5. Turn your 6 "
                      "down to 1.",
                 wrong={"hold": LOSES, "fire 5>1": "4 from the 5 gives 1 + 4 = 5 against 6. "
                                                   "Your 6 goes further."},
                 done="1 + 5 = 6 against 4 + 2 = 6: the tie goes to you, the attacker."),
            Step(section="Battle Victory", title="Bluefin's Battle Victory",
                 text="The Squadron's options: deal 1 damage and steal 1 gold; deal 2 damage; "
                      "or, against a **Mollusk Union ship**, deal 1 damage and remove 1 Comrade "
                      "from the Island in the region of battle.",
                 ask="Weaken the Union's control of this region.",
                 expect="victory remove-comrade", hint="'victory remove-comrade'.",
                 wrong={"victory damage2": "Two damage hurts the Union's board, but its "
                                           "control here comes from the Comrades.",
                        "victory steal": "Mollusk's control here comes from the Comrades."}),
            Step(section="Damage", ask="Choose the slot of the Union's board that takes the damage.",
                 text="You deal the damage, so you choose the slot: an empty one without a "
                      "dashed box.",
                 goal=goals.anything("damage any empty slot"), answer="damage inspire",
                 hint="Damaging Inspire or Rally stops a big Comrade action this round."),
        ]),
        Scene("Defending", defending, intro=(
            "You are the **Mollusk Union**. The Smuggler sailed onto your Island at 3,2 with "
            "a 6 on Cannons, chose to battle your Flagship, and turned its 6 down to 3 (+3). "
            "You have a 5 on Cannons."), steps=[
            Step(section="Battling", title="The defender fires",
                 text="Step 3 of a battle: **the defender fires Cannons**, just like the attacker, "
                      "after seeing the attacker's choice. The dice are fixed: both roll a **1**. "
                      "The Smuggler has 1 + 3 = 4.",
                 quote="Defender Fires Cannons. The defender may lower their Cannons value, "
                       "as in step 2.",
                 ask="Win this battle as the defender.", goal=goals.wins_battle("mollusk"),
                 answer="fire 5>1",
                 hint="A tie goes to the attacker, so you need 5: 1 + 4. Turn the 5 down to 1.",
                 wrong={"fire 5>2": "1 + 3 = 4 ties the Smuggler's 4, and ties go to the "
                                    "attacker.", "hold": LOSES, "fire 5>3": LOSES,
                        "fire 5>4": LOSES}),
            Step(section="Battle Victory", ask="Take a Comrade-placing victory.",
                 text="Defending or attacking, the winner chooses a Battle Victory option.",
                 expect="victory place-comrade", hint="'victory place-comrade'.",
                 wrong={"victory steal": "Stealing is allowed; this step asks for the "
                                         "Comrade."}),
            Step(section="Damage", ask="Choose the Smuggler's slot that takes the damage.",
                 text="Its Cannons slot holds a die, so it cannot be damaged: full slots are safe.",
                 goal=goals.anything("damage any empty slot"), answer="damage fullsail",
                 hint="Full Sail is the Smuggler's long move: 'damage fullsail'.",
                 wrong={"damage cannons": "A slot with a die on it cannot be damaged."}),
        ]),
        Scene("Strongholds", stronghold, intro=(
            "You are the **Mollusk Union** at 2,2 with a 5 on Cannons. A Bluefin **Stronghold** "
            "stands on the Island at 3,2."), steps=[
            Step(section="Strongholds", title="Attacking a Stronghold",
                 text="Strongholds **always have loaded Cannons**, so any figure moving in must "
                      "battle them, and they add **+2** to Bluefin's roll.",
                 quote="Strongholds start battle as if you had a die on your Cannons slot, even if "
                       "you do not. In this battle, add +2 to your roll.",
                 ask="Place a die on Sail and move onto the Island at 3,2.",
                 goal=goals.event("battles Bluefin's Stronghold", "battle the Stronghold"),
                 answer=["sail 2", "move 3,2", "battle stronghold"],
                 hint="'sail 2', then 'move 3,2', then 'battle stronghold'."),
            Step(section="Strongholds", ask="Win against the Stronghold.",
                 text="The dice are fixed: you roll **3**, the Stronghold rolls **4**, +2: 6.",
                 goal=goals.wins_battle("mollusk"), answer="fire 5>2",
                 hint="3 + 3 = 6 ties 6, and you are the attacker: turn 5 down to 2 (or to 1).",
                 wrong={"hold": LOSES, "fire 5>3": LOSES, "fire 5>4": LOSES}),
            Step(section="Strongholds", ask="Take your Battle Victory: deal the damage.",
                 text="A damaged Stronghold is not given a damage token: it returns to the "
                      "Squadron's supply.",
                 goal=goals.event("Stronghold at 3,2 is damaged", "remove the Stronghold"),
                 answer="victory place-comrade",
                 hint="Either option deals the 1 damage that removes it.",
                 wrong={"victory none": "Without an option you deal no damage at all."}),
        ]),
        Scene("A Smuggler's victory", smuggler_victory, intro=(
            "You are **Smuggler 1** in the Fog at 1,1, with a 4 on Cannons. The Bluefin "
            "Flagship is at 2,2 — down the Strong Current at 2,1."), steps=[
            Step(section="Terrain", title="Fog and Currents",
                 text="Battles cannot happen in **Fog**. A **Strong Current** moves you on for "
                      "free, and that can make you battle.",
                 ask="Sail one space right, into the Strong Current at 2,1.",
                 goal=goals.event("battles Bluefin's Flagship", "battle the Bluefin Flagship"),
                 answer=["sail 2", "move 2,1", "battle bluefin"],
                 hint="'sail 2', then 'move 2,1'; the Current carries you to 2,2: 'battle bluefin'."),
            Step(section="Battling", ask="Win this battle (you roll 5, Bluefin rolls 2).",
                 text="The dice are fixed in your favour this time: you may keep your Cannons die.",
                 goal=goals.wins_battle("smuggler1"), answer="hold",
                 hint="'hold' keeps your 4 on Cannons; 5 beats 2 anyway."),
            Step(section="Battle Victory", title="The Smugglers' Battle Victory",
                 text="The Smugglers' options: deal 1 damage and move 1 or 2 spaces at once, "
                      "ignoring all other battles in your space; or deal 1 damage and gain a "
                      "**reward** from your Rewards grid (see the Cargo tutorial).",
                 ask="Deal 1 damage and gain a reward.", expect="victory reward",
                 hint="'victory reward'.",
                 wrong={"victory move": "Moving away is a good escape; this step asks for the "
                                        "reward."}),
            Step(section="Damage", ask="Choose the Bluefin slot that takes the damage.",
                 text="The damage comes first. Bluefin's Cannons slots hold no dice this round, "
                      "so they can be damaged: a damaged slot cannot take a die until repaired.",
                 goal=goals.anything("damage any empty slot"), answer="damage cannons6",
                 hint="'damage cannons6' stops Bluefin from loading Cannons with a 6."),
            Step(section="Battle Victory", ask="Move your white reward marker up: gain 1 gold.",
                 text="The reward marker moves to an adjacent space of the grid, and you gain "
                      "what that space shows. Yours starts in the middle.",
                 expect="reward up",
                 hint="Up from the middle is “1 gold”: 'reward up'.",
                 wrong={"reward": "Any direction is legal; this step asks for the gold, up."}),
        ]),
    ])
