// Trace files picked for import, grouped by session: a session that was compacted is several files
// (`<id>_001.jsonl`, `<id>_002.jsonl`, …), each beginning with the session's session_meta. Used by the CLI and the
// trace browser so both import such a session as one. Pure: no I/O, no validation beyond reading the first line.

export interface PickedTrace {
  /** the file's name (only its `_NNN` suffix is used, to order the parts) */
  name: string;
  text: string;
}

export interface TraceGroup {
  /** the session id of the files' first session_meta; null when a file's first line does not name one */
  sessionId: string | null;
  /** the files of the session, in part order */
  files: PickedTrace[];
}

/** `NNN` of `<anything>_<NNN>.jsonl`, or null. */
export function partNumberOfName(name: string): number | null {
  const m = /_(\d+)\.jsonl$/i.exec(name);
  return m ? Number(m[1]) : null;
}

/** The session_id of the first non-blank line when it is a session_meta record, else null. */
export function sessionIdOfText(text: string): string | null {
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    const line = text.slice(start, nl < 0 ? text.length : nl).trim();
    if (line) {
      try {
        const v = JSON.parse(line) as { type?: unknown; payload?: { session_id?: unknown } };
        const id = v?.type === 'session_meta' ? v.payload?.session_id : undefined;
        return typeof id === 'string' && id ? id : null;
      } catch {
        return null;
      }
    }
    if (nl < 0) break;
    start = nl + 1;
  }
  return null;
}

/**
 * Files of the same session (same session_id in their first session_meta) become one group, in the order of their
 * `_NNN` suffixes (the order given when a file has none). Groups keep the order in which their first file came.
 * A file whose first line names no session is a group of its own (its import reports why).
 */
export function groupTraceFiles(files: readonly PickedTrace[]): TraceGroup[] {
  const groups: TraceGroup[] = [];
  const byId = new Map<string, TraceGroup>();
  for (const f of files) {
    const id = sessionIdOfText(f.text);
    const g = id ? byId.get(id) : undefined;
    if (g) g.files.push(f);
    else {
      const ng: TraceGroup = { sessionId: id, files: [f] };
      groups.push(ng);
      if (id) byId.set(id, ng);
    }
  }
  for (const g of groups) {
    if (g.files.length > 1 && g.files.every((f) => partNumberOfName(f.name) !== null)) {
      g.files.sort((a, b) => partNumberOfName(a.name)! - partNumberOfName(b.name)!);
    }
  }
  return groups;
}
