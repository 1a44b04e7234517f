"""Rule tips: one text for every slot, Crew card, plan, terrain, Cargo and notation verb,
in the project's own words; ahoy_nb.rules() is searchable and escapes what it shows."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest

import ahoy_nb
from ahoy_nb import rulebook
from ahoy_nb.engine import components
from ahoy_nb.engine.cards import crew
from ahoy_nb.engine.notation import VERBS

RULES = Path(__file__).resolve().parents[2] / "shared" / "rules"  # shared/ beside the checkout


def _keys():
    slots = {s["action"] for b in (*components.BOARDS.values(), *components.SHIP_SLOTS.values())
             for s in b}
    slot_keys = {s["key"] for b in (*components.BOARDS.values(), *components.SHIP_SLOTS.values())
                 for s in b}
    terrain = {sp["terrain"] for t in components.TILES for sp in t["spaces"].values()}
    return [("slot", k) for k in sorted(slots | slot_keys)] + \
        [("crew", k) for k in components.CARD_KEYS] + \
        [("plan", k) for k in components.PLAN_KEYS] + \
        [("terrain", k) for k in sorted(terrain | {"sandbar", "tailwind", "treasure"})] + \
        [("cargo", k) for k in components.CARGO_KEYS] + \
        [("verb", k) for k in sorted(VERBS)]


@pytest.mark.parametrize("kind,key", _keys())
def test_every_component_and_verb_has_a_tip(kind, key):
    text = rulebook.tip(kind, key)
    assert text and len(text) <= 240, (kind, key, text)
    assert text[0].isupper() and text.rstrip().endswith((".", ")")), text


def test_unknown_keys_and_kinds_have_no_tip():
    assert rulebook.tip("slot", "nonsense") is None
    assert rulebook.tip("crew", "") is None
    assert rulebook.tip("weather", "fog") is None
    assert rulebook.tip("verb", "_decline") is None
    assert rulebook.tip("cargo", "_template") is None


def test_the_texts_live_once_in_package_data():
    data = json.loads(resources.files("ahoy_nb").joinpath("data/tips.json").read_text())
    assert set(rulebook.KINDS) - {"cargo", "crew"} <= set(data) and "section" in data
    # A Crew card's tip is in its block in the engine, with the tips of the verbs it brings.
    assert "crew" not in data and not set(crew.VERBS) & set(data["verb"])
    assert rulebook.tip("crew", "convincing-comrade-b") == rulebook.tip("crew", "convincing-comrade-a")
    assert rulebook.tip("verb", "no-pilot") == "Decline: Sailing into Wreckage, you may skip its damage."
    assert rulebook.tip("verb", "convince") == "Move up to 2 Comrades from one Island to another."
    # The Cargo tips are one template filled from the engine's data, not 30 copies.
    assert list(data["cargo"]) == ["_template"]


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


@pytest.mark.skipif(not (RULES / "ahoy-rulebook.md").exists(), reason="no rulebook here")
def test_tips_are_in_our_own_words_not_the_rulebooks():
    """No tip repeats 7 words in a row of the rulebook or of a card's printed text."""
    sources = [(RULES / "ahoy-rulebook.md").read_text()]
    sources += [c["text"] for c in components.MARKET_CARDS]
    sources += [p["text"] for p in components.PLAN_CARDS]
    grams = set()
    for src in sources:
        w = _words(src)
        grams |= {" ".join(w[i:i + 7]) for i in range(len(w) - 6)}
    texts = [t for _, _, t in rulebook.search("")]
    copied = []
    for text in texts:
        w = _words(text)
        copied += [" ".join(w[i:i + 7]) for i in range(len(w) - 6)
                   if " ".join(w[i:i + 7]) in grams]
    assert not copied, copied


def test_rules_panel_searches_and_escapes():
    assert ahoy_nb.rules is rulebook.rules
    r = ahoy_nb.rules("wreckage")
    assert r.entries and all("wreckage" in (t + x).lower() for _, t, x in r.entries)
    assert any(g == "Terrain" for g, _, _ in r.entries)
    assert "Battling" in [t for _, t, _ in ahoy_nb.rules("battle").entries]
    html = rulebook.Rules("<script>alert(1)</script>")._repr_html_()
    assert "<script>" not in html and "&lt;script&gt;" in html
    panel = ahoy_nb.rules().widget()
    box, out = panel.children
    box.value = "fog"
    assert "Fog" in out.value and "Harbor:" not in out.value
    assert len(ahoy_nb.rules().entries) > 100
    with pytest.raises(ValueError, match="a query is words to look for, like 'fog', not 5"):
        ahoy_nb.rules(5)
