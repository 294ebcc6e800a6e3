// Loads an image for the model or for a host preview (SPEC §5): an http(s) URL or a path inside the workspace,
// at most 5 MB, typed from its bytes only (png, jpeg, gif, webp; SVG and everything else refused).
// Returns a result object and never throws. Knows nothing about tools, models or approvals: the host also uses it.
import { constants as fsConstants } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { formatSize } from './format.js';

export { dataUrl } from './format.js';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
type ImageMime = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export type LoadImageResult = { ok: true; mime: ImageMime; bytes: Buffer; size: number } | { ok: false; error: string };

export interface LoadImageOptions {
  workspace: string;
  signal?: AbortSignal;
  /** default 5 MB (`5*1024*1024`) */
  maxBytes?: number;
}

const ALLOWED = 'only png, jpeg, gif, webp are supported';

export async function loadImage(source: string, opts: LoadImageOptions): Promise<LoadImageResult> {
  const maxBytes = opts.maxBytes ?? MAX_IMAGE_BYTES;
  try {
    const src = typeof source === 'string' ? source.trim() : '';
    if (!src)
      return fail('Cannot load image: the source is empty. Give a path inside the workspace or an http(s) URL.');
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(src)?.[1]?.toLowerCase();
    let loaded: { ok: true; bytes: Buffer } | { ok: false; error: string };
    if (scheme === 'http' || scheme === 'https') {
      loaded = await fetchBytes(src, maxBytes, opts.signal);
    } else if (scheme && scheme.length > 1) {
      return fail(
        `Cannot load image "${src}": the "${scheme}:" scheme is not supported. Give a path inside the workspace or an http(s) URL.`,
      );
    } else {
      loaded = await readWorkspaceFile(src, opts.workspace, maxBytes);
    }
    if (!loaded.ok) return loaded;
    return await sniff(src, loaded.bytes);
  } catch (err) {
    return fail(`Cannot load image "${String(source)}": ${errorText(err)}.`);
  }
}

function fail(error: string): { ok: false; error: string } {
  return { ok: false, error };
}

function tooLarge(src: string, size: number | string, maxBytes: number): { ok: false; error: string } {
  const n = typeof size === 'number' ? `${size} bytes (${formatSize(size)})` : size;
  return fail(
    `Cannot load image "${src}": it is too large: ${n}; the limit is ${maxBytes} bytes (${formatSize(maxBytes)}). ` +
      'Use a smaller or more compressed image.',
  );
}

function errorText(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as { cause?: unknown }).cause;
    const code = (cause as { code?: string } | undefined)?.code ?? (err as { code?: string }).code;
    const causeMsg = cause instanceof Error ? cause.message : undefined;
    const detail = causeMsg && causeMsg !== err.message ? `${err.message}: ${causeMsg}` : err.message;
    return code && !detail.includes(code) ? `${detail} (${code})` : detail;
  }
  return String(err);
}

async function fetchBytes(
  url: string,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<{ ok: true; bytes: Buffer } | { ok: false; error: string }> {
  if (signal?.aborted) return fail(`Cannot fetch image "${url}": the request was aborted.`);
  let res: Response;
  try {
    res = await fetch(url, { signal, redirect: 'follow' });
  } catch (err) {
    if (signal?.aborted) return fail(`Cannot fetch image "${url}": the request was aborted.`);
    return fail(
      `Cannot fetch image "${url}": network error: ${errorText(err)}. Check the URL and that the server is reachable.`,
    );
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    return fail(
      `Cannot fetch image "${url}": the server answered HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}. ` +
        'Check the URL, or download the image into the workspace and give its path.',
    );
  }
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => {});
    return tooLarge(url, `${declared} bytes according to its Content-Length`, maxBytes);
  }
  if (!res.body) return fail(`Cannot fetch image "${url}": the response has no body. Check the URL.`);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => {});
        return tooLarge(url, `more than ${maxBytes} bytes`, maxBytes);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (signal?.aborted) return fail(`Cannot fetch image "${url}": the request was aborted.`);
    return fail(`Cannot fetch image "${url}": reading the response failed: ${errorText(err)}. Try again.`);
  }
  if (total === 0) return fail(`Cannot fetch image "${url}": the response body is empty. Check the URL.`);
  return { ok: true, bytes: Buffer.concat(chunks, total) };
}

function inside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel));
}

async function readWorkspaceFile(
  src: string,
  workspace: string,
  maxBytes: number,
): Promise<{ ok: true; bytes: Buffer } | { ok: false; error: string }> {
  const outside = () =>
    fail(
      `Cannot load image "${src}": the path leaves the workspace (${workspace}). ` +
        'Only files inside the workspace can be read; copy the image into the workspace or give an http(s) URL.',
    );
  let wsReal: string;
  try {
    wsReal = await realpath(workspace);
  } catch (err) {
    return fail(`Cannot load image "${src}": the workspace ${workspace} is not accessible (${errorText(err)}).`);
  }
  const abs = path.resolve(workspace, src);
  // Lexical check first (against the workspace as given and as resolved), so paths outside are never touched.
  if (!inside(path.resolve(workspace), abs) && !inside(wsReal, abs)) return outside();
  let real: string;
  try {
    real = await realpath(abs);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      return fail(
        `Cannot load image "${src}": no such file (${abs}). Check the path; relative paths are resolved against the workspace.`,
      );
    }
    return fail(`Cannot load image "${src}": ${errorText(err)}. Check the path and its permissions.`);
  }
  // Symlinks resolved: the real target must still be inside the real workspace.
  if (!inside(wsReal, real)) return outside();
  const pre = await stat(real);
  if (!pre.isFile()) {
    return fail(
      `Cannot load image "${src}": it is ${pre.isDirectory() ? 'a directory' : 'not a regular file'}. Give the path of an image file.`,
    );
  }
  // Read at most maxBytes + 1 so a file that grows after stat cannot exceed the cap unnoticed. The checks below
  // are made on the opened file itself, so a swap of the path after the checks above changes nothing.
  const fh = await open(real, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW);
  try {
    const st = await fh.stat();
    if (!st.isFile())
      return fail(`Cannot load image "${src}": it is not a regular file. Give the path of an image file.`);
    // A hard link inside the workspace can name a file anywhere on the same disk; its path cannot tell.
    if (st.nlink > 1) {
      return fail(
        `Cannot load image "${src}": the file has ${st.nlink} hard links, so it may be the same file as one outside the ` +
          'workspace; multiply-linked files are not read. Copy the image into the workspace (cp, not ln) and try again.',
      );
    }
    if (st.size === 0)
      return fail(`Cannot load image "${src}": the file is empty. Give the path of a non-empty image file.`);
    if (st.size > maxBytes) return tooLarge(src, st.size, maxBytes);
    const buf = Buffer.alloc(Math.min(st.size, maxBytes) + 1);
    let n = 0;
    for (;;) {
      const { bytesRead } = await fh.read(buf, n, buf.length - n, n);
      if (bytesRead === 0) break;
      n += bytesRead;
      if (n === buf.length) break;
    }
    if (n > maxBytes) return tooLarge(src, `more than ${maxBytes} bytes`, maxBytes);
    if (n === 0) return fail(`Cannot load image "${src}": the file is empty. Give the path of a non-empty image file.`);
    return { ok: true, bytes: buf.subarray(0, n) };
  } finally {
    await fh.close();
  }
}

function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return (
    head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg')) || head.startsWith('<!doctype svg')
  );
}

/** The image type of `bytes` judged from the bytes alone (png, jpeg, gif, webp), or why not; `src` names it. */
export async function sniff(src: string, bytes: Buffer): Promise<LoadImageResult> {
  // loaded on the first image, not at start (issue 21)
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(bytes);
  let mime = type?.mime as string | undefined;
  if (mime === 'image/apng') mime = 'image/png'; // an animated PNG is still a PNG
  if (mime === 'image/png' || mime === 'image/jpeg' || mime === 'image/gif' || mime === 'image/webp') {
    return { ok: true, mime, bytes, size: bytes.length };
  }
  const what = looksLikeSvg(bytes) ? 'SVG (image/svg+xml)' : mime ? mime : 'not a recognized image format';
  return fail(
    `Cannot load image "${src}": unsupported image type (${what}); ${ALLOWED}, judged from the file's bytes, not its name. ` +
      'Convert it to PNG or JPEG first.',
  );
}
