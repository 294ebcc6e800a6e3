// Approval mode `auto` (issue 19) end to end: the SDK session (sandbox on by default) runs a fixed script of 30
// routine dev commands from the scripted model, once in `always-ask` and once in `auto`, with a person who says
// yes to everything and counts how often they were asked. `auto` must ask at most 20 % as often: sandboxed commands
// run unasked; the two that need the network (with_network: true) cross the boundary and ask. Every command must
// also really work inside the sandbox (exit 0), and the network ones must reach the host's server.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { modeApprover } from '../../main/approval/modes.js';
import type { ApprovalMode } from '../../main/approval/types.js';
import { createAgent } from '../../main/sdk/index.js';
import { startModelServer, type ModelServer, type ScriptStep } from '../fixtures/model-server.js';
import { drain } from '../helpers/drain.js';
import { payloads, tempHome, type TempHome } from '../helpers/cli.js';

/** The routine commands; `net` ones ask for the network. `{url}` is the model server (a server on the host). */
const ROUTINE: { cmd: string; net?: boolean }[] = [
  { cmd: 'ls -la' },
  { cmd: 'pwd' },
  { cmd: 'git status --short' },
  { cmd: 'cat package.json' },
  { cmd: `node -e "console.log(require('./package.json').name)"` },
  { cmd: 'mkdir -p src' },
  { cmd: `printf 'export const a = 1;\\n' > src/a.js` },
  { cmd: `grep -rn "a =" src` },
  { cmd: `sed -i 's/1/2/' src/a.js` },
  { cmd: 'cat src/a.js' },
  { cmd: 'git add -A' },
  { cmd: 'git -c user.name=t -c user.email=t@example.com commit -qm "first"' },
  { cmd: 'git log --oneline' },
  { cmd: 'git diff HEAD~1 --stat' },
  { cmd: 'npm test' },
  { cmd: 'python3 -c "print(sum(range(10)))"' },
  { cmd: `find . -name '*.js' -not -path './.git/*'` },
  { cmd: 'wc -l src/a.js' },
  { cmd: 'make -s' },
  { cmd: 'f=$(mktemp) && echo tmp > "$f" && cat "$f"' },
  { cmd: 'cp src/a.js src/b.js' },
  { cmd: 'mv src/b.js src/c.js' },
  { cmd: 'rm src/c.js' },
  { cmd: 'tar czf /tmp/src.tgz src && tar tzf /tmp/src.tgz' },
  { cmd: 'head -n 3 README.md' },
  { cmd: 'sort README.md | uniq -c | head' },
  { cmd: 'git branch feature && git checkout -q feature && git branch --show-current' },
  { cmd: 'which node git' },
  { cmd: `curl -sS -o /dev/null -w '%{http_code}\\n' {url}/health-check`, net: true },
  { cmd: `curl -sS {url}/v1/models | head -c 80`, net: true },
];

// one test runs the script twice: every server and home it made is closed and removed after it
const servers: ModelServer[] = [];
const envs: TempHome[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const env of envs.splice(0)) env.cleanup();
});

async function runScript(mode: ApprovalMode): Promise<{ asked: number; outputs: any[] }> {
  let url = '';
  const steps: ScriptStep[] = ROUTINE.map((r, i) => () => ({
    reply: {
      toolCalls: [
        {
          name: 'exec_command',
          id: `call_${i}`,
          arguments: { cmd: r.cmd.replace('{url}', url), ...(r.net ? { with_network: true } : {}) },
        },
      ],
    },
  }));
  const server = await startModelServer([...steps, { reply: { text: 'done' } }]);
  servers.push(server);
  url = server.url;
  const env = tempHome({ baseUrl: server.openaiBaseUrl, systemConfig: 'system_prompt: test\n' });
  envs.push(env);
  const ws = env.workspace;
  fs.writeFileSync(
    path.join(ws, 'package.json'),
    '{"name":"demo","scripts":{"test":"node -e \\"process.exit(0)\\""}}\n',
  );
  fs.writeFileSync(path.join(ws, 'README.md'), '# demo\nline\nline\n');
  fs.writeFileSync(path.join(ws, 'Makefile'), 'all:\n\t@echo built\n');
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: ws });
  execFileSync(
    'git',
    ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '--allow-empty', '-m', 'init'],
    {
      cwd: ws,
    },
  );
  const agent = await createAgent({ home: env.home, retrySchedule: [10, 10, 10, 10, 10] });
  const s = await agent.createSession({ workspace: ws });
  let asked = 0;
  const approve = modeApprover(
    () => mode,
    async () => {
      asked++;
      return 'allow';
    },
  );
  const { msgs, result } = await drain(s.run('do the routine', { approve }));
  await s.dispose();
  expect(result.status).toBe('completed');
  return { asked, outputs: payloads(msgs, 'tool_call_output') };
}

describe('approval mode auto on 30 routine dev commands', () => {
  it('asks at most 20 % as often as always-ask, and every command works in the sandbox', async () => {
    const always = await runScript('always-ask');
    const auto = await runScript('auto');
    console.log(`routine commands: always-ask asked ${always.asked} times, auto asked ${auto.asked} times`);
    expect(always.asked).toBe(ROUTINE.length);
    expect(auto.asked).toBe(ROUTINE.filter((r) => r.net).length);
    expect(auto.asked).toBeLessThanOrEqual(0.2 * always.asked);
    expect(auto.outputs).toHaveLength(ROUTINE.length);
    for (const o of auto.outputs) {
      expect(o.stop_reason, o.output).toBe('completed');
      expect(o.output).not.toMatch(/\[exit code/);
    }
    const byId = (id: string) => auto.outputs.find((o) => o.tool_call_id === id)!.output as string;
    // the sandbox was really in the way: `auto` reached the host's server only through with_network
    expect(byId('call_28')).toBe('404\n');
    expect(byId('call_29')).toContain('"data"');
    expect(byId('call_4')).toBe('demo\n');
    expect(byId('call_26')).toBe('feature\n');
  });
});
