// Pure: what a sandboxed command's output says the sandbox refused (issue 19): writes to read-only places ("Read-only
// file system", the error a write outside the writable folders gets) and network use (name resolution or connection
// failures, which is how "no network" shows). Each becomes one line for a `warning` event (source `sandbox`) that
// names what was blocked and what to do. A guess from text: a program may print such words for other reasons, so
// it only informs, never decides anything. Must not read files or know about tools.

export interface Violation {
  kind: 'write' | 'network';
  /** the path written, or the host reached, when the message names one */
  target?: string;
  message: string;
}

const MAX = 5;

// `touch: cannot touch '/etc/x': Read-only file system`, `bash: /etc/x: Read-only file system`,
// `OSError: [Errno 30] Read-only file system: '/etc/x'`, `EROFS: read-only file system, open '/etc/x'`
const WRITE_RES = [
  /['‘"]?(\/[^\s'’":]+)['’"]?: Read-only file system/,
  /Read-only file system: ['"](\/[^'"]+)['"]/,
  /EROFS: read-only file system, \w+ ['"](\/[^'"]+)['"]/,
];
// curl, git, npm/node, python, getent
const NET_RES = [
  /Could not resolve host:? ([\w.-]+)/,
  /getaddrinfo (?:ENOTFOUND|EAI_AGAIN) ([\w.-]+)/,
  /Failed to resolve ['"]?([\w.-]+)/,
  /Temporary failure in name resolution/,
  /Network is unreachable/,
  /Name or service not known/,
];

/** The violations the output shows, at most one per target (and at most five). */
export function findViolations(output: string): Violation[] {
  const out: Violation[] = [];
  const seen = new Set<string>();
  for (const line of output.split('\n')) {
    if (out.length >= MAX) break;
    for (const re of WRITE_RES) {
      const m = re.exec(line);
      if (!m) continue;
      const target = m[1];
      if (!seen.has(`w:${target}`)) {
        seen.add(`w:${target}`);
        out.push({
          kind: 'write',
          target,
          message:
            `sandbox: a write to ${target} was refused (only the workspace, /tmp and FLOE_HOME/scratch are ` +
            'writable); if the project needs that folder, allow writing it in this project (the button on the ' +
            'tool card, or floe rules add allow sandbox_write <folder>)',
        });
      }
      break;
    }
    for (const re of NET_RES) {
      const m = re.exec(line);
      if (!m) continue;
      const target = m[1];
      // one network line per command: the first failure names the host when it can
      if (!out.some((v) => v.kind === 'network')) {
        out.push({
          kind: 'network',
          ...(target ? { target } : {}),
          message:
            `sandbox: the network is off for commands${target ? ` (${target} was not reached)` : ''}; run it ` +
            'again with with_network: true (asks in auto mode; an allow rule for the command makes it ask no more)',
        });
      }
      break;
    }
  }
  return out;
}
