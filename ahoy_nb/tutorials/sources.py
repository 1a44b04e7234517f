"""Where every rule the tutor states comes from.

Each lesson step names the rulebook passages its sentences rest on (``Step.basis``).
This module does the same for the rest of what a learner reads: the tips (the board's
hover texts, the second hints, the rules in short) and the reasons the board gives for
refusing a move. ``scripts/rule_sources.py`` writes them all as one table into
``docs/tutorials.md``; ``tests/tutorials/test_rule_sources.py`` finds every passage in the
rulebook (or, for what only the printed components say, in the components list), under
the section named.

A passage is ``(section, words)``: the section's heading (or a heading above it) and
words of the rulebook, markup left out. Named things (a slot, a terrain, a plan, a Crew,
a section in short) are found by their printed name (:func:`tip_sources`).

>>> VERBS["fire"][0]
'Battling'
"""

from __future__ import annotations

import re
from typing import Iterator

from ..engine.cards import crew
from ..engine.components import ACTION_TITLES, MARKET_CARDS
from ..tips import crew_tips, table

#: What only the printed components say (the Rewards grid, the ships' cards): a passage
#: whose section starts with this is found in the components list, not the rulebook.
COMPONENTS = "Components: "

#: Each notation verb's tip rests on (a verb without one is named by its action's title).
VERBS: dict[str, tuple[str, str]] = {
    "start": ("Faction Setup", "Place both your Flagship figure and 1 Patrol figure on the Island on either region tile."),
    "recruit": ("Crew", "As an action, while your Flagship is at an Island, you may recruit any number of cards from the Market into your Crew, as long as the Crew's suit matches the Island."),
    "smuggle": ("Cargo", "To smuggle Cargo, take a card from the Market whose suit matches your Island's suit."),
    "deliver": ("Cargo", "To deliver Cargo, your Flagship must be at an Island whose suit matches the Cargo's Deliver suit, shown at the bottom of the card."),
    "end": ("Playing the Game", "When you decide that you're done acting, your turn ends."),
    "concede": ("Conceding with Two Players", "With 2 players, the winner might be clear before the game ends. Conceding is totally okay!"),
    "move": ("Moving", "You may only move to an adjacent space: one space up, down, left, or right from your space, not diagonal."),
    "anchor": ("Moving", "After moving a space, if you choose not to move another space or cannot move another space, you ANCHOR. If the space has Harbor or Treasure terrain, resolve it."),
    "tile": ("Exploring", "Place the region tile so that one space is where you are moving to."),
    "battle": ("Battling", "Choose a Defender. Choose one eligible enemy figure there."),
    "fire": ("Battling", "You may turn your die on Cannons to lower its value by any amount (not below 1). This adds to your battle die roll in step 4."),
    "hold": ("Battling", "Each player rolls 1 battle die and adds the amount that they reduced their own die on Cannons."),
    "victory": ("Battling", "Resolve Victory. The winner may resolve one Battle Victory option, listed on their player board."),
    "damage": ("Damage", "Victory in battle and some Crew let you DEAL DAMAGE. In this case, you choose which die slot of your enemy to damage."),
    "done": ("Playing the Game", "Take actions one at a time. You must complete your action before taking another one."),
    "patrol": ("Patrols", "Whenever you take the Sail or Tailwind action, you may place 1 Patrol from your supply into your Flagship's space when you anchor."),
    "no-patrol": ("Patrols", "Whenever you take the Sail or Tailwind action, you may place 1 Patrol from your supply into your Flagship's space when you anchor."),
    "place-comrades": ("The Mollusk Union", "If you anchor at an Island, you may either place 2 Comrades on the Island or gain 2 Ready Comrades."),
    "ready-comrades": ("The Mollusk Union", "If you anchor at an Island, you may either place 2 Comrades on the Island or gain 2 Ready Comrades."),
    "no-comrades": ("The Mollusk Union", "If you anchor at an Island, you may either place 2 Comrades on the Island or gain 2 Ready Comrades."),
    "harbor-repair": ("Terrain", "Harbor: When your Flagship anchors here, you may repair 2 damage"),
    "harbor-cannons": ("Terrain", "or you may take any die that you have already placed and place it on your Cannons die slot."),
    "harbor-none": ("Terrain", "Harbor: When your Flagship anchors here, you may repair 2 damage"),
    "stronghold": ("Strongholds", "Placing: At the end of your turn, any number of times, you may remove 2 Patrols from an Island to place a Stronghold there."),
    "reward": ("Cargo", "move your white reward marker on the Rewards grid to an adjacent space, except the one with the black reward marker. You may gain the reward in the space with the white reward marker."),
    "spend": (COMPONENTS + "Smuggler Rewards grid", "Spend up to 5 gold: 1 Fame per gold"),
    "pledge": ("Cargo", "Place the delivered Cargo card facedown under either your Squadron or Union pledge marker, keeping the pledge marker facedown."),
    "discard": ("Cargo", "If you ever have more than 2 Cargo, you must return Cargo to the box until you have 2 Cargo."),
    "wealth": ("Clean Up", "With 2 players, the first player must increase one region's wealth die by 1"),
    "flush": ("Clean Up", "then may return all cards in the Market to the box."),
    "keep": ("Clean Up", "then may return all cards in the Market to the box."),
    "stay": ("Common Actions", "Tailwind: You may move your Flagship directly to any space on the map with a printed die in the corner whose value matches the die you placed on the Tailwind die slot."),
    "play": ("Plans", "Playing: You may play plan cards at the time they list at the top—as an action or at the start of any battle."),
    "no-plan": ("Plans", "Playing: You may play plan cards at the time they list at the top—as an action or at the start of any battle."),
    "plans-first": ("Simultaneous Timing", "If two things happen at the same time, the player taking their turn chooses the order."),
    "relocate": ("Appendix B: Plans", "Remove all Comrades from 1 Island, and place them on any other Island or Islands."),
    "evacuate": ("Appendix B: Plans", "Remove all Comrades from 1 Island, and place them on any other Island or Islands."),
    "sneak": ("Appendix B: Plans", "Remove up to 2 Patrols from any 1 region whose Island has any Comrades."),
    "remove-patrol": ("Appendix B: Plans", "Remove up to 2 Patrols from any 1 region whose Island has any Comrades."),
    "launch": ("Cutter and Gunship", "Placing: If you play the Cutter or Gunship plan, remove 2 Comrades from any 1 Island to place the ship's figure there."),
    "enlist": ("Appendix B: Plans", "Choose any 1 Island with any Comrades. Recruit any number of Crew of its suit, ignoring cost."),
    "_decline": ("Cargo", "You may gain the reward in the space with the white reward marker."),
    "add-tile": ("Cargo", "or add a new region tile to any explorable map edge"),
    "no-reward": ("Cargo", "You may gain the reward in the space with the white reward marker."),
}
# (A verb a Crew card brings rests on its card's passage, found like the card's own tip.)

#: What the printed name of a tip's subject is, where it is not the key's title.
NAMES: dict[tuple[str, str], str] = {
    ("slot", "fullsail"): "Full Sail:", ("slot", "cutter"): "Cutter Battling",
    ("slot", "gunship"): "Gunship Battling", ("terrain", "current"): "Strong Current",
    ("terrain", "open"): "Each space of a region can have",
    ("plan", "weapons-cache"): "Weapon Cache", ("plan", "cutter"): "Cutter Battling",
    ("plan", "gunship"): "Gunship Battling",
    ("section", "Smugglers"): "The Smugglers", ("section", "Delivering Cargo"): "Cargo",
    ("section", "Pledges"): "Pledged Cargo", ("section", "Ending the Game"): "Clean Up",
    ("section", "Bluefin Squadron"): "The Bluefin Squadron",
}

#: A Crew card's printed name as the rulebook's Appendix A spells it, where it differs
#: (components.md: the appendix spells one card "Breakhead"), or where the card's name
#: begins another's ("Gunner" and "Gunner's Mate").
APPENDIX_NAMES: dict[str, str] = {"Battering Beakhead": "Battering Breakhead",
                                  "Gunner": "Gunner:"}

#: The reasons the board gives for a move it refuses (``engine.explain``, through
#: ``friendly.explain_click``): words of each reason, and the passage it rests on.
REFUSALS: list[tuple[str, str, str]] = [
    ("you must place 2 action dice on your turn", "Playing the Game", "In total, you must place 2 action dice on your turn, no more and no less."),
    ("a figure moves as part of an action", "Moving", "Many actions let you MOVE your Flagship—for example, every faction can Sail, which lets you move your Flagship 1 or 2 spaces."),
    ("you have already placed your", "Playing the Game", "In total, you must place 2 action dice on your turn, no more and no less."),
    ("you have no unplaced", "Taking Action", "To do so, place a die on the action's die slot."),
    ("is not in your Crew", "Crew", "Some Crew give a new action, which may require placing a die."),
    ("has no action to place a die on", "Crew", "Other Crew give a passive power that you can use at the time it says."),
    ("the die slot must be empty", "Taking Action", "The die slot must be empty. It cannot be filled with a die or damage token."),
    ("slot only accepts", "Taking Action", "Some die slots only accept dice of certain values."),
    ("costs {cost} gold", "Taking Action", "You may spend gold to modify your die. When placing a die, you may spend any number of gold tokens to increase or decrease the die's value by one per gold you spend."),
    ("is not in the Market", "Crew", "you may recruit any number of cards from the Market into your Crew"),
    ("you cannot recruit Crew or smuggle or deliver Cargo", "Strongholds", "Also, while an enemy's Flagship is at an Island with a Stronghold, they cannot recruit Crew or smuggle or deliver Cargo."),
    ("your Flagship must be at an Island to recruit Crew", "Crew", "As an action, while your Flagship is at an Island, you may recruit any number of cards from the Market into your Crew, as long as the Crew's suit matches the Island."),
    ("the Crew's suit must match the Island", "Crew", "as long as the Crew's suit matches the Island."),
    ("costs a die placed on its slot", "Crew", "It either requires you to place a die on the card or spend 1 or 2 gold back to the supply."),
    ("only the Smugglers smuggle and deliver Cargo", "Cargo", "As a Smuggler, you have two unique actions that do not require placing dice"),
    ("your Flagship must be at an Island to", "Cargo", "While your Flagship is at an Island, you may SMUGGLE and DELIVER any number of cards."),
    ("you may only smuggle Cargo whose suit matches your Island", "Cargo", "To smuggle Cargo, take a card from the Market whose suit matches your Island's suit."),
    ("you do not carry", "Cargo", "To deliver Cargo, your Flagship must be at an Island whose suit matches the Cargo's Deliver suit"),
    ("you may only deliver", "Cargo", "To deliver Cargo, your Flagship must be at an Island whose suit matches the Cargo's Deliver suit, shown at the bottom of the card."),
    ("Tailwind moves you directly to a space with a printed", "Common Actions", "You may move your Flagship directly to any space on the map with a printed die in the corner whose value matches the die you placed on the Tailwind die slot."),
    ("you may only move to an adjacent space", "Moving", "You may only move to an adjacent space: one space up, down, left, or right from your space, not diagonal."),
    ("you cannot move across Sandbars", "Moving", "You cannot move across Sandbars: lines of tan sand separating two spaces."),
    ("the tile stack is empty", "Exploring", "You cannot move off the map to explore if there isn't enough room to place the region without overlapping another, or if the tile stack is empty."),
    ("there isn't enough room to place", "Exploring", "You cannot move off the map to explore if there isn't enough room to place the region without overlapping another, or if the tile stack is empty."),
    ("Bluefin's Flagship and Patrol start on an Island", "Faction Setup", "Place both your Flagship figure and 1 Patrol figure on the Island on either region tile."),
    ("a Smuggler's Flagship starts on any space but an Island", "Faction Setup", "Place your Flagship figure on any space on the map except an Island."),
    ("You may turn your die on Cannons down by any amount, not below 1", "Battling", "You may turn your die on Cannons to lower its value by any amount (not below 1)."),
    ("your die on Cannons shows", "Battling", "You may turn your die on Cannons to lower its value by any amount (not below 1)."),
    ("you anchor after moving a space", "Moving", "After moving a space, if you choose not to move another space or cannot move another space, you ANCHOR."),
    ("Comrades are placed or gained only when the Mollusk Flagship anchors", "The Mollusk Union", "If you anchor at an Island, you may either place 2 Comrades on the Island or gain 2 Ready Comrades."),
    ("the game begins with Faction Setup", "Faction Setup", "Time to set sail! Begin play, starting with the Bluefin Squadron."),
    ("the game is over", "Clean Up", "End Game? If any player has at least 30 Fame, end the game."),
    ("turning a die down and back up (an effectless action) costs", "Effectless Actions", "You can do things with no outcome, such as spending 2 gold to decrease and increase a die."),
    ("is not on the map: no region tile covers it", "Game Setup", "Each region tile is a 2x2 grid of 4 spaces, one of which is an Island."),
    ("has no ", "Taking Action", "Most of them are on your player board, but you may gain more from Crew (page 15)."),
    ("you have no such die to place", "Crew", "It either requires you to place a die on the card or spend 1 or 2 gold back to the supply."),
]

#: Reasons that state no rule, so rest on no passage: how notation is written, and the
#: engine's refusal of a choice that is simply not among those offered.
NOTATION_ONLY = ("is written like", "names a card in the Market, like", "names a Cargo, like",
                 "it is not one of the choices")

#: What each kind of quiz question's explanation rests on (``tutorials.quiz``).
QUIZ: dict[str, list[tuple[str, str]]] = {
    "players": [("Game Setup", "Two Players: Play with the Bluefin Squadron and Mollusk Union."),
                ("Game Setup", "Three Players: Play with the Bluefin Squadron, a Smuggler, and the Mollusk Union."),
                ("Game Setup", "Four Players: Play with all four factions.")],
    "start": [("Faction Setup", "Place both your Flagship figure and 1 Patrol figure on the Island on either region tile."),
              ("Faction Setup", "Place your Flagship figure on any space on the map except an Island.")],
    "reach": [("Moving", "You may only move to an adjacent space: one space up, down, left, or right from your space, not diagonal."),
              ("Moving", "You cannot move across Sandbars: lines of tan sand separating two spaces."),
              ("Terrain", "Strong Current: When any of your figures moves here, you must move it to the adjacent space in the direction shown for free.")],
    "damage": [("Damage", "A die slot cannot be damaged if it already has a damage token or die on it, or if it has a dashed box around it, such as the Repair slot.")],
    "explore": [("Exploring", "Place the region tile so that one space is where you are moving to."),
                ("Exploring", "You can rotate the region, but you cannot place its Island adjacent to any other Island. (They can be diagonal.)"),
                ("Exploring", "if there isn't enough room to place the region without overlapping another")],
    "die_fits": [("Taking Action", "A slot with no icon accepts any die. A slot with a die value only accepts that exact value. A slot that says \"even\" only accepts an even number: 2, 4, or 6.")],
    "gold": [("Taking Action", "When placing a die, you may spend any number of gold tokens to increase or decrease the die's value by one per gold you spend."),
             ("Die Values", "A die cannot increase over 6, decrease below 1, or wrap from 1 to 6 or reverse.")],
    "battle": [("Battling", "Each player rolls 1 battle die and adds the amount that they reduced their own die on Cannons. The player with the higher total is the winner. On a tie, the attacker wins.")],
    "control": [("Ending the Round", "+1 control per Patrol"), ("Ending the Round", "+2 control per Stronghold"),
                ("Ending the Round", "+2 control for their Flagship"),
                ("Ending the Round", "+1 control per Comrade on the region's Island"),
                ("Ending the Round", "+1 control per Union ship"),
                ("Cutter and Gunship", "the Cutter doubles the control of all Comrades on the Island in its region"),
                ("Ending the Round", "The Smugglers' Flagships don't affect control in any way.")],
    "fame_round": [("Ending the Round", "The controller gains Fame equal to the region's wealth die."),
                   ("Ending the Round", "On a tie for control of a region, no one scores Fame for it.")],
    "deliver": [("Cargo", "To deliver Cargo, your Flagship must be at an Island whose suit matches the Cargo's Deliver suit, shown at the bottom of the card."),
                ("Strongholds", "Also, while an enemy's Flagship is at an Island with a Stronghold, they cannot recruit Crew or smuggle or deliver Cargo.")],
    "pledge": [("Pledged Cargo", "For each Cargo, you gain 1 Fame for each region that the pledged faction controls whose Island matches the Cargo's top-left suit.")],
    "winner": [("Clean Up", "End Game? If any player has at least 30 Fame, end the game. Smugglers score pledged Cargo (page 21), then the player with the most Fame wins! On a tie, the tied player with the most gold wins.")],
}


def _plain(text: str) -> str:
    """Rulebook text as it reads: markup and line breaks out."""
    return " ".join(re.sub(r"[*_]", "", text).split())


def sections_of(document: str) -> Iterator[tuple[list[str], str, str]]:
    """Each paragraph of a Markdown ``document`` with the headings above it (outermost
    first): ``(headings, paragraph as written, paragraph without markup)``. The garbled
    stretch of the rulebook between "Example Table Setup" and "Faction Setup" is left out."""
    heads: list[tuple[int, str]] = []
    for block in re.split(r"\n\s*\n", document):
        for line in block.split("\n"):
            m = re.match(r"^(#+) (.*)$", line.strip())
            if m:
                level, name = len(m.group(1)), _plain(m.group(2))
                if name == "Faction Setup":     # the garbled stretch ends here
                    heads = [h for h in heads if not h[1].startswith("Example Table Setup")]
                heads = [h for h in heads if h[0] < level] + [(level, name)]
        names = [h[1] for h in heads]
        if not any(n.startswith("Example Table Setup") for n in names):
            yield names, block, _plain(block)


def find(document: str, section: str, words: str) -> str | None:
    """The paragraph of ``document`` under a heading containing ``section`` that holds
    ``words`` (or ``None``)."""
    want = _plain(words)
    for heads, _, paragraph in sections_of(document):
        if want in paragraph and any(section.lower() in h.lower() for h in heads):
            return paragraph
    return None


def first_sentence(paragraph: str, start: str) -> str:
    """The sentence of ``paragraph`` that begins at ``start``."""
    tail = paragraph[paragraph.index(start):]
    m = re.match(r"(.+?[.!?])(\s|$)", tail)
    return (m.group(1) if m else tail)[:300]


def tip_sources(rulebook: str) -> list[tuple[str, str, str, str]]:
    """Every tip as ``(kind, key, tip, passage)``: the passage found in ``rulebook`` by the
    tip's printed name (or, for a verb, :data:`VERBS`); ``passage`` is ``""`` where
    nothing is found (a test makes sure there is none)."""
    texts = table()
    out = []
    for kind in ("slot", "terrain", "plan", "crew", "section", "verb"):
        entries = crew_tips() if kind == "crew" else texts[kind]
        for key, text in entries.items():
            if key.startswith("_") and kind != "verb":
                continue
            out.append((kind, key, text, _passage(rulebook, kind, key)))
    for verb, card in crew.VERBS.items():     # the verbs the Crew cards bring
        text = crew.verb_tip(verb)
        if text:
            out.append(("verb", verb, text, _passage(rulebook, "crew", card.key)))
    return out


def _passage(rulebook: str, kind: str, key: str) -> str:
    if kind == "verb":
        section, words = VERBS.get(key, ("", ""))
        return f"{section}: {words}" if words else ""
    printed = next((c["name"] for c in MARKET_CARDS if c["slug"] == key), key)
    title = NAMES.get((kind, key)) or {
        "slot": ACTION_TITLES.get(key, key.title()) + ":", "terrain": key.title() + ":",
        "plan": key.replace("-", " ").title(), "section": key,
        "crew": APPENDIX_NAMES.get(printed, printed)}[kind]
    for heads, raw, paragraph in sections_of(rulebook):
        if kind == "section":          # a section in short rests on the whole section
            if heads and heads[-1] == title:
                return f"{title}: the whole section"
            continue
        if kind == "terrain" and "Terrain" not in heads:
            continue
        # The rule that names it: its name in bold where it is defined (or the words
        # NAMES gives, where it has no name of its own).
        named = (kind, key) in NAMES or kind == "crew" and title != printed
        if f"**{title}" in raw or (named and title in paragraph
                                   and (kind != "crew" or "Appendix A: Crew" in heads)):
            return f"{heads[-1] if heads else ''}: {first_sentence(paragraph, title.rstrip(':'))}"
    return ""
