// Security suite (issue 26): project instruction files (AGENTS.md, CLAUDE.md) are sent to the provider, so they are
// read under read_image's containment rules. A symlink out of the workspace, a link to /proc/self/environ and a
// hard link to a file outside are refused and named in the session's trace; a plain file is sent. Real files, the
// real SDK composition root.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../main/sdk/index.js';
import { readProjectInstructions } from '../../main/sdk/instructions.js';
import { tempHome } from '../helpers/cli.js';
import { cleanupAll, onCleanup } from '../faults/support.js';

afterEach(cleanupAll);

const SECRET = 'PRIVATE-KEY-0123456789';

function layout(): { root: string; ws: string; secret: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-sec-instr-'));
  onCleanup(() => fs.rmSync(root, { recursive: true, force: true }));
  const ws = path.join(root, 'ws');
  fs.mkdirSync(ws);
  const secret = path.join(root, 'id_ed25519');
  fs.writeFileSync(secret, `-----BEGIN OPENSSH PRIVATE KEY-----\n${SECRET}\n`);
  return { root, ws, secret };
}

describe('project instruction files stay inside the workspace', () => {
  it('AGENTS.md as a symlink to a key outside, CLAUDE.md as a link to /proc/self/environ: neither is read', () => {
    const { ws, secret } = layout();
    fs.symlinkSync(secret, path.join(ws, 'AGENTS.md'));
    fs.symlinkSync('/proc/self/environ', path.join(ws, 'CLAUDE.md'));
    const r = readProjectInstructions(ws);
    expect(r.text).toBe('');
    expect(r.files).toEqual([]);
    expect(r.refused).toEqual([
      { file: 'AGENTS.md', reason: `it is a link to ${fs.realpathSync(secret)}, outside the workspace` },
      {
        file: 'CLAUDE.md',
        reason: expect.stringMatching(/^it is a link to \/proc\/\d+\/environ, outside the workspace$/),
      },
    ]);
  });

  it('AGENTS.md hard-linked to a file outside is refused; a symlink to a file inside and a plain file are read', () => {
    const { ws, secret } = layout();
    fs.linkSync(secret, path.join(ws, 'AGENTS.md'));
    fs.mkdirSync(path.join(ws, 'docs'));
    fs.writeFileSync(path.join(ws, 'docs', 'claude.md'), 'Use tabs.\n');
    fs.symlinkSync('docs/claude.md', path.join(ws, 'CLAUDE.md'));
    const r = readProjectInstructions(ws);
    expect(r.text).not.toContain(SECRET);
    expect(r.refused).toEqual([
      {
        file: 'AGENTS.md',
        reason: 'it has 2 hard links, so it may be a file outside the workspace; copy it instead of linking',
      },
    ]);
    expect(r.files.map((f) => f.file)).toEqual(['CLAUDE.md']);
    expect(r.text).toContain('Use tabs.');
  });

  it('a session in such a workspace: the secret is not in its system prompt, the refusal is in its trace', async () => {
    const { ws, secret } = layout();
    fs.symlinkSync(secret, path.join(ws, 'AGENTS.md'));
    const env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
    onCleanup(() => env.cleanup());
    const agent = await createAgent({ home: env.home });
    const s = await agent.createSession({ workspace: ws });
    onCleanup(() => s.dispose());
    const traces = path.join(env.home, 'agents', 'default', 'traces');
    const day = fs.readdirSync(traces)[0]!;
    const trace = fs.readFileSync(path.join(traces, day, `${s.id}_001.jsonl`), 'utf8');
    expect(trace).not.toContain(SECRET);
    const meta = JSON.parse(trace.split('\n')[0]!);
    expect(meta.payload.agent_state.instructions_refused).toEqual([
      { file: 'AGENTS.md', reason: `it is a link to ${fs.realpathSync(secret)}, outside the workspace` },
    ]);
  });
});
