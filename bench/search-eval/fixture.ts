// The search evaluation's tool fixture (bench/search-eval/mcp-tools.json, written by capture-tools.ts) and the
// padding tools of the deferred-task benchmark's catalogue (padding-tools.json, written by capture-padding.ts):
// their types and loaders, and the conversion to the ToolDefinitions the deferred registry holds.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { JsonSchema, ToolDefinition } from '../../main/environment/types.js';

export interface CapturedServer {
  name: string;
  package: string;
  version: string;
}

export interface ToolFixture {
  server: string;
  /** Floe's name, mcp__<server>__<tool> */
  name: string;
  description: string;
  parameters: JsonSchema;
}

export interface Fixture {
  servers: CapturedServer[];
  tools: ToolFixture[];
}

export const FIXTURE_PATH = resolve(import.meta.dirname, 'mcp-tools.json');
/** real tools of other npm MCP servers; no query of the evaluation is labelled against them */
export const PADDING_PATH = resolve(import.meta.dirname, 'padding-tools.json');

export function loadFixture(path = FIXTURE_PATH): Fixture {
  return JSON.parse(readFileSync(path, 'utf8')) as Fixture;
}

export function toDefinitions(tools: readonly ToolFixture[]): ToolDefinition[] {
  return tools.map((t) => ({
    name: t.name,
    description: t.description,
    parameters: t.parameters,
    permission: 'rw',
    visibility: 'deferred',
  }));
}
