// Tests for FLOE_HOME resolution and the fixed paths inside it.
import { describe, it, expect } from 'vitest';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { agentDir, configPath, dbPath, floeHome, systemConfigPath } from '../../../main/config/home.js';

describe('floeHome', () => {
  it('uses FLOE_HOME, expanding ~ and resolving relative paths', () => {
    expect(floeHome({ FLOE_HOME: '/srv/floe' })).toBe('/srv/floe');
    expect(floeHome({ FLOE_HOME: '~/x' })).toBe(join(homedir(), 'x'));
    expect(floeHome({ FLOE_HOME: 'rel/dir' })).toBe(resolve('rel/dir'));
  });
  it('falls back to ~/.floe when FLOE_HOME is unset or blank', () => {
    expect(floeHome({})).toBe(join(homedir(), '.floe'));
    expect(floeHome({ FLOE_HOME: '  ' })).toBe(join(homedir(), '.floe'));
  });
});

describe('paths', () => {
  it('places config.yaml, floe.db and agent configs under the home', () => {
    expect(configPath('/h')).toBe('/h/config.yaml');
    expect(dbPath('/h')).toBe('/h/floe.db');
    expect(agentDir('/h', 'default')).toBe('/h/agents/default');
    expect(systemConfigPath('/h', 'reviewer')).toBe('/h/agents/reviewer/system_config.yaml');
  });
  it('refuses agent names that would leave the agents folder', () => {
    expect(() => systemConfigPath('/h', '../etc')).toThrow(/Invalid agent name "..\/etc"/);
    expect(() => agentDir('/h', '')).toThrow(/Invalid agent name/);
  });
});
