"""Clear errors wherever an action string comes in: random and markup-carrying strings fed
to every public function that reads one. A string that is not Ahoy notation raises
``NotationError`` (a ``ValueError``) naming it, never ``KeyError``, ``IndexError`` or
``TypeError``; a readable one that is not legal now raises ``IllegalActionError``; a
refused action changes nothing; and what is drawn escapes the string.

2,000 examples per function in the whole suite, 400 in the fast lane (``derandomize``:
the same ones every run).
"""

from __future__ import annotations

import re

import random
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from ahoy_nb.engine import Action, IllegalActionError, NotationError, new_game, scenario
from ahoy_nb.engine.notation import VERBS, normalise, read
from ahoy_nb.engine.words import label
from ahoy_nb.render import render_parts, render_svg
from support import at_scale

EXAMPLES = at_scale(2000, 400)
MARKUP = ['"><script>alert(1)</script>', "<img src=x onerror=alert(1)>", "</svg>", "&amp;",
          "'", '"', "\x00", "\u202e", "{figure}", "{0}", "%s", "\\", "\n", "<", ">>", "]]>"]
WORDS = ["0,0", "1,1", "-5,3", "99999,1", "r90", "r45", "4>1", "9>9", "3", "0", "99999", "kraken",
         "wine", "bluefin", "patrol", "sail", "cannons5", "up", "steal", "crew", "cargo", "gunner",
         "sneak-attack", "sneak-attack-a", "1,1>2,2", ">", ",", "ignore", "2"]

strings = st.one_of(
    st.text(max_size=40),
    st.sampled_from(MARKUP),
    st.builds(lambda verb, words: " ".join([verb, *words]), st.sampled_from(sorted(VERBS)),
              st.lists(st.one_of(st.sampled_from(WORDS), st.sampled_from(MARKUP),
                                 st.text(max_size=8)), max_size=3)),
)
fuzz = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])


def effectless(s, text: str) -> bool:
    """A die turned down and back up (``sail 3>3``, docs/rulings.md), legal but not listed:
    its plain placement is listed and the player has the 2 gold."""
    m = re.fullmatch(r"(\S.*) ([1-6])>\2", text)
    return bool(m) and not text.startswith("fire ") and s.gold[s.current_player] >= 2 and (
        f"{m[1]} {m[2]}" in {a.notation for a in s.legal_actions()})


@lru_cache(maxsize=None)
def positions() -> tuple:
    """A setup decision, a turn in the middle of a 3-player game, a battle, a reward."""
    mid = new_game(3, seed=2)
    rng = random.Random(2)
    for _ in range(60):
        mid.apply(rng.choice(mid.legal_actions()))
    battle = scenario(3, tiles=[(0, "0,0", 180), (6, "2,1", 0)],
                      figures={"bluefin": "3,1", "smuggler1": "3,1", "mollusk": "3,2"},
                      turn="smuggler1", placed={"bluefin": {"cannons5": 5}, "smuggler1": {"cannons": 4}},
                      decision={"kind": "fire", "attacker": "smuggler1", "defender": "bluefin",
                                "side": "defender"})
    reward = scenario(3, figures={"smuggler1": "1,0"},
                      decision={"kind": "reward", "player": "smuggler1"})
    return new_game(2, seed=1), mid, battle, reward


def readable(text: str) -> bool:
    try:
        read(text)
        return True
    except NotationError:
        return False


def names_it(err: Exception, text: str) -> None:
    """The error names the string it refuses (as the engine writes notation)."""
    assert isinstance(err, ValueError), err
    assert normalise(text) in str(err), f"{err!r} does not name {text!r}"


def drawn_safely(svg: str, text: str) -> None:
    for part in ("<script", "<img", "onerror="):
        if part in text:
            assert part not in svg, f"{part} reached the picture unescaped"


@pytest.mark.slow
@fuzz
@given(text=strings, which=st.integers(0, 3))
def test_render_svg(text, which):
    s = positions()[which]
    try:
        svg = render_svg(s, actions=[text])
    except NotationError as err:
        assert not readable(text)
        names_it(err, text)
        return
    drawn_safely(svg, text)


@pytest.mark.slow
@fuzz
@given(text=strings, which=st.integers(0, 3))
def test_render_parts(text, which):
    s = positions()[which]
    try:
        parts = render_parts(s, actions=[Action(s.current_player, text)])
    except NotationError as err:
        assert not readable(text)
        names_it(err, text)
        return
    drawn_safely("".join(parts.values()), text)


@pytest.mark.slow
@fuzz
@given(text=strings, which=st.integers(0, 3))
def test_label(text, which):
    s = positions()[which]
    try:
        words = label(s, text)
    except NotationError as err:
        assert not readable(text)
        names_it(err, text)
        return
    assert isinstance(words, str) and words


@pytest.mark.slow
@fuzz
@given(text=strings, which=st.integers(0, 3))
def test_apply_refuses_and_changes_nothing(text, which):
    s = positions()[which].copy()
    before = s.to_json()
    try:
        s.apply(text)
    except IllegalActionError as err:
        assert s.to_json() == before
        assert readable(text) or isinstance(err, NotationError), err
        names_it(err, text)
        return
    assert normalise(text) in {a.notation for a in positions()[which].legal_actions()}


@pytest.mark.slow
@fuzz
@given(text=strings, which=st.integers(0, 3))
def test_after(text, which):
    s = positions()[which]
    before = s.to_json()
    try:
        s.after(text)
    except IllegalActionError as err:
        assert readable(text) or isinstance(err, NotationError), err
        names_it(err, text)
    assert s.to_json() == before


@pytest.mark.slow
@fuzz
@given(text=strings, which=st.integers(0, 3))
def test_is_legal_never_raises(text, which):
    s = positions()[which]
    assert s.is_legal(text) == (normalise(text) in {a.notation for a in s.legal_actions()}
                                or effectless(s, normalise(text)))


@pytest.mark.slow
@fuzz
@given(text=strings, which=st.integers(0, 3))
def test_outcomes(text, which):
    s = positions()[which]
    before = s.to_json()
    try:
        results = s.outcomes(text)
    except IllegalActionError as err:
        assert readable(text) or isinstance(err, NotationError), err
        names_it(err, text)
    else:
        assert sum(p for p, _, _ in results) == 1
    assert s.to_json() == before


def test_the_issues_example_is_a_clear_error():
    s = new_game(2, seed=1)
    for call in (lambda: render_svg(s, actions=['tile "><script>']),
                 lambda: render_parts(s, actions=['tile "><script>']),
                 lambda: label(s, 'tile "><script>')):
        try:
            call()
        except NotationError as err:
            assert str(err) == ("Cannot read 'tile \"><script>': tile is written like "
                                "'tile 4,0 r90'")
        else:
            raise AssertionError("not refused")
    try:
        render_svg(s, actions=["recruit kraken"])
    except NotationError as err:
        assert str(err) == "Cannot read 'recruit kraken': 'kraken' is not a Crew card"


def test_every_action_the_engine_offers_reads():
    """The grammar reads every action of 30 seeded random games, and words label each."""
    for seed in range(10):
        for players in (2, 3, 4):
            s = new_game(players, seed=seed)
            rng = random.Random(seed)
            while not s.is_over:
                for action in s.legal_actions():
                    assert read(action.notation)[0] == action.verb
                    assert label(s, action.notation)
                s.apply(rng.choice(s.legal_actions()))
