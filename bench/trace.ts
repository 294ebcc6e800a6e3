// Benchmarks of traces, on the product's real write path: (1) append — records/s of TraceWriter.append with the
// index listener attached exactly as the hosts and the CLI attach it (store.traces.indexRecord, length without the
// newline) vs JSON.stringify + one fs.writeSync per record on an append fd, interleaved rounds; the index work the
// listener defers to the next tick is timed too and reported. (2) import — a 100 000-event trace indexed the way
// `traces.import` does it (indexFileInChunks): time until its first 200-row page can be read, and until it is done.
// Real temp files and SQLite databases; must not touch FLOE_HOME.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../main/store/index.js';
import { TraceWriter } from '../main/trace/writer.js';
import type { OmniMessage } from '../shared/omni/types.js';
import { machine } from './lib/output.js';
import { makeResult, type BenchResult } from './lib/result.js';
import { interleave, median, MIN_RUNS, perSecond } from './lib/stats.js';
import { syntheticTrace } from './lib/trace-data.js';

const APPEND_RECORDS = 20_000;
const APPEND_ROUNDS = MIN_RUNS;
const OPEN_EVENTS = 100_000;
const OPEN_ROUNDS = MIN_RUNS;
const PAGE = 200;
const SID = 'session-2025-03-01-10-00-00-bench001';

/** One round of the real path: writer + index listener; returns [append ms, deferred index catch-up ms]. */
function appendWithWriter(dir: string, file: string, msgs: OmniMessage[], round: number): [number, number] {
  const store = openStore(join(dir, `append-${round}.db`));
  // the listener Agent.openWriter installs: (offset, length with newline) → indexRecord(session, file, offset, length - 1)
  const w = TraceWriter.open(file, (offset, length, msg) =>
    store.traces.indexRecord(SID, file, offset, length - 1, msg),
  );
  try {
    const t0 = performance.now();
    for (const m of msgs) w.append(m);
    const appendMs = performance.now() - t0;
    const t1 = performance.now();
    store.traces.flush(); // what the next tick does
    const catchUpMs = performance.now() - t1;
    const n = store.traces.countEvents(SID);
    if (n !== msgs.length) throw new Error(`the index holds ${n} of ${msgs.length} records`);
    return [appendMs, catchUpMs];
  } finally {
    w.close();
    store.close();
  }
}

function appendRaw(file: string, msgs: OmniMessage[]): number {
  const fd = openSync(file, 'a', 0o600);
  try {
    const t0 = performance.now();
    for (const m of msgs) writeSync(fd, JSON.stringify(m) + '\n');
    return performance.now() - t0;
  } finally {
    closeSync(fd);
  }
}

function appendBench(dir: string): BenchResult {
  const msgs = syntheticTrace(APPEND_RECORDS);
  const writerRates: number[] = [];
  const rawRates: number[] = [];
  const catchUpUs: number[] = [];
  let k = 0;
  for (const kind of interleave(APPEND_ROUNDS, 'raw' as const, 'writer' as const)) {
    const file = join(dir, `${SID.replace('bench001', `bench${String(k).padStart(3, '0')}`)}_001.jsonl`);
    if (kind === 'raw') rawRates.push(perSecond(msgs.length, appendRaw(file, msgs)));
    else {
      const [ms, catchUp] = appendWithWriter(dir, file, msgs, k);
      writerRates.push(perSecond(msgs.length, ms));
      catchUpUs.push((catchUp * 1000) / msgs.length);
    }
    k++;
    const size = statSync(file).size;
    rmSync(file);
    if (size === 0) throw new Error(`the ${kind} append wrote nothing`);
  }
  const b = median(rawRates);
  const s = median(writerRates);
  return makeResult({
    name: 'trace-append',
    title: 'trace append with the index listener attached vs raw fs.writeSync of the same lines',
    date: new Date().toISOString(),
    machine: machine(),
    baseline: { label: 'JSON.stringify + fs.writeSync per record (append fd)', runs: rawRates, unit: 'records/s' },
    subject: {
      label: 'TraceWriter.append + store.traces.indexRecord (the product listener)',
      runs: writerRates,
      unit: 'records/s',
    },
    goal: { figure: 'ratio', op: '>=', value: 0.7 },
    absolute: {
      records_per_round: APPEND_RECORDS,
      rounds_each: APPEND_ROUNDS,
      raw_records_per_s_median: b,
      writer_records_per_s_median: s,
      writer_us_per_record: 1e6 / s,
      raw_us_per_record: 1e6 / b,
      index_catch_up_us_per_record_median: median(catchUpUs),
      index_catch_up_us_per_record_min: Math.min(...catchUpUs),
      index_catch_up_us_per_record_max: Math.max(...catchUpUs),
    },
    notes: [
      'interleaved rounds, each into a fresh trace file and a fresh floe.db in a temp dir',
      'the listener only queues; describing, linking and inserting run in one transaction on the next tick, off the',
      'writer: that work is timed separately after each round (index_catch_up_us_per_record), not hidden',
    ],
  });
}

async function importBench(dir: string): Promise<BenchResult[]> {
  const file = join(dir, `${SID}_001.jsonl`);
  writeFileSync(
    file,
    syntheticTrace(OPEN_EVENTS)
      .map((m) => JSON.stringify(m) + '\n')
      .join(''),
  );
  const bytes = statSync(file).size;
  const firstPageMs: number[] = [];
  const finishMs: number[] = [];
  const rawMs: number[] = [];
  for (let r = 0; r < OPEN_ROUNDS; r++) {
    let t0 = performance.now();
    const lines = readFileSync(file, 'utf8').split('\n');
    rawMs.push(performance.now() - t0);
    if (lines.length < OPEN_EVENTS) throw new Error(`raw read found ${lines.length} lines`);

    const store = openStore(join(dir, `floe-${r}.db`));
    try {
      let first: number | undefined;
      t0 = performance.now();
      // the reader's view after the first chunk: count, the first 200-row page and its first raw record
      const res = await store.traces.indexFileInChunks(SID, file, {
        onProgress: () => {
          if (first !== undefined) return;
          const rows = store.traces.pageEvents(SID, { offset: 0, limit: PAGE });
          const raw = store.traces.readRecord(rows[0]!);
          if (rows.length !== PAGE || !raw.startsWith('{') || store.traces.countEvents(SID) < PAGE) {
            throw new Error(`first page has ${rows.length} rows, expected ${PAGE}`);
          }
          first = performance.now() - t0;
        },
      });
      finishMs.push(performance.now() - t0);
      firstPageMs.push(first!);
      if (res.indexed !== OPEN_EVENTS) throw new Error(`indexed ${res.indexed} of ${OPEN_EVENTS} events`);
    } finally {
      store.close();
    }
  }
  const common = {
    date: new Date().toISOString(),
    machine: machine(),
    baseline: { label: 'fs.readFileSync + split of the same file', runs: rawMs, unit: 'ms' },
    absolute: {
      events: OPEN_EVENTS,
      file_bytes: bytes,
      rounds: OPEN_ROUNDS,
      first_page_ms_median: median(firstPageMs),
      finish_ms_median: median(finishMs),
      raw_read_split_ms_median: median(rawMs),
    },
    notes: [
      'indexed as traces.import and reindex do it: the first chunk in one transaction, then chunks between ticks',
      'each round indexes into a new SQLite file',
    ],
  };
  return [
    makeResult({
      ...common,
      name: 'trace-open',
      title: `trace import: a ${OPEN_EVENTS.toLocaleString('en-US')}-event trace, time until its first ${PAGE}-row page reads`,
      subject: {
        label: 'indexFileInChunks until count + pageEvents(0, 200) + first raw record succeed',
        runs: firstPageMs,
        unit: 'ms',
      },
      goal: { figure: 'time to first page ms', op: '<=', value: 1000 },
      figureRuns: firstPageMs,
    }),
    makeResult({
      ...common,
      name: 'trace-import',
      title: `trace import: a ${OPEN_EVENTS.toLocaleString('en-US')}-event trace indexed completely`,
      subject: { label: 'indexFileInChunks, start to end', runs: finishMs, unit: 'ms' },
      goal: { figure: 'time to finish ms', op: '<=', value: 2000 },
      figureRuns: finishMs,
    }),
  ];
}

export async function run(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'floe-bench-trace-'));
  try {
    return [appendBench(dir), ...(await importBench(dir))];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
