r"""How a value the build is given (the title, the runtime's address, the app's name) is written into the page.

One function per context the template puts a value in, and no value goes in
any other way (``build.fill_page_values``):

* ``html_text``: between tags (``<title>``, ``<h1>``);
* ``html_attribute``: inside a double-quoted attribute value;
* ``js_string`` and ``python_string``: inside a double-quoted string literal
  of the page's JavaScript or of its Python boot code. Both sit in a
  ``<script>`` element, which ends at the first ``</script`` whatever the
  language's quotes say, and whose ``<!--`` changes how the HTML parser
  reads the rest: so ``<`` and ``>`` are escaped too, and every character
  outside printable ASCII, so that no line break or invisible character
  ends up in code.

Each returns the text to put between the quotes (or tags) the template
already has.

>>> hostile = 'a"b\\</script><!--\n\u2028é'
>>> print(js_string(hostile))
a\"b\\\u003c/script\u003e\u003c!--\n\u2028\u00e9
>>> print(python_string(hostile))
a\x22b\\\x3c/script\x3e\x3c!--\n\u2028\xe9
>>> print(html_attribute('a"b</p>'), html_text('a"b</p>'))
a&quot;b&lt;/p&gt; a"b&lt;/p&gt;
"""

from __future__ import annotations

import html
import json

_PYTHON_KEPT = frozenset(chr(code) for code in range(0x20, 0x7F)) - set("\\\"'<>&")
"""The characters ``python_string`` writes as they are: printable ASCII but quotes, backslash, ``<``, ``>``, ``&``."""


def html_text(value: str) -> str:
    r"""``value`` as HTML text between tags: ``&``, ``<`` and ``>`` escaped.

    >>> print(html_text("Tom & Jerry <3"))
    Tom &amp; Jerry &lt;3
    """
    return html.escape(value, quote=False)


def html_attribute(value: str) -> str:
    r"""``value`` inside a quoted HTML attribute value (double or single quotes): ``&<>"'`` escaped.

    >>> print(html_attribute('say "hi" & \'bye\''))
    say &quot;hi&quot; &amp; &#x27;bye&#x27;
    """
    return html.escape(value, quote=True)


def js_string(value: str) -> str:
    r"""``value`` inside a double-quoted JavaScript string in a ``<script>`` element: ASCII, no ``<`` or ``>``.

    >>> print(js_string('https://x.org/a"b</x>/'))
    https://x.org/a\"b\u003c/x\u003e/
    """
    return (json.dumps(value, ensure_ascii=True)[1:-1]
            .replace("<", "\\u003c").replace(">", "\\u003e").replace("'", "\\u0027"))


def python_string(value: str) -> str:
    r"""``value`` inside a double-quoted Python string in a ``<script>`` element: ASCII, no ``<``, ``>`` or quote.

    >>> print(python_string('a"b\\c\n😀'))
    a\x22b\\c\n\U0001f600
    """
    out = []
    for char in value:
        code = ord(char)
        if char in _PYTHON_KEPT:
            out.append(char)
        elif char == "\\":
            out.append("\\\\")
        elif char == "\n":
            out.append("\\n")
        elif code < 0x100:
            out.append(f"\\x{code:02x}")
        elif code < 0x10000:
            out.append(f"\\u{code:04x}")
        else:
            out.append(f"\\U{code:08x}")
    return "".join(out)
