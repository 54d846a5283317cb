"""JSON documents on a key -> text store (``game.platform.storage``), a damaged one set aside.

``JsonDocuments`` reads and writes JSON values under keys. A value that
cannot be read (bad bytes, bad JSON, too big or too deep, the wrong shape,
whatever the exception) is set aside under ``<key>.corrupt-<date>-<time>``
(the bytes as they were; a second one never replaces the first) with a
message for the player, and the caller gets ``None`` and goes on.

This module imports nothing from pygame.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

from game.i18n import _
from game.platform.storage import MAX_DOCUMENT_CHARS, Storage, StoredDataError

T = TypeVar("T")

MAX_NESTING = 16
"""The deepest nesting of JSON arrays and objects read (the game's own go three deep)."""

MAX_ASIDE_TRIES = 100
"""The most names tried for a set-aside copy (``<key>.corrupt-<date>-<time>``, ``-2``...) before giving up."""

MAX_NUMBER_DIGITS = 30
"""A lenient document's whole numbers with more digits than this are ``Unreadable`` (the game's are a few digits)."""


class Unreadable:
    """A number a lenient document holds that the game cannot (``NaN``, ``1e400``, thousands of digits).

    It stands where the number stood, so the part that holds it can be refused alone (and kept, as
    ``text``, the number's own text: ``JsonDocuments.save`` writes it back as a string).
    """

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text if len(text) <= 40 else text[:40] + "..."

    def __repr__(self) -> str:
        return self.text


def decode_document(text: str, lenient_numbers: bool = False) -> Any:
    """The JSON value in ``text``; ``ValueError`` if too long, nested too deep, not JSON or not finite.

    The size and depth are checked before the JSON parser runs, so a hostile
    file costs linear time and never recurses deeply (a small stack, as in
    the browser, must not overflow). ``lenient_numbers``: a number that is not
    finite, or has more than ``MAX_NUMBER_DIGITS`` digits, becomes an ``Unreadable``
    instead of refusing the whole document.

    >>> decode_document('[NaN, 1e400, 2.5, 7]', lenient_numbers=True)
    [NaN, 1e400, 2.5, 7]
    """
    if len(text) > MAX_DOCUMENT_CHARS:
        raise ValueError(f"it is larger than {MAX_DOCUMENT_CHARS} characters")
    if text.count("[") + text.count("{") > MAX_NESTING:
        _check_nesting(text)
    if lenient_numbers:
        return json.loads(text, parse_constant=Unreadable, parse_float=_float_or_unreadable,
                          parse_int=_int_or_unreadable)
    return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)


def _float_or_unreadable(text: str) -> float | Unreadable:
    value = float(text)
    return value if math.isfinite(value) else Unreadable(text)


def _int_or_unreadable(text: str) -> int | Unreadable:
    return int(text) if len(text.lstrip("-")) <= MAX_NUMBER_DIGITS else Unreadable(text)


def _unreadable_text(value: object) -> str:
    """How ``json.dumps`` writes an ``Unreadable`` back: its text, as a string."""
    if isinstance(value, Unreadable):
        return value.text
    raise TypeError(f"{type(value).__name__} cannot be stored")


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number JSON allows")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:20]} is out of range")
    return value


def _check_nesting(text: str) -> None:
    """``ValueError`` if arrays and objects (outside strings) nest deeper than ``MAX_NESTING``."""
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_NESTING:
                raise ValueError(f"it nests deeper than {MAX_NESTING} levels")
        elif char in "]}":
            depth -= 1


class JsonDocuments:
    """JSON values stored under keys, with corrupt values set aside instead of crashing.

    Every problem becomes a line for the player and the caller carries on
    with ``None`` or its default. The lines wait in ``messages`` until someone
    takes them (``take_messages``) or a ``report`` is given (``report_to``):
    from then on each goes to it as soon as it is said.
    """

    def __init__(self, storage: Storage, clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.messages: list[str] = []
        self.clock = clock
        self._report: Callable[[list[str]], None] | None = None

    def report_to(self, report: Callable[[list[str]], None]) -> None:
        """Hand every message to ``report`` from now on, starting with those waiting."""
        self._report = report
        self._pass_on()

    def tell(self, message: str) -> None:
        """Say ``message`` to the player (at once if there is a ``report``, else when the messages are taken)."""
        self.messages.append(message)
        self._pass_on()

    def _pass_on(self) -> None:
        if self._report is not None and self.messages:
            self._report(self.take_messages())

    def load(self, key: str, parse: Callable[[Any], T], what: str, lenient_numbers: bool = False) -> T | None:
        """The value under ``key`` passed through ``parse``, or ``None``.

        ``parse`` turns decoded JSON into the caller's object and raises for a
        wrong shape. ``lenient_numbers``: numbers the game cannot hold reach ``parse``
        as ``Unreadable`` (so it can set aside the part holding one) instead of
        failing the whole document. A value that fails, with any exception, is set aside under
        a new ``<key>.corrupt-...`` key and a message naming ``what`` (e.g.
        "saved game") is added.
        """
        try:
            text = self.storage.read(key)
        except StoredDataError as exc:
            self._set_aside(key, None, what, exc)
            return None
        except Exception as exc:  # a backend failure must not stop the game
            self.tell(_("Could not read your {what} ({error}); starting without it.").format(
                what=_(what), error=_one_line(exc)))
            return None
        if text is None:
            return None
        try:
            return parse(decode_document(text, lenient_numbers))
        except Exception as exc:  # whatever a damaged document raises, play goes on without it
            self._set_aside(key, text, what, exc)
            return None

    def save(self, key: str, value: Any, what: str) -> bool:
        """Store ``value`` as JSON under ``key``; ``False`` (and a message) if the store refused."""
        try:
            self.storage.write(key, json.dumps(value, indent=1, sort_keys=True, default=_unreadable_text))
        except Exception as exc:
            self.tell(_("Could not save your {what}: {error}").format(what=_(what), error=_one_line(exc)))
            return False
        notice = self.store_notice()
        if notice:
            self.tell(notice)
        return True

    def store_notice(self) -> str | None:
        """What the store says once about itself (the page keeps nothing, or its saves moved to memory), or ``None``.

        Only the browser's stores have one (``game.platform.web_storage``); the others have nothing to say.
        """
        take_notice = getattr(self.storage, "take_notice", None)
        notice = take_notice() if take_notice is not None else None
        return str(notice) if notice else None

    def delete(self, key: str) -> None:
        """Remove ``key``; failures are reported, not raised."""
        try:
            self.storage.delete(key)
        except Exception as exc:
            self.tell(_("Could not remove old data ({key}): {error}").format(key=key, error=_one_line(exc)))

    def take_messages(self) -> list[str]:
        """The messages gathered so far, emptied."""
        taken, self.messages = self.messages, []
        return taken

    def aside_key(self, key: str) -> str:
        """A key no set-aside copy uses yet: ``<key>.corrupt-YYYYMMDD-HHMMSS``, then ``-2``, ``-3``...

        At most ``MAX_ASIDE_TRIES`` names are tried: a store that answers every
        one as taken, or fails to answer (revoked in the middle of a session),
        gives ``StoredDataError`` instead of a search without end.
        """
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self.clock()))
        base = f"{key}.corrupt-{stamp}"
        for number in range(1, MAX_ASIDE_TRIES + 1):
            candidate = base if number == 1 else f"{base}-{number}"
            if not self._exists(candidate):
                return candidate
        raise StoredDataError(f"no free name to keep it under ({MAX_ASIDE_TRIES} tried)")

    def _exists(self, key: str) -> bool:
        exists = getattr(self.storage, "exists", None)
        try:
            return bool(exists(key)) if exists is not None else self.storage.read(key) is not None
        except Exception:  # unreadable means it is there
            return True

    def _set_aside(self, key: str, text: str | None, what: str, exc: Exception) -> None:
        """Keep the bad value under a new key, as it was, and tell the player."""
        try:
            aside = self.aside_key(key)
            set_aside = getattr(self.storage, "set_aside", None)
            if set_aside is not None:
                set_aside(key, aside)  # the original bytes, whatever they are
            elif text is not None:
                self.storage.write(aside, text)
                self.storage.delete(key)
            else:
                raise OSError("nothing to copy")
            where = _("It was set aside as '{name}'.").format(name=self._file_name(aside) or aside)
        except Exception as failure:  # the store is failing too: say the bad copy was not kept
            where = _("It could not be kept ({error}).").format(error=_one_line(failure))
        subject = self._file_name(key) or _("the copy kept")  # the browser's storage has no files to name
        self.tell(_("Your {what} could not be read: {subject} {problem}. {where} Starting afresh.").format(
            what=_(what), subject=subject, problem=what_is_wrong(exc), where=where))

    def _file_name(self, key: str) -> str | None:
        """The name of ``key``'s file as the player sees it (``settings.json``), or ``None`` in a store of no files."""
        file_name = getattr(self.storage, "file_name", None)
        try:
            return str(file_name(key)) if file_name is not None else None
        except Exception:
            return None


def what_is_wrong(exc: BaseException) -> str:
    """What is wrong with a stored document, in words, to follow its name ("settings.json is empty").

    Not the JSON parser's own text ("Expecting value: line 1 column 1 (char 0)").

    >>> what_is_wrong(_json_error("{not json"))
    'is damaged at line 1, character 2 (not the text the game writes)'
    >>> what_is_wrong(_json_error('{"sound": true')), what_is_wrong(_json_error(" "))
    ('breaks off before its end', 'is empty')
    >>> what_is_wrong(KeyError("moves")), what_is_wrong(ValueError("ply 2: f5 is not a legal move."))
    ("lacks its 'moves'", 'does not make sense to the game (ply 2: f5 is not a legal move)')
    >>> what_is_wrong(StoredDataError("the file is not UTF-8 text (byte 3)"))
    'is not UTF-8 text (byte 3)'
    """
    if isinstance(exc, json.JSONDecodeError):
        if not exc.doc.strip():
            return _("is empty")
        if exc.pos >= len(exc.doc.rstrip()):
            return _("breaks off before its end")
        return _("is damaged at line {line}, character {column} (not the text the game writes)").format(
            line=exc.lineno, column=exc.colno)
    if isinstance(exc, KeyError) and exc.args:
        return _("lacks its {name}").format(name=repr(str(exc.args[0])[:40]))
    said = _one_line(exc).rstrip(".")
    for subject in ("the file ", "it "):  # the game's own words about the whole file: "it nests deeper than 16 levels"
        if isinstance(exc, ValueError) and said.startswith(subject):
            return said.removeprefix(subject)
    if isinstance(exc, StoredDataError):
        return _("cannot be used: {reason}").format(reason=said)
    if isinstance(exc, ValueError):
        return _("does not make sense to the game ({reason})").format(reason=said)
    return _("does not hold what the game keeps there")


def _json_error(text: str) -> json.JSONDecodeError:
    """The error the JSON parser gives for ``text`` (for the examples above)."""
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        return exc
    raise AssertionError("valid JSON")


def _one_line(exc: BaseException, limit: int = 120) -> str:
    """An exception as one short line for the player."""
    lines = str(exc).splitlines()
    text = lines[0] if lines and lines[0] else type(exc).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."
