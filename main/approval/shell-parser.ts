// The shell parser (shell-parse.ts and unbash, ~15 ms to load) loads on the first approval decision, not at the
// start of every session: `floe run` sends its first model request without it. Whoever decides by rules
// (approvalStep, decideByRules) calls loadShellParser() first and awaits what it returns; analyzeCommand without it
// is a programming error and throws, so a rule is never matched against a command that was not parsed.
import type { CommandAnalysis } from './shell-parse.js';

let parser: typeof import('./shell-parse.js') | undefined;
let loading: Promise<void> | undefined;

/**
 * Starts loading the parser: a promise to await, or undefined once it is loaded (so an approver that has nothing
 * else to wait for still decides, and emits its request to a person, synchronously).
 */
export function loadShellParser(): Promise<void> | undefined {
  if (parser) return undefined;
  loading ??= import('./shell-parse.js').then((m) => {
    parser = m;
  });
  return loading;
}

/** shell-parse.ts's analyzeCommand, once loadShellParser() has resolved. */
export function analyzeCommand(source: string): CommandAnalysis {
  if (!parser) throw new Error('the shell parser is not loaded: await loadShellParser() before deciding by rules');
  return parser.analyzeCommand(source);
}
