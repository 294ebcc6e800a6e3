// The fault suite's register (issue 6: "the count of cases is printed"; issue 16: checked against a named list):
// every fault the issue lists names the cases that cover it (file + title start). Deleting or renaming a listed
// case fails this test; a case nobody listed is printed so it can be added. Prints `fault cases: N`.
// Must not run anything else.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkListedCases, type CaseRef } from './support.js';

const model = (title: string): CaseRef => ({ file: 'model-faults.test.ts', title });
const tool = (title: string): CaseRef => ({ file: 'tool-faults.test.ts', title });
const mcp = (title: string): CaseRef => ({ file: 'mcp-faults.test.ts', title });
const host = (title: string): CaseRef => ({ file: 'host-faults.test.ts', title });
const cp = (title: string): CaseRef => ({ file: 'checkpoint-faults.test.ts', title });

export const FAULT_CASES: Record<string, CaseRef[]> = {
  'stream cut': [model('${protocol}: a stream cut mid-tool-call')],
  '5xx': [model('5xx: 500 and 503 are retried'), model('5xx on every attempt')],
  '429': [model('429 with Retry-After')],
  'malformed SSE': [model('${protocol}: malformed SSE')],
  'slow first byte': [model('a first byte slower than requestTimeoutMs')],
  auth: [model('${protocol} ${status} → auth')],
  'tool timeout': [tool('a tool that hangs past its timeoutMs')],
  'TERM-ignoring pty child': [tool('a pty child that ignores SIGTERM'), tool('a TERM-ignoring background command')],
  'MCP hang': [mcp('a server that hangs on connect')],
  'MCP death': [mcp('a server that dies mid-session')],
  'disk full': [{ file: 'trace-faults.test.ts', title: 'disk full on trace append' }],
  'kill -9 + resume': [host('kill -9 of `floe run` mid-task')],
  'two hosts': [host('createHost twice on one FLOE_HOME'), host('two `floe web` on one FLOE_HOME')],
  'checkpoint: FLOE_HOME inside the workspace': [
    cp('FLOE_HOME inside the workspace: never snapshotted'),
    cp('FLOE_HOME inside the workspace, end to end'),
  ],
  'checkpoint: restore completes or changes nothing': [
    cp('a restore that fails midway'),
    cp('a restore whose swap fails'),
  ],
  'checkpoint: a file grown past the size limit': [cp('a tracked file grown past the size limit')],
  'checkpoint: ignored files never deleted': [
    cp('a file replaced by a folder holding an ignored file'),
    cp('a pattern removed from .gitignore'),
  ],
  'checkpoint: .gitattributes and filters': [cp('.gitattributes (text=auto, eol=crlf, ident)')],
  'checkpoint: concurrent turns': [cp('concurrent turns on one workspace')],
  'checkpoint: nested repositories and submodules': [cp('nested git repositories and submodules')],
  'checkpoint: a folder turned into a file': [cp('a turn that turns a folder into a file')],
  'checkpoint: exact file modes': [cp('file modes come back exactly')],
  'checkpoint: restore while a task runs': [
    cp('the CLI restore refuses while a task runs'),
    cp('the host restore refuses while another process runs a task'),
  ],
};

describe('fault suite', () => {
  it('has every case of its named list', () => {
    const r = checkListedCases(path.resolve(import.meta.dirname), FAULT_CASES, ['zz-count.test.ts']);
    console.log(`fault cases: ${r.count} (${Object.keys(FAULT_CASES).length} faults listed)`);
    if (r.unlisted.length)
      console.log(`fault cases not in the list yet: ${r.unlisted.map((c) => `${c.file} › ${c.title}`).join('; ')}`);
    expect(r.missing).toEqual([]);
  });
});
