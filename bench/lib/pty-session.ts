// Shared by the pty→model-text benchmarks: a raw node-pty read of a command (the baseline: count the characters,
// nothing else) and the same command through a CommandRegistry session until its model text is ready, plus the
// registry set-up (a temp HOME with an empty profile and the login snapshot, as sessions run commands).
// Measures only; must not change engine code.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pty from 'node-pty';
import { CommandRegistry } from '../../main/environment/commands/registry.js';
import { interleave, perSecond } from './stats.js';

export interface PtyBench {
  dir: string;
  home: string;
  env: Record<string, string>;
  registry: CommandRegistry;
  close(): Promise<void>;
}

export async function ptyBench(prefix: string): Promise<PtyBench> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const home = join(dir, 'home');
  mkdirSync(home);
  const registry = new CommandRegistry({
    env: { HOME: home },
    loginSnapshot: { dir: join(dir, 'snapshots'), sessionId: 'bench' },
  });
  await registry.prepare();
  return {
    dir,
    home,
    env: { ...(process.env as Record<string, string>), HOME: home },
    registry,
    close: async () => {
      await registry.disposeAll();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** CPU time this process spent since `from` (process.cpuUsage()), in ms. */
export function cpuMsSince(from: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
}

/** Characters a raw pty read of `bash -c cmd` delivers, how long until exit, and this process's CPU time. */
export function rawRead(b: PtyBench, cmd: string): Promise<{ chars: number; ms: number; cpuMs: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    let chars = 0;
    let p: pty.IPty;
    try {
      p = pty.spawn('bash', ['-c', cmd], { name: 'xterm-256color', cols: 120, rows: 40, cwd: b.dir, env: b.env });
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    p.onData((d) => (chars += d.length));
    p.onExit(({ exitCode }) => {
      if (exitCode !== 0) reject(new Error(`raw pty read of ${cmd} exited with ${exitCode}`));
      else resolve({ chars, ms: performance.now() - t0, cpuMs: cpuMsSince(c0) });
    });
  });
}

/** The command through a session: start → exited → model text read. */
export async function throughSession(
  b: PtyBench,
  cmd: string,
): Promise<{ chars: number; ms: number; cpuMs: number; clean: string }> {
  let chars = 0;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const s = b.registry.start({ cmd, cwd: b.dir });
  const off = b.registry.onEvent((e) => {
    if (e.kind === 'data' && e.id === s.id) chars += e.data.length;
  });
  try {
    await s.exited;
    const clean = await s.readClean();
    const ms = performance.now() - t0;
    const cpuMs = cpuMsSince(c0);
    if (s.exitCode !== 0) throw new Error(`session command exited with ${s.exitCode ?? s.signal}`);
    return { chars, ms, cpuMs, clean };
  } finally {
    off();
    b.registry.remove(s.id);
  }
}

/** Per-run rates (chars/s) and host CPU times of `cmd` read raw and through a session, `runs` of each interleaved;
 * `check` throws when a session's model text is not what the command printed. */
export async function rawVsSession(
  b: PtyBench,
  cmd: string,
  runs: number,
  check: (clean: string) => void,
): Promise<{ raw: number[]; ses: number[]; rawCpu: number[]; sesCpu: number[] }> {
  const out = { raw: [] as number[], ses: [] as number[], rawCpu: [] as number[], sesCpu: [] as number[] };
  for (const kind of interleave(runs, 'raw' as const, 'session' as const)) {
    if (kind === 'raw') {
      const r = await rawRead(b, cmd);
      out.raw.push(perSecond(r.chars, r.ms));
      out.rawCpu.push(r.cpuMs);
    } else {
      const r = await throughSession(b, cmd);
      check(r.clean);
      out.ses.push(perSecond(r.chars, r.ms));
      out.sesCpu.push(r.cpuMs);
    }
  }
  return out;
}
