// The composer's @-mention state: which `@word` is at the caret, the workspace's files (sessions.files, fetched
// when a mention opens), the highlighted row, and the keys that drive the list (↑/↓ move, Enter/Tab insert,
// Esc closes). Ranking and insertion are pure (mention.ts); the list is drawn by MentionList.tsx.
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { call, messageOf } from '../../api/client.js';
import { insertMention, mentionAt, rankFiles } from './mention.js';

export interface Mentions {
  open: boolean;
  items: string[];
  active: number;
  /** what the list says instead of rows: loading, an error, no match */
  note: string | null;
  truncated: boolean;
  /** true when the key was the list's (the composer must not act on it) */
  onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>): boolean;
  choose(path: string): void;
}

export function useMentions(
  sessionId: string,
  text: string,
  caret: number,
  apply: (text: string, caret: number) => void,
): Mentions {
  const mention = useMemo(() => mentionAt(text, caret), [text, caret]);
  const [files, setFiles] = useState<{ start: number; list: string[]; truncated: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const start = mention?.start ?? null;

  useEffect(() => {
    if (start === null || files?.start === start) return;
    let live = true;
    setError(null);
    call('sessions.files', { sessionId })
      .then((r) => live && setFiles({ start, list: r.files, truncated: r.truncated }))
      .catch((e) => live && setError(`Could not list the workspace's files: ${messageOf(e)}`));
    return () => {
      live = false;
    };
  }, [start, sessionId, files?.start]);

  const open = mention !== null && dismissed !== mention.start;
  const items = useMemo(() => (open && files ? rankFiles(files.list, mention!.query) : []), [open, files, mention]);
  useEffect(() => setActive(0), [mention?.query, mention?.start]);
  useEffect(() => {
    if (mention === null) setDismissed(null);
  }, [mention]);

  const choose = (path: string) => {
    if (!mention) return;
    const next = insertMention(text, mention, caret, path);
    apply(next.text, next.caret);
  };
  const note = !open
    ? null
    : error
      ? error
      : !files || files.start !== mention!.start
        ? 'Listing files…'
        : items.length === 0
          ? `No file matches "${mention!.query}".`
          : null;

  return {
    open,
    items,
    active: Math.min(active, Math.max(0, items.length - 1)),
    note,
    truncated: !!files?.truncated,
    choose,
    onKeyDown(e) {
      if (!open) return false;
      if (e.key === 'Escape') {
        setDismissed(mention!.start);
        return true;
      }
      if (!items.length) return false;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        const d = e.key === 'ArrowDown' ? 1 : -1;
        setActive((a) => (Math.min(a, items.length - 1) + d + items.length) % items.length);
        return true;
      }
      if ((e.key === 'Enter' && !e.shiftKey) || (e.key === 'Tab' && !e.shiftKey)) {
        choose(items[Math.min(active, items.length - 1)]!);
        return true;
      }
      return false;
    },
  };
}
