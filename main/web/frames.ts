// WebSocket frame parsing for browser mode, pure: a client frame is `{id, method, params}`; anything else is a
// bad_request answered with the id when one can be found. Must not call the host.
import type { Envelope } from '../../shared/api.js';

export type FrameId = string | number | null;
export type ParsedFrame =
  { ok: true; id: string | number; method: string; params: unknown } | { ok: false; id: FrameId; message: string };

/** room for a prompt with its images (4 of at most 5 MB each, base64) */
export const MAX_FRAME_BYTES = 32 * 1024 * 1024;

export function parseFrame(text: string): ParsedFrame {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return {
      ok: false,
      id: null,
      message: `The frame is not valid JSON (${(e as Error).message}); send {"id", "method", "params"}.`,
    };
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) {
    return { ok: false, id: null, message: 'The frame must be a JSON object {"id", "method", "params"}.' };
  }
  const o = v as Record<string, unknown>;
  const id = typeof o.id === 'string' || (typeof o.id === 'number' && Number.isFinite(o.id)) ? o.id : null;
  if (id === null) return { ok: false, id: null, message: 'The frame has no "id" (a string or a number).' };
  if (typeof o.method !== 'string' || !o.method)
    return { ok: false, id, message: 'The frame has no "method" (a string).' };
  return { ok: true, id, method: o.method, params: o.params ?? {} };
}

export const resultFrame = (id: FrameId, result: Envelope<unknown>): string => JSON.stringify({ id, result });
export const badRequestFrame = (id: FrameId, message: string): string =>
  resultFrame(id, { ok: false, error: { code: 'bad_request', message } });
export const eventFrame = (event: string, payload: unknown): string => JSON.stringify({ event, payload });
