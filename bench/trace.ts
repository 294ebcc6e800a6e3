// Benchmarks of traces: (1) append — records/s of TraceWriter.append vs JSON.stringify + one fs.writeSync per
// record on an append fd, interleaved rounds; (2) open — 100 000 events indexed in the SQLite store and the first
// 200-row page returned vs fs.readFileSync + split of the same file. Real temp files; must not touch FLOE_HOME.
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

function appendWithWriter(file: string, msgs: OmniMessage[]): number {
  const w = TraceWriter.open(file);
  try {
    const t0 = performance.now();
    for (const m of msgs) w.append(m);
    return performance.now() - t0;
  } finally {
    w.close();
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
  let k = 0;
  for (const kind of interleave(APPEND_ROUNDS, 'raw' as const, 'writer' as const)) {
    const file = join(dir, `append-${kind}-${k++}.jsonl`);
    const ms = kind === 'raw' ? appendRaw(file, msgs) : appendWithWriter(file, msgs);
    (kind === 'raw' ? rawRates : writerRates).push(perSecond(msgs.length, ms));
    const size = statSync(file).size;
    rmSync(file);
    if (size === 0) throw new Error(`the ${kind} append wrote nothing`);
  }
  const b = median(rawRates);
  const s = median(writerRates);
  return makeResult({
    name: 'trace-append',
    title: 'trace append: TraceWriter.append vs raw fs.writeSync of the same lines',
    date: new Date().toISOString(),
    machine: machine(),
    baseline: { label: 'JSON.stringify + fs.writeSync per record (append fd)', runs: rawRates, unit: 'records/s' },
    subject: { label: 'TraceWriter.append (refusal check, stringify, fstat, one write)', runs: writerRates, unit: 'records/s' },
    goal: { figure: 'ratio', op: '>=', value: 0.7 },
    absolute: {
      records_per_round: APPEND_RECORDS,
      rounds_each: APPEND_ROUNDS,
      raw_records_per_s_median: b,
      writer_records_per_s_median: s,
      writer_us_per_record: 1e6 / s,
      raw_us_per_record: 1e6 / b,
    },
    notes: ['interleaved rounds, each into a fresh file in a temp dir'],
  });
}

function openBench(dir: string): BenchResult {
  const file = join(dir, `${SID}_001.jsonl`);
  writeFileSync(file, syntheticTrace(OPEN_EVENTS).map((m) => JSON.stringify(m) + '\n').join(''));
  const bytes = statSync(file).size;
  const storeMs: number[] = [];
  const indexMs: number[] = [];
  const rawMs: number[] = [];
  for (let r = 0; r < OPEN_ROUNDS; r++) {
    let t0 = performance.now();
    const lines = readFileSync(file, 'utf8').split('\n');
    rawMs.push(performance.now() - t0);
    if (lines.length < OPEN_EVENTS) throw new Error(`raw read found ${lines.length} lines`);

    // Floe indexes a trace while it is written (or once, on import); opening a session then reads the index.
    const db = join(dir, `floe-${r}.db`);
    const store = openStore(db);
    try {
      t0 = performance.now();
      const res = store.traces.indexFile(SID, file);
      indexMs.push(performance.now() - t0);
      if (res.indexed !== OPEN_EVENTS) throw new Error(`indexed ${res.indexed} of ${OPEN_EVENTS} events`);
    } finally {
      store.close();
    }
    t0 = performance.now();
    const reopened = openStore(db);
    try {
      const total = reopened.traces.countEvents(SID);
      const rows = reopened.traces.pageEvents(SID, { offset: 0, limit: PAGE });
      const first = reopened.traces.readRecord(rows[0]);
      storeMs.push(performance.now() - t0);
      if (total !== OPEN_EVENTS) throw new Error(`index holds ${total} of ${OPEN_EVENTS} events`);
      if (rows.length !== PAGE || !first.startsWith('{')) throw new Error(`first page has ${rows.length} rows, expected ${PAGE}`);
    } finally {
      reopened.close();
    }
  }
  const s = median(storeMs);
  const b = median(rawMs);
  return makeResult({
    name: 'trace-open',
    title: `trace open: a ${OPEN_EVENTS.toLocaleString('en-US')}-event trace indexed in the store, first ${PAGE}-row page`,
    date: new Date().toISOString(),
    machine: machine(),
    baseline: { label: 'fs.readFileSync + split of the same file', runs: rawMs, unit: 'ms' },
    subject: { label: 'open floe.db + count + pageEvents(offset 0, limit 200) + first raw record', runs: storeMs, unit: 'ms' },
    goal: { figure: 'time to first page ms', op: '<', value: 1000 },
    figureRuns: storeMs,
    absolute: { events: OPEN_EVENTS, file_bytes: bytes, rounds: OPEN_ROUNDS, index_whole_file_ms_median: median(indexMs), first_page_ms_median: s, raw_read_split_ms_median: b },
    notes: [
      'traces are indexed as they are written (or once on import: index_whole_file_ms); opening reads the index',
      'each round indexes into a new SQLite file, then reopens it and times the first page',
    ],
  });
}

export async function run(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'floe-bench-trace-'));
  try {
    return [appendBench(dir), openBench(dir)];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
