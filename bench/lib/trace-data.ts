// Synthetic but realistic trace records for the trace benchmarks: a repeating turn of user text, tool call, tool
// output and request end, with non-ASCII text. Pure; must not touch the file system.
import type { OmniMessage } from '../../shared/omni/types.js';

export function syntheticTrace(n: number, t0 = Date.parse('2025-03-01T10:00:00.000Z')): OmniMessage[] {
  const out: OmniMessage[] = [];
  for (let i = 0; i < n; i++) {
    const timestamp = new Date(t0 + i * 5).toISOString();
    const c = Math.floor(i / 4);
    const id = `call-${c}`;
    switch (i % 4) {
      case 0:
        out.push({
          timestamp,
          type: 'model_msg',
          payload: { type: 'text', role: 'user', text: `prompt ${c} ✓ 日本語 — list the files and count them` },
        });
        break;
      case 1:
        out.push({
          timestamp,
          type: 'model_msg',
          payload: {
            type: 'tool_call',
            name: 'exec_command',
            arguments: `{"cmd":"ls -la src/${c} | wc -l"}`,
            tool_call_id: id,
          },
        });
        break;
      case 2:
        out.push({
          timestamp,
          type: 'model_msg',
          payload: {
            type: 'tool_call_output',
            output: `file-${c}.ts\n`.repeat(12),
            tool_call_id: id,
            stop_reason: 'completed',
          },
        });
        break;
      default:
        out.push({ timestamp, type: 'event_msg', payload: { type: 'request_end', status: 'completed' } });
    }
  }
  return out;
}
