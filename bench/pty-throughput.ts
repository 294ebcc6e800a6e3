// Benchmark: pty throughput — BYTES of line-broken text (`yes <64 a's> | head -c BYTES`) through a command session
// (CommandRegistry: node-pty → raw buffer → @xterm/headless model view → clean text) vs a raw node-pty read of the
// same command. Figure: chars/s of the session (until its clean text is ready) over chars/s of the raw read.
// Measures only; must not change engine code or leave processes behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pty from 'node-pty';
import { CommandRegistry } from '../main/environment/commands/registry.js';
import { machine } from './lib/output.js';
import { makeResult, type BenchResult } from './lib/result.js';
import { interleave, MIN_RUNS, perSecond } from './lib/stats.js';

const BYTES = Number(process.env.BENCH_PTY_BYTES ?? 30_000_000);
const RUNS = MIN_RUNS;
const LINE = 'a'.repeat(64);
const cmdFor = (bytes: number): string => `yes ${LINE} | head -c ${bytes}`;
const CMD = cmdFor(BYTES);
/** a session run not done within this counts as NaN (it never passes) */
const DEADLINE_MS = 40_000;

function rawRead(cwd: string, cmd: string): Promise<{ chars: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let chars = 0;
    let p: pty.IPty;
    try {
      p = pty.spawn('bash', ['-lc', cmd], { name: 'xterm-256color', cols: 120, rows: 40, cwd, env: process.env as Record<string, string> });
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    p.onData((d) => (chars += d.length));
    p.onExit(({ exitCode }) => {
      if (exitCode !== 0) reject(new Error(`raw pty read exited with ${exitCode}`));
      else resolve({ chars, ms: performance.now() - t0 });
    });
  });
}

type SessionRun = { done: true; chars: number; ms: number; cleanChars: number } | { done: false; chars: number; ms: number };

async function throughSession(registry: CommandRegistry, cwd: string, cmd: string, deadlineMs: number): Promise<SessionRun> {
  let chars = 0;
  const t0 = performance.now();
  const s = registry.start({ cmd, cwd });
  const off = registry.onEvent((e) => {
    if (e.kind === 'data' && e.id === s.id) chars += e.data.length;
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), deadlineMs)));
    // s.exited resolves once the model view has parsed everything
    if ((await Promise.race([s.exited.then(() => 'ok' as const), late])) === 'late') return { done: false, chars, ms: performance.now() - t0 };
    const clean = await s.readClean();
    const ms = performance.now() - t0;
    if (s.exitCode !== 0) throw new Error(`session command exited with ${s.exitCode ?? s.signal}`);
    if (!clean.includes(LINE)) throw new Error('the model view of the session did not contain the expected text');
    return { done: true, chars, ms, cleanChars: clean.length };
  } finally {
    clearTimeout(timer);
    off();
    registry.remove(s.id);
  }
}

export async function run(): Promise<BenchResult[]> {
  const cwd = mkdtempSync(join(tmpdir(), 'floe-bench-pty-'));
  const registry = new CommandRegistry();
  try {
    const rawRates: number[] = [];
    const sesRates: number[] = [];
    let late = 0;
    for (const kind of interleave(RUNS, 'raw' as const, 'session' as const)) {
      if (kind === 'raw') {
        const raw = await rawRead(cwd, CMD);
        rawRates.push(perSecond(raw.chars, raw.ms));
      } else {
        const r = await throughSession(registry, cwd, CMD, DEADLINE_MS);
        if (!r.done) late++;
        sesRates.push(r.done ? perSecond(r.chars, r.ms) : Number.NaN);
      }
    }
    return [
      makeResult({
        name: 'pty-throughput',
        title: `pty throughput: ${BYTES / 1e6} MB of text through a command session to model text vs raw node-pty`,
        date: new Date().toISOString(),
        machine: machine(),
        baseline: { label: 'raw node-pty read (onData count only)', runs: rawRates, unit: 'chars/s' },
        subject: { label: 'CommandRegistry session: raw buffer + headless model view + readClean', runs: sesRates, unit: 'chars/s' },
        goal: { figure: 'ratio', op: '>=', value: 0.6 },
        absolute: { bytes_written_by_command: BYTES, runs_each: RUNS, session_runs_past_deadline: late },
        notes: [
          `command: yes <64 a's> | head -c <bytes> under bash -lc (the pty turns \\n into \\r\\n, so chars > bytes)`,
          `${RUNS} interleaved runs each; a session run not done within ${DEADLINE_MS / 1000} s counts as NaN`,
        ],
      }),
    ];
  } finally {
    await registry.disposeAll();
    rmSync(cwd, { recursive: true, force: true });
  }
}
