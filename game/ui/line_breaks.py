"""Where a line of text may break besides between words: between Japanese and Chinese characters
(``split_ideographs``, with the kinsoku marks kept to the character before) and between the moves of
a transcript typed without spaces (``move_pieces``). Plain strings: no font is measured here.
"""

from __future__ import annotations

import re

_IDEOGRAPHIC = re.compile("[\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
                         "\uf900-\ufaff\uff00-\uffef]")
_NO_LINE_START = frozenset("、。，．・：；？！ー）」』】〕〉》”’…‥%ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
                           ",.!?:;)]")
"""Marks a line never starts with (Japanese kinsoku): they stay with the character before."""
_KATAKANA = re.compile("[\u30a0-\u30ff\u31f0-\u31ff\uff66-\uff9f]")
"""Katakana (with the long-vowel mark and the middle dot): a run of them is one loanword, not broken."""


_MOVE = re.compile("[a-hA-H][1-8]")


def move_pieces(word: str) -> list[str]:
    """``word`` cut before and after each move it holds, where a transcript's line may break (never inside a move).

    >>> move_pieces("f5d6c3"), move_pieces("1.F5"), move_pieces("B[F5]W[D6]")
    (['f5', 'd6', 'c3'], ['1.', 'F5'], ['B[', 'F5', ']W[', 'D6', ']'])
    """
    pieces: list[str] = []
    start = 0
    for found in _MOVE.finditer(word):
        if found.start() > start:
            pieces.append(word[start:found.start()])
        pieces.append(found.group())
        start = found.end()
    if start < len(word):
        pieces.append(word[start:])
    return pieces


def split_ideographs(word: str) -> list[str]:
    """``word`` cut between Japanese and Chinese characters, where a line may break without a space.

    A run of katakana (a loanword: エクスプローラー) stays whole, like a word written with spaces.

    >>> split_ideographs("石を打つ。"), split_ideographs("f5"), split_ideographs("Stein")
    (['石', 'を', '打', 'つ。'], ['f5'], ['Stein'])
    >>> split_ideographs("エクスプローラーを開く")
    ['エクスプローラー', 'を', '開', 'く']
    """
    if not _IDEOGRAPHIC.search(word):
        return [word]
    pieces: list[str] = []
    for character in word:
        joins = pieces and (character in _NO_LINE_START or not (
            _IDEOGRAPHIC.match(character) or _IDEOGRAPHIC.match(pieces[-1][-1]))
            or (_KATAKANA.match(character) is not None and _KATAKANA.match(pieces[-1][-1]) is not None))
        if joins:
            pieces[-1] += character
        else:
            pieces.append(character)
    return pieces
