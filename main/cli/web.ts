// `floe web [--port <n>] [--host 127.0.0.1]`: browser mode — starts the host service and the loopback web server,
// prints the URL with its launch token, and on SIGINT/SIGTERM stops cleanly (pending approvals denied, runs
// aborted, pty sessions killed, store flushed). Builds the UI first when out/renderer is missing (progress on
// stderr). Must not implement API behaviour (main/host does).
import path from 'node:path';
import type { Command } from 'commander';
import { floeHome } from '../config/home.js';
import { createHost } from '../host/index.js';
import { startWebServer } from '../web/index.js';
import { EXIT_OK, fail } from './exit.js';
import { ensureRenderer } from './renderer-build.js';
import { engineKnobs } from './run.js';

const APP_ROOT = path.resolve(import.meta.dirname, '../..');
export const STATIC_DIR = path.join(APP_ROOT, 'out', 'renderer');

export function parsePort(v: string | undefined): number {
  if (v === undefined) return 0;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) fail(`--port must be a whole number from 0 to 65535 (got "${v}")`);
  return n;
}

export async function webCommand(flags: { port?: string; host?: string }): Promise<number> {
  const port = parsePort(flags.port);
  const bind = flags.host ?? '127.0.0.1';
  if (!['127.0.0.1', 'localhost', '::1'].includes(bind))
    fail(`--host must be a loopback address (127.0.0.1, localhost or ::1); got "${bind}"`);
  const unbuilt = ensureRenderer(APP_ROOT);
  if (unbuilt) fail(`the browser UI (${STATIC_DIR}) is not built and building it failed: ${unbuilt}`);
  let host: ReturnType<typeof createHost>;
  try {
    host = createHost({ home: floeHome(), mode: 'web', ...engineKnobs() });
  } catch (e) {
    // Fault-suite fix (test/faults/host-faults.test.ts): a second host on the same FLOE_HOME (HostError
    // `conflict` from the host lock) is a user-facing condition, not an internal error with a stack trace.
    const name = (e as { name?: string }).name;
    if (name === 'StoreError' || name === 'HostError') fail((e as Error).message);
    throw e;
  }
  let server;
  try {
    server = await startWebServer({ host: bind, port, hostService: host, staticDir: STATIC_DIR });
  } catch (e) {
    await host.dispose();
    const code = (e as { code?: string }).code;
    if (code === 'EADDRINUSE') fail(`port ${port} is in use; pick another with --port or use --port 0 for a free one`);
    throw e;
  }
  process.stdout.write(
    `Floe browser mode: ${server.url}\n(open this URL; it carries the launch token. Ctrl-C stops.)\n`,
  );
  const web = server;
  await new Promise<void>((resolve) => {
    const stop = (sig: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      process.stdout.write(`\n(${sig}: stopping — aborting runs and killing terminals)\n`);
      void Promise.allSettled([web.close(), host.dispose()]).then(() => resolve());
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return EXIT_OK;
}

export function registerWebCommand(program: Command): void {
  program
    .command('web')
    .description('browser mode: serve the Floe UI on 127.0.0.1 with a per-launch token')
    .option('-p, --port <n>', 'port to listen on (default: a free one)')
    .option('--host <addr>', 'loopback address to bind', '127.0.0.1')
    .action(async (flags: { port?: string; host?: string }) => {
      process.exitCode = await webCommand(flags);
    });
}
