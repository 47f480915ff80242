// The core as the browser runs it: the bundle webscore/web/offline/bundle.py makes (the Python files compiled to
// MicroPython bytecode), read from a file and unpacked as the core's worker unpacks it.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export async function bundleFiles(root, path) {
  const { unpack } = await import(join(root, "static/js/core-worker.mjs"));
  return unpack(new Uint8Array(readFileSync(path)));
}

// MicroPython with the core of a bundle in place, started as the browser's core starts it (startRuntime), for scripts
// that call the core's Python themselves.
export async function micropythonWithCore(root, path) {
  const { loadMicroPython } = await import(join(root, "static/vendor/micropython/micropython.mjs"));
  const { startRuntime } = await import(join(root, "static/js/core-worker.mjs"));
  return startRuntime(loadMicroPython, await bundleFiles(root, path));
}
