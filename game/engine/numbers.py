"""Numbers typed on a command line or sent over GTP: ASCII digits only, read in one place.

Python's own readers are too generous for that: ``int`` and ``float`` read
any Unicode digit (``'١'``, ``'१'`` and ``'１'`` are all 1), ``str.isdigit``
passes ``'²'``, which ``int`` then refuses with its own message, ``int``
refuses more than 4,300 digits with another, and ``float`` reads ``'nan'``,
``'inf'`` and ``'1_000'``. ``whole_number`` and ``decimal_number`` read the
digits 0-9 only (a sign first where the caller allows one), refuse a whole
number of more than ``MAX_DIGITS`` digits and a decimal one longer than
``MAX_DECIMAL_CHARS`` before Python's readers see them, and explain a refusal
in one line (``NumberError``). Spaces and tabs around the number are ignored.

>>> whole_number("42", "nodes", 1), decimal_number("0.5", "seconds", above=0.0)
(42, 0.5)
>>> whole_number("٣", "plies", 0)
Traceback (most recent call last):
...
game.engine.numbers.NumberError: must be a whole number of plies from 0 up, in the digits 0-9, not '\\u0663'
"""

from __future__ import annotations

import re

MAX_DIGITS = 20
"""A whole number has at most this many digits (leading zeros aside); a longer one is refused as too large."""
MAX_DECIMAL_CHARS = 40
"""A decimal number (``1.5``, ``2e3``) is at most this many characters long; a longer one is refused."""
SHOWN_CHARS = 20
"""How much of a refused text a message shows (escaped to ASCII, then ``...``)."""

_BLANK = " \t\n\r\f\v"
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


class NumberError(ValueError):
    """Text that is not a number the caller takes; the message is one line ending ``, not '...'``.

    ``reason`` is the message without the text it quotes (``must be a whole number of plies from 0 up``).
    """

    def __init__(self, reason: str, text: str) -> None:
        super().__init__(f"{reason}, not {shown(text)}")
        self.reason = reason


def shown(text: str) -> str:
    """``text`` quoted for a one-line message: escaped to ASCII and cut after ``SHOWN_CHARS`` characters.

    >>> shown("١٨"), shown("9" * 30)
    ("'\\\\u0661\\\\u0668'", "'99999999999999999999'...")
    """
    return ascii(text[:SHOWN_CHARS]) + ("..." if len(text) > SHOWN_CHARS else "")


def _digits_hint(text: str) -> str:
    """``', in the digits 0-9'`` when ``text`` holds digits other than ASCII's (``'٣'``, ``'１'``, ``'²'``)."""
    foreign = any(not ch.isascii() and ch.isnumeric() for ch in text)
    return ", in the digits 0-9" if foreign else ""


def _range(least: int | None, most: int | None) -> str:
    if least is not None and most is not None:
        return f" from {least} to {most}"
    if least is not None:
        return f" from {least} up"
    if most is not None:
        return f" up to {most}"
    return ""


def whole_number(text: str, what: str, least: int | None = None, most: int | None = None, *,
                 signs: str = "+-") -> int:
    """``text`` as a whole number of ``what`` (plural, or ``''``) from ``least`` to ``most`` (``None``: no bound).

    Only the digits 0-9, with one of ``signs`` first if any. More than
    ``MAX_DIGITS`` digits (leading zeros aside) is refused as too large, before
    ``int`` sees them; anything else is ``NumberError`` with the rule and the text.

    >>> whole_number("+007", "games", 1, 10_000), whole_number("-3", "pixels", -10, 10, signs="-")
    (7, -3)
    >>> whole_number("0", "nodes", 1)
    Traceback (most recent call last):
    ...
    game.engine.numbers.NumberError: must be a whole number of nodes from 1 up, not '0'
    """
    written = text.strip(_BLANK)
    sign = written[:1] if written[:1] in ("+", "-") and written[:1] in signs else ""
    digits = written[len(sign):]
    of = f" of {what}" if what else ""
    rule = f"must be a whole number{of}{_range(least, most)}"
    if not (digits and digits.isascii() and digits.isdigit()):
        raise NumberError(rule + _digits_hint(text), text)
    significant = digits.lstrip("0")
    if len(significant) > MAX_DIGITS:
        if sign == "-" and least is not None:
            raise NumberError(rule, text)  # far below the range, not too large
        raise NumberError(f"too large: {significant[:MAX_DIGITS]}... has {len(significant)} digits; give a whole"
                          f" number{of}{_range(least, most)}, of at most {MAX_DIGITS} digits", text)
    value = int(sign + (significant or "0"))
    if (least is not None and value < least) or (most is not None and value > most):
        raise NumberError(rule, text)
    return value


def decimal_number(text: str, what: str, *, above: float | None = None) -> float:
    """``text`` as a number of ``what`` (``1``, ``-2.5``, ``.5``, ``3e2``), more than ``above`` if given.

    Only the digits 0-9, a point, an exponent and signs: no ``nan``, ``inf`` or
    ``_``, and at most ``MAX_DECIMAL_CHARS`` characters. A number too large for
    a float (``1e999``) is ``inf``: a caller caps it (``game.ai.capped``) as it caps any large number.

    >>> decimal_number("1e3", "seconds", above=0.0), decimal_number("-.5", "seconds")
    (1000.0, -0.5)
    >>> decimal_number("nan", "seconds", above=0.0)
    Traceback (most recent call last):
    ...
    game.engine.numbers.NumberError: must be a number of seconds above 0, not 'nan'
    """
    written = text.strip(_BLANK)
    rule = f"must be a number of {what}" + ("" if above is None else f" above {above:g}")
    if len(written) > MAX_DECIMAL_CHARS:
        raise NumberError(f"{rule}, of at most {MAX_DECIMAL_CHARS} characters", text)
    if _DECIMAL.fullmatch(written) is None:
        raise NumberError(rule + _digits_hint(text), text)
    value = float(written)
    if above is not None and not value > above:
        raise NumberError(rule, text)
    return value
