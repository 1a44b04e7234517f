"""The Union's plans: playing a plan as an action, the Gunship and the Cutter, and a plan
played at the start of a battle (Secret Weapon)."""

from __future__ import annotations

from .. import goals
from ..core import Scene, Step, Tutorial
from .common import TWO_REGIONS, position


def gunship():
    s = position(tiles=TWO_REGIONS,
                 figures={"bluefin": "0,0", "smuggler1": "1,0", "mollusk": "2,2",
                          "patrol": ["3,1"]},
                 comrades={"3,2": 4}, turn="mollusk", dice={"mollusk": [2, 4, 6]},
                 hand=["gunship", "secret-weapon"])
    return s.fix_battle([3, 3], [1])


def cutter():
    s = position(tiles=TWO_REGIONS,
                 figures={"bluefin": "0,0", "smuggler1": "1,0", "mollusk": "1,1",
                          "patrol": ["3,2"], "stronghold": ["3,2"]},
                 ships={"cutter": "2,2"}, comrades={"3,2": 1}, turn="mollusk",
                 dice={"mollusk": [2, 3, 4]}, placed={"mollusk": {"cannons": 5}})
    return s.fix_battle(6, 3)


def supported() -> bool:
    """Whether the engine plays plans yet (this lesson is listed only then)."""
    try:
        s = gunship()
        for a in ("play gunship", "launch 3,2", "gunship 4", "sail", "move 3,1", "battle patrol"):
            s.apply(a)
        return s.is_legal("play secret-weapon")
    except Exception:
        return False


TUTORIAL = Tutorial(
    name="plans", order=80, title="Plans, the Gunship and the Cutter",
    quiz=("battle", "control", "battle"), requires=("factions",),
    summary="the Union's plan cards, launching the Gunship, a plan at the start of a battle, "
            "the Cutter in battle",
    scenes=[
        Scene("The Gunship", gunship, intro=(
            "You are the **Mollusk Union**, holding two secret **plan cards**: the Gunship and "
            "Secret Weapon. 4 Comrades stand on the Skull Island at 3,2; a Bluefin Patrol sits "
            "at the Harbor 3,1."), steps=[
            Step(section="Plans", title="Playing a plan",
                 text="You may play plans at the time printed at their top — as an action (no "
                      "die needed) or at the start of a battle — then discard them. The Cutter "
                      "and Gunship plans stay in front of you instead: they are ships.",
                 quote="You may play plan cards at the time they list at the top—as an action or "
                       "at the start of any battle.",
                 ask="Bring a ship from your plan cards into the game.", expect="play gunship",
                 rule="One of your two plans is a ship; the other is played at the start of a "
                      "battle. Which one can you play now, as an action?",
                 why="The Gunship is a ship, played as an action; Secret Weapon waits for a "
                     "battle.",
                 basis=[("Plans", "Playing: You may play plan cards at the time they list at the top—as an action or at the start of any battle."),
                        ("Plans", "If you play your Cutter or Gunship plan, place it near you instead.")]),
            Step(section="Cutter and Gunship", title="Launching a ship",
                 text="To place the Cutter or Gunship, remove 2 Comrades from any one Island and "
                      "put the ship's figure there (no battle: placing is not moving).",
                 quote="If you play the Cutter or Gunship plan, remove 2 Comrades from any 1 "
                       "Island to place the ship's figure there.",
                 ask="Put the ship's figure on the map.", expect="launch 3,2",
                 rule="Two Comrades from one Island pay for the ship, and it appears on that "
                      "Island. Which Island has Comrades?",
                 why="Only the Skull Island has Comrades to pay with.",
                 basis=[("Cutter and Gunship", "Placing: If you play the Cutter or Gunship plan, remove 2 Comrades from any 1 Island to place the ship's figure there. (Do not battle.)")]),
            Step(section="Cutter and Gunship", title="The Gunship sails",
                 text="The ship's plan card has its own die slots (the Gunship's take a 4 and a "
                      "6): a die there lets the ship Sail or Tailwind, ignoring Wreckage. The "
                      "**Gunship always has loaded Cannons** and adds +3 to its roll.",
                 quote="Gunship Battling: It always has loaded Cannons. The Gunship starts battles "
                       "as if you had a die on your Cannons slot, even if you do not. In this "
                       "battle, add +3 to your roll.",
                 ask="Attack the Patrol at the Harbor 3,1 with your new ship.",
                 goal=goals.event("battles Bluefin's Patrol", "battle the Patrol"),
                 answer=["gunship 4", "sail", "move 3,1", "battle patrol"],
                 rule="Your Flagship has no die on Cannons, but the ship always battles as if it "
                      "had. Where do the ship's own die slots sit, and which die fits one?",
                 why="A 4 on the Gunship's card sails it one space onto the Harbor, into the "
                     "Patrol.",
                 basis=[("Cutter and Gunship", "Die Slots: The Cutter and Gunship plans have die slots that let the ship either Sail or Tailwind, ignoring Wreckage."),
                        ("Cutter and Gunship", "Gunship Battling: It always has loaded Cannons.")]),
            Step(section="Plans", title="A plan at the start of a battle",
                 text="**Secret Weapon** is played at the start of a battle: you roll 2 battle "
                      "dice and add them up (the enemy still rolls 1), and deal an extra damage "
                      "if you win.",
                 quote="Secret Weapon: Play at the start of a battle with you, even outside your "
                       "turn, then discard.",
                 ask="Make this battle as sure a win as you can.", expect="play secret-weapon",
                 rule="A battle is starting: plans that say “at the start of a battle” may be "
                      "played now. What does yours add to your roll?",
                 why="Secret Weapon rolls two dice instead of one.",
                 wrong={"no-plan": "Legal — but your plan adds a whole battle die."},
                 done="3 + 3, +3 for the Gunship: 9 against the Patrol's 1.",
                 basis=[("Appendix B: Plans", "Secret Weapon: Play at the start of a battle with you, even outside your turn, then discard."),
                        ("Appendix B: Plans", "Instead of rolling 1 battle die, you roll 2 battle dice and add them up.")]),
            Step(section="Battle Victory", ask="Take the Battle Victory that adds to your control "
                                               "of this region.",
                 text="The Union's option places the Comrade from your Ready Comrades, whichever "
                      "of your ships battled.",
                 expect="victory place-comrade",
                 rule="The Union's control comes from its ships and its Comrades on the Island. "
                      "Which option adds one?",
                 why="A Comrade on the Skull Island adds +1 control there.",
                 wrong={"victory steal": "Gold adds nothing to your control."},
                 basis=[("The Mollusk Union", "(This comes from Ready Comrades, regardless of which of your ships is battling!)")]),
        ]),
        Scene("The Cutter", cutter, intro=(
            "You are the Union. Your **Cutter** is at 2,2, and you have a 5 on Cannons. On "
            "the Skull Island at 3,2 stand a Bluefin Patrol and a **Stronghold** (Bluefin "
            "turned two Patrols there into it)."),
            steps=[
            Step(section="Cutter and Gunship", title="The Cutter cannot load Cannons",
                 text="The Cutter Sails up to 3 spaces. It **cannot load Cannons**: your die on "
                      "Cannons neither starts its battles nor adds to its roll, so it only "
                      "battles enemies with loaded Cannons — like Strongholds.",
                 quote="Cutter Battling: It cannot load Cannons. The Cutter cannot use your die on "
                       "Cannons to start battles, and you cannot lower your die on Cannons in "
                       "battle to add to its roll.",
                 ask="Take your fast ship onto the Skull Island at 3,2 and battle what it can.",
                 goal=goals.all_of(goals.event("Cutter battles Bluefin's Stronghold",
                                               "the Cutter battles the Stronghold"),
                                   goals.custom("no battle with the Patrol", lambda b, a: not any(
                                       "battles Bluefin's Patrol" in e for e in
                                       [x for en in a.log[len(b.log):] for x in en.events]))),
                 answer=["cutter 3", "sail", "move 3,2", "battle stronghold"],
                 rule="Your ship battles only enemies with loaded Cannons. Which of the two "
                      "figures on the Island always has them?",
                 why="The Cutter sails onto the Island; only the Stronghold, with its "
                     "always-loaded Cannons, can be battled.",
                 basis=[("Cutter and Gunship", "Cutter Battling: It cannot load Cannons."),
                        ("Cutter and Gunship", "(It only battles enemies who have loaded Cannons, including Strongholds.)")]),
            Step(section="Cutter and Gunship", ask="Take the Battle Victory that adds to your "
                                                   "control here.",
                 text="You rolled 6 against the Stronghold's 3 + 2.",
                 expect="victory place-comrade",
                 rule="The Union's control comes from its ships and its Comrades on the Island. "
                      "Which option adds one?",
                 why="A Comrade on the Island adds +1 control; the Stronghold goes back to the "
                     "supply either way.",
                 wrong={"victory steal": "Gold adds nothing to your control."},
                 done="The Stronghold returns to Bluefin's supply.",
                 basis=[("The Mollusk Union", "Deal 1 damage and place 1 Comrade on the Island in the region of battle.")]),
        ]),
    ])
