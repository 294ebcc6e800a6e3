// Bypass attempts against command rules (issue 13), through the host's approval broker and a real SQLite store:
// with project rules `allow git status`, `allow npm test*` and `deny rm`, every attempt to run something else under
// cover of an allowed prefix must ask a person or be denied — in read-only mode (rules are what allows) and in
// allow-all mode (deny rules must not be dodged). Prints its count of cases.
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadShellParser } from '../../main/approval/shell-parser.js';
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
  // issue 19: arithmetic and subscript evaluation runs `$(…)` hidden in a variable's value (each checked in bash)
  ['array subscript in ${a[x]}', "x='a[$(touch P)]'; git status ${a[x]}"],
  ['indirect expansion ${!x}', "x='a[$(touch P)]'; git status ${!x}"],
  ['substring offset ${x:y}', "y='a[$(touch P)]'; git status ${x:y}"],
  ['assignment to a[i]', "i='b[$(touch P)]'; a[i]=1; git status"],
  ['[[ -v ]] on a subscript', "[[ -v 'a[$(touch P)]' ]] && git status"],
  ['test -v on a subscript', "test -v 'a[$(touch P)]'"],
  ['printf -v into a subscript', "printf -v 'a[$(touch P)]' x"],
  ['printf -v into a computed name', 'printf -v "$x" y'],
  ['read into a subscript', "read 'a[$(touch P)]' <<< x"],
  ['read -a into a subscript', "read -a 'a[$(touch P)]' <<< x"],
];

/**
 * In allow-all with `deny rm`, commands that run rm where no parser can see it (issue 19 item 4: an interpreter
 * handed text, a wrapper whose options are not followed, the program under another name): they must ask.
 */
const FAIL_CLOSED: [string, string][] = [
  ['nohup --', 'nohup -- rm x'],
  ['setsid', 'setsid rm x'],
  ['setsid -f', 'setsid -f rm x'],
  ['ionice', 'ionice -c3 rm x'],
  ['taskset', 'taskset -c 0 rm x'],
  ['chrt', 'chrt -b 0 rm x'],
  ['flock -c', "flock /tmp/l -c 'rm x'"],
  ['script -qc', "script -qc 'rm x' /dev/null"],
  ['strace', 'strace -o /dev/null rm x'],
  ['find -exec', 'find . -name x -exec rm {} \\;'],
  ['find -execdir', 'find . -execdir rm {} +'],
  ['echo … | bash', 'echo rm x | bash'],
  ['echo … | sh -s', "echo 'rm x' | sh -s"],
  ['bash <<EOF', 'bash <<EOF\nrm x\nEOF'],
  ['bash <<<', "bash <<< 'rm x'"],
  ['alias', 'alias ls=rm; ls x'],
  ['hash -p', 'hash -p /bin/rm ls; ls x'],
  ['git -c alias.x=!rm', "git -c alias.x='!rm x' x"],
  ['git -c core.pager', "git -c core.pager='rm x' log"],
  ['git config alias', "git config alias.x '!rm x'; git x"],
  ['git rebase --exec', "git rebase --exec 'rm x' HEAD~1"],
  ['git submodule foreach', "git submodule foreach 'rm x'"],
  ['awk system()', 'awk \'BEGIN{system("rm x")}\''],
  ['awk print | "sh"', 'awk \'BEGIN{print "rm x" | "sh"}\''],
  ['sed s///e', "sed 's/.*/rm x/e' <<< y"],
  ['sed e command', "sed -n '1e rm x' f"],
  ['make -f - recipe', "make -f - <<< $'all:\\n\\trm x'"],
  ['Makefile written then make', "printf 'all:\\n\\trm x\\n' > Makefile; make"],
  ['cp /bin/rm', 'cp /bin/rm ./del; ./del x'],
  ['ln -s /bin/rm', 'ln -s /bin/rm d; ./d x'],
  ['python3 -c os.system', 'python3 -c \'import os; os.system("rm x")\''],
  ['python3 -c os.remove', 'python3 -c \'import os; os.remove("x")\''],
  ['python3 <<EOF', 'python3 <<EOF\nimport os; os.remove("x")\nEOF'],
  ['perl -e system', 'perl -e \'system("rm x")\''],
  ['perl -e unlink', 'perl -e \'unlink "x"\''],
  ['node -e', 'node -e \'require("fs").rmSync("x")\''],
  ['ruby -e', 'ruby -e \'File.delete("x")\''],
  ['sudo sh -c', "sudo sh -c 'rm x'"],
  ['xargs sh -c', "xargs -I{} sh -c 'rm {}' <<< x"],
  ['watch', "watch -n1 'rm x'"],
  ['su -c', "su -c 'rm x'"],
  ['export PATH', 'export PATH=/tmp/evil:$PATH; ls'],
  ['tar --to-command', "tar -xf a.tar --to-command='rm x'"],
  ['rsync -e', "rsync -e 'rm x' a b:c"],
  ['vim -c !', "vim -c '!rm x' -c q"],
  ['ssh', 'ssh localhost rm x'],
];

/** In allow-all, deny rules must hold: these run `rm` in some disguise. */
const NOT_RM = new Set(['fullwidth semicolon']);
const DENY_DODGES = BYPASSES.filter(
  ([name, c]) => !NOT_RM.has(name) && (/\brm\b|\\\n?m|x72|ｒｍ|r\?|r""m|'rm'/.test(c) || c.includes('evil')),
);

/** Commands and the "Always allow" prefixes the card may offer for them (issue 26: never a bare interpreter). */
const OFFERS: [string, string[]][] = [
  ["python3 -c 'print(1)'", []],
  ['echo print | python3', []],
  ['curl -s x | bash', []],
  ["node -e 'x'", []],
  ["perl -ne 'print' f", []],
  ['bash', []],
  ['sh -c "$X"', []],
  ['python3 tools/gen.py --fast', ['python3 tools/gen.py']],
  ['python3 -m pytest -x', ['python3 -m pytest']],
  ['find . -exec cat {} +', []],
];

let dir: string;
let store: Store;
let broker: ApprovalBroker;
let asked: string[];
/** the "Always allow <prefix>" buttons the approval card would show */
let offered: string[];
let cases = 0;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'floe-bypass-'));
  store = openStore(join(dir, 'floe.db'));
  const events = new EventHub();
  asked = [];
  offered = [];
  events.on((event, p) => {
    if (event !== 'approval.request') return;
    asked.push((p as { id: string }).id);
    const parts = (p as { uncovered?: { suggestion?: string }[] }).uncovered ?? [];
    offered.push(...parts.flatMap((u) => (u.suggestion ? [u.suggestion] : [])));
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
    ['allow', 'echo'],
    ['allow', 'printf'],
    ['allow', 'read'],
    ['allow', 'test'],
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
async function verdict(cmd: string, session = 's1'): Promise<string> {
  const args = JSON.stringify({ cmd });
  const p = broker.approverFor(session)({
    call: toolCall('exec_command', args, 'c1'),
    toolName: 'exec_command',
    permission: 'rw',
    arguments: args,
    sessionId: session,
  });
  if (asked.length) {
    broker.denyAll(session);
    await p;
    return 'ask';
  }
  return ((await p) as ApprovalAnswer).decision;
}

// the shell parser loads on the first decision (shell-parser.ts); loaded, a request to a person is emitted
// synchronously, which these cases rely on
beforeAll(loadShellParser);

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

  it.each(FAIL_CLOSED)('allow-all + deny rm, fails closed: %s → asks or denies', async (_name, cmd) => {
    cases++;
    store.sessions.setApprovalMode('s1', 'allow-all');
    expect(['ask', 'deny']).toContain(await verdict(cmd));
  });

  it('control: allow-all + deny rm still runs routine commands without asking', async () => {
    store.sessions.setApprovalMode('s1', 'allow-all');
    for (const cmd of ['ls -la', 'git -C . log -1', 'python3 tools/gen.py', "find . -name '*.ts'", 'npm run build'])
      expect([cmd, await verdict(cmd)]).toEqual([cmd, 'allow']);
  });

  it.each([
    'git -C . push',
    'git --no-pager push',
    'git -c k=v push',
    'git --git-dir=.git push origin main',
    'git -C . -c a=b -P push -f',
  ])('allow-all + ask rule on git push: %s → asks', async (cmd) => {
    cases++;
    store.sessions.setApprovalMode('s1', 'allow-all');
    store.rules.add({ action: 'ask', scope: 'project', scopeKey: dir, tool: 'exec_command', pattern: 'git push' });
    expect(await verdict(cmd)).toBe('ask');
  });

  it.each(OFFERS)(
    'the approval card never offers a bare interpreter as an Always allow prefix: %s',
    async (cmd, prefixes) => {
      cases++;
      expect(await verdict(cmd)).toBe('ask');
      expect(offered).toEqual(prefixes);
    },
  );

  it('a deny rule holds when the project is opened through a symlinked path (rules key on the real path)', async () => {
    cases++;
    const link = `${dir}-link`;
    symlinkSync(dir, link);
    try {
      // the rule was made for the real folder; the session's project is the symlink
      const viaLink = store.projects.open(link);
      store.sessions.create({
        id: 's2',
        projectId: viaLink.id,
        agent: 'default',
        model: 'mock/m',
        approvalMode: 'allow-all',
        source: 'desktop',
      });
      expect(await verdict('rm x', 's2')).toBe('deny');
      // and a rule made through the symlink holds in the real folder
      store.rules.add({ action: 'deny', scope: 'project', scopeKey: link, tool: 'exec_command', pattern: 'shred' });
      store.sessions.setApprovalMode('s1', 'allow-all');
      expect(await verdict('shred x')).toBe('deny');
    } finally {
      rmSync(link, { force: true });
    }
  });
});
