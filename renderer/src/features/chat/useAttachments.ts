// Images pasted or dropped into the composer: each file is checked (shared/attachments.ts: type, 5 MB, at most 4)
// and read as a data: URL for its thumbnail and for sending (base64 without the prefix). A refused file leaves
// a message saying why; the others are still attached.
import { useState } from 'react';
import { checkAttachment } from '../../../../shared/attachments.js';
import type { ApiImageAttachment } from '../../../../shared/api.js';

export interface Attachment {
  id: number;
  name: string;
  size: number;
  /** data:<mime>;base64,… */
  url: string;
}

let nextId = 1;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('the file could not be read'));
    r.readAsDataURL(file);
  });
}

export function useAttachments() {
  const [items, setItems] = useState<Attachment[]>([]);
  const [error, setError] = useState<string | null>(null);

  async function add(files: readonly File[]): Promise<void> {
    const problems: string[] = [];
    let count = items.length;
    const accepted: File[] = [];
    for (const f of files) {
      const why = checkAttachment(f, count);
      if (why) problems.push(why);
      else {
        accepted.push(f);
        count++;
      }
    }
    const read: Attachment[] = [];
    for (const f of accepted) {
      try {
        read.push({ id: nextId++, name: f.name || 'pasted-image.png', size: f.size, url: await readAsDataUrl(f) });
      } catch (e) {
        problems.push(`Cannot attach ${f.name}: ${e instanceof Error ? e.message : String(e)}.`);
      }
    }
    setItems((prev) => [...prev, ...read]);
    setError(problems.length ? problems.join(' ') : null);
  }

  return {
    items,
    error,
    add,
    remove: (id: number) => setItems((prev) => prev.filter((a) => a.id !== id)),
    /** puts back images taken by a send that did not go through (before any added since) */
    restore: (list: Attachment[]) => setItems((prev) => [...list, ...prev.filter((a) => !list.includes(a))]),
    clear: () => {
      setItems([]);
      setError(null);
    },
    /** what sessions.run carries */
    payload: (): ApiImageAttachment[] =>
      items.map((a) => ({ name: a.name, data: a.url.slice(a.url.indexOf(',') + 1) })),
  };
}
