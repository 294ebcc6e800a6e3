import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../main/store/db.js';
import { createTraceIndex } from '../main/store/trace-index.js';
import { syntheticTrace } from './lib/trace-data.js';
const dir = mkdtempSync(join(tmpdir(), 'probe-'));
const msgs = syntheticTrace(20000);
const SID = 'session-2025-03-01-10-00-00-bench001';
const f = join(dir, `${SID}_001.jsonl`);
for (const bs of [1e9, 500]) {
const db = openDb(join(dir, `db${bs}.db`));
const ix = createTraceIndex(db, { batchSize: bs, onError: (e) => console.log(e.message) });
let t0 = performance.now();
let off = 0;
for (const m of msgs) { ix.indexRecord(SID, f, off, 100, m); off += 101; }
console.log(bs, 'indexRecord us', (performance.now() - t0) / 20);
t0 = performance.now();
ix.flush();
console.log(bs, 'flush us', (performance.now() - t0) / 20);
}
