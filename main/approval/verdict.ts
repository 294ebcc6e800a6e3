// The verdict of an approval mode for a tool permission (SPEC §7 table). Pure; its own file so that decide.ts
// and modes.ts can both use it without importing each other.
import type { ApprovalMode, Permission } from './types.js';

export type Verdict = 'allow' | 'deny' | 'ask';

export function modeVerdict(mode: ApprovalMode, permission: Permission): Verdict {
  switch (mode) {
    case 'allow-all':
      return 'allow';
    case 'deny-all':
      return 'deny';
    case 'read-only':
      return permission === 'r' ? 'allow' : 'ask';
    case 'always-ask':
      return 'ask';
  }
}
