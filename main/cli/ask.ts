// The terminal approval prompt (SPEC §7 CLI): prints the tool, its resolved target, permission and arguments,
// reads `y`/`n` lines (also from a pipe); EOF or abort = deny. Output goes to stderr so --json stdout stays clean.
import type { ApprovalRequest } from '../approval/types.js';
import type { AskHuman } from '../approval/modes.js';
import type { StdinLines } from './lines.js';

export function formatApprovalPrompt(req: ApprovalRequest): string {
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
  return `\n? Approve ${target} (${req.permission})${who}\n${args.replace(/^/gm, '    ')}\n${open}  allow? [y/n] `;
}

export function terminalAsker(
  lines: StdinLines,
  write: (s: string) => void = (s) => process.stderr.write(s),
): AskHuman {
  // one question at a time, even when several sessions (subagents) ask at once
  let chain: Promise<unknown> = Promise.resolve();
  return (req, signal) => {
    const ask = async () => {
      write(formatApprovalPrompt(req));
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
        write('  please answer y or n: ');
      }
    };
    const p = chain.then(ask, ask);
    chain = p.catch(() => {});
    return p;
  };
}
