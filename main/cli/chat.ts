// `floe chat`: a multi-turn REPL over one session, titled from its first prompt. Ctrl-C aborts the running task
// (not the REPL); `/mode` shows the approval mode and `/mode <mode>` changes it for the next decision; `/compact [focus]` compacts the context now; `/exit` (or EOF)
// leaves. Approval questions read the same stdin.
import type { Command } from 'commander';
import { modeApprover } from '../approval/modes.js';
import { APPROVAL_MODES, type ApprovalMode } from '../approval/types.js';
import type { TaskResult } from '../sdk/index.js';
import { QuestionLine, terminalAsker } from './ask.js';
import { EXIT_OK } from './exit.js';
import { StdinLines } from './lines.js';
import { cliTurn, wrapped } from './turn-checkpoints.js';
import { humanRenderer } from './render.js';
import { openCliSession, parseMode, type RunFlags } from './run.js';

export const CHAT_HELP =
  'Type a message and press Enter. /mode <allow-all|deny-all|read-only|always-ask|auto>, /compact [focus] to compact the ' +
  'context now, /exit to leave. Ctrl-C stops a running task.';

export async function chatCommand(flags: RunFlags): Promise<number> {
  let mode: ApprovalMode = parseMode(flags.approve, 'allow-all');
  const { session, recorder } = await openCliSession(flags, mode, '', 'floe chat');
  let last: TaskResult | undefined;
  const lines = new StdinLines();
  const question = new QuestionLine(!!process.stdout.isTTY);
  const approve = modeApprover(
    () => mode,
    terminalAsker(lines, undefined, question),
    () => recorder.rules(session.id, session.workspace),
  );
  const write = (s: string) => process.stdout.write(s);
  write(
    `session ${session.id} · ${session.model.model.provider}/${session.model.model.id} · mode ${mode}\n${CHAT_HELP}\n`,
  );

  let current: AbortController | undefined;
  const onSigint = () => {
    if (current) {
      write('\n(interrupt: stopping the task)\n');
      current.abort(new Error('interrupted by user (Ctrl-C)'));
    } else {
      write('\n(type /exit to leave)\n› ');
    }
  };
  process.on('SIGINT', onSigint);
  try {
    for (;;) {
      write('› ');
      const line = await lines.next();
      if (line === null) break;
      const text = line.trim();
      if (!text) continue;
      if (text === '/exit' || text === '/quit') break;
      if (text.startsWith('/mode')) {
        const m = text.slice(5).trim();
        if (!m) write(`approval mode: ${mode} (change it with /mode <${APPROVAL_MODES.join('|')}>)\n`);
        else if ((APPROVAL_MODES as readonly string[]).includes(m)) {
          mode = m as ApprovalMode;
          write(`approval mode: ${mode}\n`);
        } else write(`unknown mode "${m}"; use one of: ${APPROVAL_MODES.join(', ')}\n`);
        continue;
      }
      if (text === '/compact' || text.startsWith('/compact ')) {
        current = new AbortController();
        const render = humanRenderer(write, !!process.stdout.isTTY && !process.env.NO_COLOR);
        const gen = session.compact(text.slice('/compact'.length).trim() || undefined, { signal: current.signal });
        let r = await gen.next();
        while (!r.done) {
          render.push(r.value);
          r = await gen.next();
        }
        render.end();
        current = undefined;
        if (r.value.status !== 'completed')
          write(`(compaction ${r.value.status}${r.value.errorMessage ? ': ' + r.value.errorMessage : ''})\n`);
        continue;
      }
      if (text.startsWith('/')) {
        write(`unknown command ${text.split(/\s/)[0]}. ${CHAT_HELP}\n`);
        continue;
      }
      recorder.titleFrom(session.id, text);
      current = new AbortController();
      const render = humanRenderer(question.around(write), !!process.stdout.isTTY && !process.env.NO_COLOR);
      const turn = cliTurn(flags.workspace, session.workspace, session.id, text);
      const gen = session.run(text, { approve: wrapped(turn, approve), signal: current.signal });
      let r = await gen.next();
      while (!r.done) {
        render.push(r.value);
        r = await gen.next();
      }
      await turn?.finish();
      render.end();
      current = undefined;
      last = r.value;
      if (r.value.status !== 'completed')
        write(`(task ${r.value.status}${r.value.errorMessage ? ': ' + r.value.errorMessage : ''})\n`);
    }
  } finally {
    process.off('SIGINT', onSigint);
    lines.close();
    await session.dispose();
    recorder.finish(session, last ?? { status: 'completed' });
    recorder.close();
  }
  return EXIT_OK;
}

export function registerChatCommand(program: Command): void {
  program
    .command('chat')
    .description('talk with an agent over several turns (Ctrl-C stops a task, /mode changes approval, /exit leaves)')
    .option('-w, --workspace <dir>', 'project folder the agent works in (default: current folder)')
    .option('-m, --model <provider/id>', 'model from config.yaml (default: default_model)')
    .option('-a, --agent <name>', 'agent: agents/<name>/system_config.yaml', 'default')
    .option('--approve <mode>', `approval mode: ${APPROVAL_MODES.join(' | ')}`, 'allow-all')
    .option('--bare', 'no MCP servers')
    .option('--resume <session-id>', 'continue an earlier session')
    .action(async (flags) => {
      process.exitCode = await chatCommand(flags);
    });
}
