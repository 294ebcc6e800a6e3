// The error classes of the provider SDKs loaded so far, for errors.ts to tell an SDK's failure kinds apart by
// `instanceof`. Each SDK is loaded on its provider's first request (a start loads only the SDK it needs: issue 21)
// and registers its classes here as it loads; an SDK never loaded cannot have thrown. Must not load an SDK itself.

/** The four error classes both official SDKs export (each SDK's own; they share no base class). */
export interface SdkErrorClasses {
  APIConnectionTimeoutError: abstract new (...args: never[]) => Error;
  APIUserAbortError: abstract new (...args: never[]) => Error;
  APIConnectionError: abstract new (...args: never[]) => Error;
  APIError: abstract new (...args: never[]) => Error;
}

const loaded: SdkErrorClasses[] = [];

/** Called by a client when its SDK module has loaded (again is harmless). */
export function registerSdkErrors(sdk: SdkErrorClasses): void {
  if (!loaded.some((s) => s.APIError === sdk.APIError)) loaded.push(sdk);
}

export type SdkErrorKind = 'timeout' | 'abort' | 'connection' | 'api' | null;

/** Which of the SDKs' error kinds `e` is (never by class name: a bundler may rename classes). Most specific first. */
export function sdkErrorKind(e: unknown): SdkErrorKind {
  if (loaded.some((s) => e instanceof s.APIConnectionTimeoutError)) return 'timeout';
  if (loaded.some((s) => e instanceof s.APIUserAbortError)) return 'abort';
  if (loaded.some((s) => e instanceof s.APIConnectionError)) return 'connection';
  if (loaded.some((s) => e instanceof s.APIError)) return 'api';
  return null;
}
