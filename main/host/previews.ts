// Image previews for pending read_image / describe_image calls: the host reads the image itself (workspace path
// or URL) with main/environment/images/load.ts, whose type comes from sniffed bytes (png/jpeg/gif/webp, capped);
// SVG and anything else are refused. Never trusts a model-supplied MIME; never returns other files.
import { loadImage } from '../environment/images/load.js';
import type { HostContext } from './context.js';
import { badRequest, notFound } from './errors.js';
import { workspaceOf } from './sessions.js';
import { imageSourceOf, PREVIEW_TOOLS } from './views.js';

const PREVIEW_MIMES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export async function previewOf(
  ctx: HostContext,
  approvalId: string,
): Promise<{ dataUrl: string; mime: string; size: number }> {
  const p = ctx.broker.get(approvalId);
  if (!p)
    throw notFound(`There is no pending approval with id ${approvalId}; it was decided already or never existed.`);
  if (!PREVIEW_TOOLS.has(p.toolName))
    throw badRequest(`Approval ${approvalId} is for ${p.toolName}, which has no image to preview.`);
  const source = imageSourceOf(p.arguments);
  if (typeof source !== 'string') throw badRequest(`No preview for approval ${approvalId}: ${source.error}.`);
  const s = ctx.store.sessions.get(p.sessionId);
  const workspace = s ? workspaceOf(ctx, s) : '';
  if (!workspace) throw badRequest(`No preview for approval ${approvalId}: the session's workspace is unknown.`);
  const img = await loadImage(source, { workspace, signal: AbortSignal.timeout(30_000) });
  if (!img.ok) throw badRequest(`No preview: ${img.error}`);
  if (!PREVIEW_MIMES.has(img.mime))
    throw badRequest(`No preview: ${source} is ${img.mime}; only png, jpeg, gif and webp images are shown.`);
  return { dataUrl: `data:${img.mime};base64,${img.bytes.toString('base64')}`, mime: img.mime, size: img.size };
}
