// The exported HTML page reads lengths of time as the trace browser does (issue 25, one time format): it printed
// "1 min 30 s" and "2.0 s" where the browser shows "1 m 30 s" and "2 s". Built from the idle-gap fixture with its
// second request stretched to 90 s.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OmniMessage } from '../../../shared/omni/types.js';
import { formatDuration } from '../../../shared/time-format.js';
import { traceToHtml } from '../../../main/trace/html/page.js';

const FIXTURE = path.resolve(
  import.meta.dirname,
  '../../fixtures/traces/idle-gap/session-2026-11-20-10-00-00-1d1e9a90_001.jsonl',
);

describe('traceToHtml time format', () => {
  it('durations use the shared formatDuration', () => {
    const msgs = fs
      .readFileSync(FIXTURE, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as OmniMessage);
    // the last record is the second request's end: move it to 90 s after that request began (10:00:12.330)
    (msgs.at(-1) as { timestamp: string }).timestamp = '2026-11-20T10:01:42.330Z';
    const html = traceToHtml(msgs);
    expect(formatDuration(90_000)).toBe('1 m 30 s');
    expect(html).toContain('1 m 30 s');
    expect(html).not.toMatch(/\d+ min \d+ s/);
  });
});
