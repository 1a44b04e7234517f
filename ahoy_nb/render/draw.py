"""The drawing: an Ahoy position as SVG parts (the map, each player's board, the Market,
the caption), each element carrying the attributes of the actions that point at it
(:class:`~ahoy_nb.render.targets.Targets`). The public functions are the package's
(:func:`~ahoy_nb.render.render_svg`, :func:`~ahoy_nb.render.render_parts`).
"""

from __future__ import annotations

import math

from ..engine.words import faction_name, slot_title
from ..tips import tip
from ..engine.geometry import Map, parse_space
from ..engine.components import (ACTION_TITLES, CARD_KEYS, CARGO_KEYS,
                                 MARKET_CARDS, PLAN_CARDS, PLAN_KEYS, REWARD_TEXT, REWARDS)
from .palette import (FONT, FACTION_COLORS, FACTION_DARK, FACTION_TINT, FLAG_LETTER,
                      SUIT_COLORS, SEA, SEA_LINE, SAND, LAND, TILE_EDGE, INK, MUTED,
                      GOLD, GOLD_EDGE, DAMAGE, HIGHLIGHT, ARROW, STYLE, S, PAD, BOARD_W,
                      SLOT, DIE, CARD_W, CARD_H, CELL, CONTROL_ROW)
from .targets import Targets, slot_entries

__all__ = ["Renderer"]

REWARD_LABELS = {
    "fame-for-gold": ("{n}g", "→★"), "move": ("Move", "{n}"), "move-no-battle": ("Mv {n}", "safe"),
    "fame": ("{n}★",), "gold": ("{n}g",), "recruit": ("Crew",), "fame-and-wealth": ("{n}★", "+W"),
    "tailwind": ("Tail", "wind"), "repair-all": ("Fix", "all"), "add-tile": ("Add", "tile"),
    "repair-for-fame": ("Fix", "+★"), "start": ("start",),
}


# -- small SVG writing helpers ------------------------------------------------------

def _num(v) -> str:
    if isinstance(v, float):
        if v == int(v):
            return str(int(v))
        text = f"{v:.2f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    return str(v)


def _esc(text: str) -> str:
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def _attrs(attrs: dict) -> str:
    out = []
    for key, value in attrs.items():
        if value is None:
            continue
        key = "class" if key == "cls" else key.replace("_", "-")
        if key == "data-actions":
            # JSON inside single quotes, as data-actions='["a","b"]'.
            text = _esc(value).replace("&quot;", '"').replace("'", "&apos;")
            out.append(f"{key}='{text}'")
        else:
            out.append(f'{key}="{_esc(_num(value))}"')
    return (" " + " ".join(out)) if out else ""


# Advance widths of DejaVu Sans, in em (Arial is narrower, so text laid out by these fits).
_WIDTHS = {}
for _chars, _w in (("il'jI J", 0.28), ("frt.,:;·/ ", 0.33), ("()-!", 0.38), ("czsJ?", 0.54),
                   ("abdeghnopquvxyk0123456789FLPSTY", 0.62), ("ABEKRXZ", 0.68),
                   ("CDGHNOQUV", 0.75), ("mwMW&+→★", 0.9)):
    for _c in _chars:
        _WIDTHS.setdefault(_c, _w)


def _text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` in DejaVu Sans at ``size`` px, near enough for layout."""
    em = sum(_WIDTHS.get(c, 0.62) for c in text)
    return em * size * (1.13 if bold else 1.03)


def _wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` cut into lines that fit ``width``; each line but the last keeps the space
    it was cut at, so the text read aloud or copied has its words apart ("as many as you
    like", not "as many asyou like"); the drawing ignores a line's last space.

    >>> _wrap("as many as you like", 50, 10)
    ['as many ', 'as you ', 'like']
    """
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and _text_width(trial, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return [f"{x} " for x in lines[:-1]] + lines[-1:]


class _Out:
    def __init__(self):
        self.parts: list[str] = []

    def el(self, tag: str, text: str | None = None, **attrs) -> None:
        if text is None:
            self.parts.append(f"<{tag}{_attrs(attrs)}/>")
        else:
            self.parts.append(f"<{tag}{_attrs(attrs)}>{_esc(text)}</{tag}>")

    def open(self, tag: str, **attrs) -> None:
        self.parts.append(f"<{tag}{_attrs(attrs)}>")

    def close(self, tag: str = "g") -> None:
        self.parts.append(f"</{tag}>")

    def text(self, x, y, text, size=11, fill=INK, anchor=None, weight=None, **attrs) -> None:
        self.el("text", text, x=x, y=y, font_size=size, fill=fill, text_anchor=anchor,
                font_weight=weight, **attrs)

    def title(self, text: str) -> None:
        self.el("title", text)


def _space_key(space) -> tuple[int, int]:
    if isinstance(space, str):
        return parse_space(space)
    x, y = space
    return int(x), int(y)


def _sname(space) -> str:
    return f"{space[0]},{space[1]}"


# -- drawings of things -------------------------------------------------------------

SUIT_PATHS = {
    # Each symbol is drawn in a 20x20 box centred on 0,0.
    "fish": ("M-8,0 Q-1,-7 6,0 Q-1,7 -8,0 Z M5,0 L10,-5 L10,5 Z", None),
    "swords": ("M-7,-7 L7,7 M7,-7 L-7,7 M-8,3 L-3,8 M8,3 L3,8", "stroke"),
    "compass": ("M0,-9 L2.5,0 L0,9 L-2.5,0 Z M-9,0 L0,-2.5 L9,0 L0,2.5 Z", None),
    "skull": ("M-7,1 A7,7 0 1,1 7,1 L4.5,3.5 L4.5,7.5 L-4.5,7.5 L-4.5,3.5 Z "
              "M-4.5,0 a2.2,2.2 0 1,0 4.4,0 a2.2,2.2 0 1,0 -4.4,0 Z "
              "M0.1,0 a2.2,2.2 0 1,0 4.4,0 a2.2,2.2 0 1,0 -4.4,0 Z", "evenodd"),
    "tree": ("M0,-9 L7,1 L3,1 L8,6 L1,6 L1,10 L-1,10 L-1,6 L-8,6 L-3,1 L-7,1 Z", None),
    "parrot": ("M-5,9 Q-9,-3 0,-8 Q6,-10 9,-4 L5,-2 Q3,1 3,9 Z "
               "M1.5,-4 a1.5,1.5 0 1,0 3,0 a1.5,1.5 0 1,0 -3,0 Z", "evenodd"),
}


def _suit_symbol(out: _Out, suit: str, cx, cy, size=16, color=None) -> None:
    path, mode = SUIT_PATHS[suit]
    color = color or SUIT_COLORS[suit]
    k = size / 20
    tf = f"translate({_num(float(cx))},{_num(float(cy))}) scale({_num(round(k, 3))})"
    if mode == "stroke":
        out.el("path", d=path, fill="none", stroke=color, stroke_width=2.6,
               stroke_linecap="round", transform=tf)
    else:
        out.el("path", d=path, fill=color, fill_rule="evenodd" if mode else None, transform=tf)


PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


def _die(out: _Out, x, y, size, value, fill="#fff", pip="#222", stroke="#333", opacity=None,
         numeral=False, **attrs) -> None:
    """A die face: rounded square with pips (or the value as a numeral)."""
    group = bool(attrs) or opacity is not None
    if group:
        out.open("g", opacity=opacity, **attrs)
    out.el("rect", x=x, y=y, width=size, height=size, rx=round(size * 0.18, 1), fill=fill,
           stroke=stroke, stroke_width=1.2)
    if numeral or value not in PIPS:
        out.text(x + size / 2, y + size * 0.74, str(value), size=round(size * 0.7, 1), fill=pip,
                 anchor="middle", weight="bold")
    else:
        r = size * 0.09
        step = size * 0.28
        d = []
        for col, row in PIPS[value]:
            cx = x + size / 2 + (col - 1) * step
            cy = y + size / 2 + (row - 1) * step
            d.append(f"M{_num(round(cx - r, 2))},{_num(round(cy, 2))} a{_num(round(r, 2))},"
                     f"{_num(round(r, 2))} 0 1,0 {_num(round(2 * r, 2))},0 a{_num(round(r, 2))},"
                     f"{_num(round(r, 2))} 0 1,0 {_num(round(-2 * r, 2))},0 Z")
        out.el("path", d=" ".join(d), fill=pip)
    if group:
        out.close()


def _cloud(x, y, k=1.0) -> str:
    """A cloud (fog wisp) about 36 wide with its bottom-left at x, y, as path data."""
    def circle(cx, cy, r):
        cx, cy, r = x + cx * k, y + cy * k, r * k
        return (f"M{_num(round(cx - r, 2))},{_num(round(cy, 2))} a{_num(round(r, 2))},{_num(round(r, 2))} "
                f"0 1,1 {_num(round(2 * r, 2))},0 a{_num(round(r, 2))},{_num(round(r, 2))} 0 1,1 "
                f"{_num(round(-2 * r, 2))},0 Z")
    base = (f"M{_num(round(x + 6 * k, 2))},{_num(round(y - 8 * k, 2))} h{_num(round(24 * k, 2))} "
            f"v{_num(round(8 * k, 2))} h{_num(round(-24 * k, 2))} Z")
    return " ".join([circle(7, -6, 6), circle(17, -11, 9), circle(29, -6, 6), base])


def _coin(out: _Out, cx, cy, r, label=None, size=None) -> None:
    out.el("circle", cx=cx, cy=cy, r=r, fill=GOLD, stroke=GOLD_EDGE, stroke_width=1.2)
    if label is not None:
        out.text(cx, cy + r * 0.42, str(label), size=size or round(r * 1.25, 1), fill="#5a4200",
                 anchor="middle", weight="bold")


def _star(out: _Out, cx, cy, r, fill="#e2a400") -> None:
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append(f"{_num(round(cx + rad * math.cos(a), 2))},{_num(round(cy + rad * math.sin(a), 2))}")
    out.el("polygon", points=" ".join(pts), fill=fill, stroke="#8a6400", stroke_width=0.8)


def _cross(out: _Out, x, y, size, width=3) -> None:
    m = size * 0.18
    out.el("path", d=f"M{_num(x + m)},{_num(y + m)} L{_num(x + size - m)},{_num(y + size - m)} "
                     f"M{_num(x + size - m)},{_num(y + m)} L{_num(x + m)},{_num(y + size - m)}",
           stroke=DAMAGE, stroke_width=width, stroke_linecap="round", fill="none")


def _ship(out: _Out, color: str, dark: str, letter: str | None, small=False) -> None:
    """A ship centred on 0,0, about 40 wide (drawn inside a transformed group)."""
    if small:  # a Patrol boat
        out.el("path", d="M-13,3 L13,3 L9,10 L-9,10 Z", fill=dark, stroke="#12233d", stroke_width=1.2)
        out.el("path", d="M0,3 L0,-13 M0,-12 L9,1 L0,1", fill=color, stroke="#12233d",
               stroke_width=1.2, stroke_linejoin="round")
        return
    out.el("path", d="M-19,2 L19,2 L13,12 L-13,12 Z", fill=dark, stroke="#111", stroke_width=1.3)
    out.el("path", d="M0,2 L0,-19", stroke="#111", stroke_width=1.6)
    out.el("path", d="M-13,-15 Q0,-19 13,-15 L12,-1 Q0,-4 -12,-1 Z", fill=color, stroke="#111",
           stroke_width=1.2)
    out.el("path", d="M0,-19 L7,-21.5 L0,-24 Z", fill=color, stroke="#111", stroke_width=0.8)
    if letter:
        out.text(0, -3.5, letter, size=12 if len(letter) > 1 else 13.5, fill="#fff",
                 anchor="middle", weight="bold")


def _tower(out: _Out, color: str, dark: str) -> None:
    out.el("path", d="M-10,12 L-10,-8 L-12,-8 L-12,-15 L-7,-15 L-7,-11 L-2.5,-11 L-2.5,-15 "
                     "L2.5,-15 L2.5,-11 L7,-11 L7,-15 L12,-15 L12,-8 L10,-8 L10,12 Z",
           fill=color, stroke="#12233d", stroke_width=1.3)
    out.el("path", d="M-3.5,12 L-3.5,4 Q0,0 3.5,4 L3.5,12 Z", fill=dark)


# -- the renderer -------------------------------------------------------------------

class Renderer:
    def __init__(self, state, viewer, actions, highlight, arrows, show_boards, hints=()):
        players = list(state.data["players"])
        if viewer == "all":
            self.data = state.data
        elif viewer is None or viewer in players:
            self.data = state.view(viewer)["state"]
        else:
            raise ValueError(f"viewer is 'all', None (a spectator) or one of {', '.join(players)}; "
                             f"not {viewer!r}")
        self.state = state
        self.viewer = viewer
        self.players = players
        self.map = Map.of(self.data["tiles"])
        self.decider = state.current_player
        self.show_boards = show_boards
        self.highlight = [_space_key(s) for s in highlight]
        self.arrows = [(_space_key(a), _space_key(b)) for a, b in arrows]
        self.targets = Targets(state, self.data, viewer, actions or (), hints)
        self.ghosts, self.offmap = self.targets.ghosts, self.targets.offmap
        self.controls = self.targets.controls

    # -- reading the data --------------------------------------------------------
    def fs(self, f: str) -> dict:
        return self.data["factions"][f]

    @staticmethod
    def _focusable(attrs: dict, name: str) -> dict:
        """A thing with a rule tip is focusable even when nothing can be done with it."""
        if "role" not in attrs:
            attrs = dict(attrs, tabindex=0, role="img", aria_label=name)
        return attrs

    def figure(self, fid: str) -> dict | None:
        return next((f for f in self.data["figures"] if f["id"] == fid), None)

    def top_frame(self) -> dict | None:
        pending = self.data.get("pending") or []
        return pending[-1] if pending else None

    # -- layout -------------------------------------------------------------------------
    def layout(self, margin: int = 0) -> None:
        """The map's extent, and the map part's width. ``margin``: spaces of sea kept around
        the tiles, so that a move off the map (to explore) does not widen it."""
        spaces = set(self.map.spaces) | set(self.offmap) | set(self.highlight)
        if margin and self.map.spaces:
            xs = [s[0] for s in self.map.spaces]
            ys = [s[1] for s in self.map.spaces]
            spaces |= {(min(xs) - margin, min(ys) - margin), (max(xs) + margin, max(ys) + margin)}
        for x, y, rot, _ in self.ghosts:
            spaces |= {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)}
        for a, b in self.arrows:
            spaces |= {a, b}
        if not spaces:
            spaces = {(0, 0)}
        self.x0 = min(s[0] for s in spaces)
        self.y0 = min(s[1] for s in spaces)
        self.cols = max(s[0] for s in spaces) - self.x0 + 1
        self.rows = max(s[1] for s in spaces) - self.y0 + 1
        market_w = 3 * CARD_W + 2 * 8
        self.left_w = max(22 + self.cols * S, market_w) if self.show_boards else 22 + self.cols * S
        self.map_part_w = max(PAD + self.left_w + PAD, 560)

    def map_part(self) -> tuple[_Out, float]:
        """Caption, the decision controls, the map and the Market, from 0,0; its height."""
        out = _Out()
        y = self._caption(out, self.map_part_w) + PAD
        y = self._controls(out, y, self.map_part_w)
        self.mx = PAD + 22
        self.my = y + 20
        self._map(out, self.cols, self.rows)
        y = self.my + self.rows * S
        if self.show_boards:
            y = self._market(out, PAD, y + 16)
        return out, y + PAD

    def board_part(self, f: str) -> tuple[_Out, float]:
        out = _Out()
        return out, self._board(out, f, PAD, PAD, BOARD_W) + PAD

    def _svg(self, parts: list[str], width, height, cls: str, scaled: bool = False, **attrs) -> str:
        svg = _Out()
        style = f"--w:{_num(width)}px" if scaled else None
        svg.open("svg", xmlns="http://www.w3.org/2000/svg", width=width, height=height,
                 viewBox=f"0 0 {_num(width)} {_num(height)}", font_family=FONT, cls=cls,
                 style=style, **attrs)
        if self.targets.by_key or self.controls:
            svg.el("style", STYLE)
        svg.el("rect", x=0, y=0, width=width, height=height, fill="#fbfaf6", cls="paper")
        return "".join(svg.parts + parts) + "</svg>"

    def render(self) -> str:
        """One picture: the map part, and the player boards in a column beside it."""
        self.layout()
        body, height = self.map_part()
        width = self.map_part_w
        if self.show_boards:
            bx, by = self.map_part_w - PAD + 18, 0
            for f in self.players:
                part, h = self.board_part(f)
                body.open("g", transform=f"translate({_num(bx - PAD)},{_num(by)})")
                body.parts += part.parts
                body.close()
                by += h - PAD + 10 - PAD
            width = bx + BOARD_W + PAD
            height = max(height, by + PAD)
        return self._svg(body.parts, width, height, "ahoy-board", data_round=self.data["round"])

    def parts(self) -> dict[str, str]:
        """The picture in parts that change at different times: the caption with the
        decision buttons (every action), the map (moves), the Market (recruiting) and
        each player's board, as separate SVGs (a front end lays them out).

        A live board keeps its size while a turn is played: the map keeps a space of sea
        around the tiles (where a move off the map lands), and the head keeps room for two
        lines of prompt and a row of decision buttons, whether they are there or not."""
        self.layout(margin=1)
        width = 3 * CARD_W + 16 + 2 * PAD   # the Market's: the head's text keeps its size as the map grows
        head = _Out()
        y = self._caption(head, width, prompt_lines=2) + PAD
        y = max(self._controls(head, y, width), y + CONTROL_ROW)
        out = {"head": self._svg(head.parts, width, y, "ahoy-board ahoy-head", scaled=True,
                                 data_round=self.data["round"])}
        body = _Out()
        self.mx, self.my = PAD + 22, PAD + 20
        self._map(body, self.cols, self.rows)
        map_w = max(PAD + 22 + self.cols * S + PAD, 300)
        out["map"] = self._svg(body.parts, map_w, self.my + self.rows * S + PAD,
                               "ahoy-board ahoy-map", scaled=True)
        market = _Out()
        h = self._market(market, PAD, PAD)
        out["market"] = self._svg(market.parts, 3 * CARD_W + 16 + 2 * PAD, h + PAD,
                                  "ahoy-board ahoy-market", scaled=True)
        for f in self.players:
            part, h = self.board_part(f)
            out[f] = self._svg(part.parts, PAD + BOARD_W + PAD, h, "ahoy-board ahoy-player",
                               scaled=True, data_player=f)
        return out

    def _controls(self, out: _Out, y: float, width: float) -> float:
        """The decisions with nothing on the board to point at (End turn, Anchor, Patrol or
        not, Done, Hold...), as buttons in words under the caption."""
        if not self.controls:
            return y
        x = PAD
        out.open("g", cls="controls")
        for notation in self.controls:
            words = self.targets.labels.get(notation, notation)
            w = _text_width(words, 13, bold=True) + 24
            if x + w > width - PAD and x > PAD:
                x, y = PAD, y + CONTROL_ROW - 2
            cls = "control clickable" + (" hint" if notation in self.targets.hints else "")
            out.open("g", cls=cls, data_action=notation, role="button", tabindex=0,
                     aria_label=words)
            out.el("rect", x=x, y=y, width=w, height=32, rx=6, fill="#fff3da", stroke="#b36200",
                   stroke_width=2)
            out.text(x + w / 2, y + 21, words, size=13, fill="#5a2d00", anchor="middle", weight="bold")
            out.close()
            x += w + 8
        out.close()
        return y + CONTROL_ROW

    def _caption(self, out: _Out, width: int, prompt_lines: int = 1) -> int:
        """Round, first player, what is asked now; returns the caption's height, with room
        for ``prompt_lines`` lines of prompt at least."""
        data = self.data
        who = {"all": "analysis view: everything shown", None: "spectator view"}.get(
            self.viewer, f"as {faction_name(self.viewer)} sees it")
        if data["phase"] == "setup":
            status = "Setup"
        elif data["phase"] == "over":
            status = "Game over"
        else:
            status = f"Round {data['round']}"
        first = faction_name(data["first"])
        stack = data["tile_stack"] if isinstance(data["tile_stack"], int) else len(data["tile_stack"])
        title = f"Ahoy · {status} · first player: {first}"
        info = f"tile stack: {stack} · {who}"
        out.open("g", cls="caption")
        out.text(PAD, PAD + 15, title, size=15, weight="bold")
        y = PAD + 15
        if _text_width(title, 15, bold=True) + _text_width(info, 11) + 24 <= width - 2 * PAD:
            out.text(width - PAD, y, info, size=11, fill=MUTED, anchor="end")
        else:
            y += 16
            out.text(PAD, y, info, size=11, fill=MUTED)
        lines = _wrap(self.state.prompt, width - 2 * PAD, 12.5, bold=True)
        out.open("text", x=PAD, y=y + 19, font_size=12.5, fill="#7a2d0c", font_weight="bold",
                 data_prompt="1")
        for i, line in enumerate(lines):
            out.el("tspan", line, x=PAD, dy=0 if i == 0 else 16)
        out.close("text")
        out.close()
        return y + 19 + 16 * (max(len(lines), prompt_lines) - 1) + 10 - PAD

    # -- the map ------------------------------------------------------------------------
    def px(self, space) -> tuple[float, float]:
        return self.mx + (space[0] - self.x0) * S, self.my + (space[1] - self.y0) * S

    def _map(self, out: _Out, cols: int, rows: int) -> None:
        out.open("g", cls="map")
        # axes
        for c in range(cols):
            out.text(self.mx + c * S + S / 2, self.my - 6, str(self.x0 + c), size=11, fill=MUTED,
                     anchor="middle")
        for r in range(rows):
            out.text(self.mx - 6, self.my + r * S + S / 2 + 4, str(self.y0 + r), size=11,
                     fill=MUTED, anchor="end")
        m = self.map
        for region, tile in enumerate(self.data["tiles"]):
            out.open("g", cls="tile", data_tile=tile["tile"], data_region=_sname(m.island_of_region(region)))
            for space in sorted(m.region_spaces[region], key=lambda s: (s[1], s[0])):
                self._space(out, space, m.spaces[space], tile)
            out.close()
        # sandbars, tile outlines and wealth dice above the spaces, not clickable
        out.open("g", pointer_events="none")
        for pair in sorted(tuple(sorted(p)) for p in m.sandbars):
            (ax, ay), (bx, by) = pair
            x, y = self.px(pair[0])
            if ax != bx:   # side by side: vertical edge
                ex = x + S
                out.el("line", x1=ex, y1=y + 6, x2=ex, y2=y + S - 6, stroke="#c9a24a",
                       stroke_width=8, stroke_linecap="round", cls="sandbar")
            else:
                ey = y + S
                out.el("line", x1=x + 6, y1=ey, x2=x + S - 6, y2=ey, stroke="#c9a24a",
                       stroke_width=8, stroke_linecap="round", cls="sandbar")
        for tile in self.data["tiles"]:
            x, y = self.px((tile["x"], tile["y"]))
            out.el("rect", x=x, y=y, width=2 * S, height=2 * S, fill="none", stroke=TILE_EDGE,
                   stroke_width=3.2, rx=3)
        for region, tile in enumerate(self.data["tiles"]):
            x, y = self.px((tile["x"] + 1, tile["y"] + 1))
            _die(out, x - 11, y - 11, 22, tile["wealth"], fill="#fff8e6", stroke="#7a5a10",
                 cls="wealth", data_wealth=_sname(m.island_of_region(region)))
        out.close()
        self._ghosts(out)
        self._figures(out)
        self._marks(out)
        out.close()

    def _space(self, out: _Out, space, info, tile) -> None:
        x, y = self.px(space)
        name = _sname(space)
        words = f"Space {name}" + (f", {info.terrain}" if info.terrain != "sea" else "")
        attrs = self.targets.attrs(("space", space), "space", words)
        if "role" not in attrs:   # a space of the map's arrow-key tour (board.js): what is there
            here = [f for f in self.data["figures"] if tuple(f["at"]) == space]
            comrades = self.data["comrades"].get(name, 0)
            words += "".join(f", {faction_name(f['owner'])} "
                             f"{'Flagship' if f['kind'] == 'flagship' else f['kind'].title()}"
                             for f in here) + (f", {comrades} Comrades" if comrades else "")
            attrs = dict(attrs, role="img", aria_label=words)
        out.open("g", data_space=name, data_terrain=info.terrain, data_tip=tip("terrain", info.terrain),
                 **attrs)
        start = len(out.parts)
        self._terrain(out, space, info, tile)
        # The words drawn on a space (an Island's suit, its gold) go just above its group:
        # its name in words is what a screen reader says, and a button's name must hold
        # the words it shows (axe's label-content-name-mismatch) if they are inside it.
        words_drawn = [p for p in out.parts[start:] if p.startswith("<text")]
        out.parts[start:] = [p for p in out.parts[start:] if not p.startswith("<text")]
        out.close()
        if words_drawn:
            out.open("g", pointer_events="none", aria_hidden="true")
            out.parts.extend(words_drawn)
            out.close()

    def _terrain(self, out: _Out, space, info, tile) -> None:
        """What is printed on one space of a region tile."""
        x, y = self.px(space)
        out.el("rect", x=x, y=y, width=S, height=S, fill=SEA, stroke=SEA_LINE, stroke_width=1)
        # the corner of the tile's centre; decorations keep to the other corners
        cx = 1 - (space[0] - tile["x"])  # 1: centre corner is on the right
        cy = 1 - (space[1] - tile["y"])
        t = info.terrain
        if t == "island":
            self._island(out, x, y, info.suit)
        elif t == "fog":
            out.el("rect", x=x, y=y, width=S, height=S, fill="#aab4bb", opacity=0.6)
            out.el("path", d=_cloud(x + 6, y + 24, 1.0) + " " + _cloud(x + 30, y + 50, 1.15),
                   fill="#f4f6f7", opacity=0.9, cls="fog")
        elif t == "wreckage":
            ox = x + (8 if cx else S - 56)
            oy = y + (S - 30 if not cy else 26)
            out.el("path", d=f"M{ox},{oy+12} L{ox+42},{oy+18} L{ox+36},{oy+26} L{ox+6},{oy+22} Z",
                   fill="#7b5a3a", opacity=0.75)
            out.el("path", d=f"M{ox+20},{oy+16} L{ox+30},{oy-14} M{ox+30},{oy-14} L{ox+27},{oy-22} "
                             f"M{ox+18},{oy-4} L{ox+38},{oy+2}",
                   stroke="#5b3d22", stroke_width=3, stroke_linecap="round", fill="none", opacity=0.8)
        elif t == "harbor":
            ox = x + (6 if cx else S - 52)
            oy = y + (6 if cy else S - 34)
            out.el("path", d=f"M{ox},{oy+24} L{ox+46},{oy+24} M{ox+8},{oy+24} L{ox+8},{oy+30} "
                             f"M{ox+22},{oy+24} L{ox+22},{oy+30} M{ox+36},{oy+24} L{ox+36},{oy+30}",
                   stroke="#6b4a2b", stroke_width=3, fill="none")
            out.el("path", d=f"M{ox+3},{oy+22} L{ox+3},{oy+10} L{ox+10},{oy+3} L{ox+17},{oy+10} "
                             f"L{ox+17},{oy+22} Z M{ox+22},{oy+22} L{ox+22},{oy+12} L{ox+29},{oy+5} "
                             f"L{ox+36},{oy+12} L{ox+36},{oy+22} Z",
                   fill="#e9e1cf", stroke="#8a4b2a", stroke_width=1.5)
            out.el("path", d=f"M{ox+1},{oy+11} L{ox+10},{oy+2} L{ox+19},{oy+11} M{ox+20},{oy+13} "
                             f"L{ox+29},{oy+4} L{ox+38},{oy+13}",
                   stroke="#b0442a", stroke_width=3, fill="none", stroke_linejoin="round")
        elif t == "current" and info.current:
            dx, dy = info.current
            mx, my = x + S / 2, y + S / 2
            L, W = 26, 9

            def pt(a, b):  # a along the current, b across it
                return f"{_num(mx + a * dx - b * dy)},{_num(my + a * dy + b * dx)}"
            out.el("path", d=f"M{pt(-L, -W/2)} L{pt(L-14, -W/2)} L{pt(L-14, -W-4)} L{pt(L+4, 0)} "
                             f"L{pt(L-14, W+4)} L{pt(L-14, W/2)} L{pt(-L, W/2)} Z",
                   fill="#1f5f8b", opacity=0.55, cls="current", data_current=f"{dx},{dy}")
        if info.tailwind is not None:
            tx = x + (4 if cx else S - 22)
            ty = y + (4 if cy else S - 22)
            _die(out, tx, ty, 18, info.tailwind, fill="#fff", pip="#1f5f8b", stroke="#1f5f8b",
                 numeral=True)
        if info.gold:
            gx = x + (S - 14 if cx else 14)
            gy = y + (14 if cy else S - 14)
            if t == "island":
                gy = y + S - 14
            if info.gold > 1:
                out.el("circle", cx=gx - 3, cy=gy + 3, r=9, fill=GOLD, stroke=GOLD_EDGE, stroke_width=1.2)
            _coin(out, gx, gy, 9, info.gold, size=11)

    def _island(self, out: _Out, x, y, suit) -> None:
        d = (f"M{x+12},{y+30} C{x+8},{y+12} {x+30},{y+6} {x+44},{y+10} C{x+62},{y+6} {x+70},{y+22} "
             f"{x+66},{y+38} C{x+72},{y+56} {x+58},{y+70} {x+40},{y+66} C{x+22},{y+72} {x+6},{y+60} "
             f"{x+10},{y+46} C{x+4},{y+40} {x+6},{y+34} {x+12},{y+30} Z")
        out.el("path", d=d, fill=SAND, stroke="#b89c55", stroke_width=1.5)
        out.el("path", d=(f"M{x+20},{y+34} C{x+18},{y+22} {x+34},{y+18} {x+44},{y+22} "
                          f"C{x+58},{y+20} {x+62},{y+32} {x+58},{y+42} C{x+62},{y+54} {x+48},{y+60} "
                          f"{x+38},{y+56} C{x+26},{y+60} {x+14},{y+50} {x+20},{y+34} Z"),
               fill=LAND, opacity=0.9)
        out.el("rect", x=x + 3, y=y + 3, width=S - 6, height=17, rx=4, fill="#fff", opacity=0.85,
               stroke=SUIT_COLORS[suit], stroke_width=1.2)
        _suit_symbol(out, suit, x + 13, y + 11.5, size=13)
        out.text(x + 22, y + 16, suit.title(), size=11, fill=SUIT_COLORS[suit], weight="bold",
                 cls="island-name")

    def _ghosts(self, out: _Out) -> None:
        if not self.ghosts and not self.offmap:
            return
        out.open("g", cls="overlay")
        for space in self.offmap:
            x, y = self.px(space)
            out.el("rect", x=x + 2, y=y + 2, width=S - 4, height=S - 4, rx=6, fill="#eef7fb",
                   stroke="#5a8fb0", stroke_width=1.5, stroke_dasharray="5,4",
                   data_space=_sname(space), data_offmap="1",
                   **self.targets.attrs(("space", space), "space offmap",
                                        f"Off the map at {_sname(space)}"))
        top = self.top_frame()
        drawn = top.get("tile") if top and top["type"] == "explore" else None
        for x, y, rot, notation in self.ghosts:
            px, py = self.px((x, y))
            out.open("g", data_ghost=f"{x},{y},r{rot}",
                     **self.targets.attrs(("ghost", x, y, rot), "ghost"))
            if drawn is not None:
                # The drawn tile as it would lie: shown for the placement pointed at.
                placed = {"tile": drawn, "x": x, "y": y, "rot": rot, "wealth": 1}
                m = Map.of([placed])
                out.open("g", cls="preview", opacity=0.95)
                for space in sorted(m.spaces, key=lambda s: (s[1], s[0])):
                    self._terrain(out, space, m.spaces[space], placed)
                out.el("rect", x=px, y=py, width=2 * S, height=2 * S, fill="none", stroke="#b36200",
                       stroke_width=5, rx=3)
                out.close()
            out.el("rect", x=px + 3, y=py + 3, width=2 * S - 6, height=2 * S - 6, rx=5,
                   fill="#ffffff", fill_opacity=0.01,
                   stroke="#2d7db3", stroke_width=2, stroke_dasharray="7,5", cls="outline")
            out.close()
        out.close()

    def _figures(self, out: _Out) -> None:
        by_space: dict[tuple, list] = {}
        order = {"flagship": 0, "gunship": 1, "cutter": 2, "stronghold": 3, "patrol": 4}
        seats = {f: i for i, f in enumerate(self.players)}
        for fig in self.data["figures"]:
            by_space.setdefault(tuple(fig["at"]), []).append(("fig", fig))
        for key, n in self.data["comrades"].items():
            if n:
                by_space.setdefault(parse_space(key), []).append(("comrades", n))
        out.open("g", cls="figures")
        for space in sorted(by_space, key=lambda s: (s[1], s[0])):
            items = by_space[space]
            comrades = [n for kind, n in items if kind == "comrades"]
            figs = sorted((fig for kind, fig in items if kind == "fig"),
                          key=lambda f: (order.get(f["kind"], 9), seats.get(f["owner"], 0), f["id"]))
            x, y = self.px(space)
            island = self.map.on_map(space) and self.map.spaces[space].is_island
            if comrades and not figs:
                self._comrades(out, x + S / 2, y + S / 2 + 8, 1.25, comrades[0], space)
                continue
            if comrades:  # beside the figures, in the Island's lower left corner
                self._comrades(out, x + 13, y + S - 13, 0.9, comrades[0], space)
            crowded = len(figs) > 2
            top = y + (20 if island else (3 if crowded else 8))
            inset = 3 if crowded else 6
            left = x + (24 if comrades else inset)
            area = (left, top, x + S - inset - left, y + S - 3 - top)
            for fig, (cx, cy, k) in zip(figs, _layout(len(figs), area)):
                self._figure(out, fig, cx, cy, k)
        out.close()

    def _figure(self, out: _Out, fig: dict, cx, cy, k) -> None:
        kind, owner = fig["kind"], fig["owner"]
        key = ("figure", fig["id"])
        label = {"flagship": f"{faction_name(owner)} Flagship",
                 "patrol": f"Patrol ({fig['id']})", "stronghold": f"Stronghold ({fig['id']})",
                 "cutter": "Mollusk Cutter", "gunship": "Mollusk Gunship"}.get(kind, fig["id"])
        attrs = self.targets.attrs(key, "figure", label)
        if not self.targets.has(key):
            attrs["pointer-events"] = "none"
        color, dark = FACTION_COLORS.get(owner, "#888"), FACTION_DARK.get(owner, "#444")
        scale = k * {"flagship": 0.95, "patrol": 0.95, "stronghold": 0.9}.get(kind, 0.85)
        # the drawings' visual centres lie a little above their origins
        cy += scale * {"patrol": 1.5, "stronghold": 1.5}.get(kind, 6)
        out.open("g", data_figure=fig["id"], data_kind=kind, data_owner=owner,
                 transform=f"translate({_num(round(cx, 2))},{_num(round(cy, 2))}) scale({_num(round(scale, 3))})",
                 **attrs)
        out.title(f"{label} at {_sname(fig['at'])}")
        if kind == "flagship":
            _ship(out, color, dark, FLAG_LETTER.get(owner))
        elif kind == "patrol":
            _ship(out, "#8fb3e3", FACTION_COLORS["bluefin"], None, small=True)
        elif kind == "stronghold":
            _tower(out, FACTION_COLORS["bluefin"], FACTION_DARK["bluefin"])
        else:
            _ship(out, "#9fd68e", FACTION_COLORS["mollusk"], kind[0].upper())
        out.close()

    def _comrades(self, out: _Out, cx, cy, k, n, space) -> None:
        r = 11 * k
        out.open("g", cls="comrades", data_comrades=_sname(space), pointer_events="none")
        out.title(f"{n} Comrade{'s' if n != 1 else ''} on the Island at {_sname(space)}")
        out.el("circle", cx=_num(round(cx, 2)), cy=_num(round(cy, 2)), r=_num(round(r, 2)),
               fill="#f7d23e", stroke="#9a7a00", stroke_width=1.5)
        out.text(_num(round(cx, 2)), _num(round(cy + r * 0.4, 2)), str(n), size=_num(round(r * 1.15, 1)),
                 fill="#4a3a00", anchor="middle", weight="bold")
        out.close()

    def _marks(self, out: _Out) -> None:
        if not self.highlight and not self.arrows:
            return
        out.open("g", cls="marks", pointer_events="none")
        for space in self.highlight:
            x, y = self.px(space)
            out.el("rect", x=x + 2.5, y=y + 2.5, width=S - 5, height=S - 5, rx=5, fill="none",
                   stroke=HIGHLIGHT, stroke_width=4, data_highlight=_sname(space))
        for a, b in self.arrows:
            ax, ay = self.px(a)
            bx, by = self.px(b)
            ax, ay, bx, by = ax + S / 2, ay + S / 2, bx + S / 2, by + S / 2
            length = math.hypot(bx - ax, by - ay)
            if not length:
                continue
            ux, uy = (bx - ax) / length, (by - ay) / length
            sx, sy = ax + ux * 12, ay + uy * 12
            ex, ey = bx - ux * 10, by - uy * 10
            hx, hy = ex - ux * 16, ey - uy * 16
            r = lambda v: _num(round(v, 2))
            out.el("path", d=f"M{r(sx)},{r(sy)} L{r(hx)},{r(hy)}", stroke=ARROW, stroke_width=5,
                   stroke_linecap="round", fill="none", opacity=0.9)
            out.el("path", d=f"M{r(ex)},{r(ey)} L{r(hx - uy * 9)},{r(hy + ux * 9)} "
                             f"L{r(hx + uy * 9)},{r(hy - ux * 9)} Z", fill=ARROW, opacity=0.9,
                   data_arrow=f"{_sname(a)}>{_sname(b)}")
        out.close()

    # -- the Market ------------------------------------------------------------------------
    def _market(self, out: _Out, x, y) -> int:
        out.open("g", cls="market")
        out.text(x, y + 12, "Market", size=13, weight="bold")
        deck = self.data["market_deck"]
        deck = deck if isinstance(deck, int) else len(deck)
        out.text(x + 62, y + 12, f"deck: {deck} cards", size=11, fill=MUTED)
        cy = y + 20
        w, h = CARD_W, CARD_H
        for i, card in enumerate(self.data["market"]):
            self._card(out, card, x + i * (w + 8), cy, w, h)
        out.close()
        return cy + h

    def _card(self, out: _Out, card: int, x, y, w, h) -> None:
        info = MARKET_CARDS[card]
        suit = info["suit"]
        color = SUIT_COLORS[suit]
        out.open("g", data_market=CARD_KEYS[card], data_tip=tip("crew", CARD_KEYS[card]),
                 **self._focusable(self.targets.attrs(("market", card), "card", info["name"]),
                                   f"Market card {info['name']}"))
        out.el("rect", x=x, y=y, width=w, height=h, rx=7, fill="#fffdf5", stroke=color, stroke_width=2)
        out.el("path", d=f"M{x},{y+26} L{x},{y+7} Q{x},{y} {x+7},{y} L{x+w-7},{y} Q{x+w},{y} {x+w},{y+7} "
                         f"L{x+w},{y+26} Z", fill=color)
        _suit_symbol(out, suit, x + 13, y + 13, size=15, color="#fff")
        name = info["name"]
        size = 12 if _text_width(name, 12, bold=True) < w - 60 else 11
        out.text(x + 25, y + 17.5, name, size=size, fill="#fff", weight="bold")
        if info["cost"] == "slot":
            out.el("rect", x=x + w - 32, y=y + 3, width=28, height=20, rx=3, fill="#fff", stroke="#333")
            out.text(x + w - 18, y + 17, "die", size=10, fill="#333", anchor="middle")
        else:
            _coin(out, x + w - 15, y + 13, 9.5, info["cost"], size=12)
        kind = {"passive": "Passive", "action": "Action (no die)",
                "slot-action": "Action: a die on its slot"}[info["kind"]]
        out.text(x + 7, y + 40, f"{suit.title()} · {kind}", size=9.5, fill=MUTED, font_style="italic")
        for i, line in enumerate(_wrap(info["text"], w - 14, 9.5)[:7]):
            out.text(x + 7, y + 54 + i * 11.5, line, size=9.5, fill=INK)
        out.el("rect", x=x + 1, y=y + h - 24, width=w - 2, height=23, rx=6, fill="#f0e8d4")
        out.text(x + 7, y + h - 8, f"Cargo: {info['cargo']} →", size=9.5, fill=INK, weight="bold")
        tx = x + 9 + _text_width(f"Cargo: {info['cargo']} →", 9.5) + 4
        _suit_symbol(out, info["deliver"], tx + 6, y + h - 12, size=12)
        out.text(tx + 14, y + h - 8, info["deliver"].title(), size=9.5, fill=SUIT_COLORS[info["deliver"]],
                 weight="bold")
        out.close()

    # -- player boards ------------------------------------------------------------------------
    def _board(self, out: _Out, f: str, x, y, w) -> int:
        fs = self.fs(f)
        color = FACTION_COLORS.get(f, "#777")
        out.open("g", cls="player-board", data_board=f)
        panel = len(out.parts)
        out.parts.append("")  # the panel's background, once its height is known
        out.open("g", **self.targets.attrs(("board", f), "board-head", faction_name(f)))
        out.el("path", d=f"M{x},{y+26} L{x},{y+6} Q{x},{y} {x+6},{y} L{x+w-6},{y} Q{x+w},{y} {x+w},{y+6} "
                         f"L{x+w},{y+26} Z", fill=color)
        out.text(x + 10, y + 18, faction_name(f), size=14, fill="#fff", weight="bold")
        hx = x + 20 + _text_width(faction_name(f), 14) + 8
        if self.data["first"] == f:
            out.el("rect", x=hx, y=y + 5, width=30, height=16, rx=8, fill="#fff")
            out.text(hx + 15, y + 17, "1st", size=11, fill=color, anchor="middle", weight="bold")
            hx += 38
        if self.decider == f:
            out.el("rect", x=hx, y=y + 5, width=72, height=16, rx=8, fill="#ffe27a")
            out.text(hx + 36, y + 17, "to decide", size=11, fill="#5a4200", anchor="middle",
                     weight="bold")
        gold, fame = f"{fs['gold']} gold", f"{fs['fame']} Fame"
        rx = x + w - 10 - _text_width(gold, 12, bold=True)
        out.text(rx, y + 18, gold, size=12, fill="#fff", weight="bold", data_gold=fs["gold"])
        _coin(out, rx - 12, y + 13, 8)
        rx -= 34 + _text_width(fame, 12, bold=True)
        out.text(rx, y + 18, fame, size=12, fill="#fff", weight="bold", data_fame=fs["fame"])
        _star(out, rx - 12, y + 13, 8.5)
        out.close()
        cy = y + 32
        cy = self._slot_row(out, f, x + 8, cy) + 6
        cy = self._dice_row(out, f, x + 8, cy) + 4
        cy = self._crew_row(out, f, x + 8, cy, w - (160 if "white" in fs else 16)) + 4
        if f == "mollusk":
            cy = self._plans(out, fs, x + 8, cy, w - 16) + 4
        if "cargo" in fs:
            cy = self._cargo(out, f, fs, x + 8, cy, w - 160) + 4
            gy = self._rewards(out, f, fs, x + w - 8 - 5 * CELL, y + 32)
            cy = max(cy, gy + 6)
        height = cy - y + 2
        out.parts[panel] = (f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(height)}" '
                            f'rx="6" fill="{FACTION_TINT.get(f, "#f4f4f4")}" stroke="{color}" '
                            f'stroke-width="2"/>')
        out.close()
        return y + height

    def _slot(self, out: _Out, f, uid, key, need, dashed, slot, x, y, size=SLOT) -> None:
        words = f"{slot_title(key)} slot" + (f" holding a {slot['die']}" if slot["die"] else "")
        out.open("g", data_slot=f"{f}:{uid}", data_key=key,
                 **self.targets.attrs(("slot", f, uid), "slot", words))
        out.el("rect", x=x, y=y, width=size, height=size, rx=3, fill="#fff", stroke="#555",
               stroke_width=1.4, stroke_dasharray="3,2.5" if dashed else None)
        if slot["die"] is not None:
            _die(out, x + 1.5, y + 1.5, size - 3, slot["die"], fill="#fffef8")
        else:
            if slot["damage"]:
                _cross(out, x, y, size)
            elif need == "even":
                out.text(x + size / 2, y + size / 2 + 3.5, "even", size=9.5, fill="#666", anchor="middle")
            elif isinstance(need, (tuple, list)):
                out.text(x + size / 2, y + size / 2 + 5, "/".join(map(str, need)), size=13,
                         fill="#9a9a9a", anchor="middle", weight="bold")
        out.close()

    def _slot_row(self, out: _Out, f, x, y) -> int:
        groups: list[tuple[str, list]] = []
        for entry in slot_entries(self.state, f):
            uid = entry[0]
            if not uid.startswith("board:"):
                continue
            action = entry[2]
            if groups and groups[-1][0] == action:
                groups[-1][1].append(entry)
            else:
                groups.append((action, [entry]))
        gx = x
        for action, entries in groups:
            title = ACTION_TITLES.get(action, action.title())
            width = max(len(entries) * (SLOT + 3) - 3, _text_width(title, 10, bold=True))
            out.open("g", data_slot_group=f"{f}:{action}", data_tip=tip("slot", action),
                     **self._focusable(self.targets.attrs(("group", f, action), "slot-group", title),
                                       f"{title} slots"))
            # the group's whole area answers a click (and carries its outline)
            out.el("rect", x=gx - 3, y=y - 1, width=width + 6, height=SLOT + 17, rx=4,
                   fill="#ffffff", fill_opacity=0, stroke="none")
            out.text(gx, y + 10, title, size=10, fill="#333", weight="bold")
            for i, (uid, key, act, need, dashed, slot) in enumerate(entries):
                self._slot(out, f, uid, key, need, dashed, slot, gx + i * (SLOT + 3), y + 13)
            out.close()
            gx += width + 9
        return y + 13 + SLOT

    def _dice_row(self, out: _Out, f, x, y) -> int:
        fs = self.fs(f)
        out.text(x, y + 16, "Dice", size=10, fill="#333", weight="bold")
        dx = x + 32
        if not fs["dice"]:
            out.text(dx, y + 16, "none", size=10, fill=MUTED)
            dx += 36
        for i, v in enumerate(fs["dice"]):
            _die(out, dx, y, DIE, v, data_die=f"{f}:{i}", data_value=v,
                 **self.targets.attrs(("die", f, v), "die", f"Die {v}"))
            dx += DIE + 4
        if fs["aside"]:
            dx += 8
            out.text(dx, y + 16, "set aside", size=10, fill=MUTED)
            dx += 54
            for i, v in enumerate(fs["aside"]):
                _die(out, dx, y + 3, 17, v, opacity=0.55, data_aside=f"{f}:{i}")
                dx += 20
        if f == "mollusk":
            dx = max(dx + 14, x + 250)
            out.open("g", data_ready="mollusk")
            out.el("circle", cx=dx + 10, cy=y + 11, r=10, fill="#f7d23e", stroke="#9a7a00",
                   stroke_width=1.5)
            out.text(dx + 10, y + 15, str(fs["ready"]), size=11.5, fill="#4a3a00", anchor="middle",
                     weight="bold")
            out.text(dx + 24, y + 16, "Ready Comrades", size=10, fill="#333")
            out.close()
        return y + DIE + 2

    def _crew_row(self, out: _Out, f, x, y, w) -> int:
        fs = self.fs(f)
        out.text(x, y + 14, "Crew", size=10, fill="#333", weight="bold")
        cx, cy = x + 32, y
        if not fs["crew"]:
            out.text(cx, y + 14, "none", size=10, fill=MUTED)
        for member in fs["crew"]:
            info = MARKET_CARDS[member["card"]]
            key = CARD_KEYS[member["card"]]
            tw = _text_width(info["name"], 10)
            cw = tw + 16 + (28 if info["slot"] else 0)
            if cx + cw > x + w and cx > x + 32:
                cx, cy = x + 32, cy + 30
            out.open("g", data_crew=f"{f}:{key}", data_tip=tip("crew", key),
                     **self._focusable(self.targets.attrs(("crew", f, member["card"]), "crew",
                                                          info["name"]), info["name"]))
            out.title(f"{info['name']} ({info['suit'].title()}): {info['text']}")
            out.el("rect", x=cx, y=cy, width=cw, height=26, rx=4, fill="#fff", stroke="#999")
            out.el("rect", x=cx, y=cy, width=5, height=26, rx=2, fill=SUIT_COLORS[info["suit"]])
            out.text(cx + 9, cy + 17, info["name"], size=10, fill=INK)
            if info["slot"]:
                self._slot(out, f, f"crew:{key}", key, None, False, member, cx + tw + 13, cy + 1, size=24)
            out.close()
            cx += cw + 5
        return cy + 26

    def _plans(self, out: _Out, fs, x, y, w) -> int:
        out.text(x, y + 14, "Plans", size=10, fill="#333", weight="bold")
        px = x + 38
        hand = fs["hand"]
        if isinstance(hand, int):
            for i in range(min(hand, 6)):
                out.el("rect", x=px + i * 7, y=y + 1, width=26, height=19, rx=3, fill="#2f5f2a",
                       stroke="#cfe8c4", stroke_width=1.2, cls="plan-back")
            out.text(px + min(hand, 6) * 7 + 24, y + 14, f"{hand} in hand (hidden)", size=10,
                     fill=MUTED)
            px += min(hand, 6) * 7 + 140
        else:
            if not hand:
                out.text(px, y + 14, "hand empty", size=10, fill=MUTED)
                px += 64
            for card in hand:
                name = PLAN_CARDS[card]["name"]
                cw = _text_width(name, 10) + 12
                if px + cw > x + w:
                    px, y = x + 38, y + 27
                out.open("g", data_plan=PLAN_KEYS[card], data_tip=tip("plan", PLAN_KEYS[card]),
                         **self._focusable(self.targets.attrs(("plan", card), "plan", name),
                                           f"Plan {name}"))
                out.title(f"{name} ({PLAN_CARDS[card]['when']}): {PLAN_CARDS[card]['text']}")
                out.el("rect", x=px, y=y - 1, width=cw, height=24, rx=3, fill="#e6f3df",
                       stroke=FACTION_COLORS["mollusk"], stroke_width=1.2)
                out.text(px + 6, y + 15, name, size=10, fill="#24401c")
                out.close()
                px += cw + 4
        deck = fs["plan_deck"] if isinstance(fs["plan_deck"], int) else len(fs["plan_deck"])
        y += 25
        discard = ", ".join(PLAN_CARDS[c]["name"] for c in fs["discard"]) or "none"
        lines = _wrap(f"deck {deck} · discard: {discard}", w - 38, 10)
        for i, line in enumerate(lines):
            out.text(x + 38, y + 11 + i * 13, line, size=10, fill=MUTED)
        y += 13 * len(lines) + 2
        ships = fs.get("ships") or {}
        if ships:
            sx = x + 38
            out.text(x, y + 24, "Ships", size=10, fill="#333", weight="bold")
            for ship in sorted(ships):
                entries = [e for e in slot_entries(self.state, "mollusk") if e[0].startswith(f"ship:{ship}:")]
                out.open("g", data_slot_group=f"mollusk:{ship}",
                         **self.targets.attrs(("group", "mollusk", ship), "slot-group"))
                out.el("rect", x=sx - 3, y=y - 1, width=max(len(entries) * (SLOT + 3), 50) + 3,
                       height=SLOT + 17, rx=4, fill="#ffffff", fill_opacity=0, stroke="none")
                out.text(sx, y + 10, ship.title(), size=10, fill="#333", weight="bold")
                for i, (uid, key, act, need, dashed, slot) in enumerate(entries):
                    self._slot(out, "mollusk", uid, key, need, dashed, slot, sx + i * (SLOT + 3), y + 13)
                out.close()
                sx += max(len(entries) * (SLOT + 3), 50) + 12
            y += 13 + SLOT
        return y

    def _cargo(self, out: _Out, f, fs, x, y, w) -> int:
        out.text(x, y + 14, "Cargo", size=10, fill="#333", weight="bold")
        cx = x + 40
        if not fs["cargo"]:
            out.text(cx, y + 14, "none", size=10, fill=MUTED)
        for card in fs["cargo"]:
            info = MARKET_CARDS[card]
            label = f"{info['cargo']} →"
            cw = _text_width(label, 10, True) + _text_width(info["deliver"].title(), 10, True) + 34
            out.open("g", data_cargo=f"{f}:{CARGO_KEYS[card]}", data_tip=tip("cargo", CARGO_KEYS[card]),
                     **self.targets.attrs(("cargo", f, card), "cargo", f"Cargo {info['cargo']}"))
            out.el("rect", x=cx, y=y - 2, width=cw, height=24, rx=4, fill="#f0e8d4", stroke="#a8956a")
            out.text(cx + 6, y + 14, label, size=10, fill=INK, weight="bold")
            sx = cx + 8 + _text_width(label, 10, True)
            _suit_symbol(out, info["deliver"], sx + 6, y + 10, size=11)
            out.text(sx + 14, y + 14, info["deliver"].title(), size=10,
                     fill=SUIT_COLORS[info["deliver"]], weight="bold")
            out.close()
            cx += cw + 5
        y += 24
        out.text(x, y + 14, "Pledged", size=10, fill="#333", weight="bold")
        px = x + 52
        pledged = fs.get("pledged")
        if pledged is not None:
            items = [(c, to) for to in ("bluefin", "mollusk") for c in pledged[to]]
            if not items:
                out.text(px, y + 14, "none", size=10, fill=MUTED)
            for card, to in items:
                label = f"{MARKET_CARDS[card]['cargo']} → {faction_name(to)}"
                cw = _text_width(label, 10) + 12
                if px + cw > x + w:
                    px, y = x + 52, y + 23
                out.el("rect", x=px, y=y + 1, width=cw, height=19, rx=3, fill="#fff",
                       stroke=FACTION_COLORS[to], stroke_width=1.5)
                out.text(px + 6, y + 14, label, size=10, fill=FACTION_DARK[to])
                px += cw + 4
        else:
            delivered = fs.get("delivered") or []
            n = len(delivered)
            for i in range(min(n, 8)):
                out.el("rect", x=px + i * 9, y=y + 1, width=16, height=19, rx=2, fill="#4b3b2a",
                       stroke="#d9c9a0", cls="pledge-back")
            out.text(px + min(n, 8) * 9 + (14 if n else 0), y + 14,
                     f"{n} facedown" if n else "none", size=10, fill=MUTED)
        return y + 20

    def _rewards(self, out: _Out, f, fs, x, y) -> int:
        cell = CELL
        out.text(x, y + 10, "Rewards", size=10, fill="#333", weight="bold")
        y += 14
        out.open("g", cls="rewards", data_rewards=f)
        white, black = list(fs["white"]), list(fs["black"])
        for r, row in enumerate(REWARDS):
            for c, (kind, n) in enumerate(row):
                cx, cy = x + c * cell, y + r * cell
                out.el("rect", x=cx, y=cy, width=cell, height=cell,
                       fill="#fff6dc" if kind == "start" else "#fff", stroke="#b5a888", stroke_width=1,
                       data_reward=f"{f}:{r},{c}",
                       **{"role": "img", "aria-label": REWARD_TEXT[kind].format(n=n),
                          **self.targets.attrs(("reward", f, r, c), "reward",
                                               "Reward: " + REWARD_TEXT[kind].format(n=n))})
        out.open("text", font_size=9.5, fill="#4a4030", text_anchor="middle", pointer_events="none")
        for r, row in enumerate(REWARDS):
            for c, (kind, n) in enumerate(row):
                cx, cy = x + c * cell, y + r * cell
                lines = [t.format(n=n) for t in REWARD_LABELS[kind]]
                for i, line in enumerate(lines):
                    ly = cy + (cell / 2 + 3.5 if len(lines) == 1 else 12 + i * 10)
                    out.el("tspan", line, x=_num(cx + cell / 2), y=_num(ly))
        out.close("text")
        for (r, c), name in ((black, "black"), (white, "white")):
            mx, my = x + c * cell + cell / 2, y + r * cell + cell / 2
            if name == "white":
                out.el("circle", cx=mx, cy=my, r=11, fill="none", stroke="#222", stroke_width=4.5,
                       data_marker=name, pointer_events="none")
                out.el("circle", cx=mx, cy=my, r=11, fill="none", stroke="#fff", stroke_width=2.2,
                       pointer_events="none")
            else:
                out.el("circle", cx=mx, cy=my, r=11, fill="none", stroke="#222", stroke_width=3.5,
                       data_marker=name, pointer_events="none")
        out.close()
        return y + len(REWARDS) * cell


def _layout(n: int, area) -> list[tuple[float, float, float]]:
    """Centres and scales for ``n`` things in the box ``area`` (x, y, w, h): none overlap."""
    ax, ay, aw, ah = area
    if n == 1:
        return [(ax + aw / 2, ay + ah / 2, min(aw / 44, ah / 42, 1.25))]
    if n == 2:
        cols, rows = 2, 1
    elif n <= 4:
        cols, rows = 2, 2
    elif n <= 6:
        cols, rows = 3, 2
    elif n <= 9:
        cols, rows = 3, 3
    else:
        cols, rows = 4, (n + 3) // 4
    cw, ch = aw / cols, ah / rows
    k = min(cw / 42, ch / 40, 1.0)
    return [(ax + (i % cols) * cw + cw / 2, ay + (i // cols) * ch + ch / 2, k) for i in range(n)]
