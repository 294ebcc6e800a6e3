// Fault suite — disk full on trace append (issue 6 item 2): the session's trace folder is a tiny tmpfs (mounted
// as root for this test) filled up after the session starts, so a later record cannot be written. The task must
// end `failed` with a clear ENOSPC message, every earlier line intact and parseable, and no partial record left.
// Must unmount what it mounted.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../main/sdk/index.js';
import { startModelServer } from '../fixtures/model-server.js';
import { tempHome, traceFiles } from '../helpers/cli.js';
import { cleanupAll, drain, intactTraceFile, onCleanup, pl } from './support.js';

afterEach(cleanupAll);

function mountTmpfs(dir: string, size: string): void {
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
  onCleanup(() => {
    execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
  });
}

/** Writes zeros into `file` until the file system says ENOSPC. */
function fillUp(file: string): void {
  const fd = fs.openSync(file, 'w');
  const chunk = Buffer.alloc(16 * 1024);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (e) {
    expect((e as NodeJS.ErrnoException).code).toBe('ENOSPC');
  } finally {
    fs.closeSync(fd);
  }
}

describe('trace faults', () => {
  it('disk full on trace append: the task fails clearly, earlier lines intact, nothing torn', async () => {
    const server = await startModelServer([{ reply: { text: 'x'.repeat(20_000) } }, { reply: { text: 'never' } }]);
    onCleanup(() => server.close());
    // no tools: the early records stay small enough for the slack of the trace file's first page
    const env = tempHome({
      baseUrl: server.openaiBaseUrl,
      systemConfig: 'system_prompt: fault suite\ntools:\n  builtin: []\n',
    });
    onCleanup(() => env.cleanup());
    const traces = path.join(env.home, 'agents/default/traces');
    fs.mkdirSync(traces, { recursive: true });
    mountTmpfs(traces, '256k');

    const agent = await createAgent({ home: env.home, retrySchedule: [5] });
    const session = await agent.createSession({ workspace: env.workspace });
    onCleanup(() => session.dispose());
    const [file] = traceFiles(env.home);
    expect(file).toBeDefined();
    fillUp(path.join(traces, 'filler.bin'));

    const { msgs, result } = await drain(session.run('write a long answer'));
    expect(result.status).toBe('failed');
    expect(result.errorMessage).toMatch(
      /^trace write failed: Cannot append to trace file .*: no space left on device \(ENOSPC\)/,
    );
    expect(result.errorMessage).toContain(file!);
    const abort = pl(msgs, 'abort');
    expect(abort).toHaveLength(1);
    expect(abort[0].reason).toContain('ENOSPC');

    const trace = intactTraceFile(file!); // every line parses, the file ends with a newline
    expect(trace.map((m) => (m.type === 'session_meta' ? 'session_meta' : (m.payload as any).type))).toEqual([
      'session_meta',
      'tool_list_ready',
      'text',
      'request_begin',
    ]);
    expect((trace[2]!.payload as any).text).toBe('write a long answer');
    // the stream still told the host everything (the big answer included); only the trace stopped
    expect(pl(msgs, 'text').map((t) => t.text.length)).toEqual([19, 20_000]);
    await session.dispose();
  });
});
