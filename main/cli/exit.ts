// Exit codes of the `floe` command (SPEC §10) and the error type for bad usage or config.
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** Bad usage or configuration: printed as one clear message, exit 2, never a stack trace. */
export class UsageError extends Error {}

export function fail(message: string): never {
  throw new UsageError(message);
}
