// The command server of one session's long-lived sandbox (issue 19), plain JavaScript run by `node` INSIDE the
// session's bwrap (box.ts starts it; it gets the same mounts, namespaces and seccomp filter as a command). It
// starts each command in a pseudo-terminal of its own with node-pty and streams its I/O to the host over its
// stdin/stdout (JSON lines in; JSON header lines out, a command's output following its `data` header as raw UTF-8,
// in batches: box-stream.ts reads them), so a command costs one round trip instead of a new
// bwrap. It holds each pty's slave open until the host saw the end marker (or the command is gone and quiet), as
// slave-hold.ts does outside, and when a command's shell exits it ends what the command left behind (its process
// group and every process carrying its FLOE_PROC tag), as a command's own PID namespace did before.
// argv: <node-pty module path>. Must not decide anything about policy: everything it can do, the sandbox allows.
import { closeSync, constants, openSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';

const pty = createRequire(import.meta.url)(process.argv[2]);
// `pkill node` in a command is aimed at the host; it should not end the session's server by accident
process.title = 'floe-sandbox';

const POLL_MS = 20;
const QUIET_MS = 30;
const MAX_DRAIN_MS = 1000;

/** id -> { p, tag, fd, lastData, exitedAt, timer, paused, hostPaused } */
const procs = new Map();
let outPaused = false;

/** Output not sent yet, by command. A pty is read ~4 KB at a time, and one message per read cost the host a header
 * to parse and a pass through its pipeline each (25 000 for a 100 MB flood). A command's output that comes after a
 * quiet spell of it (a keystroke's echo) goes out at once; output that keeps coming is sent every BATCH_MS, or at
 * MAX_BATCH. */
const pending = new Map();
const BATCH_MS = 4;
const MAX_BATCH = 32 * 1024;
let batchTimer;
/** when each command's output last went out */
const sentAt = new Map();

function send(m) {
  flushData(); // a command's output always comes before what follows it (its exit above all)
  out(`${JSON.stringify(m)}\n`);
}

/** Output of command `id`: now after a quiet spell, else with the rest of the batch. */
function sendData(id, d) {
  const q = pending.get(id);
  if (q) {
    q.parts.push(d);
    q.length += d.length;
  } else pending.set(id, { parts: [d], length: d.length });
  const waited = Date.now() - (sentAt.get(id) ?? 0);
  if (waited >= BATCH_MS || (q?.length ?? d.length) >= MAX_BATCH) flushData();
  else batchTimer ??= setTimeout(flushData, BATCH_MS - waited);
}

/** Each command's pending output as one message: a header with its length in bytes, then the text as it is. */
function flushData() {
  if (batchTimer) clearTimeout(batchTimer);
  batchTimer = undefined;
  if (!pending.size) return;
  const now = Date.now();
  for (const [id, q] of pending) {
    sentAt.set(id, now);
    const d = q.parts.length === 1 ? q.parts[0] : q.parts.join('');
    out(`${JSON.stringify({ t: 'data', id, n: Buffer.byteLength(d, 'utf8') })}\n${d}`);
  }
  pending.clear();
}

function out(text) {
  if (!process.stdout.write(text) && !outPaused) {
    // the host reads slower than the commands print: stop reading the ptys until it caught up
    outPaused = true;
    for (const c of procs.values()) apply(c);
    process.stdout.once('drain', () => {
      outPaused = false;
      for (const c of procs.values()) apply(c);
    });
  }
}

function apply(c) {
  const want = (outPaused || c.hostPaused) && !c.gone;
  if (want === c.paused) return;
  c.paused = want;
  try {
    if (want) c.p.pause();
    else c.p.resume();
  } catch {
    // exited meanwhile
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function release(c) {
  if (c.timer) clearInterval(c.timer);
  c.timer = undefined;
  if (c.fd !== undefined) {
    try {
      closeSync(c.fd);
    } catch {
      // closed already
    }
    c.fd = undefined;
  }
}

/** Holds the slave side until the host saw the end marker, or the shell is gone and its output went quiet. */
function hold(c) {
  try {
    c.fd = openSync(c.p.ptsName, constants.O_RDWR | constants.O_NOCTTY);
  } catch {
    return;
  }
  c.timer = setInterval(() => {
    const now = Date.now();
    if (c.exitedAt === undefined) {
      if (alive(c.p.pid)) return;
      c.exitedAt = now;
      c.gone = true;
      apply(c);
      c.lastData = now;
    }
    if (now - c.exitedAt >= MAX_DRAIN_MS || now - c.lastData >= QUIET_MS) release(c);
  }, POLL_MS);
}

/** Ends what the command left running (its group and everything carrying its tag). */
function endLeftovers(pid, tag) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // no group left
  }
  if (!tag) return;
  const needle = `FLOE_PROC=${tag}\0`;
  let names;
  try {
    names = readdirSync('/proc');
  } catch {
    return;
  }
  for (const n of names) {
    if (!/^\d+$/.test(n) || Number(n) === process.pid || Number(n) === 1) continue;
    let env;
    try {
      env = readFileSync(`/proc/${n}/environ`, 'latin1');
    } catch {
      continue;
    }
    if (env.startsWith(needle) || env.includes(`\0${needle}`)) {
      try {
        process.kill(Number(n), 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
  }
}

function spawn(m) {
  let p;
  try {
    p = pty.spawn(m.file, m.args, { name: 'xterm-256color', cols: m.cols, rows: m.rows, cwd: m.cwd, env: m.env });
  } catch (e) {
    send({ t: 'failed', id: m.id, message: e instanceof Error ? e.message : String(e) });
    return;
  }
  const c = { p, tag: m.env?.FLOE_PROC, lastData: Date.now(), paused: false, hostPaused: false, gone: false };
  procs.set(m.id, c);
  send({ t: 'spawned', id: m.id, pid: p.pid });
  hold(c);
  p.onData((d) => {
    c.lastData = Date.now();
    sendData(m.id, d);
  });
  p.onExit(({ exitCode, signal }) => {
    release(c);
    procs.delete(m.id);
    endLeftovers(p.pid, c.tag);
    send({ t: 'exit', id: m.id, code: exitCode, signal: signal || 0 });
    sentAt.delete(m.id);
  });
}

function handle(m) {
  if (m.t === 'spawn') return spawn(m);
  const c = procs.get(m.id);
  if (!c) return;
  try {
    if (m.t === 'write') c.p.write(m.d);
    else if (m.t === 'resize') c.p.resize(m.cols, m.rows);
    else if (m.t === 'pause' || m.t === 'resume') {
      c.hostPaused = m.t === 'pause';
      apply(c);
    } else if (m.t === 'release') {
      c.gone = true;
      apply(c);
      release(c);
    }
  } catch {
    // the command exited meanwhile; its exit message follows
  }
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  let m;
  try {
    m = JSON.parse(line);
  } catch {
    return;
  }
  if (m && typeof m === 'object' && typeof m.t === 'string') handle(m);
});
// the host closed the channel: the session is over (bwrap ends the rest when its first process goes)
lines.on('close', () => process.exit(0));
send({ t: 'ready', pid: process.pid });
