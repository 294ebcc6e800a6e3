// Test helpers for the store: temp folders, a per-test store, and a deterministic synthetic trace. No assertions here.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openStore, type Store } from '../../../main/store/index.js';
import type { OmniMessage } from '../../../shared/omni/types.js';

export function tempDir(prefix = 'floe-store-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export const BASE_MS = Date.parse('2025-03-01T10:00:00.000Z');
/** Every record is STEP_MS after the previous one. */
export const STEP_MS = 7;
export const TOOLS = ['exec_command', 'read_image', 'run_subagent'] as const;
export const CYCLE = 8;

const ts = (i: number): string => new Date(BASE_MS + i * STEP_MS).toISOString();

/**
 * `n` records: a session_meta, then cycles of 8 records (user text with multi-byte characters, request_begin,
 * tool_call, token_usage, request_end, approval_decision, tool_call_output, assistant text).
 */
export function makeTrace(n: number, sessionId: string, workspace: string): OmniMessage[] {
  const out: OmniMessage[] = [
    {
      timestamp: ts(0),
      type: 'session_meta',
      payload: {
        session_id: sessionId,
        provider: 'local',
        model_id: 'qwen3',
        model_context_window: 32768,
        system_prompt: 'be brief',
        agent_state: {},
        workspace,
      },
    },
  ];
  let total = 0;
  for (let c = 0; out.length < n; c++) {
    const id = `call-${c}`;
    const tool = TOOLS[c % TOOLS.length]!;
    total += c + 1;
    const cycle: OmniMessage['payload'][] = [
      { type: 'text', role: 'user', text: `prompt ${c} héllo ✓ 日本語 🚀` },
      { type: 'request_begin' },
      { type: 'tool_call', name: tool, arguments: JSON.stringify({ cmd: `echo ${c}` }), tool_call_id: id },
      {
        type: 'token_usage',
        session: { cache_read: 0, cache_write: 0, output: c, total },
        request: { cache_read: 0, cache_write: 0, output: c, total: c + 1 },
      },
      { type: 'request_end', status: 'completed' },
      { type: 'approval_decision', decision: 'allow', tool_call_id: id, tool_name: tool, decided_by: 'mode' },
      {
        type: 'tool_call_output',
        output: `out ${c} ` + 'é'.repeat(c % 700),
        tool_call_id: id,
        stop_reason: 'completed',
      },
      { type: 'text', role: 'assistant', text: `done ${c}`, stop_reason: 'completed' },
    ];
    for (const payload of cycle) {
      if (out.length >= n) break;
      const kind = (payload as { type: string }).type;
      const type = kind === 'text' || kind.startsWith('tool_call') ? 'model_msg' : 'event_msg';
      out.push({ timestamp: ts(out.length), type, payload } as OmniMessage);
    }
  }
  return out;
}

export interface WrittenLine {
  offset: number;
  length: number;
  line: string;
}

/** Writes records as JSON Lines; returns each line's byte position (computed independently of the store). */
export function writeTrace(file: string, msgs: OmniMessage[]): WrittenLine[] {
  const lines = msgs.map((m) => JSON.stringify(m));
  const pos: WrittenLine[] = [];
  let at = 0;
  for (const line of lines) {
    const length = Buffer.byteLength(line, 'utf8');
    pos.push({ offset: at, length, line });
    at += length + 1;
  }
  writeFileSync(file, lines.map((l) => l + '\n').join(''));
  return pos;
}

/**
 * A fresh store in a temp folder for every test, with a clock that ticks one second per stamp. The returned object
 * is filled in by beforeEach; read its fields inside tests.
 */
export function useTestStore(): { store: Store; dir: string } {
  const ctx = {} as { store: Store; dir: string; cleanup: () => void };
  let tick = 0;
  const clock = () => new Date(Date.UTC(2025, 0, 1, 0, 0, tick++)).toISOString();
  beforeEach(() => {
    const t = tempDir();
    ctx.dir = t.dir;
    ctx.cleanup = t.cleanup;
    tick = 0;
    ctx.store = openStore(join(t.dir, 'floe.db'), { now: clock });
  });
  afterEach(() => {
    ctx.store.close();
    ctx.cleanup();
  });
  return ctx;
}
