// The folder a new writable-folder rule stores (issue 19): the real path of the folder named (symlinks resolved, so
// a link into ~/.ssh is judged by where it leads), when it exists, is a folder and writable-check.ts allows it.
// Used by the host's rules.add and `floe rules add`; each turns the error into its own kind of refusal.
import { realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { writableFolderError } from './writable-check.js';

const realOr = (p: string): string => {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
};

/** The real folder, or `{ error }`: one sentence naming the folder, what is wrong and what to do. */
export function realWritableFolder(folder: string, floeHome: string): { folder: string } | { error: string } {
  let real: string;
  try {
    real = realpathSync(folder);
  } catch {
    return { error: `the folder ${folder} does not exist; create it first, or name the folder the command writes in` };
  }
  if (!statSync(real).isDirectory())
    return { error: `${folder} is not a folder; a writable-folder rule names the folder a command writes in` };
  const home = realOr(process.env.HOME ?? homedir());
  const error = writableFolderError(real, { home, floeHome: realOr(floeHome) });
  return error ? { error } : { folder: real };
}
