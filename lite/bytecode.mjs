// Runs lite/bytecode.py inside Pyodide on Node, on the wheels of a folder (the site's Pyodide
// folder): `node lite/bytecode.mjs <pyodide.mjs> <folder>`. lite/build.py calls it.
import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideModule, folder] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideModule)).href);
const pyodide = await loadPyodide({ indexURL: dirname(resolve(pyodideModule)) + "/" });
pyodide.mountNodeFS("/wheels", resolve(folder));
const script = await readFile(join(dirname(fileURLToPath(import.meta.url)), "bytecode.py"), "utf8");
pyodide.runPython("import sys; sys.argv = ['bytecode.py', '/wheels']");
pyodide.runPython(script, { filename: "bytecode.py" });
