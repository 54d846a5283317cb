#!/usr/bin/env node
// Run Python code in CPython on WebAssembly (Pyodide under Node.js) against the working tree.
//
// Copies game/__init__.py, game/engine/ and game/ai/ (the pure-Python layers, with the file reader they use) from the
// repository into Pyodide's in-memory filesystem, puts them on sys.path, runs the code and
// prints exactly one JSON object on stdout:
//   {"ok": true, "value": <last expression, as JSON>, "stdout": "...", "python": "3.12.7",
//    "pyodide": "0.27.8", "load_ms": ..., "run_ms": ...}
// or {"ok": false, "error": "<traceback>", ...} with exit status 1.
//
// Usage:
//   node tests/wasm/run_in_pyodide.mjs -c "from game.engine import *; perft(Position.start(), 6)"
//   node tests/wasm/run_in_pyodide.mjs path/to/script.py
//   options: --root DIR (repository root; default: two levels above this script)
//
// Everything runs offline: the npm package carries the wasm runtime and the standard library.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const PACKAGES = ["game/engine", "game/ai"];
// the pure layers read their data through the one bounded file reader, a standard-library-only module
const SINGLE_FILES = ["game/__init__.py", "game/platform/__init__.py", "game/platform/files.py",
                      "game/platform/bytecode.py"];
const SKIP_DIRS = new Set(["__pycache__", ".mypy_cache", ".pytest_cache"]);
const MOUNT = "/work";

function usage(message) {
  process.stderr.write(`${message}\nusage: run_in_pyodide.mjs [--root DIR] (-c CODE | FILE.py)\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const here = dirname(fileURLToPath(import.meta.url));
  const options = { root: resolve(here, "..", ".."), code: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--root") {
      options.root = resolve(argv[++i] ?? usage("--root needs a directory"));
    } else if (arg === "-c") {
      options.code = argv[++i] ?? usage("-c needs Python code");
    } else if (options.code === null) {
      options.code = readFileSync(arg, "utf8");
    } else {
      usage(`unexpected argument: ${arg}`);
    }
  }
  if (options.code === null) usage("no Python code given");
  return options;
}

function* filesUnder(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!SKIP_DIRS.has(name)) yield* filesUnder(path);
    } else if (!name.endsWith(".pyc")) {
      yield path;
    }
  }
}

function copyTree(pyodide, root) {
  const copied = [];
  const sources = [...SINGLE_FILES.map((f) => join(root, f))];
  for (const pkg of PACKAGES) {
    const dir = join(root, pkg);
    try {
      statSync(dir);
    } catch {
      continue; // a layer not written yet: the code that imports it will say so
    }
    sources.push(...filesUnder(dir));
  }
  for (const source of sources) {
    const rel = relative(root, source).split(sep).join("/");
    const target = `${MOUNT}/${rel}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, readFileSync(source));
    copied.push(rel);
  }
  return copied;
}

// Runs the user's code with the value of its last expression, serialised by Python's json.
const RUNNER = `
import json, sys, traceback
from pyodide.code import eval_code_async

async def _run(code):
    namespace = {"__name__": "__main__"}
    try:
        value = await eval_code_async(code, namespace)
        return json.dumps({"ok": True, "value": value}, default=repr)
    except BaseException:
        return json.dumps({"ok": False, "error": traceback.format_exc()})
_run
`;

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const started = performance.now();
  let stdout = "";
  let stderr = "";
  const pyodide = await loadPyodide({
    stdout: (line) => (stdout += line + "\n"),
    stderr: (line) => (stderr += line + "\n"),
  });
  const files = copyTree(pyodide, options.root);
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(MOUNT)})`);
  pyodide.FS.chdir(MOUNT);
  const loaded = performance.now();

  const run = pyodide.runPython(RUNNER);
  const outcome = JSON.parse(await run(options.code));
  const finished = performance.now();

  const report = {
    ...outcome,
    stdout,
    stderr,
    python: pyodide.runPython("import sys; sys.version.split()[0]"),
    pyodide: pyodide.version,
    files: files.length,
    load_ms: Math.round(loaded - started),
    run_ms: Math.round(finished - loaded),
  };
  process.stdout.write(JSON.stringify(report) + "\n");
  process.exitCode = outcome.ok ? 0 : 1;
}

main().catch((error) => {
  process.stdout.write(JSON.stringify({ ok: false, error: String(error && error.stack ? error.stack : error) }) + "\n");
  process.exitCode = 1;
});
