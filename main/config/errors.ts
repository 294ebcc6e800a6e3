// ConfigError: the one error type for a user mistake in a config file — file, line, column and what to do.
// Plain data; must not format zod issues or read files (issues.ts and load.ts do that).

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  /** A config mistake is the user's to fix: the API reports it as a bad request. */
  readonly code = 'bad_request' as const;
  constructor(
    message: string,
    readonly file: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
  }
}
