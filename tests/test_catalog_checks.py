"""A catalog is checked when it loads: its plural rule, each translation's placeholders, the file it is read from.

A damaged or hostile catalog must never reach a screen as a crash: a plural
rule that divides by zero refuses the catalog (the game speaks English, with
the message a bad charset gets); a translation with placeholders its English
text lacks is dropped alone (the English shows), with one message; a named
pipe in a catalog's place is refused without being opened for a blocking read.
"""

from __future__ import annotations

import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import i18n
from game.platform.storage import MemoryStorage

HEADER = "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n"


def compiled(entries: dict[str, str], header: str = HEADER) -> bytes:
    """A ``.mo`` file holding ``entries`` (original: translation; NUL joins plural forms, EOT a context)."""
    items = sorted({"": header, **entries}.items(), key=lambda item: item[0].encode())
    originals = [key.encode() for key, _ in items]
    translations = [value.encode() for _, value in items]
    count = len(items)
    tables = 28 + 16 * count
    data = b""
    places: list[tuple[int, int]] = []
    for text in originals + translations:
        places.append((len(text), tables + len(data)))
        data += text + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, count, 28, 28 + 8 * count, 0, 0)
    return head + b"".join(struct.pack("<2I", *place) for place in places) + data


def test_the_writer_makes_catalogs_gettext_reads() -> None:
    catalog = i18n.parse_catalog(compiled({"Pass": "Passe", "{n} move\0{n} moves": "{n} coup\0{n} coups"}), "fr")
    assert catalog.gettext("Pass") == "Passe" and catalog.ngettext("{n} move", "{n} moves", 3) == "{n} coups"
    assert catalog.dropped == ()


@pytest.mark.parametrize("rule", ["n/0", "n%0", "(n == 1) ? 0 : n / (n - n)", "n", "n + 2"])
def test_a_plural_rule_that_fails_or_names_no_form_refuses_the_catalog(rule: str) -> None:
    header = HEADER.replace("(n != 1)", rule)
    with pytest.raises(i18n.CatalogError, match="Français catalog's plural rule"):
        i18n.parse_catalog(compiled({"Pass": "Passe"}, header), "fr")


def test_the_games_own_catalogs_pass_every_check() -> None:
    for code in i18n.LANGUAGES:
        if code != i18n.SOURCE_LANGUAGE:
            assert i18n.read_catalog(code).dropped == (), code


@pytest.mark.parametrize("foreign", ["{nope} moves", "{0} moves", "a lone { brace", "{n!z}", "{n:zz}", "{} moves"])
def test_a_translation_with_foreign_placeholders_is_dropped_alone(foreign: str) -> None:
    entries = {"{n} moves left": foreign, "Pass": "Passe", "{n} disc\0{n} discs": "{n} pion\0" + foreign,
               "board\x04{square} is taken": foreign}
    catalog = i18n.parse_catalog(compiled(entries), "fr")
    assert catalog.gettext("Pass") == "Passe"  # the sound translations stay
    assert catalog.gettext("{n} moves left").format(n=3) == "3 moves left"  # the English, which fills
    assert catalog.ngettext("{n} disc", "{n} discs", 1).format(n=1) == "1 disc"  # both forms go together
    assert catalog.pgettext("board", "{square} is taken").format(square="d3") == "d3 is taken"
    assert sorted(catalog.dropped) == ["{n} disc", "{n} moves left", "{square} is taken"]


def test_a_translation_may_leave_out_a_placeholder_and_use_the_plural_text_s() -> None:
    entries = {"One move\0{n} moves": "Un coup\0{n} coups", "{black} beat {white}": "{black} a gagné"}
    assert i18n.parse_catalog(compiled(entries), "fr").dropped == ()


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="{}!:0n xs.[]", max_size=12))
def test_whatever_a_translation_holds_the_shown_text_fills_without_error(translation: str) -> None:
    catalog = i18n.parse_catalog(compiled({"{n} moves": translation or "x"}), "de")
    assert isinstance(catalog.gettext("{n} moves").format(n=2), str)


def test_a_dropped_translation_is_told_once_and_a_bad_plural_rule_speaks_english(player_factory, monkeypatch,
                                                                                  tmp_path: Path) -> None:
    french = i18n.catalog_path("fr").read_bytes()
    rule = b"plural=(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;"
    assert rule in french
    locale = tmp_path / "locale"
    locale.mkdir()
    monkeypatch.setattr(i18n, "LOCALE_DIR", locale)
    # a whole French catalog whose "Pass" lost its placeholder shape: everything else is French
    table = {"Pass": "Passe {0}", "Settings": "Paramètres"}
    (locale / "fr.mo").write_bytes(compiled(table))
    player = player_factory(MemoryStorage())
    ctx = player.app.ctx
    assert ctx.languages.choose("fr") and i18n.language() == "fr"
    assert i18n._("Pass") == "Pass" and i18n._("Settings") == "Paramètres"
    told = [toast.message for toast in ctx.toasts if toast.error]
    assert told == ["Some Français texts could not be read; they show in English."]  # its own text was dropped too
    assert ctx.languages.choose("en") and ctx.languages.choose("fr")
    assert [toast.message for toast in ctx.toasts if toast.error] == told  # once

    (locale / "fr.mo").write_bytes(french.replace(rule, b"plural=n/0;".ljust(len(rule))))
    assert ctx.languages.choose("en") and not ctx.languages.choose("fr")
    assert i18n.language() == "en"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_in_a_catalogs_place_is_refused_at_once(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fr.mo")
    # LOCALE_DIR is pointed at the pipe's folder: the reader must refuse the pipe, not wait on it
    script = ("import sys; from pathlib import Path; from game import i18n\n"
              "i18n.LOCALE_DIR = Path(sys.argv[1])\n"
              "try:\n    i18n.read_catalog('fr')\n"
              "except i18n.CatalogError as exc:\n    print(exc)\n")
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, timeout=30)
    assert "Français catalog cannot be read (not a regular file (a named pipe))" in done.stdout, done.stderr
