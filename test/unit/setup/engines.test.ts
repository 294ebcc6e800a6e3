// package.json's `engines.node` matches the dependencies (issue 27): every Node version it admits is one that each
// installed package's own `engines.node` (as recorded in package-lock.json) admits too, so a supported Node never
// gets an EBADENGINE warning; README and docs/troubleshooting.md name the same range.
import { readFileSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error semver ships no types (@types/semver is not installed)
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { REPO } from '../../helpers/cli.js';

interface LockPackage {
  engines?: { node?: string } | string[];
}

const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(path.join(REPO, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockPackage>;
};

describe('engines.node', () => {
  it('admits only Node versions every dependency admits', () => {
    const range = pkg.engines.node;
    expect(semver.validRange(range)).not.toBeNull();
    const conflicts: string[] = [];
    for (const [where, p] of Object.entries(lock.packages)) {
      const need = !Array.isArray(p.engines) ? p.engines?.node : undefined;
      if (!where || !need || !semver.validRange(need)) continue;
      if (!semver.subset(range, need)) conflicts.push(`${where.replace(/^.*node_modules\//, '')} (${need})`);
    }
    expect(conflicts).toEqual([]);
  });

  it('admits at least one Node version', () => {
    expect(semver.minVersion(pkg.engines.node)).not.toBeNull();
  });

  it('README and troubleshooting say the same', () => {
    const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
    expect(readme).toContain('Node 22.13+ (22.x) or 24–26 is required');
    expect(pkg.engines.node).toBe('^22.13.0 || ^24.0.0 || ^25.0.0 || ^26.0.0');
    const trouble = readFileSync(path.join(REPO, 'docs', 'troubleshooting.md'), 'utf8');
    expect(trouble).toContain('Floe needs Node 22.13+ on the 22 line, or 24, 25 or 26');
  });
});
