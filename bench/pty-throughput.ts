// Benchmark: pty throughput — BYTES of line-broken text (`yes <64 a's> | head -c BYTES`) through a command session
// (CommandRegistry: node-pty → raw buffer → @xterm/headless model view → clean text) vs a raw node-pty read of the
// same command. Figure: chars/s of the session (until its clean text is ready) over chars/s of the raw read.
// Measures only; must not change engine code or leave processes behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pty from 'node-pty';
import { ModelView } from '../main/environment/commands/model-view.js';
import { CommandRegistry } from '../main/environment/commands/registry.js';
import { machine } from './lib/output.js';
import { makeResult, type BenchResult } from './lib/result.js';
import { perSecond } from './lib/stats.js';

const BYTES = Number(process.env.BENCH_PTY_BYTES ?? 200_000_000);
const LINE = 'a'.repeat(64);
const cmdFor = (bytes: number): string => `yes ${LINE} | head -c ${bytes}`;
const CMD = cmdFor(BYTES);
/** the session gets this long for BYTES; past it, both sides are measured again at SMALL bytes */
const DEADLINE_MS = 40_000;
const SMALL = 30_000_000;

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

/**
 * A fix that was tried (bench/README.md: it did not help), with the engine's own ModelView: bigger slices (fewer awaited
 * xterm write callbacks) and backpressure (the pty pauses while more than 1 MB waits to be parsed).
 */
async function triedFix(cwd: string, cmd: string): Promise<{ chars: number; ms: number; cleanChars: number }> {
  const view = new ModelView({ cols: 120, rows: 40, scrollback: 5000, slices: { maxNewlines: 4000, maxChars: 256 * 1024 } });
  const t0 = performance.now();
  let chars = 0;
  let queued = 0;
  let paused = false;
  const p = pty.spawn('bash', ['-lc', cmd], { name: 'xterm-256color', cols: 120, rows: 40, cwd, env: process.env as Record<string, string> });
  try {
    p.onData((d) => {
      chars += d.length;
      queued += d.length;
      view.write(d);
      if (!paused && queued > 1_000_000) {
        paused = true;
        p.pause();
        void view.settle().then(() => {
          queued = 0;
          paused = false;
          p.resume();
        });
      }
    });
    await new Promise<void>((r) => p.onExit(() => r()));
    const clean = await view.read();
    if (!clean.includes(LINE)) throw new Error('the prototype model view did not contain the expected text');
    return { chars, ms: performance.now() - t0, cleanChars: clean.length };
  } finally {
    view.dispose();
    try {
      p.kill();
    } catch {
      /* already gone */
    }
  }
}

export async function run(): Promise<BenchResult[]> {
  const cwd = mkdtempSync(join(tmpdir(), 'floe-bench-pty-'));
  const registry = new CommandRegistry();
  try {
    const raw = await rawRead(cwd, CMD);
    const full = await throughSession(registry, cwd, CMD, DEADLINE_MS);
    const notes = [`command: yes <64 a's> | head -c <bytes> under bash -lc (the pty turns \\n into \\r\\n, so chars > bytes)`];
    const absolute: Record<string, number | string | boolean> = {
      bytes_written_by_command: BYTES,
      raw_chars: raw.chars,
      raw_ms: raw.ms,
      raw_mchars_per_s: perSecond(raw.chars, raw.ms) / 1e6,
      session_finished_full_size: full.done,
      session_ms: full.ms,
      session_chars_read_from_pty: full.chars,
    };
    let rawRate = perSecond(raw.chars, raw.ms);
    let sesRate: number;
    let size = BYTES;
    if (full.done) {
      sesRate = perSecond(full.chars, full.ms);
      absolute.session_mchars_per_s = sesRate / 1e6;
      absolute.session_clean_text_chars = full.cleanChars;
    } else {
      // the current session cannot take the full size in time: compare both sides at a size it can finish
      size = SMALL;
      const cmd = cmdFor(SMALL);
      const rawSmall = await rawRead(cwd, cmd);
      const small = await throughSession(registry, cwd, cmd, DEADLINE_MS);
      rawRate = perSecond(rawSmall.chars, rawSmall.ms);
      sesRate = small.done ? perSecond(small.chars, small.ms) : Number.NaN;
      Object.assign(absolute, {
        small_bytes: SMALL,
        small_raw_ms: rawSmall.ms,
        small_raw_mchars_per_s: rawRate / 1e6,
        small_session_ms: small.ms,
        small_session_mchars_per_s: sesRate / 1e6,
      });
      notes.push(
        `the session did not finish ${BYTES / 1e6} MB within ${DEADLINE_MS / 1000} s (it read ${(full.chars / 1e6).toFixed(1)} M chars from the pty ` +
          `but had not parsed them); the figure compares both sides at ${SMALL / 1e6} MB`,
      );
    }
    const fix = await triedFix(cwd, CMD);
    absolute.tried_fix_mchars_per_s = perSecond(fix.chars, fix.ms) / 1e6;
    absolute.tried_fix_ms = fix.ms;
    absolute.tried_fix_ratio_vs_raw_full = perSecond(fix.chars, fix.ms) / perSecond(raw.chars, raw.ms);
    notes.push('tried_fix_*: the same ModelView with 256 KiB / 4000-line slices, scrollback 5000 and a 1 MB pause watermark (see README)');
    return [
      makeResult({
        name: 'pty-throughput',
        title: `pty throughput: ${size / 1e6} MB of text through a command session to model text vs raw node-pty`,
        date: new Date().toISOString(),
        machine: machine(),
        baseline: { label: 'raw node-pty read (onData count only)', value: rawRate, unit: 'chars/s' },
        subject: { label: 'CommandRegistry session: raw buffer + headless model view + readClean', value: sesRate, unit: 'chars/s' },
        goal: { figure: 'ratio', op: '>=', value: 0.6 },
        absolute,
        notes,
      }),
    ];
  } finally {
    await registry.disposeAll();
    rmSync(cwd, { recursive: true, force: true });
  }
}
