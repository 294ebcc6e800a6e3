// What a checkpoint commit says about itself: the commit message of a shadow-repository commit carries the kind,
// the session and turn, the checkpoint it restored, the files skipped for size and the blob of exact file modes.
// Pure: format and parse.

type CheckpointKind = 'before' | 'after' | 'restore';

export interface CheckpointMeta {
  kind: CheckpointKind;
  sessionId: string;
  /** the 'before' checkpoint of the same turn (for kind 'after') */
  turnOf?: string;
  /** for kind 'restore': the checkpoint the workspace was restored to */
  restored?: string;
  /** a few words about the turn (its prompt), or what a partial restore restored */
  title?: string;
  /** when it was taken, to the millisecond (the commit's own date has whole seconds; older checkpoints lack it) */
  at?: string;
  /** files left out because they are larger than the limit */
  skipped: string[];
  /** the blob listing file modes git does not keep (see modes.ts); absent when every file is 644 or 755 */
  modes?: string;
}

const line = (k: string, v: string) => `${k}: ${v.replace(/[\r\n]+/g, ' ')}\n`;

export function formatMeta(m: CheckpointMeta): string {
  let s = `floe checkpoint (${m.kind})\n\n`;
  s += line('kind', m.kind) + line('session', m.sessionId);
  if (m.turnOf) s += line('turn-of', m.turnOf);
  if (m.restored) s += line('restored', m.restored);
  if (m.title) s += line('title', m.title.slice(0, 200));
  if (m.at) s += line('at', m.at);
  if (m.modes) s += line('modes', m.modes);
  for (const f of m.skipped) s += line('skipped', JSON.stringify(f));
  return s;
}

export function parseMeta(message: string): CheckpointMeta | null {
  const fields = new Map<string, string[]>();
  for (const l of message.split('\n')) {
    const m = /^([a-z-]+): (.*)$/.exec(l);
    if (m) fields.set(m[1], [...(fields.get(m[1]) ?? []), m[2]]);
  }
  const kind = fields.get('kind')?.[0];
  const sessionId = fields.get('session')?.[0];
  if ((kind !== 'before' && kind !== 'after' && kind !== 'restore') || !sessionId) return null;
  const one = (k: string) => fields.get(k)?.[0];
  const skipped: string[] = [];
  for (const s of fields.get('skipped') ?? []) {
    try {
      skipped.push(String(JSON.parse(s)));
    } catch {
      skipped.push(s);
    }
  }
  return {
    kind,
    sessionId,
    ...(one('turn-of') ? { turnOf: one('turn-of') } : {}),
    ...(one('restored') ? { restored: one('restored') } : {}),
    ...(one('title') ? { title: one('title') } : {}),
    ...(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(one('at') ?? '') ? { at: one('at') } : {}),
    skipped,
    ...(/^[0-9a-f]{40,64}$/.test(one('modes') ?? '') ? { modes: one('modes') } : {}),
  };
}
