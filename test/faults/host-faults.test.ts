// Fault suite — hosts (issue 6 item 2): kill -9 of a `floe run` child mid-task, then `--resume` continues with
// every tool_call paired and no trace line lost; two hosts on one FLOE_HOME (createHost twice in one process,
// and two `floe web` processes): the second refuses with a clear conflict, the first keeps working.
// Real processes, real files; every child is killed in cleanup.
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createHost } from '../../main/host/index.js';
import { startModelServer } from '../fixtures/model-server.js';
import { jsonLines, runCli, tempHome, traceFiles } from '../helpers/cli.js';
import { httpStatus, startWeb as startWebProcess, type WebProcess } from '../helpers/procs.js';
import { cleanupAll, intactTraceFile, onCleanup, pidsWith, waitFor } from './support.js';

afterEach(cleanupAll);

function startWeb(home: string): WebProcess {
  const w = startWebProcess(home);
  onCleanup(() => {
    if (w.proc.exitCode === null && w.proc.signalCode === null) w.proc.kill('SIGKILL');
  });
  return w;
}

describe('host faults', () => {
  it('kill -9 of `floe run` mid-task, then --resume: every tool_call paired, no line lost', async () => {
    const marker = `sleep 919.${process.pid}${Date.now() % 100000}`;
    const server = await startModelServer([
      {
        reply: {
          toolCalls: [
            { name: 'exec_command', arguments: { cmd: 'echo fast' }, id: 'k_fast' },
            { name: 'exec_command', arguments: { cmd: `${marker}; echo never` }, id: 'k_slow' },
          ],
        },
      },
      { reply: { text: 'Picked up where we left off.' } },
    ]);
    onCleanup(() => server.close());
    const env = tempHome({ baseUrl: server.openaiBaseUrl });
    onCleanup(() => env.cleanup());
    let killed = false;
    const first = await runCli(['run', '--json', '--workspace', env.workspace, 'start'], {
      home: env.home,
      onStdout: (chunk, pid) => {
        for (const m of jsonLines(chunk)) {
          if (!killed && m.payload?.type === 'tool_call_output' && m.payload.tool_call_id === 'k_fast') {
            killed = true;
            void waitFor(() => pidsWith(marker).length > 0, 10_000, 'the slow command').finally(() =>
              process.kill(pid, 'SIGKILL'),
            );
          }
        }
      },
    });
    expect(first.signal).toBe('SIGKILL');
    // the orphaned pty child of the killed host is not our business to keep; remove it so nothing leaks (in the
    // sandbox it usually ends by itself meanwhile: its bwrap dies with the spawner, which ends with the host)
    for (const p of pidsWith(marker)) {
      try {
        process.kill(p, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    const [file] = traceFiles(env.home);
    const before = intactTraceFile(file!); // the crash tore nothing: one record = one write
    const sessionId = (before[0]!.payload as any).session_id as string;
    const callsBefore = before.filter((m) => (m.payload as any).type === 'tool_call').length;
    expect(callsBefore).toBe(2);

    // crash truth: the dead run is not listed as running
    const listed = await runCli(['traces', 'list', '--json'], { home: env.home });
    expect(listed.code).toBe(0);
    expect(jsonLines(listed.stdout).map((r) => [r.sessionId, r.status])).toEqual([[sessionId, 'failed']]);

    const second = await runCli(['run', '--json', '--resume', sessionId, 'go on'], { home: env.home });
    expect(second.stderr).toBe(
      `floe: note: the last task of ${sessionId} ended when floe run (pid ${first.pid}) died; recorded in its trace\n`,
    );
    expect(second.code).toBe(0);
    expect(jsonLines(second.stdout)[0]).toEqual(before[0]); // --json starts with the session's session_meta
    const after = intactTraceFile(file!);
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.slice(0, before.length)).toEqual(before); // nothing lost or rewritten
    // the crash is recorded right after what the dead process wrote: a host_died event (not a user abort)
    expect(after[before.length]!.payload).toEqual({
      type: 'host_died',
      pid: first.pid,
      kind: 'floe run',
      since: expect.any(String),
    });
    expect(after.filter((m) => (m.payload as any).type === 'abort')).toEqual([]);
    // every tool_call of the trace has exactly one output
    const calls = after
      .filter((m) => (m.payload as any).type === 'tool_call')
      .map((m) => (m.payload as any).tool_call_id);
    const outs = after
      .filter((m) => (m.payload as any).type === 'tool_call_output')
      .map((m) => (m.payload as any).tool_call_id);
    expect(calls.sort()).toEqual(['k_fast', 'k_slow']);
    expect(outs.sort()).toEqual(['k_fast', 'k_slow']);
    // traced as the host stopping, so the transcript and the timeline do not read it as the person's Stop
    expect(
      after.find((m) => (m.payload as any).tool_call_id === 'k_slow' && (m.payload as any).output)?.payload,
    ).toMatchObject({ stop_reason: 'aborted', aborted_by: 'host', output: '[interrupted: the host stopped]' });
    const sent = server.requests[1]!.body.messages;
    expect(sent.filter((m: any) => m.role === 'tool').map((m: any) => [m.tool_call_id, m.content])).toEqual([
      ['k_fast', 'fast\n'],
      ['k_slow', '[interrupted: the host stopped]'], // the crash, not the person, ended it
    ]);
    expect(
      jsonLines(second.stdout)
        .filter((m) => m.payload?.type === 'text')
        .at(-1).payload.text,
    ).toBe('Picked up where we left off.');
  });

  it('createHost twice on one FLOE_HOME: the second refuses with a clear conflict; the first keeps working', async () => {
    const env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
    onCleanup(() => env.cleanup());
    const first = createHost({ home: env.home, mode: 'web' });
    onCleanup(() => first.dispose());
    let err: any;
    try {
      const second = createHost({ home: env.home, mode: 'web' });
      onCleanup(() => second.dispose());
    } catch (e) {
      err = e;
    }
    expect(err).toBeDefined();
    expect(err.code).toBe('conflict');
    expect(err.message).toContain(`is using ${env.home}`);
    expect(err.message).toMatch(/Close it first, or start this one with another FLOE_HOME/);
    const info = await first.call('app.info', {});
    expect(info).toMatchObject({ ok: true, value: { mode: 'web' } });
    // after the first is gone, a new host may start
    await first.dispose();
    const third = createHost({ home: env.home, mode: 'web' });
    onCleanup(() => third.dispose());
    expect(await third.call('projects.list', {})).toEqual({ ok: true, value: [] });
  });

  it('two `floe web` on one FLOE_HOME: the second exits non-zero with a clear message; the first keeps serving', async () => {
    const env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
    onCleanup(() => env.cleanup());
    const a = startWeb(env.home);
    const url = await a.url;
    expect(await httpStatus(url)).toBe(200);
    const b = startWeb(env.home);
    const code = await b.exit;
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(b.err()).toContain(`Another Floe host (pid ${a.proc.pid}, floe web) is using`);
    expect(b.err()).not.toMatch(/\n\s+at /); // no stack trace
    expect(await httpStatus(url)).toBe(200);
    expect(JSON.parse(fs.readFileSync(`${env.home}/host.lock`, 'utf8'))).toMatchObject({
      pid: a.proc.pid,
      kind: 'floe web',
    });
    a.proc.kill('SIGTERM');
    expect(await a.exit).toBe(0);
    expect(fs.existsSync(`${env.home}/host.lock`)).toBe(false);
  });
});
