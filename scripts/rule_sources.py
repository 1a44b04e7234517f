"""Write the tutor's tables into docs/tutorials.md: the lessons in their order (with how
many steps ask for a decision), and where every rule the tutor states comes from.

    python scripts/rule_sources.py              # rewrite the two tables
    python scripts/rule_sources.py --check      # say whether they are up to date, writing nothing

The lessons' table needs only the package. The sources' table also reads the rulebook
(``--rulebook``, by default ``shared/rules/ahoy-rulebook.md`` beside the checkout), where
it finds each tip's passage by the printed name of what the tip is about.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # when ahoy_nb is not installed

import ahoy_nb.tutorials as tutorials  # noqa: E402
from ahoy_nb.tutorials.audit import audit  # noqa: E402
from ahoy_nb.tutorials.core import _sentences, resolve  # noqa: E402
from ahoy_nb.tutorials.sources import QUIZ, REFUSALS, tip_sources  # noqa: E402

DOC = ROOT / "docs" / "tutorials.md"
RULEBOOK = ROOT.parent / "shared" / "rules" / "ahoy-rulebook.md"
BLOCKS = ("lessons", "sources")


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def lessons_table() -> tuple[str, int, int]:
    """The lessons in order, and the decision count: ``(markdown, decisions, steps)``."""
    rows = ["| | lesson | steps | decisions | after | quiz | teaches |",
            "|---|---|---|---|---|---|---|"]
    decisions = steps = 0
    for i, t in enumerate(tutorials.catalog(), 1):
        judged = audit(t)
        n = sum(a.decision for a in judged)
        decisions, steps = decisions + n, steps + len(judged)
        rows.append(f"| {i} | `{t.name}`: {t.title} | {len(judged)} | {n} | "
                    f"{', '.join(f'`{r}`' for r in t.requires) or '—'} | "
                    f"{t.questions} ({', '.join(dict.fromkeys(t.quiz))}) | "
                    f"{_cell('; '.join(t.teaches))} |")
    rows += ["", f"**{decisions} of {steps} steps ({decisions / steps:.0%}) ask for a decision** "
                 f"the learner must find: the ask names the aim, not the move "
                 f"(`ahoy_nb.tutorials.audit`)."]
    return "\n".join(rows), decisions, steps


def sources_table(rulebook: str) -> str:
    """Every rule sentence the tutor says, with the rulebook passage it rests on."""
    out = ["### The lessons' steps",
           "",
           "Each step's rule (its text, and the second hint where the lesson writes its own) "
           "and the passages it rests on (`Step.basis`).",
           "",
           "| lesson · step | what the learner reads | rests on |", "|---|---|---|"]
    for t in tutorials.catalog():
        run = tutorials.start(t.name, seed=0)
        while not run.finished:
            scene, step = run._flat[run.index]
            start = run.start_state
            said = _sentences(resolve(step.text, start)) + (
                _sentences(resolve(step.rule, start)) if step.rule else [])
            rests = "<br>".join(f"{sec}: “{_cell(words)}”" for sec, words in step.basis)
            out.append(f"| `{t.name}` {run.index + 1} | "
                       f"{'<br>'.join(_cell(x) for x in said)} | {rests} |")
            run.play_answer()
            run.next()
    out += ["", "### Tips (hover texts, second hints, the rules in short)", "",
            "| tip | says | rests on |", "|---|---|---|"]
    for kind, key, text, passage in tip_sources(rulebook):
        out.append(f"| {kind} `{key}` | {_cell(text)} | {_cell(passage)} |")
    out += ["", "### The board's reasons for refusing a move", "",
            "| the reason says | rests on |", "|---|---|"]
    for words, section, passage in REFUSALS:
        out.append(f"| “{_cell(words)}…” | {section}: “{_cell(passage)}” |")
    out += ["", "### The quizzes' explanations", "", "| question | rests on |", "|---|---|"]
    for kind, passages in QUIZ.items():
        out.append(f"| `{kind}` | " + "<br>".join(f"{s}: “{_cell(w)}”" for s, w in passages)
                   + " |")
    return "\n".join(out)


def replace_block(doc: str, name: str, body: str) -> str:
    start, end = f"<!-- {name}: written by scripts/rule_sources.py -->", f"<!-- /{name} -->"
    if start not in doc or end not in doc:
        raise SystemExit(f"{DOC} has no {start} ... {end} block")
    head, rest = doc.split(start, 1)
    _, tail = rest.split(end, 1)
    return f"{head}{start}\n{body}\n{end}{tail}"


def render(doc: str, rulebook: str | None) -> tuple[str, int, int]:
    lessons, decisions, steps = lessons_table()
    doc = replace_block(doc, "lessons", lessons)
    if rulebook is not None:
        doc = replace_block(doc, "sources", sources_table(rulebook))
    return doc, decisions, steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="report whether the tables are up to date, writing nothing")
    parser.add_argument("--rulebook", type=Path, default=RULEBOOK,
                        help="the rulebook in Markdown (default: %(default)s)")
    args = parser.parse_args(argv)
    rulebook = args.rulebook.read_text() if args.rulebook.exists() else None
    doc = DOC.read_text()
    new, decisions, steps = render(doc, rulebook)
    print(f"{decisions} of {steps} steps ask for a decision; sources "
          f"{'from the rulebook' if rulebook else 'left as they are (no rulebook here)'}; "
          f"{'would change' if args.check else 'changed'}: "
          f"{'docs/tutorials.md' if new != doc else 'nothing'}")
    if not args.check and new != doc:
        DOC.write_text(new)
    return 1 if args.check and new != doc else 0


if __name__ == "__main__":
    sys.exit(main())
