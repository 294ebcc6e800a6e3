// Security suite — approval bypass attempts through the SDK (issue 6 item 3): aliases and case variants of
// exec_command under deny-all and read-only; execute_extra_tool (and its alias/case variants) wrapping an `rw`
// tool; execute_extra_tool wrapping itself; a subagent that tries to run commands under deny-all. Every attempt
// must be denied or asked with the resolved target named, and nothing may run (marker files checked).
// Must not weaken any mode to make a case pass.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { modeApprover } from '../../main/approval/modes.js';
import type { ApprovalMode, ApprovalRequest } from '../../main/approval/types.js';
import { roleScript } from '../helpers/roles.js';
import { cleanupAll, drain, expectTraceMatchesStream, intactTrace, pl, sdkSession } from '../faults/support.js';

afterEach(cleanupAll);

const require = createRequire(import.meta.url);
const EVERY_BIN = path.join(
  path.dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);
const WITH_MCP = [
  'system_prompt: security suite',
  'tools:',
  '  mcpServers:',
  '    - name: every',
  '      config:',
  `        command: ${JSON.stringify(process.execPath)}`,
  `        args: [${JSON.stringify(EVERY_BIN)}, stdio]`,
].join('\n');

type Call = [name: string, args: object, id: string];
const turn = (...c: Call[]) => ({ reply: { toolCalls: c.map(([name, args, id]) => ({ name, arguments: args, id })) } });

/** A mode approver that records what a person would be asked (and answers `deny`). */
function approver(mode: ApprovalMode) {
  const asked: ApprovalRequest[] = [];
  const seen: ApprovalRequest[] = [];
  const inner = modeApprover(
    () => mode,
    async (r) => {
      asked.push(r);
      return 'deny';
    },
  );
  return { asked, seen, approve: (r: ApprovalRequest, s?: AbortSignal) => (seen.push(r), inner(r, s)) };
}

const touch = (id: string) => ({ cmd: `touch pwned-${id}` });

describe('approval bypass attempts', () => {
  for (const mode of ['deny-all', 'read-only'] as const) {
    it(`${mode}: Bash, Shell, bash, EXEC_COMMAND, Exec_Command are ${mode === 'deny-all' ? 'denied' : 'asked'} as exec_command; nothing runs`, async () => {
      const names = ['Bash', 'Shell', 'bash', 'EXEC_COMMAND', 'Exec_Command'];
      const { session, env } = await sdkSession([
        turn(...names.map((n, i): Call => [n, touch(String(i)), `a${i}`])),
        { reply: { text: 'ok' } },
      ]);
      const a = approver(mode);
      const { msgs, result } = await drain(session.run('go', { approve: a.approve }));
      expect(result.status).toBe('completed');
      expect(a.seen.map((r) => [r.toolName, r.permission])).toEqual(names.map(() => ['exec_command', 'rw']));
      expect(a.asked.length).toBe(mode === 'read-only' ? names.length : 0);
      const decisions = pl(msgs, 'approval_decision');
      expect(decisions.map((d) => [d.decision, d.tool_name, d.decided_by])).toEqual(
        names.map(() => ['deny', 'exec_command', mode === 'deny-all' ? 'mode' : 'human']),
      );
      expect(
        pl(msgs, 'tool_call_output').every(
          (o) => o.output === 'Tool call denied by user.' && o.stop_reason === 'aborted',
        ),
      ).toBe(true);
      expect(fs.readdirSync(env.workspace)).toEqual([]);
      expectTraceMatchesStream(intactTrace(env.home), msgs);
    });
  }

  it('execute_extra_tool (any case/alias) wrapping exec_command under read-only asks on the target; deny-all denies', async () => {
    const wrappers = ['execute_extra_tool', 'ExecuteExtraTool', 'EXECUTE_EXTRA_TOOL', 'executeextratool'];
    for (const mode of ['read-only', 'deny-all'] as const) {
      const calls = wrappers.map((w, i): Call => [
        w,
        { tool_name: i % 2 ? 'Bash' : 'exec_command', params: touch(`${mode}-${i}`) },
        `w${i}`,
      ]);
      const { session, env } = await sdkSession([turn(...calls), { reply: { text: 'ok' } }], {
        systemConfig: WITH_MCP,
      });
      const a = approver(mode);
      const { msgs } = await drain(session.run('go', { approve: a.approve }));
      // the approver saw the target, its permission and the target's own arguments
      expect(a.seen.map((r) => [r.toolName, r.permission, JSON.parse(r.arguments).cmd])).toEqual(
        wrappers.map((_, i) => ['exec_command', 'rw', `touch pwned-${mode}-${i}`]),
      );
      expect(a.asked.length).toBe(mode === 'read-only' ? wrappers.length : 0);
      const decisions = pl(msgs, 'approval_decision');
      expect(decisions.map((d) => [d.decision, d.tool_name])).toEqual(wrappers.map(() => ['deny', 'exec_command']));
      expect(fs.readdirSync(env.workspace)).toEqual([]);
      expectTraceMatchesStream(intactTrace(env.home), msgs);
      await session.dispose();
    }
  });

  it('execute_extra_tool wrapping an rw MCP tool under read-only asks; an r tool is allowed', async () => {
    const { session, env } = await sdkSession(
      [
        turn(
          ['execute_extra_tool', { tool_name: 'mcp__every__echo', params: { message: 'read me' } }, 'r1'],
          ['ExecuteExtraTool', { tool_name: 'MCP__EVERY__TOGGLE-SIMULATED-LOGGING', params: {} }, 'rw1'],
        ),
        { reply: { text: 'ok' } },
      ],
      { systemConfig: WITH_MCP },
    );
    const a = approver('read-only');
    const { msgs } = await drain(session.run('go', { approve: a.approve }));
    const perm = (n: string) =>
      session
        .getToolset()!
        .all()
        .find((t) => t.definition.name === n)?.definition.permission;
    // the wrapper itself is harmless (`r`): only the target's permission may count
    expect([perm('mcp__every__echo'), perm('mcp__every__toggle-simulated-logging')]).toEqual(['r', 'rw']);
    const decisions = Object.fromEntries(pl(msgs, 'approval_decision').map((d) => [d.tool_call_id, d]));
    expect(decisions.r1).toMatchObject({ decision: 'allow', tool_name: 'mcp__every__echo', decided_by: 'mode' });
    expect(decisions.rw1).toMatchObject({
      decision: 'deny',
      tool_name: 'mcp__every__toggle-simulated-logging',
      decided_by: 'human',
    });
    expect(a.asked.map((r) => [r.toolName, r.permission])).toEqual([['mcp__every__toggle-simulated-logging', 'rw']]);
    const outs = Object.fromEntries(pl(msgs, 'tool_call_output').map((o) => [o.tool_call_id, o]));
    expect(outs.r1).toMatchObject({ stop_reason: 'completed' });
    expect(outs.rw1).toMatchObject({ output: 'Tool call denied by user.', stop_reason: 'aborted' });
    expectTraceMatchesStream(intactTrace(env.home), msgs);
  });

  it('execute_extra_tool wrapping itself fails (forbidden), under allow-all too', async () => {
    const { session, env } = await sdkSession(
      [
        turn(
          [
            'execute_extra_tool',
            { tool_name: 'execute_extra_tool', params: { tool_name: 'exec_command', params: touch('self1') } },
            's1',
          ],
          [
            'execute_extra_tool',
            { tool_name: 'ExecuteExtraTool', params: { tool_name: 'Bash', params: touch('self2') } },
            's2',
          ],
        ),
        { reply: { text: 'ok' } },
      ],
      { systemConfig: WITH_MCP },
    );
    const { msgs } = await drain(session.run('go', { approve: async () => 'allow' }));
    const outs = pl(msgs, 'tool_call_output');
    expect(outs.map((o) => [o.tool_call_id, o.stop_reason])).toEqual([
      ['s1', 'failed'],
      ['s2', 'failed'],
    ]);
    for (const o of outs)
      expect(o.output).toBe(
        'Tool call "execute_extra_tool" failed: it cannot run itself. Name the target tool in tool_name.',
      );
    expect(pl(msgs, 'approval_decision').map((d) => d.decision)).toEqual(['forbidden', 'forbidden']);
    expect(fs.readdirSync(env.workspace)).toEqual([]);
  });

  it('a subagent under deny-all cannot run anything (its calls reach the same approver, marked with its origin)', async () => {
    const script = roleScript({
      parent: [
        turn(['run_subagent', { prompt: 'CHILD: create the file' }, 'sub1']),
        { reply: { text: 'parent done' } },
      ],
      'CHILD:': [
        turn(
          ['Bash', touch('child'), 'c1'],
          ['execute_extra_tool', { tool_name: 'exec_command', params: touch('child2') }, 'c2'],
        ),
        { reply: { text: 'child could not' } },
      ],
    });
    const { session, env } = await sdkSession(script);
    // deny-all for everything, except that the parent may start the child at all (otherwise nothing would reach it)
    const seen: ApprovalRequest[] = [];
    const denyAll = modeApprover(() => 'deny-all');
    const approve = async (r: ApprovalRequest) => {
      seen.push(r);
      return r.toolName === 'run_subagent' && !r.origin?.length ? ('allow' as const) : denyAll(r);
    };
    const { msgs, result } = await drain(session.run('go', { approve }));
    expect(result.status).toBe('completed');
    const childReqs = seen.filter((r) => r.origin?.length);
    expect(childReqs.length).toBeGreaterThanOrEqual(1);
    expect(childReqs.every((r) => r.toolName === 'exec_command')).toBe(true);
    const childDecisions = msgs
      .filter((m) => m.origin?.length && (m.payload as any).type === 'approval_decision')
      .map((m) => (m.payload as any).decision);
    expect(childDecisions.length).toBeGreaterThanOrEqual(1);
    expect(childDecisions.every((d) => d === 'deny' || d === 'forbidden')).toBe(true);
    expect(fs.readdirSync(env.workspace)).toEqual([]);
    // and with deny-all for the parent too, not even the child is started
    const again = await drain(session.run('again', { approve: denyAll }));
    expect(pl(again.msgs, 'approval_decision').every((d) => d.decision === 'deny')).toBe(true);
  });
});
