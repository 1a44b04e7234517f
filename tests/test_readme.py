"""The README's Python examples run as written: the front page can never be wrong.

Every ```python block of README.md runs, in order, in one namespace: a block written as
a session (``>>>``) is a doctest, its outputs and errors checked; another is run as code
(the widgets it makes are closed after). In a thread of its own: an event loop another
test left in this thread would make ``play()``'s bots wait for it.
"""

from __future__ import annotations

import doctest
import re
import threading
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def python_blocks(text: str) -> list[str]:
    return BLOCK.findall(text)


def run_blocks(blocks: list[str]) -> tuple[int, int, list]:
    """Run the blocks in one namespace: (doctest examples tried, failed, widgets made)."""
    import ipywidgets

    made: list = []
    before = ipywidgets.Widget._widget_construction_callback
    ipywidgets.Widget.on_widget_constructed(made.append)
    namespace: dict = {"__name__": "readme"}
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    parser = doctest.DocTestParser()
    try:
        for i, block in enumerate(blocks):
            if ">>>" in block:
                test = parser.get_doctest(block, namespace, f"README block {i + 1}",
                                          str(README), 0)
                runner.run(test, clear_globs=False)
            else:
                exec(compile(block, f"README block {i + 1}", "exec"), namespace)
    finally:
        ipywidgets.Widget.on_widget_constructed(before)
    result = runner.summarize(verbose=False)
    return result.attempted, result.failed, made


def test_a_wrong_example_fails():
    attempted, failed, _ = run_blocks([">>> 1 + 1\n3\n"])
    assert (attempted, failed) == (1, 1)


def test_the_readmes_python_blocks_run_as_written():
    blocks = python_blocks(README.read_text(encoding="utf-8"))
    assert len(blocks) >= 2 and any(">>>" in b for b in blocks)
    out: dict = {}

    def body():
        try:
            out["result"] = run_blocks(blocks)
        except BaseException as err:   # reported on the test's thread
            out["error"] = err

    thread = threading.Thread(target=body)
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    attempted, failed, made = out["result"]
    for widget in made:
        widget.close()
    assert attempted >= 6 and failed == 0, f"{failed} of {attempted} README examples failed"
