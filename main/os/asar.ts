// A file Floe runs as a program of its own (not imported): inside a packaged desktop app the sources sit in an asar
// archive that only Electron's own fs can read, so such files are unpacked next to it (electron-builder.yml
// asarUnpack) and must be named by their unpacked path. Pure; outside an archive the path is unchanged.
import path from 'node:path';

const ARCHIVE = `${path.sep}app.asar${path.sep}`;
const UNPACKED = `${path.sep}app.asar.unpacked${path.sep}`;

/** `p` with its `app.asar` folder replaced by `app.asar.unpacked` (once, the archive's own segment). */
export function unpackedPath(p: string): string {
  return p.includes(ARCHIVE) ? p.replace(ARCHIVE, UNPACKED) : p;
}
