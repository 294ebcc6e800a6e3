// Error codes on thrown errors: every error class a host maps to an API error carries a `code` from the API
// contract, and hosts read that field — never the message text. Pure; imports only the contract's types.
import type { ErrorCode } from './api.js';

const CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'bad_request',
  'not_found',
  'conflict',
  'forbidden',
  'unavailable',
  'internal',
]);

/** An Error that says which API error it becomes. */
export interface CodedError extends Error {
  readonly code: ErrorCode;
}

/** True when `e` is an Error whose `code` is one of the contract's error codes. */
export function isCodedError(e: unknown): e is CodedError {
  if (!(e instanceof Error)) return false;
  const code: unknown = (e as { code?: unknown }).code;
  return typeof code === 'string' && CODES.has(code);
}
