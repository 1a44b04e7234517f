"""A win chance fitted on self-play: who wins from a position, against these bots.

Random playouts (:func:`ahoy_nb.ai.analysis.playout`) say who wins if everyone plays at random from here, which is not who wins when the
players play well: they favour Bluefin. This model says who *these bots* went on to
win from positions like this one. It is a conditional logit (a softmax over the
factions in the game) of a few facts about each faction, Texel-style: its weights are
those that best predict the results of self-play games from positions sampled along
them (``scripts/winchance_fit.py``; docs/judgement.md gives the bots, the commit, the
data and the held-out scores).

Each faction ``f`` gets a score ``u_f = prior[players][role] + sum(w_k * x_fk)`` and its
chance is ``exp(u_f) / sum(exp(u_g))``. The facts ``x`` are public, but for a
Smuggler's pledges, which only that Smuggler sees: for a viewer who is not it, each
delivered Cargo counts half for each side (:func:`features`). So the model never
reads a secret its viewer may not see, and it needs nothing but the standard library:
the weights are a small JSON file in the package (``ahoy_nb/data/winchance.json``).

>>> from ahoy_nb.engine import new_game
>>> m = WinModel.load()
>>> p = m.chances(new_game(2, seed=1), viewer="bluefin")
>>> sorted(p), round(sum(p.values()), 6)
(['bluefin', 'mollusk'], 1.0)
>>> m.about["bots"]           # what it was fitted on
[['hard', {'iterations': 30}], 'normal', ['hard', {'iterations': 100}]]
"""

from __future__ import annotations

import functools
import json
import math
import pathlib
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from .bots import region_summary
from ..engine import State
from ..engine.components import FAME_TO_END, MARKET_CARDS
from ..engine.observe import PLEDGES, may_see, view

__all__ = ["FEATURES", "MODEL_PATH", "WinModel", "features", "fit", "lateness", "role"]

MODEL_PATH = pathlib.Path(__file__).resolve().parent.parent / "data" / "winchance.json"

#: The facts about each faction the model weighs (see :func:`features`).
FEATURES = (
    "fame",            # its Fame
    "fame_late",       # ... times how near the game is to its end (the leader's Fame / 30)
    "income",          # the wealth of the regions it controls now (Fame at the round's end)
    "held",            # ... of those it would control without its Flagship (they last)
    "held_late",       # ... times how near the end
    "pledges",         # the Fame its pledged Cargo would score now (expected, if unseen)
    "projected",       # its Fame at the end if everyone kept their pace (see features)
    "projected_late",  # ... times how near the end, squared
    "ending",          # if the round's scoring would end the game: its Fame after it
    "cargo",           # Cargo carried
    "gold",            # gold (and the tie-break)
    "crew",            # Crew cards
    "damage",          # damaged slots (its board, Crew, Union ships)
    "ready",           # Ready Comrades (the Mollusk)
    "dice",            # action dice still to place this round
    "dice_ending",     # ... if this round's scoring would end the game
    "strength",        # its control in each region, times the region's wealth
    "margin",          # its lead in control in each region (at most 2 either way), times the wealth
)
ROLES = ("bluefin", "mollusk", "smuggler")


def role(faction: str) -> str:
    """``bluefin``, ``mollusk`` or ``smuggler``: the model's prior is by role.

    >>> role("smuggler2")
    'smuggler'
    """
    return "smuggler" if faction.startswith("smuggler") else faction


def features(state: State, viewer: str | None = None) -> dict[str, list[float]]:
    """Each faction's facts (in :data:`FEATURES` order) as ``viewer`` may know them.

    ``viewer``: a faction, ``None`` or ``"public"`` (a spectator). Everything is read
    from the public view of the position (``engine.observe.view``), and a Smuggler's
    own pledges only when it is the viewer.

    >>> from ahoy_nb.engine import new_game
    >>> x = features(new_game(3, seed=2), "public")
    >>> dict(zip(FEATURES, x["bluefin"]))["fame"], len(x["smuggler1"]) == len(FEATURES)
    (0, True)
    """
    viewer = None if viewer == "public" else viewer
    data = view(State(state.data), None)["state"]  # public facts only
    factions = data["factions"]
    regions = region_summary(data)
    late = lateness(state)
    income = {f: 0 for f in factions}
    held = {f: 0 for f in factions}
    # Control short of changing hands (a Patrol more where one already leads, a lead cut
    # to 1) shows in these two; income and held see only who controls.
    strength = {f: 0.0 for f in factions}
    margin = {f: 0.0 for f in factions}
    for r in regions:
        if r["controller"] in income:
            income[r["controller"]] += r["wealth"]
        for f, other in (("bluefin", "mollusk"), ("mollusk", "bluefin")):
            if f in held and r["held"][f] > r["control"][other]:
                held[f] += r["wealth"]
            if f in strength:
                strength[f] += r["wealth"] * r["control"][f]
                lead = r["control"][f] - r["control"][other]
                margin[f] += r["wealth"] * max(-2, min(2, lead))
    # A delivered Cargo scores, at the end, 1 Fame for each region of its suit that
    # the side it is pledged to controls (rulebook, Pledged Cargo).
    suits = {side: [r["suit"] for r in regions if r["controller"] == side]
             for side in ("bluefin", "mollusk")}

    def pledge_fame(cards: Iterable[int], side: str) -> int:
        return sum(suits[side].count(MARKET_CARDS[c]["suit"]) for c in cards)

    pledges = {}
    for f, fs in factions.items():
        if "delivered" not in fs:
            pledges[f] = 0.0
        elif viewer == f and may_see(viewer, PLEDGES, f):
            own = state.data["factions"][f][PLEDGES]
            pledges[f] = float(sum(pledge_fame(own[side], side) for side in own))
        else:
            pledges[f] = sum(pledge_fame(fs["delivered"], side)
                             for side in ("bluefin", "mollusk")) / 2
    after = {f: factions[f]["fame"] + income[f] + pledges[f] for f in factions}
    ending = max(fs["fame"] + income[f] for f, fs in factions.items()) >= FAME_TO_END
    # The rounds after this one until the first faction reaches 30 Fame at its pace so far.
    pace = {f: fs["fame"] / max(1, data["round"] - 1) for f, fs in factions.items()}
    rest = min(max(0.0, FAME_TO_END - fs["fame"] - income[f]) / max(pace[f], 1.0)
               for f, fs in factions.items())
    rest = min(rest, 6.0)
    out = {}
    for f in data["players"]:
        fs = factions[f]
        damage = (sum(s["damage"] for s in fs["slots"]) + sum(c["damage"] for c in fs["crew"])
                  + sum(s["damage"] for ship in fs.get("ships", {}).values()
                        for s in ship.get("slots", [])))
        projected = after[f] + pace[f] * rest
        dice = len(fs["dice"])
        out[f] = [fs["fame"], fs["fame"] * late, income[f], held[f], held[f] * late, pledges[f],
                  projected, projected * late * late, after[f] if ending else 0.0,
                  len(fs.get("cargo", [])), fs["gold"], len(fs["crew"]), damage,
                  fs.get("ready", 0), dice, dice if ending else 0, strength[f], margin[f]]
    return out


def lateness(state: State) -> float:
    """How near the game is to its end: the leader's Fame / 30, at most 1.

    >>> from ahoy_nb.engine import new_game
    >>> lateness(new_game(2, seed=1))
    0.0
    """
    return min(1.0, max(fs["fame"] for fs in state.data["factions"].values()) / FAME_TO_END)


def _softmax(scores: dict[str, float]) -> dict[str, float]:
    top = max(scores.values())
    e = {f: math.exp(u - top) for f, u in scores.items()}
    total = sum(e.values())
    return {f: v / total for f, v in e.items()}


@dataclass
class WinModel:
    """A fitted model: ``weights`` (one per :data:`FEATURES`), ``prior`` (``{players:
    {role: score}}``), ``resampled`` (the same fitted again on games drawn with
    replacement: their spread is the model's uncertainty), ``blend`` (how much playouts
    count beside it: :meth:`playout_weight`) and ``about`` (what it was fitted on:
    bots, commit, games, held-out scores)."""

    weights: dict[str, float]
    prior: dict[int, dict[str, float]]
    resampled: list[tuple[dict[str, float], dict[int, dict[str, float]]]] = field(default_factory=list)
    blend: dict[str, float] = field(default_factory=lambda: {"a": 0.0, "b": 0.0})
    about: dict = field(default_factory=dict)

    @classmethod
    def load(cls, path: str | pathlib.Path | None = None) -> "WinModel":
        """The model in ``path`` (by default the package's, read once)."""
        return _load(str(path or MODEL_PATH))

    @classmethod
    def from_dict(cls, doc: dict) -> "WinModel":
        def prior(p: dict) -> dict[int, dict[str, float]]:
            return {int(n): dict(v) for n, v in p.items()}
        return cls(dict(doc["weights"]), prior(doc["prior"]),
                   [(dict(w), prior(p)) for w, p in doc.get("resampled", [])],
                   dict(doc.get("blend", {"a": 0.0, "b": 0.0})), dict(doc.get("about", {})))

    def to_dict(self) -> dict:
        def prior(p: dict) -> dict:
            return {str(n): v for n, v in sorted(p.items())}
        return {"features": list(FEATURES), "weights": self.weights, "prior": prior(self.prior),
                "blend": self.blend, "resampled": [[w, prior(p)] for w, p in self.resampled],
                "about": self.about}

    def playout_weight(self, state: State) -> float:
        """``k``: beside the model, ``n`` playouts count ``n / (n + k)``. Fitted as
        ``k = exp(a + b x late)`` (``late``: the leader's Fame / 30): near the end, few
        random actions are left and the playouts know more."""
        return math.exp(self.blend["a"] + self.blend["b"] * lateness(state))

    def _chances(self, x: dict[str, list[float]], weights: dict, prior: dict) -> dict[str, float]:
        w = [weights.get(k, 0.0) for k in FEATURES]
        base = prior.get(len(x), {})
        return _softmax({f: base.get(role(f), 0.0) + sum(a * b for a, b in zip(w, v))
                         for f, v in x.items()})

    def chances(self, state: State, viewer: str | None = None) -> dict[str, float]:
        """Each faction's chance to win (summing to 1), from what ``viewer`` may know."""
        if viewer is None:
            viewer = state.current_player
        return self._chances(features(state, viewer), self.weights, self.prior)

    def interval(self, state: State, viewer: str | None = None,
                 level: float = 0.95) -> dict[str, tuple[float, float]]:
        """Each faction's chance as the refits on resampled games put it: the middle
        ``level`` of them (the model's own uncertainty, from its limited games)."""
        return self.estimate(state, viewer, level)[1]

    def estimate(self, state: State, viewer: str | None = None, level: float = 0.95
                 ) -> tuple[dict[str, float], dict[str, tuple[float, float]]]:
        """:meth:`chances` and :meth:`interval` at once (the facts are read once)."""
        if viewer is None:
            viewer = state.current_player
        x = features(state, viewer)
        point = self._chances(x, self.weights, self.prior)
        return point, self._spread(x, point, level)

    def _spread(self, x: dict[str, list[float]], point: dict[str, float],
                level: float) -> dict[str, tuple[float, float]]:
        if not self.resampled:
            return {f: (p, p) for f, p in point.items()}
        runs = [self._chances(x, w, p) for w, p in self.resampled]
        cut = int(round(len(runs) * (1 - level) / 2))
        out = {}
        for f in point:
            values = sorted(r[f] for r in runs)
            low, high = values[cut], values[len(values) - 1 - cut]
            out[f] = (min(low, point[f]), max(high, point[f]))
        return out

    def prior_chances(self, players: Sequence[str]) -> dict[str, float]:
        """The chances before anything happened: the prior of each role alone."""
        base = self.prior.get(len(players), {})
        return _softmax({f: base.get(role(f), 0.0) for f in players})


@functools.lru_cache(maxsize=4)
def _load(path: str) -> WinModel:
    with open(path, encoding="utf-8") as fh:
        return WinModel.from_dict(json.load(fh))


# -- fitting (scripts/winchance_fit.py; needs numpy) ---------------------------------------

@dataclass
class Sample:
    """One position for fitting: each faction's facts, its share of the win (a full tie
    splits it), and a weight (each game weighs the same, however many positions it gives)."""

    players: tuple[str, ...]
    x: list[list[float]]
    won: list[float]
    weight: float = 1.0
    game: object = None


def _design(samples: Sequence[Sample]):
    """Features and prior columns (Bluefin's prior is 0: the rest is relative to it)."""
    import numpy as np
    columns = [(n, r) for n in (2, 3, 4) for r in ROLES if r != "bluefin"
               and (r == "mollusk" or n > 2)]
    k = len(FEATURES) + len(columns)
    width = max(len(s.players) for s in samples)
    X = np.zeros((len(samples), width, k))
    Y = np.zeros((len(samples), width))
    mask = np.zeros((len(samples), width), dtype=bool)
    for i, s in enumerate(samples):
        for j, f in enumerate(s.players):
            X[i, j, :len(FEATURES)] = s.x[j]
            key = (len(s.players), role(f))
            if key in columns:
                X[i, j, len(FEATURES) + columns.index(key)] = 1.0
            Y[i, j] = s.won[j]
            mask[i, j] = True
    return X, Y, mask, columns


def fit(samples: Sequence[Sample], l2: float = 1.0, iterations: int = 50,
        weights: Sequence[float] | None = None) -> WinModel:
    """The weights that best predict who won (most likely, with an L2 penalty ``l2`` on
    the standardized weights, not on the prior), by Newton's method on the conditional
    logit's log loss.

    ``weights``: one per sample (by default each sample's own).

    >>> zero = [0.0] * len(FEATURES)
    >>> s = [Sample(("bluefin", "mollusk"), [[10.0] + zero[1:], zero], [1.0, 0.0]),
    ...      Sample(("bluefin", "mollusk"), [zero, [10.0] + zero[1:]], [0.0, 1.0])]
    >>> fit(s).weights["fame"] > 0
    True
    """
    import numpy as np
    X, Y, mask, columns = _design(samples)
    w_sample = np.array(weights if weights is not None else [s.weight for s in samples], float)
    w_sample = w_sample / w_sample.sum() * len(samples)
    flat = X[mask]
    scale = flat.std(axis=0)
    scale[scale == 0] = 1.0
    Z = X / scale
    beta = np.zeros(X.shape[2])
    penalty = np.full(len(beta), 1e-3)   # the prior: all but unpenalized
    penalty[:len(FEATURES)] = l2
    for _ in range(iterations):
        u = np.where(mask, Z @ beta, -np.inf)
        u -= u.max(axis=1, keepdims=True)
        p = np.exp(u)
        p /= p.sum(axis=1, keepdims=True)
        grad = np.einsum("n,nj,njk->k", w_sample, p - Y, Z) + penalty * beta
        mean = np.einsum("nj,njk->nk", p, Z)
        hess = (np.einsum("n,nj,njk,njl->kl", w_sample, p, Z, Z)
                - np.einsum("n,nk,nl->kl", w_sample, mean, mean) + np.diag(penalty))
        step = np.linalg.solve(hess, grad)
        beta -= step
        if np.abs(step).max() < 1e-9:
            break
    raw = beta / scale
    weights_out = {k: float(raw[i]) for i, k in enumerate(FEATURES)}
    prior: dict[int, dict[str, float]] = {n: {"bluefin": 0.0} for n in (2, 3, 4)}
    for i, (n, r) in enumerate(columns):
        prior[n][r] = float(raw[len(FEATURES) + i])
    return WinModel(weights_out, prior)
