// Process entry of the `floe` bin: runs main (which loads the named command's module only) and exits with its code.
import { main } from './main.js';

await main();
// Give stdout a chance to drain, then exit even if a stray handle (a pty, a socket) is still open.
process.stdout.write('', () => process.exit(process.exitCode ?? 0));
