// Process entry of the `floe` bin: registers the extra commands, runs main, and exits with its code.
import './commands.js';
import { main } from './main.js';

await main();
// Give stdout a chance to drain, then exit even if a stray handle (a pty, a socket) is still open.
process.stdout.write('', () => process.exit(process.exitCode ?? 0));
