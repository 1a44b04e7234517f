"""Battles: the rulebook's example step by step, and Bluefin's two Cannons dice."""

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


def in_battle(state) -> bool:
    """A battle series has begun: the mover chooses whom to battle first."""
    return bool(state.data["pending"]) and state.data["pending"][-1]["type"] == "series"


LOSES = "With the dice this lesson fixed, that is not enough: look at the totals above."

TUTORIAL = Tutorial(
    name="battles", order=50, title="Battles", quiz=("battle", "damage", "battle"),
    requires=("turn",),
    summary="the rulebook's battle example move by move, turning down Cannons, Battle "
            "Victory and damage, Bluefin's two Cannons dice",
    scenes=[
        Scene("The rulebook's battle example", rulebook_example, intro=(
            "You are the **Mollusk Union**. Your Flagship shares the space 2,2 with a "
            "Smuggler's Flagship and a Bluefin Patrol, and you have a **4 on Cannons**: "
            "loaded Cannons until the end of the round. This is the battle example from the "
            "rulebook, played out move by move."), steps=[
            Step(section="Battling", title="Move out and back in",
                 text="A battle starts when a figure **moves** into a space with enemy figures "
                      "and either side has loaded Cannons. Your figures are already in the same "
                      "space, and being there starts nothing.",
                 quote="Whenever you move one of your figures, check if you have loaded Cannons. "
                       "If you do, your figure must BATTLE every enemy figure in its space.",
                 ask="Make your Flagship battle the enemies that share its space at 2,2.",
                 goal=goals.custom("a battle at 2,2 begins", lambda b, a: in_battle(a)),
                 answer=["sail 3", "move 3,2", "move 2,2"],
                 rule="Only a figure that moves into a space battles there. Your Sail moves 1 "
                      "or 2 spaces: how can a 2-space move end where it began?",
                 why="Sail moves 2 spaces: out to the empty Island at 3,2 and back into 2,2.",
                 wrong={"tailwind": "Tailwind jumps straight to a space printed with your die: "
                                    "it cannot take you out of 2,2 and back in.",
                        "anchor": "Staying put starts no battle."},
                 basis=[("Battling", "Whenever you move one of your figures, check if you have loaded Cannons."),
                        ("Battling", "If you do, your figure must BATTLE every enemy figure in its space."),
                        ("Common Actions", "Whenever you move one of your figures into a space with enemy figures, you must battle them if either of you has loaded Cannons.")]),
            Step(section="Battling", ask="Choose the Smuggler's Flagship as your first defender, "
                                         "as the rulebook's example does.",
                 text="Step 1 of a battle: **choose a defender**. You are the attacker, and you "
                      "battle every enemy figure in the space, one by one, in the order you "
                      "choose.",
                 quote="You must battle these enemy figures one by one, in any order.",
                 expect="battle smuggler1",
                 rule="Each enemy figure in the space is a battle of its own; you pick the order.",
                 why="The rulebook's example battles the Smuggler first.",
                 wrong={"battle patrol": "Legal, but the rulebook's example battles the "
                                         "Smuggler first."},
                 basis=[("Battling", "You must battle these enemy figures one by one, in any order.")]),
            Step(section="Battling", title="Fire your Cannons",
                 text="Step 2: **the attacker fires Cannons**: turn your die on Cannons down by "
                      "any amount (not below 1); each pip you take off adds 1 to your battle roll. "
                      "The Smuggler has no die on Cannons, so it cannot fire back. The dice in "
                      "this lesson are fixed: you will roll a **2**, the Smuggler a **5**.",
                 quote="Each player rolls 1 battle die and adds the amount that they reduced their "
                       "own die on Cannons. The player with the higher total is the winner. On a "
                       "tie, the attacker wins.",
                 ask="Win this battle.", goal=goals.wins_battle("mollusk"), answer="fire 4>1",
                 rule="You roll 2 against the Smuggler's 5, and a tie goes to the attacker. What "
                      "total do you need, and how many pips must come off your 4 to get it?",
                 why="2 + 3 = 5 ties the Smuggler's 5, and the attacker wins ties: the 4 goes down "
                     "to 1.",
                 wrong={"hold": "Without firing you roll 2 against 5.",
                        "fire 4>2": LOSES, "fire 4>3": LOSES},
                 done="2 + 3 = 5 against 5: a tie, and the attacker wins ties.",
                 basis=[("Battling", "Each player rolls 1 battle die and adds the amount that they reduced their own die on Cannons."),
                        ("Battling", "The player with the higher total is the winner. On a tie, the attacker wins.")]),
            Step(section="Battle Victory", title="Battle Victory",
                 text="Step 5: **resolve victory**. The winner may take one Battle Victory option "
                      "from its player board. The Union's: deal 1 damage and place 1 Comrade on "
                      "the Island of the region, or deal 1 damage and steal 1 gold.",
                 ask="Take the Battle Victory that also fills your purse.",
                 expect="victory steal",
                 rule="Both of the Union's options deal 1 damage; one adds a Comrade, the other "
                      "takes something from the loser. Which one brings gold?",
                 why="Stealing takes 1 of the Smuggler's gold, as in the rulebook's example.",
                 wrong={"victory place-comrade": "A fine choice in a game; it brings no gold.",
                        "victory none": "That takes nothing at all."},
                 basis=[("The Mollusk Union", "Deal 1 damage and place 1 Comrade on the Island in the region of battle."),
                        ("The Mollusk Union", "Deal 1 damage and steal 1 gold from the defeated player.")]),
            Step(section="Damage", title="Deal the damage",
                 text="When you **deal** damage, you choose which die slot of your enemy takes "
                      "it. A slot with a die or a damage token on it, or with a dashed box "
                      "(Repair), cannot be damaged.",
                 ask="Put the damage where it slows the Smuggler down the most.",
                 expect="damage fullsail",
                 rule="A damaged slot takes no die until repaired. Which of the Smuggler's "
                      "slots moves it the farthest?",
                 why="Full Sail is the Smuggler's long move, up to 6 spaces; the rulebook damages "
                     "it.",
                 wrong={"damage": "Any empty slot may take it; the Smuggler has a move that goes "
                                  "much farther than that one."},
                 basis=[("Damage", "Victory in battle and some Crew let you DEAL DAMAGE. In this case, you choose which die slot of your enemy to damage."),
                        ("Damage", "A die slot cannot be damaged if it already has a damage token or die on it, or if it has a dashed box around it, such as the Repair slot.")]),
            Step(section="Battling", title="Battle the Patrol",
                 text="Now you must battle the Squadron Patrol, which works the same way — but "
                      "your die on Cannons shows a 1 now, so you cannot lower it any more. "
                      "Patrols have no Cannons of their own; Bluefin has no die on Cannons.",
                 ask="Battle the Patrol.", expect="battle patrol",
                 rule="Every enemy figure in the space must be battled.",
                 why="The Patrol is the last enemy in the space.",
                 basis=[("Battling", "If you do, your figure must BATTLE every enemy figure in its space.")]),
            Step(section="Battle Victory", title="Win against the Patrol",
                 text="You rolled a 4 against the Patrol's 2 and won. A damaged Patrol is not "
                      "given a damage token: it goes back to the Squadron's supply.",
                 ask="Take the option that adds to your control of this region.",
                 expect="victory place-comrade",
                 rule="The Union controls a region with its ships and the Comrades on its "
                      "Island. Which option adds one of those?",
                 why="A Comrade on the Island at 3,2 adds +1 Mollusk control there.",
                 wrong={"victory steal": "Stealing is allowed, but gold adds nothing to your "
                                         "control."},
                 done="The Patrol returns to Bluefin's supply and a Ready Comrade lands on the "
                      "Island at 3,2.",
                 basis=[("Bluefin Squadron", "Damaging: Whenever a Patrol is damaged (even from moving into Wreckage), return the Patrol to your supply instead of placing a damage token."),
                        ("The Mollusk Union", "Deal 1 damage and place 1 Comrade on the Island in the region of battle.")]),
        ]),
        Scene("Two dice on Cannons", bluefin_attacks, intro=(
            "You are the **Bluefin Squadron**, at the Harbor 3,1 next to the Mollusk Flagship "
            "on its Island at 3,2 (3 Comrades there). Your Cannons hold a 5 and a 6; the Union "
            "has a 3 on Cannons."), steps=[
            Step(section="Battling", title="Attacking",
                 text="Bluefin's Cannons has two slots, a 5 and a 6, but in battle you may "
                      "only turn down **one** die on Cannons.",
                 ask="Attack the Union's Flagship on its Island at 3,2.",
                 goal=goals.event("battles Mollusk's Flagship", "battle the Mollusk Flagship"),
                 answer=["sail 4", "move 3,2", "battle mollusk"],
                 rule="You have loaded Cannons: moving into the Union's space starts the battle. "
                      "Which action moves your Flagship one space?",
                 why="Sail moves you onto the Island at 3,2; then you choose the Flagship as "
                     "defender.",
                 basis=[("Bluefin Squadron", "In battle, you may only reduce 1 die on Cannons to add to your roll.")]),
            Step(section="Battling", title="Turning down Cannons",
                 text="You fire first, then the defender fires. Mollusk will surely turn its 3 "
                      "down to 1 (+2). The dice are fixed: you roll **1**, Mollusk rolls **4** "
                      "(so 4 + 2 = 6).",
                 ask="Win this battle.", goal=goals.wins_battle("bluefin"),
                 respond=["fire 3>1"], answer="fire 6>1",
                 rule="Mollusk will have 4 + 2 = 6; you roll 1, and the attacker wins ties. How "
                      "much must you add, and which of your two dice can give that much?",
                 why="1 + 5 = 6 ties the Union's 6, and ties go to the attacker: only the 6 "
                     "turns down by 5.",
                 wrong={"hold": LOSES, "fire 5>1": "4 from the 5 gives 1 + 4 = 5 against 6. "
                                                   "Your other die goes further."},
                 done="1 + 5 = 6 against 4 + 2 = 6: the tie goes to you, the attacker.",
                 basis=[("Battling", "Defender Fires Cannons. The defender may lower their Cannons value, as in step 2."),
                        ("Battling", "The player with the higher total is the winner. On a tie, the attacker wins.")]),
            Step(section="Battle Victory", title="Bluefin's Battle Victory",
                 text="The Squadron's options: deal 1 damage and steal 1 gold; deal 2 damage; "
                      "or, against a **Mollusk Union ship**, deal 1 damage and remove 1 Comrade "
                      "from the Island in the region of battle.",
                 ask="Weaken the Union's control of this region.",
                 expect="victory remove-comrade",
                 rule="The Union's control here comes from its ships and its Comrades on the "
                      "Island. Which option takes one of those away?",
                 why="Removing a Comrade from the Island cuts the Union's control here by 1.",
                 wrong={"victory damage2": "Two damage hurts the Union's board, but its "
                                           "control here comes from the Comrades.",
                        "victory steal": "Mollusk's control here comes from the Comrades."},
                 basis=[("Bluefin Squadron", "Mollusk Union Ship: Deal 1 damage and remove 1 Comrade from the Island in the region of battle."),
                        ("Ending the Round", "+1 control per Comrade on the region's Island")]),
            Step(section="Damage", ask="Choose the slot of the Union's board that takes the damage.",
                 text="You deal the damage, so you choose the slot: an empty one without a "
                      "dashed box.",
                 goal=goals.anything("damage any empty slot"), answer="damage inspire",
                 why="Any empty slot will do; damaging Inspire or Rally stops a big Comrade "
                     "action this round.",
                 basis=[("Damage", "Victory in battle and some Crew let you DEAL DAMAGE. In this case, you choose which die slot of your enemy to damage.")]),
        ]),
    ])
