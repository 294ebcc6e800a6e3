// The messages Floe sends a session about its worktree: review comments from a person, and merge conflicts to
// resolve. Pure text; the host sends them as the session's next prompt.

export interface ReviewComment {
  path: string;
  /** a line of the file in the session's version, when the comment is about one line */
  line?: number;
  text: string;
}

export function reviewPrompt(comments: readonly ReviewComment[], note?: string): string {
  const lines = ['Review of your changes. Please address each comment in your worktree:'];
  for (const c of comments) lines.push(`- ${c.path}${c.line ? `:${c.line}` : ''}: ${c.text.trim()}`);
  if (note?.trim()) lines.push('', note.trim());
  return lines.join('\n');
}

export function conflictPrompt(base: string, files: readonly string[]): string {
  return [
    `Your changes cannot be merged into ${base} cleanly: ${files.join(', ')} changed there too since you started.`,
    `Commit your work, then run \`git merge ${base}\` in your worktree and resolve the conflicts in those files,`,
    `keeping the intent of both sides. Commit the result and stop, so the change can be reviewed and merged again.`,
  ].join('\n');
}
