// Issue 23: Claude Code session files and Codex rollout files (fixtures written from their documented formats) become
// Floe traces that pass the ordinary import checks: every tool call paired with its output, each model reply a
// request with its token usage, user text without the tools' injected context. Expectations are read from the
// fixtures themselves.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectTraceFormat, toFloeTrace } from '../../../main/trace/import/index.js';
import { validateImportedTrace } from '../../../main/trace/transfer.js';
import { REPO } from '../../helpers/cli.js';

const DIR = path.join(REPO, 'test/fixtures/traces');
const read = (rel: string) => fs.readFileSync(path.join(DIR, rel), 'utf8');
const CC = read('claude-code/7d3f2a10-5b6c-4e8f-9a01-23456789abcd.jsonl');
const CODEX = read('codex/rollout-2025-10-02T08-15-00-0199a2b3-c4d5-7e6f-8a9b-0c1d2e3f4a5b.jsonl');
const lines = (t: string): any[] =>
  t
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

function converted(text: string) {
  const r = toFloeTrace(text);
  if ('error' in r) throw new Error(r.error);
  const checked = validateImportedTrace(r.text);
  if ('error' in checked) throw new Error(checked.error);
  return { format: r.format, messages: checked.messages as any[] };
}
const of = (ms: any[], t: string) => ms.filter((m) => m.payload.type === t).map((m) => m.payload);

describe('Claude Code session files', () => {
  it('are detected and become a valid trace: calls, outputs, replies as requests with their usage', () => {
    expect(detectTraceFormat(CC)).toBe('claude-code');
    const src = lines(CC);
    const { messages } = converted(CC);
    const first = src.find((l) => l.sessionId);
    expect(messages[0].payload).toMatchObject({
      session_id: `claude-code-${first.sessionId}`,
      provider: 'anthropic',
      model_id: src.find((l) => l.type === 'assistant').message.model,
      workspace: first.cwd,
    });
    const blocks = src.filter((l) => l.message && Array.isArray(l.message.content)).flatMap((l) => l.message.content);
    const uses = blocks.filter((b) => b.type === 'tool_use');
    expect(of(messages, 'tool_call')).toEqual(
      uses.map((b) => ({ type: 'tool_call', name: b.name, arguments: JSON.stringify(b.input), tool_call_id: b.id })),
    );
    const results = blocks.filter((b) => b.type === 'tool_result');
    expect(of(messages, 'tool_call_output').map((p) => [p.tool_call_id, p.stop_reason])).toEqual(
      results.map((b) => [b.tool_use_id, b.is_error ? 'failed' : 'completed']),
    );
    expect(of(messages, 'tool_call_output')[0].output).toBe(results[0].content);
    // one request per assistant message id, its usage counted once
    const ids = [...new Set(src.filter((l) => l.type === 'assistant').map((l) => l.message.id))];
    expect(of(messages, 'request_begin')).toHaveLength(ids.length);
    expect(of(messages, 'request_end')).toHaveLength(ids.length);
    const usage = ids.map((id) => src.find((l) => l.message?.id === id).message.usage);
    expect(of(messages, 'token_usage').map((p) => p.request)).toEqual(
      usage.map((u) => ({
        cache_read: u.cache_read_input_tokens,
        cache_write: u.cache_creation_input_tokens,
        output: u.output_tokens,
        total: u.input_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens + u.output_tokens,
      })),
    );
    const last = of(messages, 'token_usage').at(-1);
    expect(last.session.total).toBe(of(messages, 'token_usage').reduce((a, p) => a + p.request.total, 0));
    expect(of(messages, 'text').map((p) => p.role)).toEqual(['user', 'assistant', 'assistant']);
    expect(of(messages, 'thinking')[0].fidelity.signature).toBeTruthy();
    expect(of(messages, 'warning').map((p) => p.message)).toEqual(
      src.filter((l) => l.type === 'system').map((l) => l.content),
    );
    // a request begins at the record before the reply and ends at its last line
    const ends = messages.filter((m) => m.payload.type === 'request_end').map((m) => m.timestamp);
    expect(ends).toEqual(ids.map((id) => src.filter((l) => l.message?.id === id).at(-1).timestamp));
  });

  it('side chains and meta lines stay out; a file without sessions is one clear error', () => {
    const src = lines(CC);
    const extra = { ...src[1], uuid: 'side-1', isSidechain: true, message: { role: 'user', content: 'SIDECHAIN' } };
    const { messages } = converted([...src, extra].map((l) => JSON.stringify(l)).join('\n') + '\n');
    expect(JSON.stringify(messages)).not.toContain('SIDECHAIN');
    const r = toFloeTrace(JSON.stringify({ sessionId: 's', uuid: 'u', type: 'user' }) + '\n');
    expect(r).toEqual({
      error: 'Claude Code session: line 1: no record with a sessionId and a timestamp; not a Claude Code session file.',
    });
  });
});

describe('Codex rollout files', () => {
  it('are detected and become a valid trace: injected context dropped, exit codes kept, token_count as usage', () => {
    expect(detectTraceFormat(CODEX)).toBe('codex');
    const src = lines(CODEX);
    const { messages } = converted(CODEX);
    const meta = src[0].payload;
    expect(messages[0].payload).toMatchObject({
      session_id: `codex-${meta.id}`,
      provider: meta.model_provider,
      model_id: src.find((l) => l.type === 'turn_context').payload.model,
      workspace: meta.cwd,
    });
    const items = src.filter((l) => l.type === 'response_item').map((l) => l.payload);
    const fc = items.filter((p) => p.type === 'function_call');
    expect(of(messages, 'tool_call')).toEqual(
      fc.map((p) => ({ type: 'tool_call', name: p.name, arguments: p.arguments, tool_call_id: p.call_id })),
    );
    const outs = items.filter((p) => p.type === 'function_call_output').map((p) => JSON.parse(p.output));
    expect(of(messages, 'tool_call_output').map((p) => [p.output, p.exit_code, p.stop_reason])).toEqual(
      outs.map((o) => [o.output, o.metadata.exit_code, o.metadata.exit_code === 0 ? 'completed' : 'failed']),
    );
    const users = items.filter((p) => p.type === 'message' && p.role === 'user').map((p) => p.content[0].text);
    expect(
      of(messages, 'text')
        .filter((p) => p.role === 'user')
        .map((p) => p.text),
    ).toEqual(users.filter((t) => !t.startsWith('<environment_context>')));
    const counts = src.filter((l) => l.payload.type === 'token_count').map((l) => l.payload.info);
    expect(of(messages, 'token_usage').map((p) => [p.request.cache_read, p.request.output, p.session.total])).toEqual(
      counts.map((i) => [
        i.last_token_usage.cached_input_tokens,
        i.last_token_usage.output_tokens,
        i.total_token_usage.input_tokens + i.total_token_usage.output_tokens,
      ]),
    );
    expect(of(messages, 'request_begin')).toHaveLength(counts.length);
    expect(of(messages, 'request_end')).toHaveLength(counts.length);
    expect(of(messages, 'thinking')[0].thinking).toBe(items.find((p) => p.type === 'reasoning').summary[0].text);
  });

  it("Floe's own traces pass through unchanged, byte for byte", () => {
    const own = read('seed-compaction/seedharness-2025-06-02-build-fix_001.jsonl');
    expect(toFloeTrace(own)).toEqual({ format: 'floe', text: own });
  });
});
