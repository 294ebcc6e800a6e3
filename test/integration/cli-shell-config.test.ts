// `shell.login_snapshot` in system_config.yaml, end to end through `floe run`: by default a session's commands
// source a login snapshot kept under FLOE_HOME/shell-snapshots; `false` runs every command as `bash -lc`.
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../fixtures/model-server.js';
import { jsonLines, payloads, runCli, tempHome, type TempHome } from '../helpers/cli.js';

let server: ModelServer | undefined;
let env: TempHome | undefined;
afterEach(async () => {
  await server?.close();
  env?.cleanup();
});

// what the command reports: the snapshot folder's files, and whether its bash is a login shell
const CMD =
  'ls "$FLOE_HOME/shell-snapshots" 2>/dev/null | sed "s/^[0-9]*-.*\\.sh$/snapshot-file/"; shopt -q login_shell && echo login-shell || echo plain-bash';

async function runWith(systemConfig: string): Promise<string> {
  server = await startModelServer([
    { reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd: CMD }, id: 'call_1' }] } },
    { reply: { text: 'ok' } },
  ]);
  env = tempHome({ baseUrl: server.openaiBaseUrl, systemConfig });
  const r = await runCli(['run', '--json', '--workspace', env.workspace, 'go'], { home: env.home });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return payloads(jsonLines(r.stdout), 'tool_call_output')[0].output;
}

describe('shell.login_snapshot', () => {
  it('default: the command sources the session snapshot in a plain bash', async () => {
    expect(await runWith('system_prompt: t\n')).toBe('snapshot-file\nplain-bash\n');
  }, 60_000);

  it('false: no snapshot, every command is a login shell (bash -lc)', async () => {
    expect(await runWith('system_prompt: t\nshell:\n  login_snapshot: false\n')).toBe('login-shell\n');
  }, 60_000);
});
