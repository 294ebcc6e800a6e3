// The SDKs' error classes are known once their SDK has loaded (each loads on its provider's first request).
import { describe, expect, it } from 'vitest';
import * as Anthropic from '@anthropic-ai/sdk';
import * as OpenAI from 'openai';
import { registerSdkErrors, sdkErrorKind } from '../../../main/llm/sdk-errors.js';

describe('sdkErrorKind', () => {
  it('knows an SDK error kind only after that SDK registered, each kind by its most specific class', () => {
    const timeout = new Anthropic.APIConnectionTimeoutError();
    const openaiAbort = new OpenAI.APIUserAbortError();
    expect(sdkErrorKind(timeout)).toBeNull();
    registerSdkErrors(Anthropic);
    registerSdkErrors(Anthropic);
    expect(sdkErrorKind(timeout)).toBe('timeout');
    expect(sdkErrorKind(new Anthropic.APIUserAbortError())).toBe('abort');
    expect(sdkErrorKind(new Anthropic.APIConnectionError({ message: 'x' }))).toBe('connection');
    expect(sdkErrorKind(new Anthropic.InternalServerError(500, {}, 'boom', new Headers()))).toBe('api');
    // the other SDK is not loaded yet: its errors are not taken for SDK errors
    expect(sdkErrorKind(openaiAbort)).toBeNull();
    registerSdkErrors(OpenAI);
    expect(sdkErrorKind(openaiAbort)).toBe('abort');
    expect(sdkErrorKind(new Error('APIError'))).toBeNull();
  });
});
