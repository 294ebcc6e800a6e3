// StoreError: the one error type the store raises, always with a message a person can act on
// (what failed, where, what to do). Must not carry SQL or stack details as its message.

import type { ErrorCode } from '../../shared/api.js';

/** What kind of store failure: a missing row, a clash with an existing row, or anything else the user can fix. */
export type StoreErrorCode = Extract<ErrorCode, 'not_found' | 'conflict' | 'bad_request'>;

export class StoreError extends Error {
  override readonly name = 'StoreError';
  readonly code: StoreErrorCode;
  constructor(message: string, options?: { cause?: unknown; code?: StoreErrorCode }) {
    super(message, options);
    this.code = options?.code ?? 'bad_request';
  }
}

/** Short human text of an unknown thrown value. */
export function reasonOf(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
