// The trace index off the writer's path (issue 14): indexRecord only queues; the records are described, linked and
// inserted on the next tick in one transaction, in order, so links inside one batch (tool_call → output) hold.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../main/store/index.js';
import type { OmniMessage } from '../../../shared/omni/types.js';
import { tempDir } from './helpers.js';

const msg = (ms: number, payload: object, type = 'model_msg'): OmniMessage =>
  ({ timestamp: new Date(Date.UTC(2025, 0, 1) + ms).toISOString(), type, payload }) as OmniMessage;

describe('trace index batching', () => {
  it('queues on the writer path, writes everything on the next tick with links resolved inside the batch', async () => {
    const t = tempDir();
    const store = openStore(join(t.dir, 'floe.db'));
    try {
      const rows = () => (store.db.prepare('SELECT COUNT(*) AS n FROM trace_events').get() as { n: number }).n;
      const f = join(t.dir, 'session-2025-01-01-00-00-00-abcdef01_001.jsonl');
      store.traces.indexRecord('s', f, 0, 10, msg(0, { type: 'request_begin' }, 'event_msg'));
      store.traces.indexRecord(
        's',
        f,
        11,
        10,
        msg(100, { type: 'tool_call', name: 'exec_command', arguments: '{}', tool_call_id: 'c1' }),
      );
      store.traces.indexRecord('s', f, 22, 10, msg(350, { type: 'request_end', status: 'completed' }, 'event_msg'));
      store.traces.indexRecord(
        's',
        f,
        33,
        10,
        msg(1100, { type: 'tool_call_output', output: 'ok', tool_call_id: 'c1', stop_reason: 'completed' }),
      );
      expect(rows()).toBe(0); // nothing written while the writer appends
      await new Promise((r) => setImmediate(r));
      expect(rows()).toBe(4);
      const page = store.traces.pageEvents('s');
      expect(page.map((r) => [r.kind, r.durationMs, r.toolName])).toEqual([
        ['request_begin', null, null],
        ['tool_call', null, 'exec_command'],
        ['request_end', 350, null],
        ['tool_call_output', 1000, 'exec_command'],
      ]);
    } finally {
      store.close();
      t.cleanup();
    }
  });
});
