// The project's ESLint configuration holds React's hook rules for the renderer (issue 24): a planted conditional
// hook and an effect with a missing dependency, linted as if they were renderer files, are errors.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');

describe('renderer lint rules', () => {
  it('rules-of-hooks and exhaustive-deps report planted violations as errors', async () => {
    const eslint = new ESLint({ cwd: repo });
    const code = [
      "import { useEffect, useState } from 'react';",
      'export function Planted({ on, id }: { on: boolean; id: string }) {',
      '  if (on) useState(0);',
      '  useEffect(() => console.log(id), []);',
      '  return null;',
      '}',
      '',
    ].join('\n');
    const [r] = await eslint.lintText(code, { filePath: path.join(repo, 'renderer/src/planted.tsx') });
    const rules = r!.messages.filter((m) => m.severity === 2).map((m) => m.ruleId);
    expect(rules).toEqual(expect.arrayContaining(['react-hooks/rules-of-hooks', 'react-hooks/exhaustive-deps']));
  });
});
