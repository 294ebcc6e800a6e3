// Registers the CLI commands that live in other modules (chat, traces, web, desktop).
import { registerChatCommand } from './chat.js';
import { extraCommands } from './main.js';

extraCommands.push(registerChatCommand);
import { registerWebCommand } from './web.js'; extraCommands.push(registerWebCommand);
