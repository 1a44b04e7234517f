"""axe-core in the browser tests (docs/accessibility.md): npm's ``axe-core`` at the
version ``tests/browser/axe/package-lock.json`` records (``./dev test`` installs it with
``npm ci``), its ``axe.min.js`` injected from disk, so nothing is fetched while the tests
run. A serious or critical violation fails; the counts per impact are printed."""

from __future__ import annotations

import json
from pathlib import Path

AXE = Path(__file__).with_name("axe") / "node_modules" / "axe-core" / "axe.min.js"
IMPACTS = ("critical", "serious", "moderate", "minor")


def axe_counts(page, name: str, context: str | None = None) -> dict:
    """Run axe-core on ``page`` (on the elements matching ``context`` only, when given:
    on a JupyterLab page the board is ours, the rest is JupyterLab's); the violations by
    impact, counted by element, printed with their rules. A serious or critical one
    fails."""
    assert AXE.is_file(), f"{AXE} is missing: ./dev test installs it (npm ci in tests/browser/axe)"
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        "async (context) => await axe.run(context ? {include: [[context]]} : document,"
        " {resultTypes: ['violations']})", context)
    counts = dict.fromkeys(IMPACTS, 0)
    rules = []
    for v in result["violations"]:
        counts[v["impact"] or "minor"] += len(v["nodes"])
        rules.append(f"{v['impact']}: {v['id']} ({len(v['nodes'])}): {v['help']}; "
                     + " | ".join(str(n["target"][-1]) for n in v["nodes"][:3]))
    print(f"axe {result['testEngine']['version']} on {name}: {json.dumps(counts)}")
    for line in rules:
        print("   ", line)
    bad = [r for r in rules if r.startswith(("serious", "critical"))]
    assert not bad, f"{name}:\n" + "\n".join(bad)
    return counts
