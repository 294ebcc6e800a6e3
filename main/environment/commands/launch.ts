// Pure: the bash argv of one command. With a login snapshot: `bash -c` that sources the snapshot (aliases
// expanded), arms the end marker and runs the command; without one: `bash -lc` with the end marker armed, as
// before. The command's text stays exactly as given, on a line of its own after the prelude (so aliases defined
// by the prelude apply to it). Must not spawn or read files.
import { endMarkerTrap } from './end-marker.js';

/** Single-quotes `s` for bash. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export interface LaunchSpec {
  cmd: string;
  nonce: string;
  /** a validated login-environment snapshot to source instead of running the login profile */
  snapshot?: string;
}

export function bashArgs(spec: LaunchSpec): string[] {
  const trap = endMarkerTrap(spec.nonce);
  if (spec.snapshot === undefined) return ['-lc', `${trap}\n${spec.cmd}`];
  const prelude = `. ${shellQuote(spec.snapshot)} 2>/dev/null; shopt -s expand_aliases; ${trap}`;
  return ['-c', `${prelude}\n${spec.cmd}`];
}
