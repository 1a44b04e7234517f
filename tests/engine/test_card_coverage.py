"""Card coverage: random games, with a policy biased toward card actions, that together
recruit and USE every card, checking the state invariants at every step.

Shared file: the Crew section is first; plan cards may be added below it (append,
do not rewrite). ``biased_games()`` plays the games once per test session and keeps
their logs, so several coverage tests can read them.

The policy: at each decision, when any card action is legal (recruiting, a Crew's
own action or decision such as ``sailor 3``, ``mystic 3,1``, ``pilot``, a plan's
``play ...``), it picks one of those 85% of the time; otherwise it picks uniformly
among the legal actions. Games run seed after seed until every card is covered (or
``MAX_GAMES`` is reached), so the test stays fast but does not depend on one lucky
seed.
"""

from __future__ import annotations

import pytest
import functools
import random
import re

from ahoy_nb.engine import new_game
from ahoy_nb.engine.cards import crew
from ahoy_nb.engine.components import CARD_BY_KEY, CARD_KEYS, MARKET_CARDS

from test_simulation import check_invariants, check_legal

MAX_GAMES = 250       # a bound; the games stop as soon as every card is covered
MAX_STEPS = 5000      # decisions per game
CARD_BIAS = 0.85

# Decisions and actions that use a card (never the "no-..." refusals,
# nor the order chosen between two battle-start offers, emissary-first).
CREW_WORDS = {w for w in crew.VERBS if not w.startswith("no-") and not w.endswith("-first")}
SLOT_ACTION_KEYS = {key for key, card in zip(CARD_KEYS, MARKET_CARDS) if card["kind"] == "slot-action"}
MARKER = re.compile(r"\(([^()]+)\)$")
KEYS_BY_NAME: dict[str, list[str]] = {}
for _key, _card in zip(CARD_KEYS, MARKET_CARDS):
    KEYS_BY_NAME.setdefault(_card["name"], []).append(_key)


def is_card_action(notation: str) -> bool:
    verb = notation.split(" ")[0]
    return verb in ("recruit", "play") or verb in CREW_WORDS or verb in CARD_BY_KEY


def crew_used(entry) -> set[str]:
    """Keys of the Crew cards a log entry shows in use.

    A Crew's effect names the card at the end of an event: "... (Cutpurse)". The two
    Convincing Comrades (and Officials) share a name, so a placement on the card's
    own slot (``convincing-comrade-b 3``) names the copy.
    """
    used = set()
    verb = entry.action.split(" ")[0]
    if verb in SLOT_ACTION_KEYS:
        used.add(verb)
    for event in entry.events:
        m = MARKER.search(event)
        if m and len(KEYS_BY_NAME.get(m.group(1), [])) == 1:
            used.add(KEYS_BY_NAME[m.group(1)][0])
    return used


def crew_recruited(entry) -> set[str]:
    words = entry.action.split(" ")
    return {words[1]} if words[0] == "recruit" and len(words) > 1 and words[1] in CARD_BY_KEY else set()


def play_biased(seed: int, players: int):
    """One complete game with the biased policy, checking invariants at every step."""
    rng = random.Random(seed)
    s = new_game(players, seed=seed)
    for _ in range(MAX_STEPS):
        legal = check_legal(s)
        if s.is_over:
            return s
        cards = [a for a in legal if is_card_action(str(a))]
        action = rng.choice(cards) if cards and rng.random() < CARD_BIAS else rng.choice(legal)
        s.apply(action)
        check_invariants(s)
    raise AssertionError(f"game {seed} ({players} players) did not end in {MAX_STEPS} decisions")


@functools.lru_cache(maxsize=None)
def biased_games() -> tuple:
    """Play games until every Crew card has been recruited and used: ``(games, recruited, used)``."""
    recruited: set[str] = set()
    used: set[str] = set()
    games = []
    for seed in range(MAX_GAMES):
        s = play_biased(seed, (2, 3, 4)[seed % 3])
        games.append(s)
        for entry in s.log:
            recruited |= crew_recruited(entry)
            used |= crew_used(entry)
        if recruited >= set(CARD_KEYS) and used >= set(CARD_KEYS):
            break
    return games, recruited, used


# ---------------------------------------------------------------------------
# Crew
# ---------------------------------------------------------------------------

@pytest.mark.full
def test_random_games_recruit_and_use_every_crew_card():
    games, recruited, used = biased_games()
    assert games and all(s.is_over for s in games)
    assert set(CARD_KEYS) - recruited == set(), f"never recruited: {sorted(set(CARD_KEYS) - recruited)}"
    assert set(CARD_KEYS) - used == set(), f"never used: {sorted(set(CARD_KEYS) - used)}"


def test_one_shot_crew_leave_the_game_when_used():
    """Naive Noble, Ghastly Gust and Buccaneer go to the box once used."""
    games, _, _ = biased_games()
    for s in games:
        box = set(s.market.box)
        for entry in s.log:
            for key in crew_used(entry) & {"naive-noble", "ghastly-gust", "buccaneer"}:
                assert key in box, (key, entry)


# ---------------------------------------------------------------------------
# Plans (the Mollusk plan cards, the Cutter and the Gunship)
# ---------------------------------------------------------------------------

from ahoy_nb.engine.cards import plans as _plans  # noqa: E402
from ahoy_nb.engine.components import PLAN_CARDS, SHIP_SLOTS  # noqa: E402

PLAN_NAMES = sorted(set(_plans.SLUG_TITLE))          # the 9 plan names (12 cards)
PLAN_BIAS = 0.9     # a legal "play ..." is chosen this often
SHIP_BIAS = 0.6     # a legal die placement on the Cutter or Gunship this often
MAX_PLAN_GAMES = 120


def check_plan_invariants(s) -> None:
    """The plan cards and the Union ships agree with each other at every step."""
    fs = s.data["factions"].get("mollusk")
    if fs is None:
        return
    figures = {f["kind"] for f in s.data["figures"] if f["kind"] in ("cutter", "gunship")}
    assert figures == set(fs["ships"]), (figures, fs["ships"])
    for ship, info in fs["ships"].items():
        assert _plans.plan_slug(info["plan"]) == ship
        assert len(info["slots"]) == len(SHIP_SLOTS[ship])
        assert not all(slot["damage"] for slot in info["slots"]), f"the {ship} should be destroyed"
        for spec, slot in zip(SHIP_SLOTS[ship], info["slots"]):
            assert not (slot["damage"] and slot["die"] is not None)
            if slot["die"] is not None and spec["need"]:
                assert slot["die"] in spec["need"], (ship, slot)
    for plan in fs["discard"]:
        # Discarded: played, or a ship that was destroyed.
        assert PLAN_CARDS[plan]["name"] not in ("Cutter", "Gunship") or \
            _plans.plan_slug(plan) not in fs["ships"]
    pending = s.data["pending"]
    for i, frame in enumerate(pending):
        if frame["type"] == "battle-plans":
            fight = pending[frame["fight"]]
            assert fight["type"] == "fight" and frame["fight"] < i
            fig = s.data["figures"]
            assert any(f["id"] == fight[frame["side"]] and f["owner"] == "mollusk" for f in fig)


def plan_choice(s, legal, rng):
    notations = [str(a) for a in legal]
    plays = [a for a, n in zip(legal, notations) if n.startswith("play ")]
    if plays and rng.random() < PLAN_BIAS:
        return rng.choice(plays)
    ships = [a for a, n in zip(legal, notations) if n.split(" ")[0] in ("cutter", "gunship")]
    if ships and rng.random() < SHIP_BIAS:
        return rng.choice(ships)
    return rng.choice(legal)


def play_plan_biased(seed: int, players: int):
    rng = random.Random(f"plans-{seed}")
    s = new_game(players, seed=seed)
    for _ in range(MAX_STEPS):
        legal = check_legal(s)
        if s.is_over:
            return s
        s.apply(plan_choice(s, legal, rng))
        check_invariants(s)
        check_plan_invariants(s)
    raise AssertionError(f"game {seed} ({players} players) did not end in {MAX_STEPS} decisions")


def plans_played(s) -> set[str]:
    return {e.action.split(" ")[1] for e in s.log
            if e.player == "mollusk" and e.action.startswith("play ")}


def ships_used(s) -> set[str]:
    return {e.action.split(" ")[0] for e in s.log
            if e.player == "mollusk" and e.action.split(" ")[0] in ("cutter", "gunship")}


def ships_destroyed(s) -> set[str]:
    return {ship for e in s.log for ev in e.events for ship in ("cutter", "gunship")
            if ev == f"The {ship.title()} is destroyed: its plan is discarded"}


@functools.lru_cache(maxsize=None)
def plan_games() -> tuple:
    """Games (2 to 4 players, all with the Union) until every plan has been played, both
    ships have been given a die, and a ship has been destroyed: ``(games, played, used, sunk)``."""
    played: set[str] = set()
    used: set[str] = set()
    sunk: set[str] = set()
    games = []
    for seed in range(MAX_PLAN_GAMES):
        s = play_plan_biased(seed, (2, 3, 4)[seed % 3])
        games.append(s)
        played |= plans_played(s)
        used |= ships_used(s)
        sunk |= ships_destroyed(s)
        if played >= set(PLAN_NAMES) and used >= {"cutter", "gunship"} and sunk:
            break
    return games, played, used, sunk


@pytest.mark.full
def test_random_games_play_every_plan():
    games, played, used, sunk = plan_games()
    assert games and all(s.is_over for s in games)
    assert set(PLAN_NAMES) - played == set(), f"never played: {sorted(set(PLAN_NAMES) - played)}"
    assert used == {"cutter", "gunship"}, f"ships never given a die: {sorted({'cutter', 'gunship'} - used)}"
    assert sunk, "no Union ship was ever destroyed"


def test_played_plans_end_up_discarded_or_in_play():
    """Every plan played is in the discard pile, or in front of the Union as a ship."""
    games, _, _, _ = plan_games()
    for s in games:
        fs = s.data["factions"]["mollusk"]
        placed = {_plans.plan_slug(p) for p in fs["discard"]} | set(fs["ships"])
        assert plans_played(s) <= placed, (plans_played(s), placed)
