// The spawner (spawner.ts): a small Node process that starts programs for the host, over its IPC channel (advanced
// serialisation, so output stays bytes). Short-lived ones (`run`): it hands back what they printed. Long-lived ones
// (`start`): it hands the host their pipes themselves (sent as handles: the host reads and writes them directly,
// this process keeps no copy) and tells it their pid and, later, their exit. Forking costs time in proportion to the
// forking process's memory and stops its event loop meanwhile; from this process it is cheap. Plain JavaScript, run
// with the host's own Node (or Electron's, as Node). It ends when the host goes (its channel closes, or its parent
// changes); what it started with --die-with-parent (bwrap) ends with it. Must not decide what runs: it runs what it
// is asked to.
import { spawn } from 'node:child_process';

process.title = 'floe-spawner';

/** @param {{ id: number, file: string, args: string[], cwd: string, env: Record<string, string>, input: string }} m */
function run(m) {
  const out = [];
  const err = [];
  let failure;
  let child;
  try {
    child = spawn(m.file, m.args, { cwd: m.cwd, env: m.env, stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (e) {
    reply({ id: m.id, code: null, signal: null, stdout: Buffer.alloc(0), stderr: Buffer.alloc(0), error: String(e) });
    return;
  }
  child.stdout.on('data', (d) => out.push(d));
  child.stderr.on('data', (d) => err.push(d));
  child.on('error', (e) => (failure = e.message));
  if (m.timeoutMs) {
    const t = setTimeout(() => child.kill('SIGKILL'), m.timeoutMs);
    child.on('exit', () => clearTimeout(t));
  }
  child.on('close', (code, signal) => {
    const r = { id: m.id, code, signal, stdout: Buffer.concat(out), stderr: Buffer.concat(err) };
    reply(failure === undefined ? r : { ...r, code: null, error: failure });
  });
  // a program may exit before it reads its input; its exit code tells what happened
  child.stdin.on('error', () => {});
  child.stdin.end(m.input);
}

function reply(r) {
  try {
    process.send(r);
  } catch {
    // the host is gone
  }
}

/**
 * A long-lived program: its pipes go to the host as handles (`handle`, one per fd), then `started` with its pid;
 * `exited` when it ends. `startFailed` when it could not start.
 * @param {{ id: number, file: string, args: string[], cwd?: string, env: Record<string, string>,
 *   stdio: ('pipe' | 'ignore')[], detached: boolean }} m
 */
function start(m) {
  let child;
  try {
    child = spawn(m.file, m.args, { cwd: m.cwd, env: m.env, stdio: m.stdio, detached: m.detached });
  } catch (e) {
    reply({ t: 'startFailed', id: m.id, error: String(e) });
    return;
  }
  if (child.pid === undefined) {
    child.on('error', (e) => reply({ t: 'startFailed', id: m.id, error: e.message }));
    return;
  }
  child.on('error', () => {}); // a kill that failed: its exit tells the rest
  // Node starts reading a child's pipes at once: what this process read would stay in its buffer and be lost to
  // the host, so reading stops before the first read (same turn) and the host reads everything from its copy
  for (const s of child.stdio) s?._handle?.readStop?.();
  m.stdio.forEach((kind, fd) => {
    if (kind !== 'pipe') return;
    try {
      process.send({ t: 'handle', id: m.id, fd }, child.stdio[fd]);
    } catch {
      // the host is gone
    }
  });
  reply({ t: 'started', id: m.id, pid: child.pid });
  child.on('exit', (code, signal) => reply({ t: 'exited', id: m.id, code, signal }));
}

process.on('message', (m) => {
  if (!m || typeof m !== 'object' || typeof m.id !== 'number' || typeof m.file !== 'string') return;
  if (m.t === 'start') start(m);
  else run(m);
});
process.on('disconnect', () => process.exit(0));
// 'disconnect' never comes when the host died while a pipe it was being handed was still unacknowledged (Node
// waits for the acknowledgement before it disconnects): its parent changing (to init) says the same
const host = process.ppid;
setInterval(() => {
  if (process.ppid !== host) process.exit(0);
}, 500).unref();
reply({ ready: true });
