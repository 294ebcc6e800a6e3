// Benchmark: time to read one 200-row page by offset from a 10 000-event trace index (SQLite, real temp files).
// Prints milliseconds; asserts nothing. Run: npx tsx bench/store-page.ts. Must not touch FLOE_HOME.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../main/store/index.js';
import { syntheticTrace } from './lib/trace-data.js';

const EVENTS = 10_000;
const PAGE = 200;
const ROUNDS = 50;
const SID = 'session-2025-03-01-10-00-00-bench000';

const dir = mkdtempSync(join(tmpdir(), 'floe-bench-store-'));
const store = openStore(join(dir, 'floe.db'));
try {
  const file = join(dir, `${SID}_001.jsonl`);
  writeFileSync(
    file,
    syntheticTrace(EVENTS)
      .map((m) => JSON.stringify(m) + '\n')
      .join(''),
  );
  let t = performance.now();
  store.traces.indexFile(SID, file);
  const indexMs = performance.now() - t;

  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const offset = (r * 7919) % (EVENTS - PAGE);
    t = performance.now();
    const rows = store.traces.pageEvents(SID, { offset, limit: PAGE });
    times.push(performance.now() - t);
    if (rows.length !== PAGE) throw new Error(`expected ${PAGE} rows at offset ${offset}, got ${rows.length}`);
  }
  t = performance.now();
  store.traces.pageEvents(SID, { offset: EVENTS - PAGE, limit: PAGE, kinds: ['tool_call_output'], text: 'file' });
  const filteredMs = performance.now() - t;
  times.sort((a, b) => a - b);
  const fmt = (x: number) => x.toFixed(2);
  console.log(`index ${EVENTS} events: ${fmt(indexMs)} ms`);
  console.log(
    `page ${PAGE} rows by offset (${ROUNDS} rounds): median ${fmt(times[Math.floor(ROUNDS / 2)]!)} ms, ` +
      `max ${fmt(times[ROUNDS - 1]!)} ms`,
  );
  console.log(`filtered page (kind + text, last offset): ${fmt(filteredMs)} ms`);
} finally {
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
