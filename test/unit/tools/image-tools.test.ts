// Unit tests for read_image, describe_image (with a fake ModelClient) and the size format.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { modelMsg } from '../../../shared/omni/builders.js';
import type { OmniMessage } from '../../../shared/omni/types.js';
import { formatSize } from '../../../main/environment/images/format.js';
import { describeImageTool } from '../../../main/environment/tools/describe-image.js';
import { readImageTool } from '../../../main/environment/tools/read-image.js';
import type { ModelClient, ModelRequest, ModelResult } from '../../../main/llm/types.js';
import { makeCtx, makePng, runTool } from './fixtures.js';

const ws = mkdtempSync(path.join(tmpdir(), 'floe-imgtool-'));
const png = makePng(2, 2, [0, 128, 255]);
writeFileSync(path.join(ws, 'a.png'), png);
writeFileSync(path.join(ws, 'b.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
afterAll(() => rmSync(ws, { recursive: true, force: true }));

const usage = { cache_read: 0, cache_write: 0, output: 0, total: 0 };

function fakeVision(
  deltas: string[],
  result: Partial<ModelResult> = {},
): { client: ModelClient; requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  const client: ModelClient = {
    model: {
      provider: 'local',
      protocol: 'openai',
      baseUrl: 'http://127.0.0.1:1',
      id: 'vl',
      vision: true,
      contextWindow: 8192,
    },
    async *stream(req) {
      requests.push(req);
      yield modelMsg({ type: 'partial_text', event_type: 'start', role: 'assistant' }) as OmniMessage;
      for (const d of deltas) yield modelMsg({ type: 'partial_text', event_type: 'delta', text: d }) as OmniMessage;
      yield modelMsg({ type: 'partial_text', event_type: 'stop' }) as OmniMessage;
      yield modelMsg({ type: 'text', role: 'assistant', text: deltas.join('') }) as OmniMessage;
      return { stopReason: 'completed', usage, ...result };
    },
  };
  return { client, requests };
}

describe('formatSize', () => {
  it('uses B, then KB/MB with one decimal (1024-based)', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1024)).toBe('1.0 KB');
    expect(formatSize(12595)).toBe('12.3 KB');
    expect(formatSize(1024 * 1024 - 1)).toBe('1.0 MB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});

describe('read_image', () => {
  it('declares the SPEC contract', () => {
    const d = readImageTool.definition;
    expect([d.name, d.permission, d.timeoutMs, d.forModel]).toEqual(['read_image', 'r', 60000, 'vision']);
    expect(d.parameters.required).toEqual(['source']);
  });

  it('returns "<mime>, <size>" and the data URL', async () => {
    const { text, result } = await runTool(readImageTool, { source: 'a.png' }, makeCtx(readImageTool, ws));
    expect(text).toBe(`image/png, ${png.length} B`);
    expect(result).toEqual({ stopReason: 'completed', images: [`data:image/png;base64,${png.toString('base64')}`] });
  });

  it('fails with the error text and no images', async () => {
    const { text, result } = await runTool(readImageTool, { source: 'b.svg' }, makeCtx(readImageTool, ws));
    expect(text).toContain('unsupported image type');
    expect(result).toEqual({ stopReason: 'failed' });
  });
});

describe('describe_image', () => {
  it('declares the SPEC contract', () => {
    const d = describeImageTool.definition;
    expect([d.name, d.permission, d.timeoutMs, d.forModel]).toEqual(['describe_image', 'r', 90000, 'text-only']);
  });

  it('streams the vision model answer; sends the image and the default prompt', async () => {
    const { client, requests } = fakeVision(['A blue ', 'square.']);
    const { yields, text, result } = await runTool(
      describeImageTool,
      { source: 'a.png' },
      makeCtx(describeImageTool, ws, { visionModel: client }),
    );
    expect(yields).toEqual(['A blue ', 'square.']);
    expect(text).toBe('A blue square.');
    expect(result).toEqual({ stopReason: 'completed' });
    expect(requests).toHaveLength(1);
    const req = requests[0]!;
    expect(req.tools).toEqual([]);
    expect(req.messages.map((m) => m.payload)).toEqual([
      { type: 'image_url', image_url: `data:image/png;base64,${png.toString('base64')}` },
      { type: 'text', role: 'user', text: 'Describe this image in detail.' },
    ]);
    expect(req.signal).toBeDefined();
  });

  it('passes a custom prompt', async () => {
    const { client, requests } = fakeVision(['3']);
    await runTool(
      describeImageTool,
      { source: 'a.png', prompt: 'How many?' },
      makeCtx(describeImageTool, ws, { visionModel: client }),
    );
    expect((requests[0]!.messages[1]!.payload as { text: string }).text).toBe('How many?');
  });

  it('fails with the model error when the result is not completed', async () => {
    const { client } = fakeVision([], { stopReason: 'auth', errorMessage: 'HTTP 401: bad key' });
    const { text, result } = await runTool(
      describeImageTool,
      { source: 'a.png' },
      makeCtx(describeImageTool, ws, { visionModel: client }),
    );
    expect(text).toBe('[describe_image error: vision model local/vl auth: HTTP 401: bad key]');
    expect(result).toEqual({ stopReason: 'failed' });

    const partial = fakeVision(['A blu'], { stopReason: 'timeout', errorMessage: 'stalled' });
    const r2 = await runTool(
      describeImageTool,
      { source: 'a.png' },
      makeCtx(describeImageTool, ws, { visionModel: partial.client }),
    );
    expect(r2.text).toBe('A blu');
    expect(r2.result).toEqual({
      stopReason: 'failed',
      note: '[describe_image error: vision model local/vl timeout: stalled]',
    });
  });

  it('fails clearly without a vision model, and on a bad source without calling the model', async () => {
    const none = await runTool(describeImageTool, { source: 'a.png' }, makeCtx(describeImageTool, ws));
    expect(none.text).toContain('no vision model is configured');
    expect(none.result).toEqual({ stopReason: 'failed' });

    const { client, requests } = fakeVision(['x']);
    const bad = await runTool(
      describeImageTool,
      { source: '../etc/passwd' },
      makeCtx(describeImageTool, ws, { visionModel: client }),
    );
    expect(bad.text).toContain('leaves the workspace');
    expect(bad.result).toEqual({ stopReason: 'failed' });
    expect(requests).toHaveLength(0);
  });
});
