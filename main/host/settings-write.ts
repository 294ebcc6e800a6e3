// Writes `default_approval_mode` into config.yaml (main/config has no setter for it): yaml Document API so the
// user's comments survive, validated as a whole before an atomic write with mode 0600. Must not touch other keys.
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { parseDocument } from 'yaml';
import type { ApiApprovalMode } from '../../shared/api.js';
import { ConfigError, ensureConfigFile, parseConfigText, type FloeConfig } from '../config/index.js';

export function setDefaultApprovalMode(home: string, mode: ApiApprovalMode): FloeConfig {
  const file = ensureConfigFile(home);
  const text = readFileSync(file, 'utf8');
  parseConfigText(text, file); // a broken file is reported, never overwritten
  const doc = parseDocument(text);
  doc.set('default_approval_mode', mode);
  const out = doc.toString();
  const config = parseConfigText(out, file);
  const tmp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(tmp, out, { mode: 0o600, flag: 'wx' });
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new ConfigError(`${file}: cannot save the file: ${(e as Error).message}. Check that FLOE_HOME is writable.`, file);
  }
  return config;
}
