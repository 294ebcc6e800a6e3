// Maps an MCP CallToolResult to Floe's tool output (pure, no I/O): text parts joined with "\n", images as data:
// URLs, structuredContent as JSON when there is no text, resource links and embedded resources as text,
// isError → failed. It does not talk to servers.
import type { StopReason } from '../../../shared/omni/types.js';

export interface MappedResult {
  text: string;
  images: string[];
  stopReason: StopReason;
}

type Part = Record<string, unknown> & { type?: string };

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function partText(part: Part, images: string[]): string | undefined {
  switch (part.type) {
    case 'text':
      return str(part.text) ?? '';
    case 'image': {
      const mime = str(part.mimeType) ?? 'image/png';
      const data = str(part.data);
      if (data) images.push(`data:${mime};base64,${data}`);
      return undefined;
    }
    case 'audio':
      return `[audio content (${str(part.mimeType) ?? 'unknown type'}) omitted]`;
    case 'resource_link': {
      const label = str(part.title) ?? str(part.name) ?? '';
      const desc = str(part.description);
      return `[resource link: ${label ? `${label} ` : ''}${str(part.uri) ?? ''}${desc ? ` — ${desc}` : ''}]`;
    }
    case 'resource': {
      const r = (part.resource ?? {}) as Record<string, unknown>;
      const uri = str(r.uri) ?? '';
      const mime = str(r.mimeType);
      if (typeof r.text === 'string') return `[resource ${uri}${mime ? ` (${mime})` : ''}]\n${r.text}`;
      const blob = str(r.blob);
      if (blob && mime && /^image\/(png|jpeg|gif|webp)$/.test(mime)) {
        images.push(`data:${mime};base64,${blob}`);
        return `[resource ${uri} (${mime}): image attached]`;
      }
      const bytes = blob ? Math.floor((blob.length * 3) / 4) : 0;
      return `[resource ${uri}${mime ? ` (${mime})` : ''}: ${bytes} bytes of binary data omitted]`;
    }
    default:
      return JSON.stringify(part);
  }
}

export function mapCallToolResult(result: unknown): MappedResult {
  const r = (result ?? {}) as Record<string, unknown>;
  const images: string[] = [];
  const texts: string[] = [];
  let hasTextPart = false;
  const content = Array.isArray(r.content) ? (r.content as Part[]) : [];
  for (const part of content) {
    if (part?.type === 'text') hasTextPart = true;
    const t = partText(part ?? {}, images);
    if (t !== undefined) texts.push(t);
  }
  if (!hasTextPart && r.structuredContent !== undefined) texts.unshift(JSON.stringify(r.structuredContent));
  // protocol 2024-10-07 servers may answer { toolResult } instead of content
  if (content.length === 0 && r.structuredContent === undefined && r.toolResult !== undefined) {
    texts.push(typeof r.toolResult === 'string' ? r.toolResult : JSON.stringify(r.toolResult));
  }
  return { text: texts.join('\n'), images, stopReason: r.isError === true ? 'failed' : 'completed' };
}
