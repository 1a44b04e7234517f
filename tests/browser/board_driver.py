"""Playing the board as a person does: clicks on the picture only (a chooser, a gold
stepper or a warning opened by such a click included), never the side list."""

from __future__ import annotations

import time

import browser_support as bs

# What a person tries first on a turn: a die on Sail, a move on the map, the decisions
# the move asks (anchor, Patrol or not...), then End turn.
_PREFERENCES = (
    lambda n: n.startswith("start "),
    lambda n: n.startswith("sail ") and ">" not in n,
    lambda n: n.startswith("move "),
    lambda n: n.startswith("tile "),
    lambda n: n in ("anchor", "patrol", "no-patrol", "done", "hold", "harbor-none",
                    "no-comrades", "stay"),
    lambda n: n == "end",
)


def legal_on_page(board) -> list[str]:
    """The legal notations, read (not clicked) from the side list."""
    return [b.get_attribute("data-action") for b in board.locator(".ahoy-actions button.ahoy-action").all()]


def wait_idle(board, timeout: float = bs.WAIT_S) -> None:
    deadline = time.monotonic() + timeout
    while "ahoy-waiting" in (board.get_attribute("class") or "") and time.monotonic() < deadline:
        time.sleep(0.05)


def click_on_board(page, board, notation: str) -> int:
    """Click ``notation`` on the picture of ``board`` (a Playwright locator of
    ``.ahoy-bw``); return the number of clicks it took."""
    one = board.locator(f'.ahoy-svg [data-action="{notation}"]')
    if notation.startswith("tile "):
        # Pointing: the drawn tile snaps to the placement nearest the pointer.
        ghost = board.locator(f'.ahoy-svg g.ghost[data-action="{notation}"]').first
        bs.scroll_to(ghost)
        box = ghost.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.move(x, y)
        page.mouse.click(x, y)
        clicks = 1
    elif one.count():
        bs.scroll_to(one.first)
        one.first.click()
        clicks = 1
    else:
        several = board.locator(f".ahoy-svg [data-actions*='\"{notation}\"']")
        assert several.count(), f"{notation!r} is not on the board"
        bs.scroll_to(several.first)
        several.first.click()
        clicks = 2
        choice = board.locator(f'.ahoy-chooser [data-action="{notation}"]')
        # Spending gold on a die's value: step the value with + or -.
        for row in board.locator(".ahoy-chooser .ahoy-stepper").all():
            for sign in ("+", "−"):
                for _ in range(6):
                    if choice.count():
                        break
                    button = row.locator(f"button.ahoy-step-value:has-text('{sign}')")
                    if not button.count() or button.is_disabled():
                        break
                    button.click()
                    clicks += 1
        assert choice.count(), f"{notation!r} is not in the chooser"
        choice.first.click()
    go = board.locator(".ahoy-confirm:not([hidden]) .ahoy-go")
    if go.count():
        go.first.click()
        clicks += 1
    wait_idle(board)
    return clicks


def play_turn(page, board, faction: str, timeout: float = 120.0) -> tuple[int, list[str]]:
    """Play ``faction``'s next turn (from its first decision to End turn) by board clicks.
    Returns the clicks and the actions taken."""
    clicks, taken = 0, []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        wait_idle(board)
        if not board.locator(".ahoy-svg.ahoy-can-act").count():
            time.sleep(0.2)         # the bots are playing
            continue
        legal = legal_on_page(board)
        if not legal:
            time.sleep(0.2)
            continue
        pick = next((n for rule in _PREFERENCES for n in legal if rule(n)), legal[0])
        clicks += click_on_board(page, board, pick)
        taken.append(pick)
        if pick == "end":
            heads = board.locator(".ahoy-log .ahoy-entry-head").all_inner_texts()
            assert any(h.endswith(f"{faction}: end") for h in heads), heads[-3:]
            return clicks, taken
    raise AssertionError(f"no End turn within {timeout} s: {taken}")
