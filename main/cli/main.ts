// The `floe` command: parses arguments (commander) and maps outcomes to exit codes — 0 completed, 1 failed or
// aborted, 2 bad usage or config. User mistakes print one clear message, never a stack trace.
import { Command, CommanderError } from 'commander';
import { APPROVAL_MODES } from '../approval/types.js';
import { COMMANDS, commandOf } from './commands.js';
import { EXIT_FAILED, EXIT_USAGE, UsageError } from './exit.js';

/**
 * The command line: `run` here, the other commands from the table of commands.ts. Only the named command's module
 * is loaded (`loaded`: its registration); the others are a name and a help line, enough for `floe --help`.
 */
function buildProgram(loaded?: { name: string; register: (program: Command) => void }): Command {
  const program = new Command();
  program
    .name('floe')
    .description(
      'Floe — an agent harness: chat with an agent in a project folder, approve its tool calls, browse its traces.',
    )
    .version('0.1.0')
    .exitOverride()
    .showHelpAfterError('(run floe --help for usage)')
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    .configureHelp({ subcommandTerm: (c) => COMMANDS.find((e) => e.name === c.name())?.term ?? defaultTerm(c) });

  program
    .command('run')
    .description('run one task headless and exit (0 completed, 1 failed/aborted, 2 bad usage or config)')
    .argument('<prompt...>', 'what the agent should do')
    .option('-w, --workspace <dir>', 'project folder the agent works in (default: current folder)')
    .option('-m, --model <provider/id>', 'model from config.yaml (default: default_model)')
    .option('-a, --agent <name>', 'agent: agents/<name>/system_config.yaml', 'default')
    .option('--approve <mode>', `approval mode: ${APPROVAL_MODES.join(' | ')}`, 'allow-all')
    .option('--json', 'print every OmniMessage as one JSON line on stdout')
    .option('--bare', 'no MCP servers')
    .option('--resume <session-id>', 'continue an earlier session from its trace')
    .option('--worktree', "work in a new git worktree of the workspace's repository (see floe worktrees)")
    .action(async (prompt: string[], flags) => {
      const { runCommand } = await import('./run.js');
      process.exitCode = await runCommand(prompt, flags);
    });

  for (const c of COMMANDS) {
    if (c.name === loaded?.name) loaded.register(program);
    else program.command(c.name).description(c.summary);
  }
  return program;
}

/** Commander's own term for a subcommand (name, [options], arguments). */
function defaultTerm(c: Command): string {
  const args = c.registeredArguments.map((a) =>
    a.required ? `<${a.name()}${a.variadic ? '...' : ''}>` : `[${a.name()}${a.variadic ? '...' : ''}]`,
  );
  return [c.name(), ...(c.options.length ? ['[options]'] : []), ...args].join(' ');
}

export async function main(argv = process.argv): Promise<void> {
  const entry = commandOf(argv.slice(2));
  const program = buildProgram(entry && { name: entry.name, register: await entry.load() });
  try {
    await program.parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) {
      // help and version exit 0; every other parse error is bad usage
      process.exitCode = e.exitCode === 0 ? 0 : EXIT_USAGE;
      return;
    }
    if (e instanceof UsageError || USER_ERROR_NAMES.has((e as { name?: string })?.name ?? '') || isUserError(e)) {
      process.stderr.write(`floe: ${(e as Error).message}\n`);
      process.exitCode = EXIT_USAGE;
      return;
    }
    process.stderr.write(`floe: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = EXIT_FAILED;
  }
}

/** Error classes of lower layers that describe a user mistake (bad config, unknown model, unusable floe.db). */
const USER_ERROR_NAMES = new Set(['ConfigError', 'ModelNotFoundError', 'StoreError', 'UserError']);

/** Errors raised for bad input by lower layers (model/workspace/session lookups) carry this flag. */
function isUserError(e: unknown): boolean {
  return !!e && typeof e === 'object' && (e as { userError?: boolean }).userError === true;
}
