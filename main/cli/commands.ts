// The table of `floe`'s commands that live in their own modules (chat, traces, web, desktop, rules, checkpoints,
// worktrees):
// each with its name, its line in `floe --help`, and how to load its module. main.ts loads only the module of the
// command being run, so `floe --help` or `floe run` never evaluates the others and their libraries (the start-up
// budget of issue 21). Must not import a command module statically.
import type { Command } from 'commander';

export interface CommandEntry {
  name: string;
  /** how the command reads in the top-level help: name, [options], arguments */
  term: string;
  summary: string;
  load(): Promise<(program: Command) => void>;
}

export const COMMANDS: CommandEntry[] = [
  {
    name: 'chat',
    term: 'chat [options]',
    summary: 'talk with an agent over several turns (Ctrl-C stops a task, /mode changes approval, /exit leaves)',
    load: async () => (await import('./chat.js')).registerChatCommand,
  },
  {
    name: 'traces',
    term: 'traces',
    summary: 'list, show, export, import and reindex session traces',
    load: async () => (await import('./traces.js')).registerTracesCommand,
  },
  {
    name: 'web',
    term: 'web [options]',
    summary: 'browser mode: serve the Floe UI on 127.0.0.1 with a per-launch token',
    load: async () => (await import('./web.js')).registerWebCommand,
  },
  {
    name: 'desktop',
    term: 'desktop [options]',
    summary: "build and launch the desktop app (needs Electron's binary; see floe web for browser mode)",
    load: async () => (await import('./desktop.js')).registerDesktopCommand,
  },
  {
    name: 'rules',
    term: 'rules',
    summary: 'list, add and remove approval rules (allow / deny / ask by tool and command)',
    load: async () => (await import('./rules.js')).registerRulesCommand,
  },
  {
    name: 'checkpoints',
    term: 'checkpoints',
    summary: 'list, diff and restore the snapshots taken before each agent turn that changed files',
    load: async () => (await import('./checkpoints.js')).registerCheckpointsCommand,
  },
  {
    name: 'worktrees',
    term: 'worktrees',
    summary: 'sessions in their own git worktree: list, review (diff, check), merge into the base, remove',
    load: async () => (await import('./worktrees.js')).registerWorktreesCommand,
  },
];

/** The command an argument list names (`floe help <command>` too), or undefined. */
export function commandOf(args: readonly string[]): CommandEntry | undefined {
  const words = args.filter((a) => !a.startsWith('-'));
  const name = words[0] === 'help' ? words[1] : words[0];
  return COMMANDS.find((c) => c.name === name);
}
