"""The picture's palette and measures: the colours of the factions, suits and map, the
sizes of a space, a die, a slot, a card, and the style of what can be clicked.

>>> FACTION_COLORS["bluefin"], S
('#416eb0', 84)
"""

FONT = "DejaVu Sans, Arial, sans-serif"

FACTION_COLORS = {"bluefin": "#416eb0", "mollusk": "#68b653",
                  "smuggler1": "#6d6e70", "smuggler2": "#8c7b65"}
FACTION_DARK = {"bluefin": "#27487a", "mollusk": "#3f7a30",
                "smuggler1": "#3f4042", "smuggler2": "#5a4c3a"}
FACTION_TINT = {"bluefin": "#eef3fa", "mollusk": "#eff7ec",
                "smuggler1": "#f1f1f2", "smuggler2": "#f4f1ec"}
# The factions' colours in words (a screen reader, the text mode).
FACTION_COLOR_NAMES = {"bluefin": "blue", "mollusk": "green", "smuggler1": "grey",
                       "smuggler2": "brown"}
FLAG_LETTER = {"bluefin": "B", "mollusk": "M", "smuggler1": "S1", "smuggler2": "S2"}
SUIT_COLORS = {"fish": "#2f8fa8", "swords": "#b8433f", "compass": "#7a5ca0",
               "skull": "#4a4a4a", "tree": "#3f7f35", "parrot": "#d9822b"}

SEA = "#cfe6f1"
SEA_LINE = "#a9cfe0"
SAND = "#ecd9a0"
LAND = "#a9c97f"
TILE_EDGE = "#24384d"
INK = "#222"
MUTED = "#666"
GOLD = "#f0c040"
GOLD_EDGE = "#a77d12"
DAMAGE = "#d62828"
HIGHLIGHT = "#ff8c00"
ARROW = "#d2452b"

# Only drawn when actions are given. What can be clicked has a dashed orange edge (a
# pattern, not only a colour); a suggested move (a hint) a thick solid purple one.
STYLE = (".ahoy-board .clickable{cursor:pointer}"
         ".ahoy-board g.clickable>rect:first-child,.ahoy-board rect.clickable"
         "{stroke:#d97400;stroke-width:3.5;stroke-dasharray:7 3}"
         ".ahoy-board g.hint>rect:first-child,.ahoy-board rect.hint"
         "{stroke:#7a2dbd;stroke-width:6;stroke-dasharray:none}"
         ".ahoy-board .clickable:hover{filter:brightness(1.1)}"
         ".ahoy-board g.figure.clickable{filter:drop-shadow(0 0 2px #d97400) drop-shadow(0 0 2px #d97400)}"
         ".ahoy-board g.ghost .preview{display:none}"
         ".ahoy-board g.ghost:hover .preview,.ahoy-board g.ghost:focus .preview,"
         ".ahoy-board g.ghost.ahoy-preview .preview{display:inline}")

S = 84            # the side of a map space, in pixels
PAD = 12
CONTROL_ROW = 40   # a row of decision buttons (End turn, Anchor here...) in the head
BOARD_W = 540
SLOT = 26         # a die slot
DIE = 24          # an unplaced die
CARD_W, CARD_H = 190, 150   # a Market card
CELL = 28         # a cell of the Rewards grid
