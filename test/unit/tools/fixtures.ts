// Test helpers for tool tests: a real PNG built with zlib, and a minimal ToolContext. Not a test file itself.
import { crc32, deflateSync } from 'node:zlib';
import type { ToolCallPayload } from '../../../shared/omni/types.js';
import type { Tool, ToolContext, ToolResult, ToolServices, ToolYield } from '../../../main/environment/types.js';

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid RGB PNG of width×height pixels, all one colour. */
export function makePng(width = 1, height = 1, rgb: [number, number, number] = [255, 0, 0]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function makeCtx(
  tool: Tool,
  workspace: string,
  services: ToolServices = {},
  signal = new AbortController().signal,
): ToolContext {
  const call: ToolCallPayload = {
    type: 'tool_call',
    name: tool.definition.name,
    arguments: '{}',
    tool_call_id: 'call-1',
  };
  return { workspace, toolCallId: 'call-1', signal, call, services, definition: tool.definition };
}

/** Runs a tool to completion: the concatenated text deltas and its result. */
export async function runTool(
  tool: Tool,
  args: Record<string, unknown>,
  ctx: ToolContext,
): Promise<{ text: string; result: ToolResult | void; yields: ToolYield[] }> {
  const yields: ToolYield[] = [];
  const gen = tool.execute(args, ctx);
  for (;;) {
    const next = await gen.next();
    if (next.done) return { text: yields.filter((y) => typeof y === 'string').join(''), result: next.value, yields };
    yields.push(next.value);
  }
}
