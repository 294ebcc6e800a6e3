// Pure: what changed between two login-environment snapshots (snapshot-text.ts builds them): exported variables,
// functions, aliases and shell options added, removed or changed, named one by one. A profile edit — by the person,
// or by a command an agent ran (`echo "alias ls='rm -rf'" >> ~/.profile`) — changes every later session's commands,
// so the session that first sees it says so (LoginSnapshot). Values are never repeated here: only names.

type Kind = 'variable' | 'function' | 'alias' | 'option';

/** Each named entry of a snapshot, with its text. */
function entries(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    let m: RegExpExecArray | null;
    if ((m = /^export ([A-Za-z_][A-Za-z0-9_]*)=/.exec(line))) out.set(`variable ${m[1]}`, line);
    else if ((m = /^unset ([A-Za-z_][A-Za-z0-9_]*)$/.exec(line))) out.set(`variable ${m[1]}`, line);
    else if ((m = /^alias ([^=]+)=/.exec(line))) out.set(`alias ${m[1]}`, line);
    else if ((m = /^(?:shopt -[su]|set [-+]o) (\S+)$/.exec(line))) out.set(`option ${m[1]}`, line);
    else if ((m = /^([^\s=()]+) \(\) $/.exec(line)) || (m = /^([^\s=()]+) \(\)$/.exec(line))) {
      // `declare -f` prints `name () ` then the body up to a line that is exactly `}`
      const body: string[] = [line];
      while (i + 1 < lines.length) {
        body.push(lines[++i]!);
        if (lines[i] === '}') break;
      }
      out.set(`function ${m[1]}`, body.join('\n'));
    }
  }
  return out;
}

export interface SnapshotChange {
  kind: Kind;
  name: string;
  change: 'added' | 'removed' | 'changed';
}

/** The entries that differ, in a stable order (kind, then name). */
export function snapshotChanges(before: string, after: string): SnapshotChange[] {
  const a = entries(before);
  const b = entries(after);
  const out: SnapshotChange[] = [];
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const was = a.get(key);
    const now = b.get(key);
    if (was === now) continue;
    const sp = key.indexOf(' ');
    const kind = key.slice(0, sp) as Kind;
    out.push({
      kind,
      name: key.slice(sp + 1),
      change: was === undefined ? 'added' : now === undefined ? 'removed' : 'changed',
    });
  }
  const order: Kind[] = ['alias', 'function', 'variable', 'option'];
  return out.sort((x, y) => order.indexOf(x.kind) - order.indexOf(y.kind) || x.name.localeCompare(y.name));
}

/** One line for people: `alias ll added; variable PATH changed` (at most `max` named, then how many more). */
export function describeChanges(changes: readonly SnapshotChange[], max = 8): string {
  const named = changes.slice(0, max).map((c) => `${c.kind} ${c.name} ${c.change}`);
  if (changes.length > max) named.push(`${changes.length - max} more`);
  return named.join('; ');
}
