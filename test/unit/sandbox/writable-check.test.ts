// Writable-folder rules (issue 19): the folder a refused write offers to open is refused when it is /, the home
// folder or above it, or is, contains or lies inside a path the sandbox hides or protects; an ordinary folder is
// accepted. validateRule takes such a rule only as an absolute folder, allow, project scope; only those rules with
// the tool exactly sandbox_write name folders.
import { describe, expect, it } from 'vitest';
import { RuleInputError, validateRule, type Rule } from '../../../main/approval/rules.js';
import { WRITE_TOOL, checkFolderPattern, writableFolders } from '../../../main/approval/write-rules.js';
import { writableFolderError } from '../../../main/environment/sandbox/writable-check.js';

const o = { home: '/home/ann', floeHome: '/home/ann/.floe' };

describe('writableFolderError', () => {
  it.each([
    ['/', 'it is the root of the file system'],
    ['/home/ann', 'it is the home folder'],
    ['/home', 'it contains the home folder /home/ann'],
    ['/home/ann/.ssh', 'it lies inside /home/ann/.ssh (a secret the sandbox hides)'],
    ['/home/ann/.ssh/keys', 'it lies inside /home/ann/.ssh (a secret the sandbox hides)'],
    ['/home/ann/.aws', 'it lies inside /home/ann/.aws'],
    ['/home/ann/.gnupg/private-keys-v1.d', 'it lies inside /home/ann/.gnupg'],
    ['/home/ann/.config', 'it contains /home/ann/.config/gcloud (a secret the sandbox hides)'],
    ['/home/ann/.mozilla/firefox', 'it lies inside /home/ann/.mozilla'],
    ['/home/ann/.config/google-chrome/Default', 'it lies inside /home/ann/.config/google-chrome'],
    ['/home/ann/.floe', "it lies inside /home/ann/.floe (Floe's own config and database"],
    ['/home/ann/.floe/agents', "it lies inside /home/ann/.floe (Floe's own config and database"],
    ['/home/ann/proj/.git/hooks', 'it is inside a .git folder'],
    ['/home/ann/proj/.git', 'it is inside a .git folder'],
    ['/home/ann/.config/fish', 'it contains /home/ann/.config/fish/config.fish (a shell start-up file'],
    ['/var/run', 'it contains /var/run/docker.sock (a container socket the sandbox hides)'],
    ['/var/lib/docker/volumes', 'it lies inside /var/lib/docker'],
  ])('refuses %s: %s', (folder, why) => {
    const e = writableFolderError(folder, o);
    expect(e).toContain(`the folder ${folder} cannot be made writable: ${why}`);
    expect(e).toMatch(/choose a folder of its own/);
  });

  it('refuses a folder that contains FLOE_HOME outside the home folder', () => {
    expect(writableFolderError('/srv/floe', { home: '/home/ann', floeHome: '/srv/floe/home' })).toContain(
      "it contains /srv/floe/home (Floe's own config",
    );
  });

  it.each(['/opt/cache', '/home/ann/.cache/pip', '/home/ann/other-project/out', '/srv/data'])('accepts %s', (f) => {
    expect(writableFolderError(f, o)).toBeNull();
  });
});

describe('sandbox_write rules', () => {
  const base = { action: 'allow', scope: 'project', scopeKey: '/p', tool: 'Sandbox_Write' };

  it('are stored as the normalised absolute folder under the exact tool name', () => {
    expect(validateRule({ ...base, pattern: ' /opt/cache/./x/ ' })).toEqual({
      action: 'allow',
      scope: 'project',
      scopeKey: '/p',
      tool: WRITE_TOOL,
      pattern: '/opt/cache/x',
    });
    expect(checkFolderPattern('/')).toEqual({ ok: true, folder: '/' });
  });

  it('refuse a relative or missing folder, another action and another scope', () => {
    expect(() => validateRule({ ...base, pattern: 'cache' })).toThrow(/must be an absolute path such as \/opt\/cache/);
    expect(() => validateRule({ ...base, pattern: null })).toThrow(RuleInputError);
    expect(() => validateRule({ ...base, action: 'deny', pattern: '/opt' })).toThrow(/allow rule of project scope/);
    expect(() => validateRule({ ...base, scope: 'global', scopeKey: '', pattern: '/opt' })).toThrow(
      /allow rule of project scope/,
    );
  });

  it('only allow rules of project scope for exactly sandbox_write name folders', () => {
    const r = (tool: string, action: Rule['action'], scope: Rule['scope'], pattern: string | null): Rule => ({
      id: `r-${tool}-${action}-${scope}`,
      action,
      scope,
      scopeKey: '/p',
      tool,
      pattern,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(
      writableFolders([
        r('sandbox_write', 'allow', 'project', '/opt/a'),
        r('*', 'allow', 'project', null),
        r('sandbox_*', 'allow', 'project', '/opt/b'),
        r('sandbox_write', 'deny', 'project', '/opt/c'),
        r('sandbox_write', 'allow', 'global', '/opt/d'),
      ]),
    ).toEqual(['/opt/a']);
  });
});
