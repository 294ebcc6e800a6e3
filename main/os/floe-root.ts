// Floe's own install folder and the files in it that run as programs of their own (not imported): the package
// root above this file, in the sources and in the built CLI alike; inside a packaged app such files are named by
// their unpacked path (asar.ts). Reads the file system once, at import.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { unpackedPath } from './asar.js';

/** The folder holding Floe's package.json and node_modules. */
export const FLOE_ROOT = ((): string => {
  for (let d = import.meta.dirname; ; d = path.dirname(d)) {
    if (existsSync(path.join(d, 'package.json')) && existsSync(path.join(d, 'node_modules'))) return d;
    if (path.dirname(d) === d) return import.meta.dirname;
  }
})();

/** A file of Floe's that another process runs (a script given to node), by its path below FLOE_ROOT. */
export const floeProgram = (...parts: string[]): string => unpackedPath(path.join(FLOE_ROOT, ...parts));
