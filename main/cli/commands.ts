// Registers the CLI commands that live in other modules (chat, traces, web, desktop).
import { registerChatCommand } from './chat.js';
import { registerDesktopCommand } from './desktop.js';
import { extraCommands } from './main.js';
import { registerCheckpointsCommand } from './checkpoints.js';
import { registerRulesCommand } from './rules.js';
import { registerTracesCommand } from './traces.js';
import { registerWebCommand } from './web.js';
import { registerWorktreesCommand } from './worktrees.js';

extraCommands.push(
  registerChatCommand,
  registerTracesCommand,
  registerWebCommand,
  registerDesktopCommand,
  registerRulesCommand,
  registerCheckpointsCommand,
  registerWorktreesCommand,
);
