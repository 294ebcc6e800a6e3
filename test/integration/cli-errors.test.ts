// User-side failures of the `floe` command end with one clear line (what, where, what to do), exit 2, on stderr
// also under --json, and never a stack trace (issue 14). Real `floe` processes on a temp FLOE_HOME.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, tempHome, type TempHome } from '../helpers/cli.js';

let env: TempHome | undefined;
afterEach(() => env?.cleanup());

const noStack = (s: string): void => {
  expect(s).not.toMatch(/\n\s+at /);
  expect(s).not.toContain('internal error');
};

describe('floe: clear errors', () => {
  it('an unwritable traces folder: names the file and the fix, exit 2, with and without --json', async () => {
    env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
    // a file where the traces folder should be (chmod cannot stop root, a file in the path stops everyone)
    fs.mkdirSync(path.join(env.home, 'agents/default'), { recursive: true });
    fs.writeFileSync(path.join(env.home, 'agents/default/traces'), 'not a folder');
    for (const json of [false, true]) {
      const r = await runCli(['run', ...(json ? ['--json'] : []), '--workspace', env.workspace, 'hi'], { home: env.home });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(
        new RegExp(
          `^floe: Cannot open trace file ${env.home}/agents/default/traces/\\d{4}-\\d{2}-\\d{2}/session-[\\w-]+_001\\.jsonl: ` +
            'a part of the path is a file, not a folder \\(ENOTDIR\\)\\. Move that file away or point FLOE_HOME elsewhere\\.\\n$',
        ),
      );
      noStack(r.stderr);
    }
  });
});
