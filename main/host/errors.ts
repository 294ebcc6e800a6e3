// Host errors: HostError carries an API error code; toApiError maps anything thrown by a handler (store, config,
// engine user errors, bugs) to `{code, message}` for the Envelope. Must not log, must not rethrow.
import type { ApiError, ErrorCode } from '../../shared/api.js';

export class HostError extends Error {
  override readonly name = 'HostError';
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string): HostError => new HostError('not_found', what);
export const badRequest = (what: string): HostError => new HostError('bad_request', what);
export const conflict = (what: string): HostError => new HostError('conflict', what);

/** Maps a thrown value to an API error. Errors a user can cause keep their message; bugs become `internal`. */
export function toApiError(e: unknown): ApiError {
  if (e instanceof HostError) return { code: e.code, message: e.message };
  const err = e as { name?: string; message?: string; userError?: boolean } | undefined;
  const message = typeof err?.message === 'string' && err.message ? err.message : String(e);
  if (err?.name === 'StoreError' && /^There is no /.test(message)) return { code: 'not_found', message };
  if (err?.name === 'StoreError' && /already exists/.test(message)) return { code: 'conflict', message };
  if (err?.name === 'StoreError' || err?.name === 'ConfigError' || err?.name === 'ModelNotFoundError' || err?.userError === true) {
    return { code: 'bad_request', message };
  }
  return { code: 'internal', message: `internal error: ${message}` };
}
