// Registers the CLI commands that live in other modules (chat, traces, web, desktop).
export {};
