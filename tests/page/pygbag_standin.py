"""What pygbag 0.9.3 gives Python before the page's boot code and ``main.py`` run, stood in for on Pyodide.

Run by ``tests/page/pyodide_loader.js`` (the harness's stand-in for pygbag's
``pythons.js``) before the page template's Python block. Each piece names the
pygbag behaviour it stands in for (``cpythonrc.py`` and ``pythons.js`` of
pygbag 0.9.3, in ``../shared/runtime/pygbag-0.9.3/``). The game itself knows
nothing of this file: it sees what it would see under pygbag.
"""

import asyncio
import builtins
import json
import os
import platform
import re
import sys
import sysconfig
import tempfile
import tomllib
import types
import zipfile
from contextlib import asynccontextmanager
from pathlib import Path

import js
from pyodide.ffi import create_once_callable, to_js

# pygbag: `platform.window` is the page's JavaScript window, and JavaScript null arrives as None
# (Pyodide 0.27's `js` module gives the same answers)
platform.window = js

# pygbag (cpythonrc.py 199-259, 979): builtins.PyConfig, a namespace made from pythons.js's vm.PyConfig.
# orig_argv holds the query's `&`-separated parts; the harness passes none, so no query reaches Python.
builtins.PyConfig = types.SimpleNamespace(
    orig_argv=[], dev_mode=0, interactive=0, executable=sys.executable, imports_ready=False, pygbag=0,
    user_site_directory=0, config=js.config,
)


# pygbag: asyncio.run(coro) inside its running loop schedules the coroutine instead of refusing
def _schedule(main, *, debug=None):  # noqa: ARG001 - asyncio.run's signature
    return asyncio.ensure_future(main)


asyncio.run = _schedule

# pygbag: its loop runs one step per browser frame (requestAnimationFrame), so `await
# asyncio.sleep(0)` hands the page one frame; Pyodide's loop would resume at once (setTimeout 0)
_sleep = asyncio.sleep


async def _sleep_a_frame(delay, result=None):
    if delay > 0:
        return await _sleep(delay, result)
    frame = asyncio.get_running_loop().create_future()

    def resolve(_timestamp):
        if not frame.done():
            frame.set_result(result)

    js.requestAnimationFrame(create_once_callable(resolve))
    return await frame


asyncio.sleep = _sleep_a_frame


# pygbag: platform.fopen(url, mode) downloads a file relative to the page into a temporary file and
# opens it: aio/filelike.py's fopen hands pythons.js's cross_file() its flags, which fetch()es with them
_FOPEN_FLAGS = {"redirect": "follow", "credentials": "omit"}


@asynccontextmanager
async def _fopen(url, mode="r", encoding="UTF-8"):
    response = await js.fetch(str(url), to_js(_FOPEN_FLAGS, dict_converter=js.Object.fromEntries))
    if not response.ok:
        raise FileNotFoundError(f"{url}: HTTP {response.status}")
    data = (await response.arrayBuffer()).to_bytes()
    local = Path(tempfile.mkdtemp()) / Path(str(url).split("#")[0]).name
    local.write_bytes(data)
    handle = open(local, mode) if "b" in mode else open(local, mode, encoding=encoding)  # noqa: SIM115
    try:
        yield handle
    finally:
        handle.close()


platform.fopen = _fopen


# pygbag: platform.run_main(PyConfig, loaderhome=...) makes the app's folder the working folder
# and puts it on sys.path (cpythonrc.py preload_code 684-689)
def _run_main(config, loaderhome=".", loadermain=None):  # noqa: ARG001 - pygbag's signature
    home = str(loaderhome)
    os.chdir(home)
    if home not in sys.path:
        sys.path.insert(0, home)


platform.run_main = _run_main

# pygbag: the `embed` module's counter() is below 0 while assets preload; nothing preloads here
sys.modules["embed"] = types.SimpleNamespace(counter=lambda: 0)


class _TopLevel:
    """pygbag's TopLevel_async_handler: the async console (none here; ?debug has no console)."""

    @staticmethod
    async def start_toplevel(shell, console=False):  # noqa: ARG004 - pygbag's signature
        return None


builtins.TopLevel_async_handler = _TopLevel


async def _install_pygame(callback):
    """pygbag's pep0723 installer for pygame-ce from the package index at $PYGPI, each file fetched as pygbag does.

    aio/pep0723.py of pygbag 0.9.3: async_repos() reads ``index-0.9.3-cp312.json`` through fopen, fills in
    its ``<abi>`` and ``<api>`` and makes its ``-CDN-`` $PYGPI; pip_install("pygame_ce") looks up
    ``Config.mapping``'s name for it, "pygame", and fetches ``-CDN-`` + that entry + "#" through fopen.
    """
    if callback is not None:
        callback("pygame-ce")
    packages = os.environ.get("PYGPI", "")
    index_url = f"{packages}index-0.9.3-cp312.json"
    try:
        async with platform.fopen(index_url, "r") as index:
            repo = json.loads(index.read().replace("<abi>", "cp312").replace("<api>", "wasm32_bi_emscripten"))
    except FileNotFoundError as exc:
        raise ImportError(f"pygame-ce: the package index {exc}") from None
    repo["-CDN-"] = packages
    wheel_url = f"{repo['-CDN-']}{repo['pygame']}#"
    try:
        async with platform.fopen(wheel_url, "rb") as wheel:
            with zipfile.ZipFile(wheel) as archive:
                archive.extractall(sysconfig.get_paths()["purelib"])
    except FileNotFoundError as exc:
        raise ImportError(f"pygame-ce: {exc}") from None


def _script_dependencies(code):
    """The dependencies named by ``code``'s ``# /// script`` block (aio.pep0723.check_list), none without one.

    PEP 723's own expression, as ``game/web/slim.py`` keeps it (that module is not in the page to import).
    """
    block = re.search(r"(?m)^# /// script$\s(?P<content>(^#(| .*)$\s)+)^# ///$", code)
    if block is None:
        return []
    toml = "".join(line[2:] + "\n" for line in block.group("content").splitlines())
    return [re.split(r"[<>=!~ ;\[]", name, maxsplit=1)[0] for name in tomllib.loads(toml).get("dependencies", [])]


class _Shell:
    """pygbag's `shell`: source() runs main.py as __main__ after installing what it needs."""

    HOME = "."

    @classmethod
    async def source(cls, main, callback=None, **_kw):
        # cpythonrc.py runpy(): the working folder is main.py's, __main__.__file__ is main.py
        main = Path(main)
        cls.HOME = main.parent
        os.chdir(cls.HOME)
        code = main.read_text(encoding="utf-8")
        # preload_code(): pygbag installs what main.py's inline script metadata (PEP 723) lists
        js.performance.mark("harness:install")  # the bench's timeline (bench/web_page.py)
        if {"pygame-ce", "pygame"} & set(_script_dependencies(code)):
            await _install_pygame(callback)
        js.performance.mark("harness:main")
        namespace = vars(sys.modules["__main__"])
        namespace["__file__"] = str(main)
        exec(compile(code, str(main), "exec"), namespace)  # noqa: S102 - what pygbag's runpy does

    @staticmethod
    def interactive(prompt=False):  # noqa: ARG004
        return None


builtins.shell = _Shell
platform.shell = _Shell
