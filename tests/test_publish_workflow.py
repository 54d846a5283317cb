"""The Pages workflow publishes what the project's own commands build, with every runtime file pinned.

Each ``python -m game.web`` line a step runs is one the command line takes (``game.web.__main__``'s parser),
and the build is pinned (``--runtime-files``) to the copy of pygbag's runtime the step before it fetched
(issue 48, item 7: CPython's ``main.js``, ``main.wasm`` and ``main.data`` are learnt where there is network).
"""

from __future__ import annotations

import argparse
import re
import shlex
from pathlib import Path

from game.web.__main__ import _parser
from game.web.build import DEFAULT_CDN

WORKFLOW = Path(__file__).resolve().parents[1] / ".github" / "workflows" / "pages.yml"
EXPRESSION = re.compile(r"\$\{\{[^}]*\}\}")
"""A GitHub expression (``${{ steps.pages.outputs.base_url }}``), which the runner fills in."""


def web_commands() -> list[argparse.Namespace]:
    """Each ``python -m game.web …`` a step runs, in order, as the command line parses it (an expression stands
    for the address it gives)."""
    commands = []
    for line in WORKFLOW.read_text(encoding="utf-8").splitlines():
        run = line.strip().removeprefix("run: ")
        if run.startswith("python -m game.web "):
            words = shlex.split(EXPRESSION.sub("https://owner.github.io/othello", run))
            commands.append(_parser().parse_args(words[3:]))
    return commands


def test_the_pages_workflow_builds_pinned_to_the_runtime_it_fetched_just_before() -> None:
    commands = [args.command for args in web_commands()]
    assert commands == ["fetch-runtime", "build"]
    fetch, build = web_commands()
    assert fetch.cdn == DEFAULT_CDN and build.cdn is None  # the page's runtime is the one fetched
    assert build.runtime_files == fetch.folder and build.archive and build.share_base
