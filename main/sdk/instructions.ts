// Project instructions (issue 10): AGENTS.md at the workspace root, and CLAUDE.md when present, go into the system
// prompt of every session in that workspace. The system prompt is sent with every request, so the instructions are
// there again after a compaction. Read once per session (the composition root may read files; the engine not).
import fs from 'node:fs';
import path from 'node:path';

export const INSTRUCTION_FILES = ['AGENTS.md', 'CLAUDE.md'] as const;
/** larger files are cut, with a note saying so */
export const MAX_INSTRUCTION_CHARS = 64_000;

export interface ProjectInstructions {
  /** the text to append to the system prompt ('' when there is none) */
  text: string;
  /** which files, and about how many tokens each (four characters a token), for session_meta and the UI */
  files: { file: string; tokens: number }[];
}

export function readProjectInstructions(workspace: string): ProjectInstructions {
  const parts: string[] = [];
  const files: ProjectInstructions['files'] = [];
  for (const name of INSTRUCTION_FILES) {
    const file = path.join(workspace, name);
    let text: string;
    try {
      if (!fs.statSync(file).isFile()) continue;
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue; // absent or unreadable: no instructions from it
    }
    if (!text.trim()) continue;
    const cut = text.length > MAX_INSTRUCTION_CHARS;
    const body = cut
      ? `${text.slice(0, MAX_INSTRUCTION_CHARS)}\n[${name} cut at ${MAX_INSTRUCTION_CHARS} characters]`
      : text;
    parts.push(`# Project instructions (${name})\n\n${body.trim()}`);
    files.push({ file: name, tokens: Math.ceil(body.length / 4) });
  }
  return { text: parts.join('\n\n'), files };
}
