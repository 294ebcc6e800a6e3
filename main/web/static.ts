// Serving the built renderer (out/renderer) for browser mode: files strictly inside the static folder, SPA
// fallback to index.html for extension-less paths, and a plain page telling to build when the folder is absent.
// Must not serve anything outside staticDir (no `..`, no symlinks out).
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CONTENT_TYPES } from './headers.js';

export interface StaticFile {
  status: number;
  type: string;
  body: Buffer | string;
}

export const NOT_BUILT_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Floe</title></head>
<body><h1>Floe</h1><p>The user interface has not been built yet. Run <code>npm run build</code> (or
<code>npm run build:renderer</code>) in the Floe folder, then reload this page.</p></body></html>
`;

/** Whether `child` is `root` itself or inside it. Pure. */
export function isInside(root: string, child: string): boolean {
  const rel = relative(root, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

function fileAt(root: string, rel: string): string | undefined {
  const p = resolve(root, rel);
  if (!isInside(root, p)) return undefined;
  try {
    if (!statSync(p).isFile()) return undefined;
    const real = realpathSync(p);
    return isInside(realpathSync(root), real) ? real : undefined;
  } catch {
    return undefined;
  }
}

export function serveStatic(staticDir: string, pathname: string): StaticFile {
  const root = resolve(staticDir);
  const index = join(root, 'index.html');
  if (!existsSync(index)) return { status: 200, type: CONTENT_TYPES['.html']!, body: NOT_BUILT_PAGE };
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { status: 400, type: CONTENT_TYPES['.txt']!, body: 'Bad path.\n' };
  }
  if (decoded.includes('\0')) return { status: 400, type: CONTENT_TYPES['.txt']!, body: 'Bad path.\n' };
  const rel = decoded.replace(/^\/+/, '') || 'index.html';
  const file = fileAt(root, rel);
  if (file)
    return {
      status: 200,
      type: CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      body: readFileSync(file),
    };
  if (!extname(rel)) return { status: 200, type: CONTENT_TYPES['.html']!, body: readFileSync(index) };
  return { status: 404, type: CONTENT_TYPES['.txt']!, body: 'Not found.\n' };
}
