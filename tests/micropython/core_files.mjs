// The Python files the browser's core is started with, read from the repository: webscore/scoring and
// webscore/flow, keyed by their path under webscore/ as startCore expects.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

export function coreFiles(root) {
  const files = {};
  for (const folder of ["scoring", "flow"]) {
    const dir = join(root, "webscore", folder);
    for (const name of readdirSync(dir).filter((n) => n.endsWith(".py"))) {
      files[folder + "/" + name] = readFileSync(join(dir, name), "utf8");
    }
  }
  return files;
}
