"""Playing the board with the keyboard alone: Tab, Shift+Tab, the arrow keys, Enter and
Escape, as a person who uses no pointer does (docs/accessibility.md). No pointer event
is sent: the first focus is given with ``focus()``, as a person's Tab into the page would.

The board may be drawn inside a shadow root (Panel): what has the focus is read through
the shadow roots (:data:`ACTIVE`)."""

from __future__ import annotations

import json
import time

import browser_support as bs

# The element that has the focus, through shadow roots, as plain data.
ACTIVE = """() => {
  let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  if (!a) return null;
  const at = (n) => a.getAttribute(n);
  return {tag: a.tagName, action: at("data-action"), actions: at("data-actions"),
          space: at("data-space"), cls: at("class") || "", label: at("aria-label") || "",
          text: (a.textContent || "").trim().slice(0, 120),
          inChooser: !!a.closest(".ahoy-chooser, .ahoy-confirm"), inBoard: !!a.closest(".ahoy-bw")};
}"""


def active(page) -> dict | None:
    return page.evaluate(ACTIVE)


# Whether the focus is inside this board (a notebook may hold several: a Tab past the
# end of one lesson's board lands in the next lesson's).
_FOCUS_INSIDE = """(board) => {
  let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  for (let n = a; n; n = n.parentNode || n.host) if (n === board) return true;
  return false;
}"""


def _into(page, board) -> dict | None:
    """The focus, given to ``board`` first if it is elsewhere: where a person's Tab (or
    Shift+Tab) back into the board would land."""
    if not board.evaluate(_FOCUS_INSIDE):
        board.focus()
    return active(page)


def wait_idle(board, timeout: float = bs.WAIT_S) -> None:
    deadline = time.monotonic() + timeout
    while "ahoy-waiting" in (board.get_attribute("class") or "") and time.monotonic() < deadline:
        time.sleep(0.05)


def _space_of(notation: str) -> tuple[int, int] | None:
    words = notation.split()
    for word in reversed(words):
        bits = word.split(",")
        if len(bits) == 2 and all(b.lstrip("-").isdigit() for b in bits):
            return int(bits[0]), int(bits[1])
    return None


def _walk_map(page, notation: str, here: dict, limit: int = 40) -> bool:
    """From a space of the map, the arrow keys to the space that takes ``notation``."""
    goal = _space_of(notation)
    for _ in range(limit):
        if here and here.get("action") == notation:
            return True
        if not here or not here.get("space") or goal is None:
            return False
        x, y = map(int, here["space"].split(","))
        key = ("ArrowRight" if goal[0] > x else "ArrowLeft" if goal[0] < x else
               "ArrowDown" if goal[1] > y else "ArrowUp" if goal[1] < y else None)
        if key is None:
            return here.get("action") == notation
        page.keyboard.press(key)
        moved = active(page)
        if moved and moved.get("space") == here.get("space"):
            return False    # no space that way (a hole in the map): Tab on instead
        here = moved
    return False


def take(page, board, notation: str, most_tabs: int = 400) -> int:
    """Take ``notation`` with the keyboard: Tab until the thing that takes it has the
    focus (an element of the picture, a space of the map reached with the arrow keys, an
    element with several actions whose chooser holds it, or its button in the list of
    actions), then Enter (and Enter again on a warning). Returns the keys pressed."""
    keys = 0
    here = _into(page, board)
    on_map = board.locator(f'.ahoy-part-map [data-space][data-action="{notation}"]').count() > 0
    tried_map = False
    for _ in range(most_tabs):
        if here and here.get("action") == notation and not here.get("inChooser"):
            break
        if here and here.get("space") and on_map and not tried_map:
            tried_map = True
            if _walk_map(page, notation, here):
                here = active(page)
                break
        several = json.loads(here["actions"]) if here and here.get("actions") else []
        if notation in several:
            page.keyboard.press("Enter")
            keys += 1
            for _ in range(60):          # the chooser took the focus: Tab to the choice
                here = active(page)
                if here and here.get("action") == notation:
                    break
                page.keyboard.press("Tab")
                keys += 1
            break
        page.keyboard.press("Tab")
        keys += 1
        here = _into(page, board)
    else:
        raise AssertionError(f"{notation!r} not reached in {most_tabs} Tabs")
    assert here and here.get("action") == notation, (notation, here)
    page.keyboard.press("Enter")
    keys += 1
    time.sleep(0.05)
    go = board.locator(".ahoy-confirm:not([hidden]) .ahoy-go")
    if go.count():                        # a warning first: its button has the focus
        assert (active(page) or {}).get("cls", "").find("ahoy-go") >= 0
        page.keyboard.press("Enter")
        keys += 1
    wait_idle(board)
    return keys


def press(page, board, name: str, most_tabs: int = 300) -> int:
    """Press the button whose words are ``name`` with the keyboard: Tab until it has the
    focus, then Enter. Returns the keys pressed."""
    keys = 0
    here = _into(page, board)
    while not (here and here["tag"] == "BUTTON" and here["text"] == name):
        assert keys < most_tabs, f"no button {name!r} in {most_tabs} Tabs"
        page.keyboard.press("Tab")
        keys += 1
        here = _into(page, board)
    page.keyboard.press("Enter")
    wait_idle(board)
    return keys + 1
