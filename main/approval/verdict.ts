// The verdict of an approval mode for a tool permission (SPEC §7 table). Pure; its own file so that decide.ts
// and modes.ts can both use it without importing each other.
import type { ApprovalMode, Permission } from './types.js';

export type Verdict = 'allow' | 'deny' | 'ask';

/** `contained`: the call runs inside an active OS sandbox (only mode `auto` looks at it). */
export function modeVerdict(mode: ApprovalMode, permission: Permission, contained = false): Verdict {
  switch (mode) {
    case 'allow-all':
      return 'allow';
    case 'deny-all':
      return 'deny';
    case 'read-only':
      return permission === 'r' ? 'allow' : 'ask';
    case 'always-ask':
      return 'ask';
    case 'auto':
      // the sandbox guards what a contained command does; anything else that writes crosses it and asks
      return permission === 'r' || contained ? 'allow' : 'ask';
  }
}
