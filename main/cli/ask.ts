// The terminal approval prompt (SPEC §7 CLI): prints the tool, its resolved target, permission and arguments,
// reads `y`/`n` lines (also from a pipe); EOF or abort = deny. Output goes to stderr so --json stdout stays clean.
// On a terminal the answer is typed right after `allow? [y/n]`: output printed while the question waits (the tool
// call's own line) goes above it and the question's last line is shown again (QuestionLine).
import type { ApprovalRequest } from '../approval/types.js';
import type { AskHuman } from '../approval/modes.js';
import type { StdinLines } from './lines.js';

function formatApprovalPrompt(req: ApprovalRequest): string {
  const who = req.call.origin?.length ? ` [subagent ${req.call.origin.join(' › ')}]` : '';
  const called = req.call.payload.name;
  const target = called === req.toolName ? req.toolName : `${called} → ${req.toolName}`;
  let args = req.arguments;
  try {
    args = JSON.stringify(JSON.parse(req.arguments), null, 2);
  } catch {
    /* show as sent */
  }
  const open = (req.uncovered ?? [])
    .map((u) => `    not covered by a rule: ${u.text.replace(/\s+/g, ' ')} (${u.reason})\n`)
    .join('');
  return `\n? Approve ${target} (${req.permission})${who}\n${args.replace(/^/gm, '    ')}\n${open}${ASK}`;
}

const ASK = '  allow? [y/n] ';
const AGAIN = '  please answer y or n: ';

/** The question waiting at the end of the terminal's last line, if any; other output is kept off that line. */
export class QuestionLine {
  tail: string | undefined;
  private readonly tty: boolean;
  private readonly err: (s: string) => void;

  constructor(tty: boolean, err: (s: string) => void = (s) => process.stderr.write(s)) {
    this.tty = tty;
    this.err = err;
  }

  /**
   * `write`, except that while a question waits on a terminal its line is cleared, the output goes there on lines
   * of its own, and the question's last line follows it again, so the answer is typed on the prompt's line.
   */
  around(write: (s: string) => void): (s: string) => void {
    return (s) => {
      if (!this.tail || !this.tty || !s) return write(s);
      this.err('\r\x1b[K');
      write(s.endsWith('\n') ? s : `${s}\n`);
      this.err(this.tail);
    };
  }
}

export function terminalAsker(
  lines: StdinLines,
  write: (s: string) => void = (s) => process.stderr.write(s),
  question?: QuestionLine,
): AskHuman {
  // one question at a time, even when several sessions (subagents) ask at once
  let chain: Promise<unknown> = Promise.resolve();
  return (req, signal) => {
    const ask = async () => {
      write(formatApprovalPrompt(req));
      if (question) question.tail = ASK;
      try {
        return await answer();
      } finally {
        if (question) question.tail = undefined;
      }
    };
    const answer = async () => {
      for (;;) {
        const line = await lines.next(signal);
        if (line === null) {
          // nobody can answer any more: denied automatically, not by a person
          write('(no answer: denied)\n');
          return { decision: 'deny', decidedBy: 'mode' } as const;
        }
        const a = line.trim().toLowerCase();
        if (a === 'y' || a === 'yes') return 'allow' as const;
        if (a === 'n' || a === 'no') return 'deny' as const;
        write(AGAIN);
        if (question) question.tail = AGAIN;
      }
    };
    const p = chain.then(ask, ask);
    chain = p.catch(() => {});
    return p;
  };
}
