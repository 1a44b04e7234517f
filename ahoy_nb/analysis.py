"""Exact battle odds, from the engine's own chance mechanism.

``State.outcomes(action)`` lists every outcome of the battle roll an action
triggers, with its probability and the position that follows; nothing here
samples. :func:`battle_odds` asks, at a Cannons decision, how likely each choice
is to win.

>>> from ahoy_nb.engine import scenario
>>> s = scenario(players=3, tiles=[(0, "0,0", 180), (6, "2,1", 0)],
...              figures={"mollusk": "2,2", "smuggler1": "2,2", "bluefin": "0,0"},
...              turn="mollusk", dice={"mollusk": [3, 5]}, placed={"mollusk": {"cannons": 4}},
...              hand=[])
>>> for a in ("sail 3", "move 3,2", "move 2,2", "battle smuggler1"):
...     _ = s.apply(a)
>>> odds = battle_odds(s)            # {how far the die is turned down: P(Mollusk wins)}
>>> sorted(odds)
[0, 1, 2, 3]
>>> round(odds[0], 4), round(odds[3], 4)   # 21/36 holding; 33/36 turning 4 down to 1
(0.5833, 0.9167)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from .engine import State
from .engine.game import name

Policy = Literal["best", "hold", "all"]


def _fight(state: State) -> dict | None:
    for frame in reversed(state.data["pending"]):
        if frame["type"] == "fight":
            return frame
    return None


def _owner(state: State, fid: str) -> str | None:
    return next((f["owner"] for f in state.figures() if f["id"] == fid), None)


def battle_winner(state: State) -> str | None:
    """The faction that won the battle just rolled in ``state``, if one was rolled."""
    fight = _fight(state)
    if fight is not None and fight.get("winner"):
        return _owner(state, fight[fight["winner"]])
    for frame in reversed(state.data["pending"]):
        if frame["type"] == "victory":
            return frame["player"]
    for entry in reversed(state.log[-1:]):
        for e in entry.events:
            if " wins the battle " in e:
                who = e.split(" wins the battle ")[0]
                return next((f for f in state.players if name(f) == who), None)
    return None


def fire_amount(notation: str) -> int:
    """``'fire 4>1'`` -> 3, ``'hold'`` -> 0."""
    if notation == "hold":
        return 0
    a, b = notation.split(" ", 1)[1].split(">")
    return int(a) - int(b)


def _p_win(state: State, me: str, action: str, defender: Policy) -> Fraction:
    """The chance that ``me`` wins once ``action`` is applied, rolling exactly."""
    total = Fraction(0)
    for p, outcome, after in state.outcomes(action):
        p = Fraction(p).limit_denominator(10 ** 6)
        winner = battle_winner(after) if (outcome is not None or _rolled(after)) else None
        if winner is not None:
            total += p if winner == me else 0
        else:
            total += p * _p_decide(after, me, defender)
    return total


def _rolled(state: State) -> bool:
    fight = _fight(state)
    return fight is None or bool(fight.get("roll"))


def _p_decide(state: State, me: str, defender: Policy) -> Fraction:
    """The chance ``me`` wins from a position before the roll, whoever decides."""
    top = state.data["pending"][-1] if state.data["pending"] else None
    if top is None or top["type"] != "fire":
        raise ValueError("the battle went somewhere battle_odds does not follow "
                         f"({state.prompt})")
    options = [str(a) for a in state.legal_actions()]
    chances = [_p_win(state, me, o, defender) for o in options]
    if state.current_player == me:
        return max(chances)
    if defender == "hold" and "hold" in options:
        return chances[options.index("hold")]
    return min(chances)  # the other side fires as well as it can


def battle_odds(state: State, against: Policy = "best", exact: bool = False) -> dict[int, float]:
    """At a Cannons decision in a battle: ``{amount turned down: P(the decider wins)}``.

    ``against``: how the other side answers when it fires after you (you attack and
    the defender still has a die on Cannons): ``"best"`` (it turns its die down as far
    as helps it most) or ``"hold"`` (it keeps its die). ``exact=True`` gives
    ``Fraction`` s.

    Raises ``ValueError`` when nobody is deciding how far to fire.
    """
    top = state.data["pending"][-1] if state.data["pending"] else None
    if top is None or top["type"] != "fire":
        raise ValueError("battle_odds needs a position where a side decides how far to turn "
                         f"down its Cannons; now: {state.prompt}")
    me = state.current_player
    state = state.copy()
    state.data["fixed"].pop("battle", None)  # the real odds, not a lesson's fixed roll
    out: dict[int, Fraction] = {}
    for action in state.legal_actions():
        n = fire_amount(str(action))
        p = _p_win(state, me, str(action), against)
        out[n] = max(out.get(n, Fraction(0)), p)  # two dice on Cannons: the better one
    out = dict(sorted(out.items()))
    return out if exact else {k: float(v) for k, v in out.items()}


def win_chance(my_bonus: int, their_bonus: int, attacker: bool = True,
               my_dice: int = 1, their_dice: int = 1) -> Fraction:
    """P(win) for totals ``dice + bonus``, from the engine's list of battle rolls.

    >>> win_chance(3, 0)        # the rulebook example: +3 against +0, attacker wins ties
    Fraction(11, 12)
    """
    from .engine.chance import battle_outcomes
    rolls = battle_outcomes(my_dice, their_dice) if attacker else battle_outcomes(their_dice, my_dice)
    wins = 0
    for a, d in rolls:
        mine, theirs = (a, d) if attacker else (d, a)
        m, t = sum(mine) + my_bonus, sum(theirs) + their_bonus
        wins += (m >= t) if attacker else (m > t)
    return Fraction(wins, len(rolls))


def odds_explorer(state: State, against: Policy = "best"):
    """A bqplot chart of :func:`battle_odds`, with a slider for how far to turn down Cannons.

    Moving the slider picks a choice: the chart highlights its bar and the text says
    the exact chance. Returns an ``ipywidgets.VBox``; its ``.slider``, ``.bars``,
    ``.label`` and ``.figure`` are reachable for tests.
    """
    try:
        import bqplot as bq
    except ImportError:  # no numpy (JupyterLite's Pyodide): the same odds, drawn as SVG
        from .widgets.lightchart import light_odds_explorer
        return light_odds_explorer(state, against)
    import ipywidgets as w

    odds = battle_odds(state, against=against, exact=True)
    amounts = list(odds)
    values = [float(odds[k]) for k in amounts]
    me = name(state.current_player)
    x = bq.OrdinalScale()
    y = bq.LinearScale(min=0.0, max=1.0)
    bars = bq.Bars(x=[str(k) for k in amounts], y=values, scales={"x": x, "y": y},
                   colors=["#9bb7d4"], labels=["P(win)"],
                   tooltip=bq.Tooltip(fields=["x", "y"], formats=["", ".1%"],
                                      labels=["turned down by", "chance to win"]))
    ax_x = bq.Axis(scale=x, side="bottom", label="how far you turn your die on Cannons down")
    ax_y = bq.Axis(scale=y, side="left", tick_format=".0%", label="chance to win")
    fig = bq.Figure(marks=[bars], axes=[ax_x, ax_y], title=f"{me}: chance to win this battle",
                    layout=w.Layout(width="520px", height="320px"),
                    fig_margin={"top": 50, "bottom": 50, "left": 60, "right": 20})
    slider = w.IntSlider(value=amounts[0], min=amounts[0], max=amounts[-1], step=1,
                         description="turn down by", style={"description_width": "initial"})
    label = w.HTML()

    def show(change=None):
        k = slider.value
        if k not in odds:  # a gap (cannot happen with one die on Cannons) keeps the nearest
            k = min(amounts, key=lambda a: abs(a - k))
        bars.colors = ["#9bb7d4"]
        bars.color = None
        bars.opacities = [1.0 if a == k else 0.45 for a in amounts]
        p = odds[k]
        label.value = (f"<b>Turn down by {k}</b>: {me} wins with probability "
                       f"<b>{p.numerator}/{p.denominator}</b> = {float(p):.1%}")

    slider.observe(show, "value")
    show()
    box = w.VBox([slider, fig, label])
    box.slider, box.bars, box.label, box.odds, box.figure = slider, bars, label, odds, fig
    return box
