// `floe run <prompt>`: one task, headless. Human-readable streaming by default, `--json` = every OmniMessage as
// one JSON line on stdout. Exit 0 when the task completed, 1 when it failed or was aborted.
import { writableFolders } from '../approval/write-rules.js';
import path from 'node:path';
import fs from 'node:fs';
import type { OmniMessage } from '../../shared/omni/types.js';
import { modeApprover } from '../approval/modes.js';
import { APPROVAL_MODES, type ApprovalMode } from '../approval/types.js';
import { createAgent } from '../sdk/index.js';
import type { AgentSession, TaskResult } from '../sdk/index.js';
import { floeHome } from '../config/home.js';
import { firstRun, reportDrift } from './first-run.js';
import { findTraceFiles, readTrace } from '../trace/index.js';
import { cliRecorder, type CliRecorder } from './record.js';
import { QuestionLine, terminalAsker } from './ask.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, fail } from './exit.js';
import { StdinLines } from './lines.js';
import { cliTurn, wrapped } from './turn-checkpoints.js';
import { humanRenderer } from './render.js';
import {
  createWorktree,
  recordOfSession,
  removeWorktree,
  sessionCommands,
  writeRecord,
  type WorktreeRecord,
} from '../worktrees/index.js';

export interface RunFlags {
  workspace?: string;
  model?: string;
  agent?: string;
  approve?: string;
  json?: boolean;
  bare?: boolean;
  resume?: string;
  /** run in a new git worktree of the workspace's repository (main/worktrees) */
  worktree?: boolean;
}

export function parseMode(v: string | undefined, fallback: ApprovalMode): ApprovalMode {
  if (v === undefined) return fallback;
  if ((APPROVAL_MODES as readonly string[]).includes(v)) return v as ApprovalMode;
  return fail(`--approve: unknown mode "${v}"; use one of: ${APPROVAL_MODES.join(', ')}`);
}

/** Test/ops knobs read from the environment (documented in docs/cli.md). */
export function engineKnobs(env = process.env): { retrySchedule?: number[]; requestTimeoutMs?: number } {
  const knobs: { retrySchedule?: number[]; requestTimeoutMs?: number } = {};
  if (env.FLOE_RETRY_SCHEDULE_MS) {
    const list = env.FLOE_RETRY_SCHEDULE_MS.split(',').map((s) => Number(s.trim()));
    if (list.some((n) => !Number.isFinite(n) || n < 0))
      fail(
        `FLOE_RETRY_SCHEDULE_MS must be a comma-separated list of milliseconds (got "${env.FLOE_RETRY_SCHEDULE_MS}")`,
      );
    knobs.retrySchedule = list;
  }
  if (env.FLOE_REQUEST_TIMEOUT_MS) {
    const n = Number(env.FLOE_REQUEST_TIMEOUT_MS);
    if (!Number.isFinite(n) || n <= 0)
      fail(`FLOE_REQUEST_TIMEOUT_MS must be a positive number of milliseconds (got "${env.FLOE_REQUEST_TIMEOUT_MS}")`);
    knobs.requestTimeoutMs = n;
  }
  return knobs;
}

export function resolveWorkspace(p: string | undefined): string {
  const ws = path.resolve(p ?? process.cwd());
  if (!fs.existsSync(ws)) fail(`--workspace: ${ws} does not exist; pass an existing folder`);
  if (!fs.statSync(ws).isDirectory()) fail(`--workspace: ${ws} is not a folder`);
  return ws;
}

type CliAgent = Awaited<ReturnType<typeof createAgent>>;

/** A new session in `folder`, or (--worktree) in a new worktree of its repository, said on stderr. */
async function createCliSession(
  home: string,
  agent: CliAgent,
  folder: string,
  flags: RunFlags,
): Promise<{ session: AgentSession; worktree?: WorktreeRecord }> {
  if (!flags.worktree) return { session: await agent.createSession({ workspace: folder, model: flags.model }) };
  const wt = await createWorktree(home, folder);
  try {
    const session = await agent.createSession({
      workspace: wt.workspace,
      model: flags.model,
      commands: sessionCommands(wt.record),
    });
    const record = { ...wt.record, sessionId: session.id };
    writeRecord(home, record);
    process.stderr.write(
      `worktree ${record.path} (branch ${record.branch} from ${record.base}, FLOE_PORT_BASE=${record.portBase}); ` +
        `review with: floe worktrees diff ${session.id}\n`,
    );
    return { session, worktree: record };
  } catch (e) {
    await removeWorktree(home, wt.record).catch(() => {});
    throw e;
  }
}

/** A resumed session; one in its own worktree gets its port block and git roots again. */
async function resumeCli(
  home: string,
  agent: CliAgent,
  id: string,
  worktreeFlag: boolean,
): Promise<{ session: AgentSession; worktree?: WorktreeRecord }> {
  if (worktreeFlag) fail('--worktree starts a new session; a resumed session keeps the folder it had');
  const wt = recordOfSession(home, id);
  if (wt?.removedAt)
    fail(
      `the worktree of session ${id} was removed (${wt.state}); its work is ${wt.state === 'merged' ? `in ${wt.base}` : 'gone'}`,
    );
  return {
    session: await agent.resumeSession(id, undefined, wt ? sessionCommands(wt) : undefined),
    worktree: wt,
  };
}

/** The session a CLI command works with (new or resumed), registered in floe.db. */
export async function openCliSession(
  flags: RunFlags,
  mode: ApprovalMode,
  title: string,
  kind = 'floe run',
): Promise<{ session: AgentSession; recorder: CliRecorder }> {
  const home = floeHome();
  if (!flags.model && !flags.resume) await firstRun(home);
  reportDrift(home);
  const recorder = cliRecorder(home);
  try {
    const agent = await createAgent({
      home,
      agent: flags.agent,
      bare: flags.bare,
      onTraceRecord: recorder.onTraceRecord,
      // the project's writable-folder rules, read at each command's launch
      writableFolders: (sessionId, workspace) => writableFolders(recorder.rules(sessionId, workspace)),
      ...engineKnobs(),
    });
    // one writer per session: claimed before its trace is read (resume) or right after it is created (new)
    if (flags.resume) recorder.claim(flags.resume, kind);
    const folder = flags.resume ? undefined : resolveWorkspace(flags.workspace);
    const { session, worktree } = flags.resume
      ? await resumeCli(home, agent, flags.resume, !!flags.worktree)
      : await createCliSession(home, agent, folder!, flags);
    if (!flags.resume) recorder.claim(session.id, kind);
    recorder.register(session, {
      projectFolder: worktree ? folder : undefined,
      agent: agent.name,
      model: sessionModelRef(session),
      mode,
      title,
      resumed: !!flags.resume,
    });
    return { session, recorder };
  } catch (e) {
    recorder.close();
    throw e;
  }
}

export async function runCommand(promptParts: string[], flags: RunFlags): Promise<number> {
  const prompt = promptParts.join(' ').trim();
  if (!prompt) fail('floe run needs a prompt, e.g. floe run "list the files here"');
  const mode = parseMode(flags.approve, 'allow-all');
  const { session, recorder } = await openCliSession(flags, mode, prompt);
  const lines = new StdinLines();
  const question = new QuestionLine(!!process.stdout.isTTY);
  const approve = modeApprover(
    () => mode,
    terminalAsker(lines, undefined, question),
    () => recorder.rules(session.id, session.workspace),
  );
  const turn = cliTurn(flags.workspace, session.workspace, session.id, prompt);
  const ac = new AbortController();
  let interrupts = 0;
  const onSigint = () => {
    interrupts++;
    if (interrupts > 1) process.exit(130);
    process.stderr.write('\n(interrupt: aborting the task; press Ctrl-C again to quit at once)\n');
    ac.abort(new Error('interrupted by user (Ctrl-C)'));
  };
  process.on('SIGINT', onSigint);
  const out = question.around((s) => process.stdout.write(s));
  const render = flags.json ? undefined : humanRenderer(out, !!process.stdout.isTTY);
  if (!flags.json) process.stderr.write(`session ${session.id}\n`);
  let result: TaskResult | undefined;
  const emit = (m: OmniMessage) => {
    if (flags.json) process.stdout.write(JSON.stringify(m) + '\n');
    else render!.push(m);
  };
  try {
    // a script learns the session id (for --resume) from the first line: the session's session_meta
    if (flags.json) emit(sessionMetaOf(session.id));
    const gen = session.run(prompt, { approve: wrapped(turn, approve), signal: ac.signal });
    let r = await gen.next();
    while (!r.done) {
      emit(r.value);
      r = await gen.next();
    }
    render?.end();
    result = r.value;
    // a task that could not start for a user-side reason (tool configuration) is bad config: one line, exit 2
    if (result.errorCode === 'bad_request') {
      process.stderr.write(`floe: ${result.errorMessage ?? 'bad configuration'}\n`);
      return EXIT_USAGE;
    }
    if (result.status !== 'completed') {
      // the message says what happened (rate limited, server error, unreachable…); the stop reason alone would not.
      // Under --json too: the JSON lines carry the details, stderr the one line a person or a log sees
      const outcome = result.status === 'aborted' ? 'aborted' : result.errorMessage ? 'failed' : result.status;
      process.stderr.write(`task ${outcome}${result.errorMessage ? ': ' + result.errorMessage : ''}\n`);
    }
    return result.status === 'completed' ? EXIT_OK : EXIT_FAILED;
  } finally {
    process.off('SIGINT', onSigint);
    lines.close();
    await turn?.finish();
    await session.dispose();
    recorder.finish(session, result);
    recorder.close();
  }
}

function sessionModelRef(session: AgentSession): string {
  return `${session.model.model.provider}/${session.model.model.id}`;
}

/** The session_meta record of a session, read from the first line of its trace. */
function sessionMetaOf(sessionId: string): OmniMessage {
  const [first] = findTraceFiles(floeHome(), sessionId);
  const meta = first ? readTrace(first).messages.find((m) => m.type === 'session_meta') : undefined;
  if (!meta) throw new Error(`the trace of session ${sessionId} has no session_meta line`);
  return meta;
}
