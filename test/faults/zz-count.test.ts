// The fault suite's case counter (issue 6: "the count of cases is printed"): counts the `it(` cases of the
// test files in test/faults and prints `fault cases: N`. Asserts at least one case per fault the issue lists
// (stream cut, 5xx, 429, malformed SSE, slow first byte, auth, tool timeout, TERM-ignoring pty child, MCP hang,
// MCP death, disk full, kill -9 + resume, two hosts), so a deleted case makes it fail. Must not run anything else.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countCases } from './support.js';

const FAULTS_LISTED = 13;

describe('fault suite', () => {
  it('counts its cases', () => {
    const n = countCases(path.resolve(import.meta.dirname)) - 1; // not counting this counter
    console.log(`fault cases: ${n}`);
    expect(n).toBeGreaterThanOrEqual(FAULTS_LISTED);
  });
});
