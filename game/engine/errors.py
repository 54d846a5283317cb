"""Errors whose message can be shown in the player's language.

The engine and the records cannot translate (they import nothing of the game
above them), so their errors keep the English ``template`` with named
``{placeholders}`` and the ``params`` that fill it: ``str(exc)`` is the English
line (the command line, GTP and JSON show it), and the game shows
``game.i18n.translated(exc)``: the template in the player's language, filled
with the same params. The catalog tool finds the templates (the first literal
argument of every raise of these errors) with ``ast``.

>>> exc = ExplainedError("ply {ply}: {name} is not a square", ply=3, name="z9")
>>> str(exc), exc.template, exc.params
('ply 3: z9 is not a square', 'ply {ply}: {name} is not a square', {'ply': 3, 'name': 'z9'})
"""

from __future__ import annotations


class ExplainedError(ValueError):
    """A refusal with its English ``template`` and the ``params`` that fill it (``str()`` is the two together).

    A param may itself be such an error (a reason inside a reason): it is
    translated in its turn where the message is shown.
    """

    def __init__(self, template: str, /, **params: object) -> None:
        super().__init__(template.format(**params) if params else template)
        self.template = template
        self.params = params
