"""The event loop a widget schedules on: the kernel's, or the page's in the browser.

>>> import threading
>>> found = []
>>> script = threading.Thread(target=lambda: found.append(running_loop()))
>>> script.start(); script.join()
>>> found                     # a plain script (here: a fresh thread) has none
[None]
"""

from __future__ import annotations

import asyncio
import sys


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop, or ``None`` where there is none (a script, a test).

    In the browser (Pyodide, JupyterLite) there are no threads, but the page's event
    loop (WebLoop) is always there: work is scheduled on it, never in a thread.
    """
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.get_event_loop() if sys.platform == "emscripten" else None
