// Shared helpers of the fault and security suites (no assertions of their own beyond trace integrity): an SDK
// session on the scripted model server with everything registered for cleanup, draining a run, reading a trace
// line by line and checking that no line was lost, and listing processes by a unique marker.
// Must not start anything that is not cleaned up by `cleanupAll()`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect } from 'vitest';
import { createAgent, type AgentOptions } from '../../main/sdk/index.js';
import type { AgentSession } from '../../main/sdk/index.js';
import type { OmniMessage } from '../../shared/omni/types.js';
import { startModelServer, type ModelServer, type Script } from '../fixtures/model-server.js';
import { tempHome, traceFiles, type TempHome } from '../helpers/cli.js';

type Cleanup = () => Promise<void> | void;
const cleanups: Cleanup[] = [];

/** Registers a cleanup run (in reverse order) by `cleanupAll`. */
export function onCleanup(c: Cleanup): void {
  cleanups.push(c);
}

export async function cleanupAll(): Promise<void> {
  for (const c of cleanups.splice(0).reverse()) {
    try {
      await c();
    } catch {
      /* keep cleaning */
    }
  }
}

export interface Drained {
  msgs: OmniMessage[];
  result: { status: string; errorMessage?: string; text?: string };
}

export async function drain(gen: AsyncGenerator<OmniMessage, unknown>): Promise<Drained> {
  const msgs: OmniMessage[] = [];
  for (;;) {
    const r = await gen.next();
    if (r.done) return { msgs, result: r.value as Drained['result'] };
    msgs.push(r.value);
  }
}

export const pl = (msgs: OmniMessage[], type: string): any[] =>
  msgs.filter((m) => (m.payload as any)?.type === type).map((m) => m.payload as any);

export interface Setup {
  server: ModelServer;
  env: TempHome;
  session: AgentSession;
}

/** A scripted server, a temp FLOE_HOME pointing at it, an agent and one session — all cleaned up afterwards. */
export async function sdkSession(
  script: Script,
  o: {
    protocol?: 'openai' | 'anthropic';
    systemConfig?: string;
    vision?: boolean;
    extraYaml?: string;
    agent?: Partial<AgentOptions>;
    workspace?: string;
  } = {},
): Promise<Setup> {
  const server = await startModelServer(script);
  onCleanup(() => server.close());
  const protocol = o.protocol ?? 'openai';
  const env = tempHome({
    protocol,
    baseUrl: protocol === 'openai' ? server.openaiBaseUrl : server.anthropicBaseUrl,
    vision: o.vision,
    extraYaml: o.extraYaml,
    systemConfig: o.systemConfig ?? 'system_prompt: fault suite\n',
  });
  onCleanup(() => env.cleanup());
  const agent = await createAgent({ home: env.home, retrySchedule: [5, 5, 5, 5, 5], ...o.agent });
  const session = await agent.createSession({ workspace: o.workspace ?? env.workspace });
  onCleanup(() => session.dispose());
  return { server, env, session };
}

/**
 * Reads the one trace file of a home and asserts no line was lost: the file ends with a newline and every
 * line parses as an OmniMessage. Returns the messages.
 */
export function intactTrace(home: string, agent = 'default'): OmniMessage[] {
  const files = traceFiles(home, agent);
  expect(files).toHaveLength(1);
  return intactTraceFile(files[0]!);
}

export function intactTraceFile(file: string): OmniMessage[] {
  const text = fs.readFileSync(file, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  const lines = text.split('\n').slice(0, -1);
  return lines.map((l, i) => {
    let m: any;
    expect(() => (m = JSON.parse(l)), `trace line ${i + 1} of ${file} must parse`).not.toThrow();
    expect(['session_meta', 'model_msg', 'event_msg']).toContain(m.type);
    return m as OmniMessage;
  });
}

/**
 * What the trace must hold, in order: the complete (non-partial, untagged) messages of a stream, except the
 * model messages of a request attempt that did not complete (a failed or aborted attempt is not committed;
 * its request_end is). A complete tool_call commits itself and what its attempt produced before it at once (it
 * is decided and may run while the model streams on); tool outputs are written as they finish.
 */
export function traceable(msgs: OmniMessage[]): OmniMessage[] {
  const out: OmniMessage[] = [];
  let attempt: OmniMessage[] | null = null;
  for (const m of msgs) {
    const t = String((m.payload as any)?.type);
    if (m.origin !== undefined || t.startsWith('partial_')) continue;
    if (t === 'request_begin') {
      out.push(m);
      attempt = [];
      continue;
    }
    if (attempt && m.type === 'model_msg' && t !== 'tool_call_output') {
      attempt.push(m);
      if (t === 'tool_call') out.push(...attempt.splice(0));
      continue;
    }
    if (attempt && t === 'token_usage') {
      // the attempt's messages are committed right before its usage when it completed
      const end = msgs[msgs.indexOf(m) + 1];
      if ((end?.payload as any)?.type === 'request_end' && (end!.payload as any).status === 'completed')
        out.push(...attempt);
      attempt = null;
    }
    if (attempt && (t === 'abort' || t === 'request_end')) attempt = null;
    out.push(m);
  }
  return out;
}

/** Asserts the trace holds exactly the complete messages the stream produced (after the session_meta line). */
export function expectTraceMatchesStream(trace: OmniMessage[], msgs: OmniMessage[]): void {
  expect(trace[0]!.type).toBe('session_meta');
  const key = (m: OmniMessage) => JSON.stringify([m.type, m.payload]);
  expect(trace.slice(1).map(key)).toEqual(traceable(msgs).map(key));
}

/** Pids of processes whose command line contains `marker` (pgrep -f), excluding pgrep itself. */
export function pidsWith(marker: string): number[] {
  try {
    return execFileSync('pgrep', ['-f', marker], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number)
      .filter((p) => p !== process.pid);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export async function waitFor<T>(
  fn: () => T | undefined | false | null,
  ms = 10_000,
  what = 'a condition',
): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() - t0 > ms) throw new Error(`timed out after ${ms}ms waiting for ${what}`);
    await sleep(25);
  }
}

/** One `it(` case of a suite's test files: its file and its title as written in the source (template text kept). */
export interface CaseRef {
  file: string;
  title: string;
}

/** Every `it(` case in the test files of a folder (the suites' final counters read these). */
export function suiteCases(dir: string): CaseRef[] {
  const out: CaseRef[] = [];
  for (const f of fs.readdirSync(dir).sort()) {
    if (!f.endsWith('.test.ts')) continue;
    const src = fs.readFileSync(`${dir}/${f}`, 'utf8');
    for (const m of src.matchAll(/^\s*it(?:\.each\([^)]*\))?\(\s*(['"`])(.*?)\1/gm))
      out.push({ file: f, title: m[2]! });
  }
  return out;
}

/**
 * The named list of a suite checked against its files: for each listed item, the cases (file + title start) that
 * cover it. Returns the listed cases that are missing (a deleted or renamed case) and the cases nobody listed.
 */
export function checkListedCases(
  dir: string,
  listed: Record<string, CaseRef[]>,
  ignore: string[] = [],
): { missing: string[]; unlisted: CaseRef[]; count: number } {
  const cases = suiteCases(dir).filter((c) => !ignore.includes(c.file));
  const matches = (want: CaseRef) => (c: CaseRef) => c.file === want.file && c.title.startsWith(want.title);
  const missing: string[] = [];
  for (const [item, refs] of Object.entries(listed)) {
    for (const r of refs) if (!cases.some(matches(r))) missing.push(`${item}: ${r.file} › "${r.title}…"`);
  }
  const all = Object.values(listed).flat();
  const unlisted = cases.filter((c) => !all.some((r) => matches(r)(c)));
  return { missing, unlisted, count: cases.length };
}
