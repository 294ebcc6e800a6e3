// Errors caused by the user's input (unknown model, missing workspace, unknown session id). Hosts show their
// message as it is — no stack trace — and the CLI exits 2.
export class UserError extends Error {
  readonly userError = true;
  readonly code = 'bad_request' as const;
  override name = 'UserError';
}
