"""More battles: defending, Strongholds, and a Smuggler's victory."""

from __future__ import annotations

from .. import goals
from ..core import Scene, Step, Tutorial
from .battles import LOSES
from .common import TWO_REGIONS, position as scenario


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


def _cannons_die(state, faction: str) -> int | None:
    return next((s["die"] for s in state.slots(faction) if s["action"] == "cannons"
                 and s["die"] is not None), None)


TUTORIAL = Tutorial(
    name="defending", order=60, title="Defending, Strongholds and a Smuggler's victory",
    quiz=("battle", "damage", "battle"), requires=("battles",),
    summary="the defender fires back, attacking a Stronghold, the Smugglers' Battle Victory "
            "and its reward",
    scenes=[
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
                 rule="The Smuggler has 4, you roll 1, and a tie goes to the attacker. What total "
                      "do you need, and how far can your 5 come down?",
                 why="A tie goes to the attacker, so you need 5: 1 + 4, the 5 turned down to 1.",
                 wrong={"fire 5>2": "1 + 3 = 4 ties the Smuggler's 4, and ties go to the "
                                    "attacker.", "hold": LOSES, "fire 5>3": LOSES,
                        "fire 5>4": LOSES},
                 basis=[("Battling", "Defender Fires Cannons. The defender may lower their Cannons value, as in step 2."),
                        ("Battling", "On a tie, the attacker wins.")]),
            Step(section="Battle Victory", ask="Take the Battle Victory that adds to your control "
                                               "of this region.",
                 text="Defending or attacking, the winner chooses a Battle Victory option.",
                 expect="victory place-comrade",
                 rule="The Union controls a region with its ships and its Comrades on the "
                      "Island. Which option adds to them?",
                 why="Placing a Comrade on your Island adds +1 control here.",
                 wrong={"victory steal": "Stealing is allowed; gold adds nothing to your "
                                         "control."},
                 basis=[("The Mollusk Union", "When you win a battle, you may choose one of the following options:")]),
            Step(section="Damage", ask="Choose the Smuggler's slot that takes the damage.",
                 text="Its Cannons slot holds a die, so it cannot be damaged: full slots are safe.",
                 goal=goals.anything("damage any empty slot"), answer="damage fullsail",
                 why="Any empty slot will do; Full Sail is the Smuggler's long move.",
                 wrong={"damage cannons": "A slot with a die on it cannot be damaged."},
                 basis=[("Damage", "A die slot cannot be damaged if it already has a damage token or die on it, or if it has a dashed box around it, such as the Repair slot.")]),
        ]),
        Scene("Strongholds", stronghold, intro=(
            "You are the **Mollusk Union** at 2,2 with a 5 on Cannons. A Bluefin **Stronghold** "
            "stands on the Island at 3,2."), steps=[
            Step(section="Strongholds", title="Attacking a Stronghold",
                 text="Bluefin may turn 2 Patrols on an Island into a **Stronghold**. "
                      "Strongholds **always have loaded Cannons**, so any figure moving in must "
                      "battle them, and they add **+2** to Bluefin's roll.",
                 quote="Strongholds start battle as if you had a die on your Cannons slot, even if "
                       "you do not. In this battle, add +2 to your roll.",
                 ask="Attack the Stronghold on the Island at 3,2.",
                 goal=goals.event("battles Bluefin's Stronghold", "battle the Stronghold"),
                 answer=["sail 2", "move 3,2", "battle stronghold"],
                 rule="A battle starts when a figure moves into a space with enemies. Which "
                      "action moves your Flagship one space?",
                 why="Sail moves you onto the Island; the Stronghold is the defender.",
                 basis=[("Strongholds", "Battling: They always have loaded Cannons."),
                        ("Strongholds", "In this battle, add +2 to your roll.")]),
            Step(section="Strongholds", ask="Win against the Stronghold.",
                 text="The dice are fixed: you roll **3**, the Stronghold rolls **4**, +2: 6.",
                 goal=goals.wins_battle("mollusk"), answer="fire 5>2",
                 rule="The Stronghold has 4 + 2 = 6; you roll 3, and the attacker wins ties. How "
                      "much must you add?",
                 why="3 + 3 = 6 ties 6, and you are the attacker: 5 down to 2 (or to 1).",
                 wrong={"hold": LOSES, "fire 5>3": LOSES, "fire 5>4": LOSES},
                 basis=[("Strongholds", "In this battle, add +2 to your roll.")]),
            Step(section="Strongholds", ask="Get rid of the Stronghold.",
                 text="A damaged Stronghold is not given a damage token: it returns to the "
                      "Squadron's supply. Either Battle Victory option deals 1 damage.",
                 goal=goals.event("Stronghold at 3,2 is damaged", "remove the Stronghold"),
                 answer="victory place-comrade",
                 rule="A damaged Stronghold goes back to Bluefin's supply. Which of your "
                      "options deal damage?",
                 why="Either option deals the 1 damage that removes it.",
                 wrong={"victory none": "Without an option you deal no damage at all."},
                 basis=[("Strongholds", "Damaging: Whenever a Stronghold is damaged, return the Stronghold to your supply instead of placing a damage token.")]),
        ]),
        Scene("A Smuggler's victory", smuggler_victory, intro=(
            "You are **Smuggler 1** in the Fog at 1,1, with a 4 on Cannons. The Bluefin "
            "Flagship is at 2,2 — down the Strong Current at 2,1."), steps=[
            Step(section="Terrain", title="Fog and Currents",
                 text="Battles cannot happen in **Fog**. A **Strong Current** moves you on for "
                      "free, and that can make you battle.",
                 ask="Reach Bluefin's Flagship at 2,2 and battle it.",
                 goal=goals.event("battles Bluefin's Flagship", "battle the Bluefin Flagship"),
                 answer=["sail 2", "move 2,1", "battle bluefin"],
                 rule="From the Fog at 1,1, 2,2 is diagonal: two moves away, or one move onto a "
                      "Current that points at it. Which action moves you space by space?",
                 why="One space right, onto the Current at 2,1, which carries you down into 2,2.",
                 basis=[("Terrain", "Strong Current: When any of your figures moves here, you must move it to the adjacent space in the direction shown for free. (Don't spend movement. Move before anchoring. This can make you explore or battle.)")]),
            Step(section="Battling", title="Keep your die",
                 text="The dice are fixed in your favour this time: you roll **5**, Bluefin rolls "
                      "**2**, and Bluefin has no die on Cannons. A die turned down stays down for "
                      "the rest of the round.",
                 ask="Win this battle and keep your Cannons die as high as it is, for later "
                     "battles this round.",
                 goal=goals.all_of(goals.wins_battle("smuggler1"), goals.custom(
                     "your Cannons die still a 4", lambda b, a: _cannons_die(a, "smuggler1") == 4)),
                 answer="hold",
                 rule="5 against 2 wins already. What does turning your die down cost you "
                      "for the rest of the round?",
                 why="5 beats 2 without firing, and your 4 stays on Cannons for later battles.",
                 wrong={"fire": "You would win, but your die stays turned down until the round "
                                "ends: later battles get less from it."},
                 basis=[("Battling", "Each player rolls 1 battle die and adds the amount that they reduced their own die on Cannons.")]),
            Step(section="Battle Victory", title="The Smugglers' Battle Victory",
                 text="The Smugglers' options: deal 1 damage and move 1 or 2 spaces at once, "
                      "ignoring all other battles in your space; or deal 1 damage and gain a "
                      "**reward** from your Rewards grid (more in the Cargo lesson).",
                 ask="Take the Battle Victory that can earn you gold.",
                 expect="victory reward",
                 rule="One option moves you away, the other moves a marker on your Rewards grid, "
                      "whose spaces pay gold, Fame and more. Which one pays?",
                 why="The reward moves your white marker on the Rewards grid: up from the middle "
                     "is 1 gold.",
                 wrong={"victory move": "Moving away is a good escape; it pays nothing.",
                        "victory none": "That takes nothing at all."},
                 basis=[("Smugglers", "Deal 1 damage and move 1 or 2 spaces immediately, ignoring all other battles in your space."),
                        ("Smugglers", "Deal 1 damage and gain a reward, exactly as in step 3 of delivering Cargo (page 20).")]),
            Step(section="Damage", ask="Choose the Bluefin slot that takes the damage.",
                 text="The damage comes first. Bluefin's Cannons slots hold no dice this round, "
                      "so they can be damaged: a damaged slot cannot take a die until repaired.",
                 goal=goals.anything("damage any empty slot"), answer="damage cannons6",
                 why="Any empty slot will do; a damaged Cannons (6) stops Bluefin loading "
                     "Cannons with a 6.",
                 basis=[("Damage", "Victory in battle and some Crew let you DEAL DAMAGE. In this case, you choose which die slot of your enemy to damage.")]),
            Step(section="Battle Victory", ask="Gain 1 gold from your Rewards grid.",
                 text="The white reward marker moves to an adjacent space of the grid, and you "
                      "gain what that space shows. Yours starts in the middle (the grid is in "
                      "the Cargo lesson, and on your player board).",
                 expect="reward up",
                 rule="The marker moves one space up, down, left or right from the middle. Which "
                      "of those spaces shows gold?",
                 why="Up from the middle is “1 gold”.",
                 wrong={"reward": "Legal, but that space does not pay 1 gold."},
                 basis=[("Cargo", "move your white reward marker on the Rewards grid to an adjacent space, except the one with the black reward marker.")]),
        ]),
    ])
