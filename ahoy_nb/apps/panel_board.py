"""The board in Panel: board.js as a Panel component over a session
:class:`~ahoy_nb.session.board.Board`, shared by the game page (:mod:`ahoy_nb.apps.panel_app`)
and the puzzle page (:mod:`ahoy_nb.apps.panel_puzzles`)."""

from __future__ import annotations

from pathlib import Path

import panel as pn
import param

from ahoy_nb.session.board import Board
from ahoy_nb.session.view import TRAITS

__all__ = ["PanelBoard"]

FRONT_END = Path(__file__).resolve().parent.parent / "widgets"  # board.js and board.css


def _param(spec) -> param.Parameter:
    """The Panel parameter for a trait of :data:`~ahoy_nb.session.view.TRAITS`."""
    kinds = {dict: lambda d: param.Dict(default=d), list: lambda d: param.List(default=d),
             str: lambda d: param.String(default=d), int: lambda d: param.Integer(default=d),
             bool: lambda d: param.Boolean(default=d),
             "optional str": lambda d: param.String(default=d, allow_None=True),
             "any": lambda d: param.Parameter(default=d)}
    return kinds[spec.type](spec.default)


class PanelBoard(pn.custom.AnyWidgetComponent):
    """board.js in Panel, mirroring a :class:`~ahoy_nb.session.board.Board`.

    Every trait of the board (:data:`~ahoy_nb.session.view.TRAITS`) is a parameter of the
    same name here, kept equal to the Board's; the front end's ``intent`` is handed to
    :meth:`Board.handle <ahoy_nb.session.board.Board.handle>`, which does it (or sets
    ``error`` with the reason).
    """

    _esm = FRONT_END / "board.js"
    _stylesheets = [(FRONT_END / "board.css").read_text(encoding="utf-8")]

    # The board's traits, declared from the one list of them (a class body's namespace).
    locals().update({name: _param(spec) for name, spec in TRAITS.items()})

    def __init__(self, board: Board, **params):
        self.board = board
        params.update({name: board.traits[name] for name, spec in TRAITS.items()
                       if spec.by != "front"})
        super().__init__(**params)
        # One update a change of the board (one message to the browser instead of one
        # per trait, which fast bots would queue up).
        board.listen(lambda changed, revised: self.param.update(
            **{k: v for k, v in changed.items() if k in TRAITS}))
        self.param.watch(self._from_browser, "intent")

    @classmethod
    def _process_importmap(cls):
        # board.js imports nothing: no React (Panel's default import map names a CDN).
        return {"imports": {}, "scopes": {}}

    def _from_browser(self, event) -> None:
        if event.new is not None:
            self.board.handle(dict(event.new) if isinstance(event.new, dict) else event.new)


def _widget(cls, label: str, **params):
    """A Panel widget with its label (``label`` since Panel 1.8, ``name`` before)."""
    params["label" if "label" in cls.param else "name"] = label
    if "button_type" in params and "color" in cls.param:
        params["color"] = params.pop("button_type")
    return cls(**params)
