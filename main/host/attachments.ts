// Images attached to a prompt (sessions.run / sessions.steer): each is checked (at most 5 MB, png/jpeg/gif/webp
// judged from its bytes), then for a model with vision it becomes an image part of the user's message; for a
// text-only model it is saved under <workspace>/.floe/attachments/ and the prompt names the path, so describe_image
// (or a later vision model) can read it. Bad images are a bad_request naming the file. Must not run tasks.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ATTACHMENT_DIR, MAX_ATTACHMENT_BYTES, safeFileName } from '../../shared/attachments.js';
import { printable } from '../../shared/printable.js';
import type { ApiImageAttachment } from '../../shared/api.js';
import { modelMsg, userText } from '../../shared/omni/builders.js';
import type { OmniMessage } from '../../shared/omni/types.js';
import { formatSize } from '../environment/images/format.js';
import { dataUrl, sniff } from '../environment/images/load.js';
import { badRequest } from './errors.js';

const EXT: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
};

export interface PreparedPrompt {
  /** what the task is given */
  input: string | OmniMessage[];
  /** the prompt as the person sees it (title, checkpoint label) */
  label: string;
  /** workspace-relative paths of saved images (text-only model) */
  saved: string[];
}

/** Checks every image first (nothing is written when one is bad), then builds the task's input. */
export async function preparePrompt(
  prompt: string,
  images: readonly ApiImageAttachment[] | undefined,
  o: { vision: boolean; workspace: string; now?: Date },
): Promise<PreparedPrompt> {
  if (!images?.length) return { input: prompt, label: prompt, saved: [] };
  const checked = [];
  // a file name is the sender's text: its control characters must not act in a terminal, a title or a message
  images = images.map((i) => ({ ...i, name: printable(i.name) }));
  for (const img of images) {
    const bytes = Buffer.from(img.data, 'base64');
    if (bytes.length > MAX_ATTACHMENT_BYTES)
      throw badRequest(
        `Image "${img.name}" is too large: ${bytes.length} bytes (${formatSize(bytes.length)}); the limit is ` +
          `${MAX_ATTACHMENT_BYTES} bytes (${formatSize(MAX_ATTACHMENT_BYTES)}). Attach a smaller or more compressed image.`,
      );
    const r = await sniff(img.name, bytes);
    if (!r.ok) throw badRequest(r.error.replace(/^Cannot load image/, 'Cannot attach image'));
    checked.push({ name: img.name, mime: r.mime, bytes });
  }
  const label = prompt.trim() || `[image] ${images.map((i) => i.name).join(', ')}`;
  if (o.vision) {
    const parts = checked.map((c) => modelMsg({ type: 'image_url', image_url: dataUrl(c.mime, c.bytes) }));
    return { input: prompt.trim() ? [userText(prompt), ...parts] : parts, label, saved: [] };
  }
  if (!o.workspace) throw badRequest('The session has no workspace folder to save the images in.');
  const dir = path.join(o.workspace, ATTACHMENT_DIR);
  await mkdir(dir, { recursive: true });
  // the folder holds Floe's copies, not the project's files: keep them out of git
  await writeFile(path.join(dir, '.gitignore'), '*\n', { flag: 'wx' }).catch(() => {});
  const stamp = (o.now ?? new Date()).toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  const saved: string[] = [];
  for (const [i, c] of checked.entries()) {
    const stem = safeFileName(c.name).replace(/\.[A-Za-z0-9]+$/, '');
    const rel = `${ATTACHMENT_DIR}/${stamp}-${i + 1}-${stem}${EXT[c.mime]}`;
    await writeFile(path.join(o.workspace, rel), c.bytes);
    saved.push(rel);
  }
  const note = saved
    .map((p) => `[Image attached by the user, saved at ${p} — you cannot see images; use describe_image on this path.]`)
    .join('\n');
  return { input: prompt.trim() ? `${prompt}\n\n${note}` : note, label, saved };
}
