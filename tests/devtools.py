"""The project's DevTools client: Debian's chromium, headless, driven over ``--remote-debugging-pipe``.

Chromium reads protocol commands from its file descriptor 3 and writes
answers and events to 4, each one JSON object ended by a NUL byte: no
WebSocket, no package. ``Browser`` starts chromium and owns the pipe;
``Tab`` is one page in it (``Target.attachToTarget`` in flat mode), with what
the tests need: evaluate JavaScript, wait for a condition, real mouse and
keyboard input (``Input.dispatch*``, which the page receives as trusted
events), and the console's messages and uncaught errors.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

COMMAND_TIMEOUT_S = 120.0
"""A protocol command unanswered after this long fails the test (a hung page, a dead browser)."""


class DevToolsError(RuntimeError):
    """Chromium answered a command with an error, or did not answer in time."""


class Browser:
    """A headless chromium with its DevTools protocol on a pipe; ``close()`` ends it."""

    def __init__(self, executable: str, flags: list[str], profile: Path) -> None:
        to_chromium_read, self._to_chromium = os.pipe()
        self._from_chromium, from_chromium_write = os.pipe()
        self.process = subprocess.Popen(
            [executable, *flags, f"--user-data-dir={profile}", "--remote-debugging-pipe", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=False,
            preexec_fn=lambda: _as_descriptors_3_and_4(to_chromium_read, from_chromium_write),
        )
        os.close(to_chromium_read)
        os.close(from_chromium_write)
        self._next_id = 1
        self._lock = threading.Lock()
        self._answers: dict[int, dict[str, Any]] = {}
        self._answered = threading.Condition(self._lock)
        self.events: list[dict[str, Any]] = []
        """Every event chromium sent, in order (``method``, ``params``, ``sessionId``)."""
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        pending = b""
        while True:
            try:
                chunk = os.read(self._from_chromium, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                with self._answered:
                    self._answered.notify_all()
                return
            pending += chunk
            *messages, pending = pending.split(b"\0")
            with self._answered:
                for raw in messages:
                    message = json.loads(raw)
                    if "id" in message:
                        self._answers[message["id"]] = message
                    else:
                        self.events.append(message)
                self._answered.notify_all()

    def send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None,
             timeout_s: float = COMMAND_TIMEOUT_S) -> dict[str, Any]:
        """Send one command and wait for its answer's ``result``; an error answer raises ``DevToolsError``."""
        with self._lock:
            ident = self._next_id
            self._next_id += 1
        message: dict[str, Any] = {"id": ident, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        os.write(self._to_chromium, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout_s
        with self._answered:
            while ident not in self._answers:
                left = deadline - time.monotonic()
                if left <= 0 or self.process.poll() is not None:
                    raise DevToolsError(f"{method}: no answer from chromium")
                self._answered.wait(min(left, 1.0))
            answer = self._answers.pop(ident)
        if "error" in answer:
            raise DevToolsError(f"{method}: {answer['error'].get('message')} {answer['error'].get('data', '')}")
        result: dict[str, Any] = answer.get("result", {})
        return result

    def new_tab(self, width: int = 1280, height: int = 800, phone: bool = False) -> Tab:
        """A new page of ``width`` x ``height`` CSS pixels, attached, with its console and errors recorded.

        ``phone``: a mobile viewport with a touch screen (``Tab.tap`` and its kin give the input), as
        chromium's device emulation has it for a phone.
        """
        target = self.send("Target.createTarget", {"url": "about:blank", "newWindow": True})  # each visible
        session = self.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})["sessionId"]
        tab = Tab(self, session, target["targetId"], phone)
        for domain in ("Page", "Runtime", "Log"):
            tab.send(f"{domain}.enable")
        if phone:
            tab.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        tab.resize(width, height)
        return tab

    def close(self) -> None:
        """End chromium (asked first, then killed)."""
        with contextlib.suppress(DevToolsError, OSError):
            self.send("Browser.close", timeout_s=10)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=15)
        for descriptor in (self._to_chromium, self._from_chromium):
            with contextlib.suppress(OSError):
                os.close(descriptor)


def _as_descriptors_3_and_4(read_end: int, write_end: int) -> None:
    """In the child, before chromium starts: its protocol pipe on the descriptors it expects."""
    # first above the low numbers, so that placing one end never overwrites the other
    read_high = fcntl.fcntl(read_end, fcntl.F_DUPFD, 10)
    write_high = fcntl.fcntl(write_end, fcntl.F_DUPFD, 10)
    os.dup2(read_high, 3)  # dup2 leaves the copies inheritable
    os.dup2(write_high, 4)


class Tab:
    """One page of the browser, attached through its own session."""

    def __init__(self, browser: Browser, session: str, target: str, phone: bool = False) -> None:
        self.browser = browser
        self.session = session
        self.target = target
        self.phone = phone

    def resize(self, width: int, height: int) -> None:
        """The viewport becomes ``width`` x ``height`` CSS pixels (a phone turned round, a window resized)."""
        metrics: dict[str, Any] = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": self.phone}
        if self.phone:
            metrics["screenWidth"], metrics["screenHeight"] = width, height
            metrics["screenOrientation"] = ({"type": "portraitPrimary", "angle": 0} if height >= width
                                            else {"type": "landscapePrimary", "angle": 90})
        self.send("Emulation.setDeviceMetricsOverride", metrics)

    def send(self, method: str, params: dict[str, Any] | None = None,
             timeout_s: float = COMMAND_TIMEOUT_S) -> dict[str, Any]:
        """One protocol command in this page's session."""
        return self.browser.send(method, params, self.session, timeout_s)

    def navigate(self, url: str) -> None:
        """Load ``url`` (returns once the navigation has started)."""
        answer = self.send("Page.navigate", {"url": url})
        if answer.get("errorText"):
            raise DevToolsError(f"{url}: {answer['errorText']}")

    def bring_to_front(self) -> None:
        """Make this the visible tab: a hidden one gets no animation frames, so its game stands still."""
        self.send("Page.bringToFront")

    def close(self) -> None:
        """Close the tab."""
        self.browser.send("Target.closeTarget", {"targetId": self.target})

    def reload(self) -> None:
        """Reload the page, as the browser's reload button does."""
        self.send("Page.reload", {"ignoreCache": False})

    def evaluate(self, expression: str, timeout_s: float = COMMAND_TIMEOUT_S) -> Any:
        """The value of a JavaScript expression (promises awaited), as JSON gives it back."""
        answer = self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                                "returnByValue": True}, timeout_s)
        if "exceptionDetails" in answer:
            details = answer["exceptionDetails"]
            description = details.get("exception", {}).get("description") or details.get("text")
            raise DevToolsError(f"{expression[:80]!r} raised: {description}")
        return answer["result"].get("value")

    def wait_for(self, expression: str, timeout_s: float = 60.0, what: str = "",
                 failed: Callable[[], str | None] | None = None) -> Any:
        """Poll ``expression`` until it is truthy and return its value; fail after ``timeout_s``.

        ``failed`` is asked on every poll: a message from it ends the wait at once
        (the page has shown an error: no need to wait out the time).
        """
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                value = self.evaluate(expression)
            except DevToolsError as error:  # the page is navigating (a reload): ask the next one
                if "navigated" not in str(error) and "context" not in str(error):
                    raise
                value = None
            if value:
                return value
            problem = failed() if failed is not None else None
            if problem:
                raise AssertionError(f"while waiting for {what or expression}: {problem}")
            if time.monotonic() > deadline:
                raise AssertionError(f"still waiting after {timeout_s:.0f} s for {what or expression}")
            time.sleep(0.1)

    # -- input, as a person gives it ----------------------------------------------------------

    def click(self, x: float, y: float, button: str = "left") -> None:
        """Press and release a mouse button at page point (x, y) in CSS pixels."""
        self.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})
        for kind in ("mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": button, "clickCount": 1})

    def tap(self, x: float, y: float) -> None:
        """A finger touches page point (x, y) in CSS pixels and lifts (a phone's tap)."""
        self.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        self.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def drag(self, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
        """A finger put down at ``start``, moved in ``steps`` to ``end`` and lifted (a swipe)."""
        self.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1]}]})
        for step in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * step / steps
            y = start[1] + (end[1] - start[1]) * step / steps
            self.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        self.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def insert_text(self, text: str) -> None:
        """Type ``text`` into the focused field as a phone's keyboard does (no key events, text only)."""
        self.send("Input.insertText", {"text": text})

    def press(self, key: str, code: str, key_code: int, text: str = "") -> None:
        """Press and release one key (``key`` and ``code`` as the DOM names them, ``key_code`` its keyCode)."""
        base = {"key": key, "code": code, "windowsVirtualKeyCode": key_code, "nativeVirtualKeyCode": key_code}
        self.send("Input.dispatchKeyEvent", {"type": "keyDown" if text else "rawKeyDown", "text": text, **base})
        self.send("Input.dispatchKeyEvent", {"type": "keyUp", **base})

    # -- what the page said ---------------------------------------------------------------------

    def console(self) -> list[str]:
        """The page's console messages and uncaught exceptions so far, as text (``level: text``)."""
        lines: list[str] = []
        for event in list(self.browser.events):
            if event.get("sessionId") != self.session:
                continue
            params = event.get("params", {})
            if event["method"] == "Runtime.consoleAPICalled":
                text = " ".join(str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", []))
                lines.append(f"{params.get('type')}: {text}")
            elif event["method"] == "Runtime.exceptionThrown":
                details = params.get("exceptionDetails", {})
                thrown = details.get("exception", {}).get("description") or details.get("text")
                lines.append(f"exception: {thrown}")
        return lines
