"""Panel sessions cannot be chosen by the visitor (issue 12).

``ahoy-nb serve`` signs session ids with a secret made at start-up, and a page address
that names a session (``?bokeh-session-id=...``, made up or copied from someone else's
page) is sent to the same address without it: it opens a game of its own. Two browsers
given the same made-up id never share a game; bad address parameters are named on the page.
"""

from __future__ import annotations

import base64
import json
import re
import urllib.error
import urllib.request

import pytest

import browser_support as bs
from test_apps import click_action, wait_log_entry

MADE_UP = "madeUpSessionId0123456789abcdefghijklmnopqrstu"


@pytest.fixture(scope="module")
def serve(chromium, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("ahoy-sessions")
    env = bs._jupyter_env(tmp)
    env.pop("BOKEH_SECRET_KEY", None)
    yield from bs.serving(tmp, "--bot-delay", "0.2", env=env)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def _get(url: str):
    """(status, Location header or None, body) without following redirects."""
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(url, timeout=30) as r:
            return r.status, r.headers.get("Location"), r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Location"), e.read().decode("utf-8", "replace")


def _session_id(html_text: str) -> str:
    """The session id inside the page's (signed) session token."""
    token = re.search(r'"token"\s*:\s*"([^"]+)"', html_text).group(1)
    payload = token.split(".")[0]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))["session_id"]


def test_a_session_id_in_the_address_is_never_used(serve):
    status, where, _ = _get(f"{serve.url}?bokeh-session-id={MADE_UP}&players=2")
    assert status == 302 and where.endswith("/?players=2")
    status, _, page = _get(f"{serve.url}?players=2")
    assert status == 200
    real = _session_id(page)
    assert "." in real  # signed: id.signature
    # Even a real id, copied from another visitor's page, does not open that session.
    status, where, _ = _get(f"{serve.url}?bokeh-session-id={real}")
    assert status == 302 and "bokeh-session-id" not in where
    # The signature is checked where the id arrives without the page: a forged token
    # for the made-up id is refused.
    forged = base64.urlsafe_b64encode(json.dumps({"session_id": MADE_UP}).encode()).decode()
    status, _, _ = _get(f"{serve.url}autoload.js?bokeh-autoload-element=x&bokeh-absolute-url="
                        f"{serve.url}&bokeh-session-id={MADE_UP}&token={forged.rstrip('=')}.x")
    assert status in (400, 403), status


def test_two_browsers_given_the_same_made_up_id_never_share_a_game(serve, browser, screenshot):
    pages = []
    for _ in range(2):
        context = browser.new_context(viewport=bs.VIEWPORT)
        page = context.new_page()
        page.set_default_timeout(bs.WAIT_MS)
        page.goto(f"{serve.url}?bokeh-session-id={MADE_UP}&players=2&seed=5", timeout=bs.WAIT_MS)
        page.locator(".ahoy-bw .ahoy-svg [data-action]").first.wait_for(timeout=bs.WAIT_MS)
        assert "bokeh-session-id" not in page.url
        pages.append(page)
    a, b = pages
    ids = [_session_id(p.content()) for p in pages]
    assert ids[0] != ids[1] and MADE_UP not in ids
    notation = click_action(a, "body")
    assert wait_log_entry(a, "body", 1) == f"1. Bluefin: {notation}"
    # The other browser's game did not move.
    b.wait_for_timeout(1500)
    assert b.locator('.ahoy-log .ahoy-entry[data-i="1"]').count() == 0
    screenshot("panel_sessions_second_browser", target=b)
    for p in pages:
        p.context.close()


def test_bad_address_parameters_are_named_on_the_page(serve, page, screenshot):
    page.goto(f"{serve.url}?players=abc&bot_delay=nan&seed=1e9", timeout=bs.WAIT_MS)
    for words in ("The address's players=abc is not 2, 3 or 4",
                  "The address's bot_delay=nan is not a number of seconds",
                  "The address's seed=1e9 is not a whole number"):
        page.get_by_text(words).first.wait_for(timeout=bs.WAIT_MS)  # (Panel's shadow DOM)
    # The game still runs, with the defaults.
    page.locator(".ahoy-bw .ahoy-svg [data-action]").first.wait_for(timeout=bs.WAIT_MS)
    screenshot("panel_bad_parameters")
    page.goto(f"{serve.url}?people=%3Cimg%20src%3Dx%20onerror%3D%22window.pwned%3D1%22%3E",
              timeout=bs.WAIT_MS)
    page.get_by_text("The address's people=<img src=x").first.wait_for(timeout=bs.WAIT_MS)
    page.locator(".ahoy-bw .ahoy-svg [data-action]").first.wait_for(timeout=bs.WAIT_MS)
    assert page.evaluate("window.pwned === undefined")
