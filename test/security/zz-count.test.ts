// The security suite's case counter (issue 6: "the count of cases is printed"): counts the `it(` cases of the
// test files in test/security and prints `security cases: N`. Asserts at least one case per item the issue lists
// (aliases/case variants, execute_extra_tool wrapping rw, wrapping itself, subagent under deny-all, mode switch,
// forged ids, cross-session ids, image path escapes, SVG/oversized/polyglot images, Electron options, token and
// Origin, secrets, malformed JSON, huge arguments, non-UTF-8/NUL, OSC title/clipboard), so a deleted case fails.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countCases } from '../faults/support.js';

const ITEMS_LISTED = 17;

describe('security suite', () => {
  it('counts its cases', () => {
    const n = countCases(path.resolve(import.meta.dirname)) - 1; // not counting this counter
    console.log(`security cases: ${n}`);
    expect(n).toBeGreaterThanOrEqual(ITEMS_LISTED);
  });
});
