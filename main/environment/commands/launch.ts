// Pure: the bash argv of one command. With a login snapshot: `bash -c` that sources the snapshot (aliases
// expanded), arms the end marker and runs the command; as a login shell: `bash -lc` with the end marker armed;
// plain (the profile hangs): `bash -c` with the marker only. Each prints the start marker once the profile or the
// snapshot is loaded, just before the command. The command's text stays exactly as given, on a line of its own
// after the prelude (so aliases defined by the prelude apply to it). Must not spawn or read files.
import { endMarkerTrap, startMarkerLine } from './end-marker.js';
import type { LaunchMode } from './login-snapshot.js';

/** Single-quotes `s` for bash. */
function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export interface LaunchSpec {
  cmd: string;
  nonce: string;
  /** default: a login shell */
  mode?: LaunchMode;
}

export function bashArgs(spec: LaunchSpec): string[] {
  const trap = `${endMarkerTrap(spec.nonce)}; ${startMarkerLine(spec.nonce)}`;
  const mode = spec.mode ?? { kind: 'login' };
  if (mode.kind === 'login') return ['-lc', `${trap}\n${spec.cmd}`];
  if (mode.kind === 'plain') return ['-c', `${trap}\n${spec.cmd}`];
  const prelude = `. ${shellQuote(mode.path)} 2>/dev/null; shopt -s expand_aliases; ${trap}`;
  return ['-c', `${prelude}\n${spec.cmd}`];
}
