// Which setup commands a new worktree runs (main/worktrees/setup-config.ts): Floe's script first, then
// conductor.json, then .cursor/worktrees.json; malformed files are errors naming the file and field; the variables
// each source's documentation promises.
import { describe, expect, it } from 'vitest';
import { setupEnv, setupPlan } from '../../../main/worktrees/setup-config.js';

describe('setupPlan', () => {
  it('nothing to run without a setup file', () => {
    expect(setupPlan({})).toEqual({ source: null, commands: [] });
  });

  it('conductor.json scripts.setup, as one command', () => {
    expect(
      setupPlan({ conductor: '{"scripts":{"setup":"npm ci; cp $CONDUCTOR_ROOT_PATH/.env .env","run":"x"}}' }),
    ).toEqual({
      source: 'conductor.json',
      commands: ['npm ci; cp $CONDUCTOR_ROOT_PATH/.env .env'],
    });
  });

  it('.cursor/worktrees.json: the unix list wins over the generic one; empty entries dropped', () => {
    const cursor = JSON.stringify({ 'setup-worktree': ['generic'], 'setup-worktree-unix': ['npm ci', ' ', 'make'] });
    expect(setupPlan({ cursor })).toEqual({ source: '.cursor/worktrees.json', commands: ['npm ci', 'make'] });
    expect(setupPlan({ cursor: '{"setup-worktree":"pnpm i"}' }).commands).toEqual(['pnpm i']);
  });

  it("Floe's own script wins over the others, which are not run too", () => {
    const plan = setupPlan({ floe: 'echo hi', conductor: '{"scripts":{"setup":"npm ci"}}', cursor: '{}' });
    expect(plan).toEqual({ source: '.floe/worktree-setup.sh', commands: ['bash ./.floe/worktree-setup.sh'] });
  });

  it('conductor.json without a setup script falls through to the cursor file', () => {
    expect(setupPlan({ conductor: '{"scripts":{"run":"npm start"}}', cursor: '{"setup-worktree":["make"]}' })).toEqual({
      source: '.cursor/worktrees.json',
      commands: ['make'],
    });
  });

  it('malformed files are errors that name the file and the field', () => {
    expect(() => setupPlan({ conductor: '{"scripts":' })).toThrow(
      /^conductor\.json is not valid JSON .*fix it or remove it/,
    );
    expect(() => setupPlan({ conductor: '{"scripts":{"setup":42}}' })).toThrow(
      'conductor.json: "scripts.setup" must be a command (string) or a list of commands; fix it or remove it',
    );
    expect(() => setupPlan({ conductor: '[1]' })).toThrow('conductor.json must hold a JSON object; fix it');
    expect(() => setupPlan({ cursor: '{"setup-worktree":[1]}' })).toThrow(
      '.cursor/worktrees.json: "setup-worktree" must be a command (string) or a list of commands; fix it or remove it',
    );
  });
});

describe('setupEnv', () => {
  it("Floe's variables always, and the names of the file's own tool", () => {
    expect(setupEnv(null, '/r', '/w', 40010)).toEqual({
      FLOE_ROOT_PATH: '/r',
      FLOE_WORKTREE_PATH: '/w',
      FLOE_PORT_BASE: '40010',
    });
    expect(setupEnv('conductor.json', '/r', '/w', 40010)).toMatchObject({
      CONDUCTOR_ROOT_PATH: '/r',
      CONDUCTOR_WORKSPACE_PATH: '/w',
      CONDUCTOR_PORT: '40010',
    });
    expect(setupEnv('.cursor/worktrees.json', '/r', '/w', 40010)).toMatchObject({ ROOT_WORKTREE_PATH: '/r' });
  });
});
