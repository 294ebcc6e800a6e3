import { describe, expect, it } from 'vitest';
import { modeApprover, modeVerdict, normalizeAnswer } from '../../../main/approval/modes.js';
import type { ApprovalRequest } from '../../../main/approval/types.js';
import { toolCall } from '../../../shared/omni/builders.js';

const req = (permission: 'r' | 'rw'): ApprovalRequest => ({
  call: toolCall('x', '{}', '1'),
  toolName: 'x',
  permission,
  arguments: '{}',
  sessionId: 's',
});

describe('approval modes', () => {
  it('verdicts per mode and permission', () => {
    expect(modeVerdict('allow-all', 'rw')).toBe('allow');
    expect(modeVerdict('deny-all', 'r')).toBe('deny');
    expect(modeVerdict('read-only', 'r')).toBe('allow');
    expect(modeVerdict('read-only', 'rw')).toBe('ask');
    expect(modeVerdict('always-ask', 'r')).toBe('ask');
  });

  it('auto: reads and contained (sandboxed) calls run; a write outside the sandbox asks; deny rules still win', async () => {
    expect(modeVerdict('auto', 'r')).toBe('allow');
    expect(modeVerdict('auto', 'rw', true)).toBe('allow');
    expect(modeVerdict('auto', 'rw', false)).toBe('ask');
    expect(modeVerdict('always-ask', 'rw', true)).toBe('ask');
    const asked: string[] = [];
    const approve = modeApprover(
      () => 'auto',
      async (req) => (asked.push(req.toolName), 'allow'),
      () => [
        { id: 'r1', action: 'deny', scope: 'global', scopeKey: '', tool: 'exec_command', pattern: 'rm', createdAt: '' },
      ],
    );
    const req = (cmd: string, contained: boolean) => ({
      call: {} as never,
      toolName: 'exec_command',
      permission: 'rw' as const,
      arguments: JSON.stringify({ cmd }),
      sessionId: 's',
      contained,
    });
    expect(await approve(req('ls', true))).toMatchObject({ decision: 'allow', decidedBy: 'mode', mode: 'auto' });
    expect(await approve(req('ls', false))).toMatchObject({ decision: 'allow', decidedBy: 'human' });
    expect(await approve(req('rm x', true))).toMatchObject({ decision: 'deny', decidedBy: 'rule' });
    expect(asked).toEqual(['exec_command']);
  });
  it('re-reads the mode for every decision and asks a person only when needed', async () => {
    let mode: 'allow-all' | 'always-ask' = 'allow-all';
    const asked: string[] = [];
    const fn = modeApprover(
      () => mode,
      async (r) => {
        asked.push(r.toolName);
        return 'deny';
      },
    );
    expect(await fn(req('rw'))).toEqual({ decision: 'allow', decidedBy: 'mode', mode: 'allow-all' });
    mode = 'always-ask';
    expect(await fn(req('rw'))).toEqual({ decision: 'deny', decidedBy: 'human', mode: 'always-ask' });
    expect(asked).toEqual(['x']);
  });
  it('no person to ask means deny; garbage answers mean deny', async () => {
    expect(await modeApprover(() => 'always-ask')(req('r'))).toEqual({
      decision: 'deny',
      decidedBy: 'mode',
      mode: 'always-ask',
    });
    expect(normalizeAnswer('yes')).toEqual({ decision: 'deny' });
    expect(normalizeAnswer({ decision: 'allow', decidedBy: 'rule' })).toEqual({ decision: 'allow', decidedBy: 'rule' });
  });
});
