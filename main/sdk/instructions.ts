// Project instructions (issue 10): AGENTS.md at the workspace root, and CLAUDE.md when present, go into the system
// prompt of every session in that workspace. The system prompt is sent with every request, so the instructions are
// there again after a compaction. Read once per session (the composition root may read files; the engine not).
// The files are sent to the provider, so they are read under read_image's containment rules: a symlink must resolve
// inside the workspace, and a file with several hard links is refused (it may be a key or /proc/self/environ under
// another name). A refused file is named, with why, instead of being sent.
import fs from 'node:fs';
import path from 'node:path';

const INSTRUCTION_FILES = ['AGENTS.md', 'CLAUDE.md'] as const;
/** larger files are cut, with a note saying so */
const MAX_INSTRUCTION_CHARS = 64_000;

export interface ProjectInstructions {
  /** the text to append to the system prompt ('' when there is none) */
  text: string;
  /** which files, and about how many tokens each (four characters a token), for session_meta and the UI */
  files: { file: string; tokens: number }[];
  /** instruction files present but not sent, and why (traced in session_meta's agent_state) */
  refused: { file: string; reason: string }[];
}

function inside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel));
}

type Read = { ok: true; text: string } | { ok: false; reason: string } | null;

/** One instruction file read under the workspace containment rules; null when it is absent. */
function readContained(workspace: string, name: string): Read {
  const file = path.join(workspace, name);
  let real: string;
  let wsReal: string;
  try {
    fs.lstatSync(file);
  } catch {
    return null;
  }
  try {
    wsReal = fs.realpathSync(workspace);
    real = fs.realpathSync(file);
  } catch {
    return { ok: false, reason: 'it is a link that leads nowhere readable' };
  }
  if (!inside(wsReal, real)) return { ok: false, reason: `it is a link to ${real}, outside the workspace` };
  let fd: number;
  try {
    fd = fs.openSync(real, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
  } catch (e) {
    return { ok: false, reason: `it cannot be opened (${(e as NodeJS.ErrnoException).code ?? String(e)})` };
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return { ok: false, reason: 'it is not a regular file' };
    if (st.nlink > 1)
      return {
        ok: false,
        reason: `it has ${st.nlink} hard links, so it may be a file outside the workspace; copy it instead of linking`,
      };
    return { ok: true, text: fs.readFileSync(fd, 'utf8') };
  } catch (e) {
    return { ok: false, reason: `it cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})` };
  } finally {
    fs.closeSync(fd);
  }
}

export function readProjectInstructions(workspace: string): ProjectInstructions {
  const parts: string[] = [];
  const files: ProjectInstructions['files'] = [];
  const refused: ProjectInstructions['refused'] = [];
  for (const name of INSTRUCTION_FILES) {
    const r = readContained(workspace, name);
    if (!r) continue;
    if (!r.ok) {
      refused.push({ file: name, reason: r.reason });
      continue;
    }
    const text = r.text;
    if (!text.trim()) continue;
    const cut = text.length > MAX_INSTRUCTION_CHARS;
    const body = cut
      ? `${text.slice(0, MAX_INSTRUCTION_CHARS)}\n[${name} cut at ${MAX_INSTRUCTION_CHARS} characters]`
      : text;
    parts.push(`# Project instructions (${name})\n\n${body.trim()}`);
    files.push({ file: name, tokens: Math.ceil(body.length / 4) });
  }
  return { text: parts.join('\n\n'), files, refused };
}
