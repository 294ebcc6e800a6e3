// The shell parser loads on the first approval decision (issue 21: not at the start of `floe run`). Until it is
// loaded, deciding by rules throws instead of matching a rule against an unparsed command; the approvers load it.
import { describe, expect, it } from 'vitest';
import { approvalStep } from '../../../main/approval/decide.js';
import { modeApprover } from '../../../main/approval/modes.js';
import type { Rule } from '../../../main/approval/rules.js';
import type { ApprovalRequest } from '../../../main/approval/types.js';

const allowGitStatus: Rule = {
  id: 'rule-1',
  action: 'allow',
  scope: 'project',
  scopeKey: '/p',
  tool: 'exec_command',
  pattern: 'git status',
  createdAt: '2026-01-01T00:00:00.000Z',
};

function request(cmd: string): ApprovalRequest {
  return {
    call: { payload: { tool_call_id: 'c1', name: 'exec_command', arguments: JSON.stringify({ cmd }) } },
    toolName: 'exec_command',
    permission: 'rwx',
    arguments: JSON.stringify({ cmd }),
    sessionId: 's1',
  } as unknown as ApprovalRequest;
}

describe('the shell parser, loaded on first use', () => {
  it('deciding by rules before it is loaded throws; the approver loads it and decides', async () => {
    // this file's module graph is fresh: nothing has loaded the parser yet
    expect(() => approvalStep('always-ask', request('git status'), [allowGitStatus])).toThrow(
      /shell parser is not loaded/,
    );
    const approve = modeApprover(
      () => 'always-ask',
      undefined,
      () => [allowGitStatus],
    );
    expect(await approve(request('git status'))).toMatchObject({ decision: 'allow', decidedBy: 'rule' });
    expect(await approve(request('git status; rm -rf x'))).toMatchObject({ decision: 'deny' });
    expect(approvalStep('always-ask', request('git status'), [allowGitStatus])).toMatchObject({ kind: 'decided' });
  });
});
