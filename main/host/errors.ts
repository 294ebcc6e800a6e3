// Host errors: HostError carries an API error code; toApiError maps anything thrown by a handler (store, config,
// engine user errors, bugs) to `{code, message}` for the Envelope. Must not log, must not rethrow.
import type { ApiError, ErrorCode } from '../../shared/api.js';
import { isCodedError } from '../../shared/errors.js';

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

/**
 * Maps a thrown value to an API error by its `code` (see shared/errors.ts): errors a user can cause carry one and
 * keep their message; anything without a code is a bug and becomes `internal`. Never looks at the message text.
 */
export function toApiError(e: unknown): ApiError {
  if (isCodedError(e) && e.code !== 'internal') return { code: e.code, message: e.message };
  const message = e instanceof Error && e.message ? e.message : String(e);
  return { code: 'internal', message: `internal error: ${message}` };
}
