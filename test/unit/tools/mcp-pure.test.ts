// Unit tests for the pure MCP helpers: tool naming (main/environment/mcp/naming.ts) and result mapping
// (main/environment/mcp/results.ts).
import { describe, expect, it } from 'vitest';
import { mcpToolName, sanitize, uniqueName } from '../../../main/environment/mcp/naming.js';
import { mapCallToolResult } from '../../../main/environment/mcp/results.js';

describe('mcp naming', () => {
  it('builds mcp__<server>__<tool> and sanitizes other characters to _', () => {
    expect(mcpToolName('fs', 'read_file')).toBe('mcp__fs__read_file');
    expect(mcpToolName('every', 'get-sum')).toBe('mcp__every__get-sum');
    expect(mcpToolName('my server', 'tool.v2/run é')).toBe('mcp__my_server__tool_v2_run__');
    expect(sanitize('a:b c')).toBe('a_b_c');
  });

  it('caps names at 64 characters with a stable hash suffix', () => {
    const long = 'x'.repeat(80);
    const a = mcpToolName('srv', long);
    expect(a).toHaveLength(64);
    expect(a).toMatch(/^mcp__srv__x+_[0-9a-f]{8}$/);
    expect(mcpToolName('srv', long)).toBe(a);
    expect(mcpToolName('srv', `${long}y`)).not.toBe(a);
  });

  it('makes names unique', () => {
    const taken = new Set<string>();
    expect(uniqueName('mcp__s__a_b', taken)).toBe('mcp__s__a_b');
    expect(uniqueName('mcp__s__a_b', taken)).toBe('mcp__s__a_b_2');
    expect(uniqueName('mcp__s__a_b', taken)).toBe('mcp__s__a_b_3');
  });
});

describe('mapCallToolResult', () => {
  it('joins text parts with \\n and collects images as data URLs', () => {
    const r = mapCallToolResult({
      content: [
        { type: 'text', text: 'one' },
        { type: 'image', data: 'AAAA', mimeType: 'image/gif' },
        { type: 'text', text: 'two' },
      ],
    });
    expect(r).toEqual({ text: 'one\ntwo', images: ['data:image/gif;base64,AAAA'], stopReason: 'completed' });
  });

  it('uses structuredContent as JSON only when there is no text part', () => {
    expect(mapCallToolResult({ content: [], structuredContent: { a: 1 } }).text).toBe('{"a":1}');
    expect(mapCallToolResult({ content: [{ type: 'text', text: 'x' }], structuredContent: { a: 1 } }).text).toBe('x');
  });

  it('renders resource links and embedded resources as text', () => {
    const r = mapCallToolResult({
      content: [
        { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt', description: 'the file' },
        { type: 'resource', resource: { uri: 'mem://n', mimeType: 'text/plain', text: 'body' } },
        { type: 'resource', resource: { uri: 'mem://b', mimeType: 'application/gzip', blob: 'AAAAAAAA' } },
        { type: 'resource', resource: { uri: 'mem://i', mimeType: 'image/png', blob: 'iVBO' } },
      ],
    });
    expect(r.text).toBe(
      '[resource link: a.txt file:///a.txt — the file]\n' +
        '[resource mem://n (text/plain)]\nbody\n' +
        '[resource mem://b (application/gzip): 6 bytes of binary data omitted]\n' +
        '[resource mem://i (image/png): image attached]',
    );
    expect(r.images).toEqual(['data:image/png;base64,iVBO']);
  });

  it('maps isError to failed', () => {
    expect(mapCallToolResult({ content: [{ type: 'text', text: 'bad path' }], isError: true })).toEqual({
      text: 'bad path',
      images: [],
      stopReason: 'failed',
    });
  });

  it('tolerates odd shapes', () => {
    expect(mapCallToolResult(undefined)).toEqual({ text: '', images: [], stopReason: 'completed' });
    expect(mapCallToolResult({ toolResult: { ok: true } }).text).toBe('{"ok":true}');
  });
});
