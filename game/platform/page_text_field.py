"""A text field of the page's laid over part of the canvas, so that touch screens get their keyboard.

The game draws its own text boxes; a phone shows its keyboard only for a
field of the page's. Where the main pointer is coarse (a finger) the
transcript, editor and library boxes put an HTML text area over themselves
and trade their text with it each frame. Everything else about the page goes
through ``game.platform.browser``; on the desktop every method does nothing.
"""

from __future__ import annotations

import contextlib
import json

from game.platform import browser

_TEXT_FIELD_JS = """
window.othello_text = window.othello_text || {
  field: null, last: "", box: null,
  place: function () {
    var canvas = document.getElementById("canvas"), box = this.box, field = this.field;
    if (!canvas || !box || !field) return;
    var r = canvas.getBoundingClientRect();
    field.style.left = (r.left + box[0] * r.width) + "px";
    field.style.top = (r.top + box[1] * r.height) + "px";
    field.style.width = (box[2] * r.width) + "px";
    field.style.height = (box[3] * r.height) + "px";
    field.style.fontSize = Math.max(16, Math.round(r.height * 0.024)) + "px";
  },
  open: function (box, text, placeholder) {
    var self = this;
    if (!this.field) {
      var field = document.createElement("textarea");
      field.id = "othello-text";
      field.setAttribute("autocapitalize", "none");
      field.setAttribute("autocomplete", "off");
      field.setAttribute("spellcheck", "false");
      field.style.cssText = "position:fixed;z-index:8;box-sizing:border-box;margin:0;padding:10px 12px;" +
        "border:2px solid #e0b048;border-radius:8px;background:#1d2825;color:#ecf0ec;" +
        "font-family:'DejaVu Sans',sans-serif;resize:none;outline:none;";
      // keys typed here are the field's: the game must not see them a second time
      ["keydown", "keyup", "keypress"].forEach(function (kind) {
        field.addEventListener(kind, function (event) {
          event.stopPropagation();
          if (kind === "keydown" && event.key === "Escape") field.blur();
        });
      });
      document.body.appendChild(field);
      window.addEventListener("resize", function () { setTimeout(function () { self.place(); }, 150); });
      this.field = field;
    }
    this.box = box;
    this.field.placeholder = placeholder;
    this.field.value = this.last = text;
    this.field.hidden = false;
    this.place();
    return 1;
  },
  sync: function (text) {
    if (!this.field || this.field.hidden) return null;
    if (this.field.value !== this.last) { this.last = this.field.value; return this.last; }
    if (text !== this.last) { this.field.value = this.last = text; }
    return null;
  },
  close: function () {
    if (this.field) { this.field.blur(); this.field.hidden = true; }
    return 1;
  }
};
"""

_TOUCH_JS = "(window.matchMedia && window.matchMedia('(pointer: coarse)').matches) ? 1 : 0"


class PageTextField:
    """An HTML text box laid over part of the canvas, so that touch screens get their keyboard.

    Only where the main pointer is coarse (a finger): elsewhere the game's
    own box takes the keys. ``box`` is the field's rectangle as fractions
    of the canvas (x, y, width, height). ``sync(text)`` is called every
    frame with the game's text: it returns what the player typed there, if
    that changed, else copies the game's text (after Clear or Paste) into it.
    Everywhere but a touch browser, every method does nothing.
    """

    def __init__(self) -> None:
        self.active = False
        if browser.IS_BROWSER:
            try:
                self.active = bool(int(browser._run_js(_TOUCH_JS)))
            except Exception:
                self.active = False

    def open(self, box: tuple[float, float, float, float], text: str, placeholder: str) -> None:
        """Show the field over ``box`` holding ``text``."""
        if self.active:
            try:
                browser._run_js(_TEXT_FIELD_JS + f"window.othello_text.open({json.dumps(box)}, "
                                f"{json.dumps(text)}, {json.dumps(placeholder)})")
            except Exception:  # the game's own box still works with a keyboard
                self.active = False

    def sync(self, text: str) -> str | None:
        """The field's text if the player changed it since the last call, else ``None``."""
        if not self.active:
            return None
        try:
            typed = browser._run_js(f"window.othello_text.sync({json.dumps(text)})")
        except Exception:
            return None
        return None if typed is None else str(typed)

    def close(self) -> None:
        """Hide the field."""
        if self.active:
            with contextlib.suppress(Exception):
                browser._run_js("window.othello_text && window.othello_text.close()")
