"""Each Crew card lives in one block: its key is named only in its printed data
(``components.py``), its own module in ``engine/cards/crew/`` and its tests.

A card's key (``sea-dog``) and its module spelling (``sea_dog``) are searched in the code
and data of the package (``.py`` and ``.json``), as whole words: ``gunner`` is not found
in ``gunners-mate``, but ``sea-dog`` is found in ``no-sea-dog``, a verb of the card.
Exempt, each for a reason:

* docstrings and comments: documentation may show an API with a real card (the
  docstring examples run as tests, and would fail if the card changed);
* ``tutorials/lessons/``: lessons are data, and a lesson's scenario puts named cards
  in the Market and its answers are what the learner types (``recruit mystic``);
* ``data/*.ahoy.json``: saved example games, whose actions name the cards played;
* examples of notation that error messages and prompts show, which name a real card as
  an argument: how ``recruit`` is written (``notation.EXAMPLES``), and the examples of
  the Buccaneer's and the Naive Noble's verbs (each in its own block).
"""

from __future__ import annotations

import importlib
import io
import re
import tokenize
from pathlib import Path

import pytest

import ahoy_nb
from ahoy_nb.engine.cards import crew
from ahoy_nb.engine.components import MARKET_CARDS

PACKAGE = Path(ahoy_nb.__file__).resolve().parent
BLOCKS = PACKAGE / "engine" / "cards" / "crew"
EXEMPT_DIRS = (PACKAGE / "tutorials" / "lessons",)
EXEMPT_TEXT = {PACKAGE / "engine" / "notation.py": ["recruit gunner"],
               BLOCKS / "buccaneer.py": ["buccaneer gunner pilot"],
               BLOCKS / "naive_noble.py": ["naive-noble smuggler1 gunner crew"]}
KEYS = sorted({card["slug"] for card in MARKET_CARDS})


def module_name(key: str) -> str:
    return key.replace("-", "_")


def code_of(path: Path) -> str:
    """The file's code and data without its docstrings and comments."""
    text = path.read_text("utf-8")
    if path.suffix == ".json":
        return text
    kept = []
    before = tokenize.NEWLINE  # a string that starts a statement is a docstring
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT:
            continue
        if tok.type == tokenize.STRING and before in (tokenize.NEWLINE, tokenize.INDENT,
                                                      tokenize.DEDENT, tokenize.NL):
            continue
        if tok.type not in (tokenize.NL, tokenize.COMMENT):
            before = tok.type
        kept.append(tok.string)
    code = " ".join(kept)
    for allowed in EXEMPT_TEXT.get(path, ()):
        code = code.replace(allowed, "")
    return code


def files() -> list[Path]:
    out = []
    for path in sorted(PACKAGE.rglob("*")):
        if path.suffix not in (".py", ".json") or any(d in path.parents for d in EXEMPT_DIRS):
            continue
        if path.suffix == ".json" and path.name.endswith(".ahoy.json"):
            continue
        if path == PACKAGE / "data" / "puzzles.json":   # positions, as saved games hold them
            continue
        out.append(path)
    return out


@pytest.fixture(scope="module")
def code() -> dict[Path, str]:
    return {path: code_of(path) for path in files()}


@pytest.mark.parametrize("key", KEYS)
def test_a_crew_key_is_named_only_in_its_block(key, code):
    block = BLOCKS / f"{module_name(key)}.py"
    allowed = {block, PACKAGE / "engine" / "components.py"}
    words = re.compile(rf"(?<![a-z0-9_])({re.escape(key)}|{re.escape(module_name(key))})"
                       rf"(?![a-z0-9_])")
    found = [f"{path.relative_to(PACKAGE)}: {m.group(0)}" for path, text in code.items()
             if path not in allowed for m in words.finditer(text)]
    assert not found, found
    assert words.search(code[block]), f"{block.name} does not name its card"


def test_the_search_finds_a_key_outside_its_block(tmp_path):
    """The check can fail: a card named in code, even in a verb, is found; in a docstring
    or a comment it is not."""
    sample = tmp_path / "sample.py"
    sample.write_text('"""The sea-dog card."""\n# sea-dog here\nVERB = "no-sea-dog"\n'
                      'OTHER = "gunners-mate"\n')
    text = code_of(sample)
    assert re.findall(r"(?<![a-z0-9_])(sea-dog|gunner)(?![a-z0-9_])", text) == ["sea-dog"]


def test_every_crew_card_has_one_block_that_the_registry_finds():
    """Each card of the components has a module named after its key, which declares the
    one record the registry holds for it; the package holds nothing else."""
    assert sorted(crew.CREW) == KEYS
    modules = {p.stem for p in BLOCKS.glob("*.py")} - {"__init__", "common"}
    assert modules == {module_name(key) for key in KEYS}
    for key, card in crew.CREW.items():
        module = importlib.import_module(f"{crew.__name__}.{module_name(key)}")
        assert module.CARD is card and card.key == key and card.tip


def test_the_walkthrough_names_the_places_a_card_lives():
    """docs/engine.md's "Adding a Crew card" names its three places, and they exist: the
    printed data, the card's block (found by the registry), its tests."""
    doc = (PACKAGE.parent / "docs" / "engine.md").read_text("utf-8")
    section = doc.split("## Adding a Crew card", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"`((?:ahoy_nb|tests|docs)/[\w/.]+\.(?:py|md))`", section))
    assert {"ahoy_nb/engine/components.py", "ahoy_nb/engine/cards/crew/powder_monkey.py",
            "tests/engine/test_crew.py", "tests/engine/test_crew_blocks.py"} <= named
    for path in named:
        assert (PACKAGE.parent / path).exists(), path
    example = re.search(r"`ahoy_nb/engine/cards/crew/(\w+)\.py`", section).group(1)
    assert crew.CREW[example.replace("_", "-")].key == example.replace("_", "-")
    assert "# -- Powder Monkey" in (PACKAGE.parent / "tests/engine/test_crew.py").read_text()


def test_a_record_names_a_printed_card_once():
    """The registry takes one record per card of the components, and no other."""
    with pytest.raises(ValueError, match="no Crew card 'kraken'"):
        crew.register(crew.Crew("kraken", tip="Not a card."))
    with pytest.raises(ValueError, match="declared twice"):
        crew.register(crew.Crew(KEYS[0], tip="A second record."))
    assert sorted(crew.CREW) == KEYS
