"""Every sentence the tutor says that states a rule rests on a passage of the rulebook
(issue 50): each lesson step's passages, each tip's, each of the board's reasons for
refusing a move and each quiz explanation's are found in the rulebook (or the printed
components) under the section named, and docs/tutorials.md tabulates them as they are."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import ahoy_nb.tutorials as tutorials
from ahoy_nb.tutorials import sources

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT.parent / "shared" / "rules"     # shared/ beside the checkout
RULEBOOK = RULES / "ahoy-rulebook.md"
COMPONENTS = RULES / "ahoy-components.md"
needs_rulebook = pytest.mark.skipif(not RULEBOOK.exists(), reason="no rulebook here")


def _script():
    spec = importlib.util.spec_from_file_location("rule_sources", ROOT / "scripts" / "rule_sources.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _found(section: str, words: str) -> bool:
    if section.startswith(sources.COMPONENTS):
        return sources.find(COMPONENTS.read_text(), section[len(sources.COMPONENTS):], words) \
            is not None
    return sources.find(RULEBOOK.read_text(), section, words) is not None


@needs_rulebook
@pytest.mark.parametrize("name", [t.name for t in tutorials.catalog()])
def test_every_step_rests_on_passages_of_the_rulebook(name):
    for scene, step in tutorials.get(name).steps:
        assert step.basis, (name, step.ask)
        for section, words in step.basis:
            assert _found(section, words), (name, step.ask, section, words)


@needs_rulebook
def test_every_tip_has_its_passage():
    rows = sources.tip_sources(RULEBOOK.read_text())
    missing = [(kind, key) for kind, key, _, passage in rows if not passage]
    assert not missing, missing
    for kind, key, _, passage in rows:
        if kind == "verb" and key in sources.VERBS:
            section, words = sources.VERBS[key]
            assert _found(section, words), (key, section, words)
    # No tip rests on the rulebook's garbled stretch (the example table setup).
    assert not any("Example Table Setup" in passage for *_, passage in rows)


def _engine_reasons() -> list[str]:
    """The words of every reason ``engine.explain`` gives: each string it returns or
    assigns as a reason (f-strings with their holes left out)."""
    import ast
    tree = ast.parse((ROOT / "ahoy_nb" / "engine" / "explain.py").read_text())
    reasons = []
    for fn in tree.body:
        if not isinstance(fn, ast.FunctionDef) or fn.name not in (
                "why_illegal", "_effectless_change") and not fn.name.endswith("_reason"):
            continue
        for node in ast.walk(fn):
            value = node.value if isinstance(node, (ast.Return, ast.Assign)) else None
            if value is None or isinstance(node, ast.Assign) and not any(
                    isinstance(t, ast.Name) and t.id == "reason" for t in node.targets):
                continue
            text = "".join(c.value for c in ast.walk(value)
                           if isinstance(c, ast.Constant) and isinstance(c.value, str))
            # What every refusal says around its reason: the notation quoted, the prompt.
            for frame in ("'' is not allowed: ", "'' is not possible now. ", ". Choices now: "):
                text = text.replace(frame, " ")
            if len(text.strip(" .")) > 12:
                reasons.append(text.strip(" ."))
    return reasons


@needs_rulebook
def test_every_reason_the_board_gives_rests_on_a_passage():
    """Each row's words are words of a reason ``engine.explain`` gives (so a reason the
    engine no longer gives leaves the table), and its passage is in the rulebook."""
    reasons = _engine_reasons()
    for words, section, passage in sources.REFUSALS:
        assert any(words.split("{")[0] in r for r in reasons), words
        assert _found(section, passage), (words, section, passage)


def test_every_reason_of_the_engine_is_in_the_table():
    """The other way round: each reason the engine gives is covered by a row, or says how
    notation is written (a reason added to the engine without its passage fails here)."""
    reasons = _engine_reasons()
    assert len(reasons) > 20
    fragments = [w.split("{")[0] for w, _, _ in sources.REFUSALS] + list(sources.NOTATION_ONLY)
    uncovered = [r for r in reasons if not any(f in r for f in fragments)]
    assert not uncovered, uncovered


@needs_rulebook
def test_every_quiz_explanation_rests_on_a_passage():
    from ahoy_nb.tutorials.quiz import KINDS
    assert set(sources.QUIZ) == set(KINDS)
    for kind, passages in sources.QUIZ.items():
        for section, words in passages:
            assert _found(section, words), (kind, section, words)


@needs_rulebook
def test_the_docs_table_is_up_to_date():
    script = _script()
    doc = script.DOC.read_text()
    new, _, _ = script.render(doc, RULEBOOK.read_text())
    assert new == doc, "run: python scripts/rule_sources.py"
    assert "| `cargo` 4 |" in doc and "Strongholds: “Also, while an enemy's Flagship" in doc


def test_a_passage_must_be_under_its_section():
    """The finder is not fooled: words found under another heading do not count."""
    book = "# Terrain\n\n**Fog:** Battles cannot happen here.\n\n# Damage\n\nA slot..."
    assert sources.find(book, "Terrain", "Fog: Battles cannot happen here.")
    assert sources.find(book, "Damage", "Fog: Battles cannot happen here.") is None
