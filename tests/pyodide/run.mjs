// Run a Python script or module of the repository inside Pyodide on Node, offline.
//
//   node tests/pyodide/run.mjs --pyodide DIR --mount HOSTDIR [--path DIR] [--wheels DIR] \
//        -- (-m MODULE | SCRIPT.py) [ARGS...]
//
// --pyodide  the npm package folder (node_modules/pyodide): nothing is fetched from a CDN
// --mount    a host folder mounted at the same absolute path inside Pyodide (NODEFS)
// --path     a folder put first on sys.path (the repository, so `import core` uses the sources)
// --wheels   a folder of pure wheels loaded by path (no lock lookup, no network)
// The process exits with the Python exit code (SystemExit), 1 on an uncaught error.
import { readdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

function parseArgs(argv) {
  const split = argv.indexOf("--");
  if (split < 0 || split === argv.length - 1) {
    throw new Error("usage: run.mjs --pyodide DIR --mount DIR [--path DIR] [--wheels DIR] -- (-m MODULE | SCRIPT) [ARGS]");
  }
  const options = { mounts: [], paths: [], wheels: [] };
  const names = { "--pyodide": "pyodide", "--mount": "mounts", "--path": "paths", "--wheels": "wheels" };
  for (let i = 0; i < split; i += 2) {
    const key = names[argv[i]];
    if (!key || i + 1 >= split) throw new Error(`unknown or incomplete option ${argv[i]}`);
    const value = resolve(argv[i + 1]);
    if (Array.isArray(options[key])) options[key].push(value);
    else options[key] = value;
  }
  if (!options.pyodide) throw new Error("--pyodide is required");
  options.target = argv.slice(split + 1);
  return options;
}

async function wheelFiles(folders) {
  const files = [];
  for (const folder of folders) {
    for (const name of (await readdir(folder)).sort()) {
      if (name.endsWith(".whl")) files.push(join(folder, name));
    }
  }
  return files;
}

const RUN = `
import os, runpy, sys
sys.dont_write_bytecode = True          # never write 3.14 .pyc files into the mounted repository
os.chdir("/tmp")                        # .hypothesis and other scratch files stay in memory
def _run(paths, target):
    sys.path[:0] = list(paths)
    target = list(target)
    try:
        if target[0] == "-m":
            sys.argv = [target[1], *target[2:]]
            runpy.run_module(target[1], run_name="__main__", alter_sys=True)
        else:
            sys.argv = target
            sys.path.insert(0, os.path.dirname(target[0]))
            runpy.run_path(target[0], run_name="__main__")
    except SystemExit as stop:
        code = stop.code
        if code is None:
            return 0
        if isinstance(code, int):
            return code
        print(code, file=sys.stderr)
        return 1
    return 0
_run
`;

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const { loadPyodide } = await import(pathToFileURL(join(options.pyodide, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: options.pyodide + "/" });
  const wheels = await wheelFiles(options.wheels);
  if (wheels.length) await pyodide.loadPackage(wheels, { messageCallback: () => {} });
  for (const folder of options.mounts) pyodide.mountNodeFS(folder, folder);
  const run = pyodide.runPython(RUN);
  const code = run(pyodide.toPy(options.paths), pyodide.toPy(options.target));
  run.destroy();
  return code;
}

try {
  process.exitCode = await main();
} catch (error) {
  // Print the message only: a raw Pyodide error would dump the minified runtime.
  console.error(`run.mjs: ${error?.message ?? error}`.slice(0, 20000));
  process.exitCode = 1;
}
