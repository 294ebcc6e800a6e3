// `floe rules list|add|rm`: approval rules (issue 13) from the terminal, in the same floe.db table the desktop
// uses. Project rules are keyed by the workspace folder; `floe run --approve <mode>` applies them. Must not decide
// approvals itself.
import type { Command } from 'commander';
import { displaySafe, ruleLabel, validateRule, type Rule, type RuleScope } from '../approval/rules.js';
import { WRITE_TOOL } from '../approval/write-rules.js';
import { dbPath, floeHome } from '../config/home.js';
import { realWritableFolder } from '../environment/sandbox/writable-folder.js';
import { ensureDefaults } from '../config/load.js';
import { openStore, type Store } from '../store/index.js';
import { fail } from './exit.js';
import { resolveWorkspace } from './run.js';

function withStore<T>(fn: (store: Store) => T): T {
  const home = floeHome();
  ensureDefaults(home);
  const store = openStore(dbPath(home));
  try {
    return fn(store);
  } finally {
    store.close();
  }
}

const line = (r: Rule): string =>
  `${r.id}  ${ruleLabel(r).replace(/ \([a-z]+ rule rule-[0-9a-f]+\)$/, '')}  [${r.scope}${r.scopeKey ? ' ' + displaySafe(r.scopeKey) : ''}]`;

interface AddFlags {
  global?: boolean;
  session?: string;
  workspace?: string;
}

export function registerRulesCommand(program: Command): void {
  const rules = program
    .command('rules')
    .description('list, add and remove approval rules (allow / deny / ask by tool and command)');
  rules
    .command('list')
    .description('every rule, or (with --workspace) the rules that apply in that project folder')
    .option('-w, --workspace <dir>', 'only rules that apply in this project folder (its own and global ones)')
    .option('--json', 'one JSON object per line')
    .action((o: { workspace?: string; json?: boolean }) =>
      withStore((store) => {
        const list = o.workspace ? store.rules.applicable(null, resolveWorkspace(o.workspace)) : store.rules.list();
        for (const r of list)
          process.stdout.write((o.json ? JSON.stringify({ ...r, label: ruleLabel(r) }) : line(r)) + '\n');
        if (!list.length && !o.json) process.stderr.write('no rules\n');
      }),
    );
  rules
    .command('add')
    .description(
      'add a rule, e.g.  floe rules add allow exec_command "npm test*"   or   floe rules add deny exec_command "rm -rf" --global',
    )
    .argument('<action>', 'allow | deny | ask')
    .argument('<tool>', 'tool name or glob (exec_command, mcp__github__*); Bash and Shell mean exec_command')
    .argument(
      '[pattern...]',
      'exec_command only: a command prefix matched word by word, or a glob with * and ?; its options (rm -rf) are ' +
        'words of the pattern; after -- every word is (for a pattern word such as -g or -w)',
    )
    // `floe rules add deny exec_command rm -rf --global`: options this command does not know are pattern words
    .allowUnknownOption()
    .option('-w, --workspace <dir>', 'the project folder the rule belongs to (default: current folder)')
    .option('-g, --global', 'the rule applies in every project')
    .option('--session <id>', 'the rule applies to one session only')
    .action((action: string, tool: string, pattern: string[], o: AddFlags) =>
      withStore((store) => {
        if (o.global && o.session) fail('choose one of --global and --session');
        const scope: RuleScope = o.global ? 'global' : o.session ? 'session' : 'project';
        let scopeKey = '';
        if (scope === 'session') {
          if (!store.sessions.get(o.session!))
            fail(`--session: there is no session ${o.session}; see floe traces list`);
          scopeKey = o.session!;
        } else if (scope === 'project') scopeKey = resolveWorkspace(o.workspace);
        const valid = validateRule({ action, scope, scopeKey, tool, pattern: pattern.join(' ') || null });
        if (valid.tool === WRITE_TOOL) {
          const r = realWritableFolder(valid.pattern!, floeHome());
          if ('error' in r) fail(r.error);
          valid.pattern = r.folder;
        }
        const rule = store.rules.add(valid);
        process.stdout.write(line(rule) + '\n');
      }),
    );
  rules
    .command('rm')
    .description('remove a rule by its id (see floe rules list)')
    .argument('<id>', 'rule id, e.g. rule-0123456789ab')
    .action((id: string) =>
      withStore((store) => {
        if (!store.rules.remove(id)) fail(`there is no rule ${id}; see floe rules list`);
        process.stdout.write(`removed ${id}\n`);
      }),
    );
}
