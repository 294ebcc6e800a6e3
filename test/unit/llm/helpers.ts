// Test helpers for the model layer: drain a ModelClient stream, check the partial/complete protocol rule,
// serve recorded wire files from ../shared/wire with a tiny local static server. Test-only.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'vitest';
import type { OmniMessage } from '../../../shared/omni/types.js';
import type { ModelResult, ResolvedModel } from '../../../main/llm/types.js';

export async function drain(
  gen: AsyncGenerator<OmniMessage, ModelResult, void>,
): Promise<{ msgs: OmniMessage[]; result: ModelResult }> {
  const msgs: OmniMessage[] = [];
  for (;;) {
    const r = await gen.next();
    if (r.done) return { msgs, result: r.value };
    msgs.push(r.value);
  }
}

export const payloads = (msgs: OmniMessage[]): any[] => msgs.map((m) => m.payload as any);
export const completes = (msgs: OmniMessage[]): any[] =>
  payloads(msgs).filter((p) => !String(p.type).startsWith('partial_'));

/**
 * Asserts SPEC §2's streaming rule for every complete message: start → deltas → stop → the complete message
 * immediately after, and the concatenated deltas equal the complete text / thinking / arguments.
 * Returns a list of violations (empty = fine).
 */
export function partialViolations(msgs: OmniMessage[]): string[] {
  const ps = payloads(msgs);
  const bad: string[] = [];
  const open = new Map<string, { buf: string; stopped: boolean }>();
  const keyOf = (p: any): string | null =>
    p.type === 'partial_text'
      ? 'text'
      : p.type === 'partial_thinking'
        ? 'thinking'
        : p.type === 'partial_tool_call'
          ? `tool:${p.tool_call_id}`
          : null;
  ps.forEach((p, i) => {
    const k = keyOf(p);
    if (k) {
      if (p.event_type === 'start') {
        if (open.has(k)) bad.push(`#${i} ${k}: start while open`);
        open.set(k, { buf: '', stopped: false });
      } else if (p.event_type === 'delta') {
        const o = open.get(k);
        if (!o || o.stopped) bad.push(`#${i} ${k}: delta outside start/stop`);
        else o.buf += p.text ?? p.thinking ?? p.arguments ?? '';
      } else if (p.event_type === 'stop') {
        const o = open.get(k);
        if (!o) bad.push(`#${i} ${k}: stop without start`);
        else o.stopped = true;
      }
      return;
    }
    const ck =
      p.type === 'text'
        ? 'text'
        : p.type === 'thinking'
          ? 'thinking'
          : p.type === 'tool_call'
            ? `tool:${p.tool_call_id}`
            : null;
    if (!ck) return;
    const o = open.get(ck);
    if (!o || !o.stopped) bad.push(`#${i} ${ck}: complete without a stopped partial`);
    else {
      const full = p.text ?? p.thinking ?? p.arguments;
      if (o.buf !== full) bad.push(`#${i} ${ck}: deltas ${JSON.stringify(o.buf)} != complete ${JSON.stringify(full)}`);
      const prev = ps[i - 1];
      if (keyOf(prev) !== ck || prev.event_type !== 'stop') bad.push(`#${i} ${ck}: complete not right after its stop`);
    }
    open.delete(ck);
  });
  return bad;
}

export function model(
  protocol: 'openai' | 'anthropic',
  baseUrl: string,
  extra: Partial<ResolvedModel> = {},
): ResolvedModel {
  return {
    provider: 'test',
    protocol,
    baseUrl,
    id: 'test-model',
    vision: true,
    contextWindow: 100_000,
    apiKey: 'sk-test',
    ...extra,
  };
}

// ── recorded wire data (../shared/wire beside the repository; never copied into it) ──────────────────────────
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const WIRE_DIR = path.resolve(repoRoot, '../shared/wire');
export const HAVE_WIRE = fs.existsSync(path.join(WIRE_DIR, 'SOURCES.md'));

/** What recorded-wire tests do: run with the recordings; without them fail under CI=true; elsewhere skip. */
export function wirePolicy(haveWire: boolean, ci: string | undefined): 'run' | 'fail' | 'skip' {
  if (haveWire) return 'run';
  return ci === 'true' ? 'fail' : 'skip';
}

/**
 * The `it` of a recorded-wire suite. Without the recordings: under CI=true one failing case says what is missing
 * (CI must never pass by skipping them); elsewhere (a worktree without ../shared) the cases skip with a notice.
 */
export function wireIt(suite: string): typeof it {
  const policy = wirePolicy(HAVE_WIRE, process.env.CI);
  if (policy === 'run') return it;
  if (policy === 'fail') {
    it(`${suite}: the recorded wire data is present`, () => {
      throw new Error(
        `${path.join(WIRE_DIR, 'SOURCES.md')} is missing: under CI the recorded provider streams must be beside the ` +
          'repository (../shared/wire); restore them or run CI from a checkout that has them.',
      );
    });
  } else {
    console.warn(
      `[${suite}] ${WIRE_DIR} is absent: skipping the recorded-wire conformance tests (under CI=true they fail)`,
    );
  }
  return it.skip as unknown as typeof it;
}

export interface WireServer {
  url: string;
  close(): Promise<void>;
}

/** Serves one recording per request, in order: `.sse` byte for byte split at event boundaries; `.json` envelopes as HTTP errors. */
export async function serveWire(names: string[]): Promise<WireServer> {
  const items = names.map((n) => fs.readFileSync(path.join(WIRE_DIR, n)));
  let next = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const i = next++;
      const bytes = items[i];
      if (!bytes) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"error":{"type":"test_exhausted","message":"no more recordings"}}');
        return;
      }
      if (names[i]!.endsWith('.json')) {
        const env = JSON.parse(bytes.toString('utf8')) as {
          status: number;
          headers?: Record<string, string>;
          body: string;
        };
        const h: Record<string, string> = { 'content-type': env.headers?.['content-type'] ?? 'application/json' };
        for (const k of ['retry-after', 'x-should-retry', 'request-id']) if (env.headers?.[k]) h[k] = env.headers[k];
        res.writeHead(env.status, h);
        res.end(Buffer.from(env.body, 'utf8'));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const parts: Buffer[] = [];
      let start = 0;
      while (start < bytes.length) {
        const at = bytes.indexOf('\n\n', start);
        const end = at < 0 ? bytes.length : at + 2;
        parts.push(bytes.subarray(start, end));
        start = end;
      }
      let k = 0;
      const pump = (): void => {
        if (res.destroyed) return;
        if (k >= parts.length) {
          res.end();
          return;
        }
        res.write(parts[k++]);
        setImmediate(pump);
      };
      pump();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
