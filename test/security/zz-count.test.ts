// The security suite's register (issue 6: "the count of cases is printed"; issue 16: checked against a named
// list): every item the issue lists names the cases that cover it (file + title start). Deleting or renaming a
// listed case fails this test; a case nobody listed is printed so it can be added. Prints `security cases: N`.
// Must not run anything else.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkListedCases, type CaseRef } from '../faults/support.js';

const bypass = (title: string): CaseRef => ({ file: 'approval-bypass.test.ts', title });
const bad = (title: string): CaseRef => ({ file: 'bad-input.test.ts', title });
const host = (title: string): CaseRef => ({ file: 'host-approvals.test.ts', title });
const images = (title: string): CaseRef => ({ file: 'images.test.ts', title });
const web = (title: string): CaseRef => ({ file: 'web-electron.test.ts', title });
const hard = (title: string): CaseRef => ({ file: 'hardening.test.ts', title });
const rules = (title: string): CaseRef => ({ file: 'rule-bypass.test.ts', title });
const instr = (title: string): CaseRef => ({ file: 'instructions.test.ts', title });
const marker = (title: string): CaseRef => ({ file: 'end-marker.test.ts', title });
const sandbox = (title: string): CaseRef => ({ file: 'sandbox-escape.test.ts', title });

export const SECURITY_CASES: Record<string, CaseRef[]> = {
  'aliases and case variants': [bypass('${mode}: Bash, Shell, bash, EXEC_COMMAND')],
  'execute_extra_tool wrapping exec_command': [bypass('execute_extra_tool (any case/alias) wrapping exec_command')],
  'execute_extra_tool wrapping rw': [bypass('execute_extra_tool wrapping an rw MCP tool')],
  'wrapping itself': [bypass('execute_extra_tool wrapping itself')],
  'subagent under deny-all': [bypass('a subagent under deny-all')],
  'mode switch': [host('a mode switch mid-task')],
  'forged ids': [host('forged approval ids')],
  'cross-session ids': [host('forged approval ids → not_found; ids are bound to their own call across sessions')],
  'image path escapes': [images('.., absolute, symlinked file and folder'), images('read_image in a session')],
  'SVG, oversized, polyglot images': [
    images('SVG with script is refused'),
    images('polyglots are typed from their bytes'),
  ],
  'Electron options': [
    web('window options: isolated, sandboxed'),
    web('CSP: scripts only from self'),
    web('navigation, redirects, webviews'),
    web('IPC: only our own page may call the host'),
  ],
  'token and Origin': [web('HTTP needs the exact launch token'), web('WebSocket: missing token')],
  secrets: [host('secrets never reach renderer payloads')],
  'malformed JSON': [bad('malformed tool JSON')],
  'huge arguments': [bad('10 MB of tool arguments')],
  'non-UTF-8 and NUL': [bad('non-UTF-8 and NUL output')],
  'OSC title and clipboard': [bad('${file}: the escape sequences are stripped')],
  'hard-linked images': [hard('read_image refuses a hard-linked file')],
  'Host header (DNS rebinding)': [hard('browser mode answers only to its own Host')],
  'token out of the address bar': [hard('Chromium opening the printed URL')],
  'private FLOE_HOME and floe.db': [hard('a fresh FLOE_HOME is created 0700')],
  // issue 26
  'token cookie replayed by another local server': [hard('another local server that receives')],
  'CSP object-src, base-uri, form-action': [web('HTTP needs the exact launch token')],
  'end marker forged from inside the command': [
    marker('a forged marker followed by more work'),
    marker('a forged marker and a command that never ends'),
  ],
  'instruction files linked out of the workspace': [
    instr('AGENTS.md as a symlink to a key outside'),
    instr('AGENTS.md hard-linked to a file outside'),
    instr('a session in such a workspace'),
  ],
  // issue 13: command rules against bypasses (the file prints its own count of cases)
  'command rules allow what they name': [rules('control: the rules do allow what they name')],
  'command rule bypasses ask or deny': [rules('read-only + allow rules: %s')],
  'deny rules cannot be dodged': [rules('allow-all + deny rm: %s')],
  // issue 19: the OS sandbox (the file prints its own count of escape cases, each one a real command in bwrap)
  'sandboxed commands still work': [sandbox('control: the sandbox lets a command work')],
  'sandbox escapes fail (writes, secrets, .git, sockets, network, /proc, TIOCSTI, the host)': [sandbox('%s')],
  // issue 19 item 4 and issue 26: rules fail closed, see git's global options, key projects on the real path
  'rules fail closed with a deny rule': [rules('allow-all + deny rm, fails closed: %s')],
  'a deny rule leaves routine commands alone': [rules('control: allow-all + deny rm still runs routine commands')],
  "ask rules see git's global options": [rules('allow-all + ask rule on git push: %s')],
  'rules hold through a symlinked project path': [rules('a deny rule holds when the project is opened through a')],
  'no bare interpreter offered as "Always allow"': [rules('the approval card never offers a bare interpreter')],
};

describe('security suite', () => {
  it('has every case of its named list', () => {
    const r = checkListedCases(path.resolve(import.meta.dirname), SECURITY_CASES, ['zz-count.test.ts']);
    console.log(`security cases: ${r.count} (${Object.keys(SECURITY_CASES).length} items listed)`);
    if (r.unlisted.length)
      console.log(`security cases not in the list yet: ${r.unlisted.map((c) => `${c.file} › ${c.title}`).join('; ')}`);
    expect(r.missing).toEqual([]);
  });
});
