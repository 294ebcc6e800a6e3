// Images attached to a prompt in the composer (pasted or dropped): the limits both sides apply — the same 5 MB cap
// and formats as the image tools, at most 4 per message — and the check of one file by its name, type and size
// before it is read. The host judges the bytes again (their real type). Pure.

export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export const MAX_ATTACHMENTS = 4;
const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** base64 length of the largest image allowed */
export const MAX_ATTACHMENT_BASE64 = Math.ceil(MAX_ATTACHMENT_BYTES / 3) * 4;
/** where a text-only model's images are saved, relative to the workspace */
export const ATTACHMENT_DIR = '.floe/attachments';

const mb = (n: number): string => `${(n / (1024 * 1024)).toFixed(1)} MB`;

/** Why the file cannot be attached, or null. `already`: images attached so far. */
export function checkAttachment(f: { name: string; type: string; size: number }, already: number): string | null {
  const name = f.name || 'the pasted image';
  if (already >= MAX_ATTACHMENTS)
    return `Cannot attach ${name}: at most ${MAX_ATTACHMENTS} images per message. Send these first or remove one.`;
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(f.type))
    return `Cannot attach ${name}: ${f.type || 'its type is unknown'} is not a supported image; use PNG, JPEG, GIF or WebP.`;
  if (f.size === 0) return `Cannot attach ${name}: the file is empty.`;
  if (f.size > MAX_ATTACHMENT_BYTES)
    return (
      `Cannot attach ${name}: it is too large: ${f.size} bytes (${mb(f.size)}); the limit is ${MAX_ATTACHMENT_BYTES} ` +
      `bytes (${mb(MAX_ATTACHMENT_BYTES)}). Use a smaller or more compressed image.`
    );
  return null;
}

/** A file name safe in any folder: letters, digits, dot, dash and underscore; never empty or hidden. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-80);
  return clean || 'image';
}
