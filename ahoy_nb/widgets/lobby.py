"""Choosing a game: how many players, who plays each faction (a person or a bot), the
seed. ``lobby()`` is that form above the game itself (``ahoy_nb.play``) in one
notebook widget; it is what ``notebooks/app.ipynb`` shows, e.g. as a Voila app.

>>> app = lobby(players=3, seed=1, bot_delay=0)
>>> app.game.people, sorted(app.game.bots)
(('bluefin',), ['mollusk', 'smuggler1'])
>>> app.seats["mollusk"].value = "person"       # what choosing in the form does
>>> app.start.click()                            # "New game"
>>> app.game.people
('bluefin', 'mollusk')

The seat choices are the session layer's (:mod:`ahoy_nb.session.seats`), as in the Panel
app and the online tables' page.
"""

from __future__ import annotations

import html
import secrets
from typing import Iterable, Mapping

import ipywidgets as widgets

from ..ai.levels import think_time
from ..engine.words import faction_name
from ..session.seats import (SEAT_CHOICES, bot_standings, initial_seats, people_and_bots,
                             seat_options)
from .play import play

__all__ = ["lobby", "Lobby"]


def lobby(players: int = 3, seed: int | None = None,
          people: Iterable[str] | str = ("bluefin",), bots: str | Mapping = "normal",
          bot_delay: float | None = 0.5, **play_kwargs) -> "Lobby":
    """The new-game form and, below it, a game started from it (see :class:`Lobby`)."""
    return Lobby(players=players, seed=seed, people=people, bots=bots, bot_delay=bot_delay,
                 **play_kwargs)


class Lobby(widgets.VBox):
    """A new-game form above the game (a :class:`~ahoy_nb.widgets.play.GameWidget`).

    Attributes for code and tests: ``players`` (Dropdown), ``seats``
    (``{faction: Dropdown}`` of the 4-player game; the game's are shown), ``seed``
    (Text: empty for a random seed), ``start`` (the "New game" Button), ``game``
    (the current game), ``message`` (HTML: who plays here, or what is wrong),
    ``standings`` (HTML: how each bot level stands on the rating ladder at the form's
    number of players, docs/bots.md).

    The seed is not shown while a game runs (it reveals every hidden card and future
    die): the field is emptied once the game starts, and the game's info line gives
    the seed when the game is over (or at once with ``viewer="all"``, analysis, with
    a warning, if the seed was chosen).
    """

    def __init__(self, players=3, seed=None, people=("bluefin",), bots="normal",
                 bot_delay=0.5, **play_kwargs):
        self.bot_delay = bot_delay
        self.play_kwargs = play_kwargs
        self.players = widgets.Dropdown(options=[2, 3, 4], value=int(players),
                                        description="Players",
                                        layout=widgets.Layout(width="150px"))
        seats = initial_seats(people, bots)
        options = [(label, key) for key, label in SEAT_CHOICES.items()]
        self.seats = {f: widgets.Dropdown(options=options, value=seats[f],
                                          description=faction_name(f),
                                          layout=widgets.Layout(width="220px"))
                      for f in seat_options(4)}
        self.seed = widgets.Text(value="" if seed is None else str(seed),
                                 placeholder="random", description="Seed",
                                 layout=widgets.Layout(width="170px"))
        self.start = widgets.Button(description="New game", button_style="primary",
                                    icon="play")
        self.message = widgets.HTML()
        self.standings = widgets.HTML()
        self.seat_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.game_box = widgets.VBox()
        self.game = None
        self.players.observe(lambda change: self._show_seats(), "value")
        self.start.on_click(lambda button: self.new_game())
        form = widgets.HBox([self.players, self.seat_box, self.seed, self.start],
                            layout=widgets.Layout(flex_flow="row wrap",
                                                  align_items="center"))
        form.add_class("ahoy-lobby")
        super().__init__([form, self.standings, self.message, self.game_box])
        self._show_seats()
        self.new_game()

    def _show_seats(self) -> None:
        players = self.players.value
        self.seat_box.children = [self.seats[f] for f in seat_options(players)]
        found = bot_standings(players)
        self.standings.value = (
            "<span style='color:#555;font-size:90%'>The bots against each other (the rating "
            "ladder):<br>" + "<br>".join(html.escape(words) for words in found.values())
            + "</span>") if found else ""

    def seat_choices(self) -> dict:
        """``{faction: seat}`` for the factions of the form's number of players."""
        return {f: self.seats[f].value for f in seat_options(self.players.value)}

    def new_game(self):
        """Start a game as the form says; returns it (``None`` if the seed is bad)."""
        text = self.seed.value.strip()
        if text and not (text.lstrip("-").isdigit() and len(text) <= 19):
            shown = text if len(text) <= 40 else text[:40] + "…"
            self.message.value = (f"<span style='color:#b03030'>The seed is a whole "
                                  f"number (at most 18 digits), not "
                                  f"{html.escape(repr(shown))}</span>")
            return None
        seed = int(text) if text else secrets.randbits(31)
        players = int(self.players.value)
        people, bots = people_and_bots(players, self.seat_choices())
        if self.game is not None:
            self.game.stop()
        self.game = play(players=players, seed=seed, people=people, bots=bots,
                         bot_delay=self.bot_delay, **self.play_kwargs)
        self.game.seed_chosen = bool(text)
        self.seed.value = ""  # not on screen while the game runs
        self.game_box.children = [self.game]
        who = ", ".join(faction_name(f) for f in people) or "nobody (bots only)"
        slow = [f"{faction_name(f)}: hard bot, {think_time(b)}"
                for f, b in self.game.bots.items() if think_time(b)]
        if self.game.seed is not None:  # analysis (viewer="all") shows a chosen seed
            seed_note = "your seed is shown with the game (analysis: everything is shown)"
        elif text:
            seed_note = "your seed is kept off the screen while you play"
        else:
            seed_note = "random seed, shown when the game is over"
        self.message.value = (f"<span style='color:#555'>Played here: {html.escape(who)}"
                              f" · {seed_note}"
                              + "".join(f" · {html.escape(x)}" for x in slow) + "</span>")
        return self.game

    def __repr__(self) -> str:
        return f"Lobby({self.game!r})"
