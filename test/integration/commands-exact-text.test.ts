// The model reads what a person would copy from the terminal, byte for byte (issue 9 item 3): real bash in a real
// pty through exec_command.
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandRegistry } from '../../main/environment/commands/registry.js';
import { execCommandTool } from '../../main/environment/tools/exec-command.js';
import type { ToolContext } from '../../main/environment/types.js';

let ws: string;
let home: string;
let registry: CommandRegistry;

beforeAll(() => {
  ws = realpathSync(mkdtempSync(join(tmpdir(), 'floe-exact-ws-')));
  home = mkdtempSync(join(tmpdir(), 'floe-exact-home-'));
  registry = new CommandRegistry({ env: { HOME: home }, cols: 40 });
});
afterAll(async () => {
  await registry.disposeAll();
  rmSync(ws, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

async function exec(cmd: string): Promise<string> {
  const ctx: ToolContext = {
    workspace: ws,
    toolCallId: 'call-exact',
    signal: new AbortController().signal,
    call: { type: 'tool_call', name: 'exec_command', arguments: '{}', tool_call_id: 'call-exact' },
    services: { commands: registry },
    definition: execCommandTool.definition,
  };
  const gen = execCommandTool.execute({ cmd }, ctx);
  let text = '';
  for (;;) {
    const n = await gen.next();
    if (n.done) {
      expect(n.value).toMatchObject({ stopReason: 'completed' });
      return text;
    }
    if (typeof n.value === 'string') text += n.value;
  }
}

describe('exact model text', () => {
  it("keeps a tab: printf 'a\\tb\\n'", async () => {
    expect(await exec("printf 'a\\tb\\n'")).toContain('a\tb');
  });

  it('cat of a file with tabs, CJK, combining characters and long lines gives it back byte for byte', async () => {
    const content = [
      'all:\n\tgo build ./...\t# tab inside too',
      'func main() {\n\tfmt.Println("日本語のテキスト")\n}',
      'cafe\u0301 — Zürich — naïve — 한국어 — emoji 🎉👍🏽',
      `a long line ${'0123456789'.repeat(30)} end`,
      '\tindented\t\tmore\ttabs',
      '',
    ].join('\n');
    writeFileSync(join(ws, 'src.txt'), content);
    const text = await exec('cat src.txt');
    expect(text).toBe(content);
    writeFileSync(join(ws, 'back.txt'), text);
    expect(readFileSync(join(ws, 'back.txt')).equals(readFileSync(join(ws, 'src.txt')))).toBe(true);
  });
});
