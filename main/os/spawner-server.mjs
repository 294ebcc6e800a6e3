// The spawner (spawner.ts): a small Node process that starts short-lived programs for the host and hands back what
// they printed, over its IPC channel (advanced serialisation, so output stays bytes). Forking costs time in
// proportion to the forking process's memory and stops its event loop meanwhile; from this process it is cheap.
// Plain JavaScript, run with the host's own Node (or Electron's, as Node). It ends when the host goes (its channel
// closes). Must not decide what runs: it runs what it is asked to, with the given directory and environment.
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

process.on('message', (m) => {
  if (m && typeof m === 'object' && typeof m.id === 'number' && typeof m.file === 'string') run(m);
});
process.on('disconnect', () => process.exit(0));
reply({ ready: true });
