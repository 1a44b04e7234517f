"""Setting up a game for 2, 3 and 4 players."""

from __future__ import annotations

from ...engine import new_game
from .. import goals
from ..core import Scene, Step, Tutorial


def _game(players: int, seed: int):
    def build():
        return new_game(players, seed=seed)
    return build


NOT_ISLAND = ("The Smuggler's Flagship starts “on any space on the map except an Island”. "
              "Pick a space that is not an Island.")

TUTORIAL = Tutorial(
    name="setup", order=10, title="Setting up a game", quiz=("players", "start"),
    summary="which factions play with 2, 3 and 4 players, the first two regions, "
            "where each Flagship starts",
    scenes=[
        Scene("Two players", _game(2, 3), intro=(
            "**Ahoy** is played on a map of **region tiles**, each a 2×2 grid of spaces, one "
            "of which is an **Island** (its suit — Fish, Swords, Compass, Skull, Tree or "
            "Parrot — is printed on it). Every region has a **wealth die**, starting at 1. "
            "Each faction has a **Flagship** figure, a player board of **die slots**, and "
            "action dice (Bluefin 5, everyone else 4). The **Market** shows 3 cards: Crew to "
            "recruit, and Cargo for the Smugglers.\n\n"
            "Setup deals **2 region tiles** so that only one space of each touches the other "
            "and their Islands are as far apart as possible, puts a wealth die showing 1 on "
            "each, and with 2 or 3 players returns one Market card of each suit to the box."),
            steps=[
            Step(section="Game Setup", title="Two players",
                 text="With **two players**, the Bluefin Squadron plays against the Mollusk "
                      "Union. The Squadron sets up first: its Flagship and 1 Patrol go on the "
                      "Island of either region. The Union then takes the other Island with its "
                      "Flagship and 2 Comrades.",
                 quote="Two Players: Play with the Bluefin Squadron and Mollusk Union.",
                 ask="As Bluefin, choose the Island for your Flagship and a Patrol.",
                 goal=goals.anything("choose either Island"), answer="start 0,0",
                 why="Either Island will do; the Union takes the other one.",
                 basis=[("Game Setup", "Two Players: Play with the Bluefin Squadron and Mollusk Union."),
                        ("Faction Setup", "Place both your Flagship figure and 1 Patrol figure on the Island on either region tile."),
                        ("Faction Setup", "Place your Flagship figure and 2 Comrade tokens on the empty Island.")],
                 done="The Union set up on the other Island by itself: Flagship, 2 Comrades on "
                      "the Island, 6 Ready Comrades on its board and 2 secret plan cards."),
        ]),
        Scene("Three players", _game(3, 5), intro=(
            "With **three players** a Smuggler joins, seated between the Squadron and the "
            "Union: Bluefin, Smuggler, Mollusk, clockwise."), steps=[
            Step(section="Faction Setup", title="The Squadron",
                 text="Everyone has rolled their action dice and taken 1 gold. The Squadron "
                      "places its Flagship and 1 Patrol on the Island of either region.",
                 ask="As Bluefin, start on the Island at 3,2.", expect="start 3,2",
                 highlight=["3,2"], why="The Island at 3,2 is the one this step names.",
                 basis=[("Faction Setup", "Place both your Flagship figure and 1 Patrol figure on the Island on either region tile.")],
                 wrong={"start 0,0": "Legal — either Island will do in a game — but this step "
                                     "asks for the Island at 3,2."}),
            Step(section="Faction Setup", title="The Smuggler",
                 text="The first Smuggler places its Flagship on any space except an Island. "
                      "It also takes its 2 pledge markers and puts its two reward markers on "
                      "the middle of its Rewards grid.",
                 quote="Place your Flagship figure on any space on the map except an Island.",
                 ask="As Smuggler 1, choose a starting space that is not an Island.",
                 goal=goals.anything("any space but an Island"), answer="start 1,1",
                 why="Any space but the two Islands (0,0 and 3,2) will do.",
                 basis=[("Faction Setup", "Place your Flagship figure on any space on the map except an Island."),
                        ("Faction Setup", "Place your black and white reward markers on the middle space of the Rewards grid on your player board.")],
                 wrong={"start 0,0": NOT_ISLAND, "start 3,2": NOT_ISLAND},
                 done="The Union took the empty Island. Bluefin, who holds the first player "
                      "card, takes the first turn."),
        ]),
        Scene("Four players", _game(4, 8), intro=(
            "With **four players** both Smugglers play. Seats, clockwise: Bluefin, Smuggler 1, "
            "Mollusk, Smuggler 2. With 4 players all 30 Market cards are used."), steps=[
            Step(section="Faction Setup", ask="As Bluefin, choose your Island.",
                 text="Faction setup follows the seats: Squadron, first Smuggler, Union, second "
                      "Smuggler.",
                 goal=goals.anything("either Island"), answer="start 0,0",
                 why="Either Island will do.",
                 basis=[("Game Setup", "Players must sit in this clockwise order: Bluefin Squadron, Smuggler (3 and 4 players), Mollusk Union, Smuggler (4 players only).")]),
            Step(section="Faction Setup", ask="As Smuggler 1, choose a starting space.",
                 text="A Smuggler may start next to its rivals or far from them — but not on "
                      "an Island.",
                 goal=goals.anything("any space but an Island"), answer="start 1,0",
                 why="Any space but an Island will do.",
                 basis=[("Faction Setup", "Place your Flagship figure on any space on the map except an Island.")],
                 wrong={"start 0,0": NOT_ISLAND, "start 3,2": NOT_ISLAND}),
            Step(section="Faction Setup", ask="As Smuggler 2, choose a starting space.",
                 text="The Union has set up on the empty Island already; the second Smuggler "
                      "sets up last.",
                 goal=goals.anything("any space but an Island"), answer="start 2,2",
                 why="Any space but an Island will do.",
                 basis=[("Faction Setup", "In games with 4 players, set up the second Smuggler in the same way as the first Smuggler.")],
                 wrong={"start 0,0": NOT_ISLAND, "start 3,2": NOT_ISLAND},
                 done="Time to set sail! Play begins with the Bluefin Squadron."),
        ]),
    ])
