// Where a value sits in a YAML config file: 1-based line and column of the node at a path, for errors found after
// parsing (tool names, aliases, MCP servers) that must still point at the line to fix. Reads the file; never throws.
import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';
import { positionOf } from './issues.js';

export function locateInYaml(file: string, path: readonly PropertyKey[]): { line: number; col: number } | undefined {
  try {
    const lineCounter = new LineCounter();
    const doc = parseDocument(readFileSync(file, 'utf8'), { lineCounter });
    if (doc.errors.length) return undefined;
    return positionOf(doc, lineCounter, path);
  } catch {
    return undefined;
  }
}
