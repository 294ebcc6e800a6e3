// Benchmark: time to read one 200-row page by offset from a 10 000-event trace index (SQLite, real temp files).
// Prints milliseconds; asserts nothing. Run: npx tsx bench/store-page.ts. Must not touch FLOE_HOME.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OmniMessage } from '../shared/omni/types.js';
import { openStore } from '../main/store/index.js';

const EVENTS = 10_000;
const PAGE = 200;
const ROUNDS = 50;
const SID = 'session-2025-03-01-10-00-00-bench000';

function trace(n: number): OmniMessage[] {
  const t0 = Date.parse('2025-03-01T10:00:00.000Z');
  const out: OmniMessage[] = [];
  for (let i = 0; i < n; i++) {
    const timestamp = new Date(t0 + i * 5).toISOString();
    const c = Math.floor(i / 4);
    const id = `call-${c}`;
    switch (i % 4) {
      case 0:
        out.push({
          timestamp,
          type: 'model_msg',
          payload: { type: 'text', role: 'user', text: `prompt ${c} ✓ 日本語` },
        });
        break;
      case 1:
        out.push({
          timestamp,
          type: 'model_msg',
          payload: { type: 'tool_call', name: 'exec_command', arguments: `{"cmd":"echo ${c}"}`, tool_call_id: id },
        });
        break;
      case 2:
        out.push({
          timestamp,
          type: 'model_msg',
          payload: { type: 'tool_call_output', output: `out ${c}\n`.repeat(20), tool_call_id: id },
        });
        break;
      default:
        out.push({ timestamp, type: 'event_msg', payload: { type: 'request_end', status: 'completed' } });
    }
  }
  return out;
}

const dir = mkdtempSync(join(tmpdir(), 'floe-bench-store-'));
const store = openStore(join(dir, 'floe.db'));
try {
  const file = join(dir, `${SID}_001.jsonl`);
  writeFileSync(
    file,
    trace(EVENTS)
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
  store.traces.pageEvents(SID, { offset: EVENTS - PAGE, limit: PAGE, kinds: ['tool_call_output'], text: 'out' });
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
