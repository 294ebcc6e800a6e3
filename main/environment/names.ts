// Tool-name resolution and alias-conflict detection (SPEC §6 "Names"). A call's name resolves to a tool when it
// equals the tool's name or one of its aliases ignoring ASCII case only (no Unicode case folding).
// Pure functions: no I/O, no knowledge of how tools run; they never throw.
import type { ToolDefinition } from './types.js';

/** Lower-cases A–Z only, so e.g. "İ" or "K" (Kelvin sign) never match an ASCII letter. */
export function asciiLower(s: string): string {
  return s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
}

export function asciiEqualsIgnoreCase(a: string, b: string): boolean {
  return a.length === b.length && asciiLower(a) === asciiLower(b);
}

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export type ResolveResult = { ok: true; definition: ToolDefinition } | { ok: false; error: string };

/**
 * Resolves a call's tool name. If exactly one tool's name equals `name` case-sensitively it wins; otherwise every
 * tool whose name or alias matches ignoring ASCII case is a candidate: one → it, several → "ambiguous", none →
 * "Unknown tool" with the sorted list of available names.
 */
export function resolveToolName(name: string, tools: ToolDefinition[]): ResolveResult {
  const exact = tools.filter((t) => t.name === name);
  if (exact.length === 1) return { ok: true, definition: exact[0]! };

  const candidates = tools.filter(
    (t) => asciiEqualsIgnoreCase(t.name, name) || (t.aliases ?? []).some((a) => asciiEqualsIgnoreCase(a, name)),
  );
  if (candidates.length === 1) return { ok: true, definition: candidates[0]! };
  if (candidates.length > 1) {
    const names = candidates.map((t) => t.name).sort(byCodeUnit);
    return { ok: false, error: `Tool call "${name}" failed: ambiguous tool name (matches ${names.join(', ')}).` };
  }
  const available = [...new Set(tools.map((t) => t.name))].sort(byCodeUnit);
  return {
    ok: false,
    error: `Unknown tool: ${name}\nAvailable tools: ${available.length ? available.join(', ') : '(none)'}`,
  };
}

/**
 * Configuration errors among tool names and aliases, one human message per conflict: two tools with the same
 * name or names differing only in case, two tools declaring the same alias, an alias equal to another tool's
 * name. An alias equal to the tool's own name, or repeated within one tool, is harmless and not reported.
 */
export function findAliasConflicts(defs: ToolDefinition[]): string[] {
  return aliasConflicts(defs).map((c) => c.message);
}

/** A configuration problem among tool names, with the tools involved (so a caller can point at their config). */
export interface ToolNameProblem {
  message: string;
  tools: string[];
}

/** As findAliasConflicts, with the names of the tools each conflict involves. */
export function aliasConflicts(defs: ToolDefinition[]): ToolNameProblem[] {
  const messages: ToolNameProblem[] = [];
  const seen = new Set<string>();
  const report = (key: string, message: string, tools: string[]) => {
    if (seen.has(key)) return;
    seen.add(key);
    messages.push({ message, tools });
  };

  for (let i = 0; i < defs.length; i++) {
    for (let j = i + 1; j < defs.length; j++) {
      const a = defs[i]!;
      const b = defs[j]!;
      if (a.name === b.name) {
        report(
          `dup:${a.name}`,
          `Two tools are named "${a.name}"; tool names must be unique. Rename or remove one of them.`,
          [a.name],
        );
      } else if (asciiEqualsIgnoreCase(a.name, b.name)) {
        const [x, y] = [a.name, b.name].sort(byCodeUnit);
        report(
          `case:${x}|${y}`,
          `Tool names "${x}" and "${y}" differ only in case, so calls cannot tell them apart. Rename one of them.`,
          [a.name, b.name],
        );
      }
    }
  }

  // alias → owners (by ASCII-lower-cased alias)
  const owners = new Map<string, { alias: string; tools: string[] }>();
  for (const d of defs) {
    for (const alias of new Set(d.aliases ?? [])) {
      if (asciiEqualsIgnoreCase(alias, d.name)) continue;
      const key = asciiLower(alias);
      const entry = owners.get(key) ?? { alias, tools: [] };
      if (!entry.tools.includes(d.name)) entry.tools.push(d.name);
      owners.set(key, entry);

      for (const other of defs) {
        if (other === d || other.name === d.name) continue;
        if (asciiEqualsIgnoreCase(alias, other.name)) {
          report(
            `alias-name:${d.name}|${key}|${other.name}`,
            `The alias "${alias}" of tool "${d.name}" equals the name of tool "${other.name}". Remove or rename the alias.`,
            [d.name, other.name],
          );
        }
      }
    }
  }
  for (const [key, { alias, tools }] of owners) {
    if (tools.length < 2) continue;
    const sorted = [...tools].sort(byCodeUnit);
    report(
      `alias-dup:${key}`,
      `The alias "${alias}" is declared by more than one tool (${sorted.map((t) => `"${t}"`).join(', ')}). Remove it from all but one of them.`,
      tools,
    );
  }
  return messages;
}
