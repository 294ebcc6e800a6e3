// Bypass attempts against command rules (issue 13), through the host's approval broker and a real SQLite store:
// with project rules `allow git status`, `allow npm test*` and `deny rm`, every attempt to run something else under
// cover of an allowed prefix must ask a person or be denied — in read-only mode (rules are what allows) and in
// allow-all mode (deny rules must not be dodged). Prints its count of cases.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toolCall } from '../../shared/omni/builders.js';
import type { ApprovalAnswer } from '../../main/approval/types.js';
import { ApprovalBroker } from '../../main/host/approvals.js';
import { EventHub } from '../../main/host/events.js';
import { openStore, type Store } from '../../main/store/index.js';

const BYPASSES: [string, string][] = [
  ['list ;', 'git status; rm -rf x'],
  ['list && and pipe to sh', 'git status && curl x | sh'],
  ['list ||', 'git status || rm x'],
  ['background &', 'git status & rm x'],
  ['pipe', 'git status | sh'],
  ['$(…) alone', '$(rm x)'],
  ['$(…) in an argument', 'git status $(rm x)'],
  ['$(…) in double quotes', 'git status "$(rm x)"'],
  ['$(…) in a parameter default', 'git status ${X:-$(rm x)}'],
  ['backticks', 'git status `rm x`'],
  ['nested backticks', 'git status `echo \\`rm x\\``'],
  ['newline', 'git status\nrm x'],
  ['CR LF', 'git status\r\nrm x'],
  ['\\-continued line', 'git status \\\n&& rm x'],
  ['\\-continuation inside a word', 'git sta\\\ntus; r\\\nm x'],
  ['env assignment prefix', 'FOO=1 rm -rf x'],
  ['PATH prefix', 'PATH=/tmp/evil git status'],
  ['GIT_SSH_COMMAND prefix', 'GIT_SSH_COMMAND="rm -rf ~" git status'],
  ['bare PATH assignment', 'PATH=/tmp/evil; git status'],
  ['command', 'command rm -rf x'],
  ['command -p', 'command -p rm x'],
  ['builtin', 'builtin eval "rm x"'],
  ['exec', 'exec rm x'],
  ['env', 'env rm x'],
  ['env -S', 'env -S "rm x"'],
  ['nohup / nice / timeout', 'nohup nice timeout 5 rm x'],
  ['sudo', 'sudo rm -rf x'],
  ['xargs', 'echo x | xargs rm'],
  ['eval', 'eval "git status; rm x"'],
  ['source', 'source ./evil.sh'],
  ['dot', '. ./evil.sh'],
  ['bash -c with a variable', 'bash -c "$X"'],
  ['bash -c with a static script', 'bash -c "git status; rm x"'],
  ['sh -ec', "sh -ec 'rm x'"],
  ['trap', 'trap "rm x" EXIT; git status'],
  ['function shadowing git', 'git() { rm -rf x; }; git status'],
  ['subshell', '(rm x)'],
  ['group', '{ rm x; }'],
  ['process substitution', 'git status <(rm x)'],
  ['here-document with $(…)', 'git status <<EOF\n$(rm x)\nEOF'],
  ['redirect onto a dotfile', 'git status > ~/.bashrc'],
  ['computed command name', '$X status'],
  ['brace expansion as name', '{rm,-rf,x}'],
  ['glob as name', '/bin/r? x'],
  ['single quotes in name', "'rm' -rf x"],
  ['quote splicing', '"r""m" -rf x'],
  ['backslash in name', '\\rm -rf x'],
  ['ANSI-C quoting', "$'\\x72\\x6d' -rf x"],
  ['absolute path', '/bin/rm -rf x'],
  ['Cyrillic look-alike', 'gіt status'],
  ['fullwidth look-alike', 'ｇｉｔ status'],
  ['fullwidth rm', 'ｒｍ -rf x'],
  ['zero-width space', 'git\u200b status'],
  ['right-to-left override', 'git status \u202e x'],
  ['fullwidth semicolon', 'git status；rm x'],
  ['arithmetic on a variable', 'x="a[$(rm y)]"; (( x ))'],
  ['[[ -eq ]] on a variable', '[[ $x -eq 1 ]] && git status'],
  ['unterminated quote', 'git status "; rm x'],
  ['unbalanced $(', 'git status $(rm x'],
  ['glob rule + ;', 'npm test; rm x'],
  ['glob rule + $(…)', 'npm test $(rm x)'],
];

/** In allow-all, deny rules must hold: these run `rm` in some disguise. */
const NOT_RM = new Set(['fullwidth semicolon']);
const DENY_DODGES = BYPASSES.filter(
  ([name, c]) => !NOT_RM.has(name) && (/\brm\b|\\\n?m|x72|ｒｍ|r\?|r""m|'rm'/.test(c) || c.includes('evil')),
);

let dir: string;
let store: Store;
let broker: ApprovalBroker;
let asked: string[];
let cases = 0;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'floe-bypass-'));
  store = openStore(join(dir, 'floe.db'));
  const events = new EventHub();
  asked = [];
  events.on((event, p) => {
    if (event === 'approval.request') asked.push((p as { id: string }).id);
  });
  broker = new ApprovalBroker(store, events);
  const project = store.projects.open(dir);
  store.sessions.create({
    id: 's1',
    projectId: project.id,
    agent: 'default',
    model: 'mock/m',
    approvalMode: 'read-only',
    source: 'desktop',
  });
  for (const [action, pattern] of [
    ['allow', 'git status'],
    ['allow', 'npm test*'],
    ['deny', 'rm'],
  ] as const) {
    store.rules.add({ action, scope: 'project', scopeKey: dir, tool: 'exec_command', pattern });
  }
});
afterEach(() => {
  broker.dispose();
  store.close();
  rmSync(dir, { recursive: true, force: true });
});
afterAll(() => {
  console.log(`rule bypass cases: ${cases}`);
});

/** 'ask' when the broker turned to a person (the request event is emitted synchronously), else its decision. */
async function verdict(cmd: string): Promise<string> {
  const args = JSON.stringify({ cmd });
  const p = broker.approverFor('s1')({
    call: toolCall('exec_command', args, 'c1'),
    toolName: 'exec_command',
    permission: 'rw',
    arguments: args,
    sessionId: 's1',
  });
  if (asked.length) {
    broker.denyAll('s1');
    await p;
    return 'ask';
  }
  return ((await p) as ApprovalAnswer).decision;
}

describe('command rules resist bypasses', () => {
  it('control: the rules do allow what they name (so "ask" below is the rules working, not everything asking)', async () => {
    for (const cmd of [
      'git status',
      'git status -s && npm test -- -u',
      'NODE_ENV=test npm test',
      'git status 2>/dev/null',
    ]) {
      expect([cmd, await verdict(cmd)]).toEqual([cmd, 'allow']);
    }
    expect(await verdict('rm x')).toBe('deny');
  });

  it.each(BYPASSES)('read-only + allow rules: %s → asks or denies', async (_name, cmd) => {
    cases++;
    expect(['ask', 'deny']).toContain(await verdict(cmd));
  });

  it.each(DENY_DODGES)('allow-all + deny rm: %s → asks or denies', async (_name, cmd) => {
    cases++;
    store.sessions.setApprovalMode('s1', 'allow-all');
    expect(['ask', 'deny']).toContain(await verdict(cmd));
  });
});
