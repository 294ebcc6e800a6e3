// `floe rules` and `floe run --approve <mode>` with rules, as real processes on a real floe.db: a project rule made
// by one process is honoured by the next (a restart), only in its own project folder; deny wins over allow-all;
// each rule decision names its rule in the trace's approval_decision; bad input gets a clear message, exit 2.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../fixtures/model-server.js';
import { jsonLines, payloads, runCli, tempHome, type TempHome } from '../helpers/cli.js';

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

const execCall = (cmd: string, id = 'call_1') => ({ name: 'exec_command', arguments: { cmd }, id });

async function setup(): Promise<{ server: ModelServer; env: TempHome; other: string }> {
  const server = await startModelServer([]);
  cleanups.push(() => server.close());
  const env = tempHome({ baseUrl: server.openaiBaseUrl });
  cleanups.push(() => env.cleanup());
  const other = path.join(path.dirname(env.workspace), 'other');
  fs.mkdirSync(other);
  return { server, env, other };
}

describe('floe rules', () => {
  it('a project rule allows its command in that project across processes, not in another; deny beats allow-all', async () => {
    const { server, env, other } = await setup();
    const add = await runCli(['rules', 'add', 'allow', 'Bash', 'touch', 'made', '--workspace', env.workspace], {
      home: env.home,
    });
    expect(add.code).toBe(0);
    const id = add.stdout.match(/^(rule-[0-9a-f]{12}) {2}allow exec_command "touch made" {2}\[project /)?.[1];
    expect(id, add.stdout).toBeTruthy();
    expect((await runCli(['rules', 'add', 'deny', 'exec_command', 'rm', '--global'], { home: env.home })).code).toBe(0);

    const listed = await runCli(['rules', 'list', '--json', '--workspace', other], { home: env.home });
    expect(jsonLines(listed.stdout).map((r: any) => [r.action, r.scope, r.pattern])).toEqual([
      ['deny', 'global', 'rm'],
    ]);

    // read-only + the project rule: allowed by rule, no question asked (stdin is empty: asking would deny)
    server.push({ reply: { toolCalls: [execCall('touch made && touch made')] } }, { reply: { text: 'ok' } });
    const run = await runCli(['run', '--json', '--approve', 'read-only', '--workspace', env.workspace, 'go'], {
      home: env.home,
    });
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('Approve');
    expect(payloads(jsonLines(run.stdout), 'approval_decision')[0]).toMatchObject({
      decision: 'allow',
      decided_by: 'rule',
      rule: `allow exec_command "touch made" (project rule ${id})`,
    });
    expect(fs.existsSync(path.join(env.workspace, 'made'))).toBe(true);

    // the same command in another project asks (EOF: denied automatically) and shows what no rule covers
    server.push({ reply: { toolCalls: [execCall('touch made')] } }, { reply: { text: 'ok' } });
    const elsewhere = await runCli(['run', '--json', '--approve', 'read-only', '--workspace', other, 'go'], {
      home: env.home,
    });
    expect(elsewhere.stderr).toContain('not covered by a rule: touch made (no rule covers this command)');
    expect(payloads(jsonLines(elsewhere.stdout), 'approval_decision')[0]).toMatchObject({
      decision: 'deny',
      decided_by: 'mode',
    });
    expect(fs.existsSync(path.join(other, 'made'))).toBe(false);

    // allow-all: the global deny rule still wins, also behind `command`
    fs.writeFileSync(path.join(env.workspace, 'keep'), 'x');
    server.push({ reply: { toolCalls: [execCall('command rm keep')] } }, { reply: { text: 'ok' } });
    const denied = await runCli(['run', '--json', '--workspace', env.workspace, 'go'], { home: env.home });
    expect(payloads(jsonLines(denied.stdout), 'approval_decision')[0]).toMatchObject({
      decision: 'deny',
      decided_by: 'rule',
      rule: expect.stringMatching(/^deny exec_command "rm" \(global rule rule-[0-9a-f]{12}\)$/),
    });
    expect(fs.existsSync(path.join(env.workspace, 'keep'))).toBe(true);

    expect((await runCli(['rules', 'rm', id!], { home: env.home })).stdout).toBe(`removed ${id}\n`);
    const gone = await runCli(['rules', 'rm', id!], { home: env.home });
    expect([gone.code, gone.stderr]).toEqual([2, `floe: there is no rule ${id}; see floe rules list\n`]);
  }, 180_000); // eight CLI processes in a row: slow on a loaded machine

  it('the docs example `floe rules add deny exec_command rm -rf --global` works; options are words', async () => {
    const { env } = await setup();
    const home = { home: env.home };
    const add = await runCli(['rules', 'add', 'deny', 'exec_command', 'rm', '-rf', '--global'], home);
    expect([add.code, add.stderr]).toEqual([0, '']);
    expect(add.stdout).toMatch(/^rule-[0-9a-f]{12} {2}deny exec_command "rm -rf" {2}\[global\]\n$/);
    const push = await runCli(
      ['rules', 'add', 'ask', 'Bash', 'git', 'push', '-f', 'origin', '-w', env.workspace],
      home,
    );
    expect(push.code).toBe(0);
    const dashed = await runCli(['rules', 'add', 'deny', 'exec_command', '--global', '--', 'npm', '-g', 'i'], home);
    expect(dashed.code).toBe(0);
    const listed = jsonLines((await runCli(['rules', 'list', '--json'], home)).stdout);
    expect(listed.map((r: any) => [r.action, r.scope, r.pattern])).toEqual([
      ['deny', 'global', 'rm -rf'],
      ['ask', 'project', 'git push -f origin'],
      ['deny', 'global', 'npm -g i'],
    ]);
  });

  it('control characters in a pattern are refused, shown escaped (never sent to the terminal)', async () => {
    const { env } = await setup();
    const bad = await runCli(['rules', 'add', 'deny', 'exec_command', 'rm\x1b]0;pwned\x07', '--global'], {
      home: env.home,
    });
    expect([bad.code, bad.stderr]).toEqual([
      2,
      'floe: rule pattern "rm\\x1b]0;pwned\\x07" has the control or invisible character \\x1b at offset 2: ' +
        'type the command as plain text\n',
    ]);
    expect(bad.stderr + bad.stdout).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f]/);
  });

  it('bad rules are refused with what to do, exit 2', async () => {
    const { env } = await setup();
    const bad = await runCli(['rules', 'add', 'permit', 'exec_command', 'ls', '--workspace', env.workspace], {
      home: env.home,
    });
    expect([bad.code, bad.stderr]).toEqual([2, 'floe: rule action "permit" is not one of allow, deny, ask\n']);
    const pat = await runCli(['rules', 'add', 'allow', 'read_image', 'x', '--global'], { home: env.home });
    expect([pat.code, pat.stderr]).toEqual([
      2,
      'floe: a pattern ("x") only applies to exec_command (a command), network (a domain) or sandbox_write (a folder), not to read_image\n',
    ]);
    const ws = await runCli(['rules', 'add', 'allow', 'exec_command', 'ls', '--workspace', '/nonexistent/x'], {
      home: env.home,
    });
    expect(ws.code).toBe(2);
    expect(ws.stderr).toContain('/nonexistent/x does not exist');
  });
});
