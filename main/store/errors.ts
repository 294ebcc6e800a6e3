// StoreError: the one error type the store raises, always with a message a person can act on
// (what failed, where, what to do). Must not carry SQL or stack details as its message.

export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Short human text of an unknown thrown value. */
export function reasonOf(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
