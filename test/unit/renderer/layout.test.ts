// Unit tests of the chat layout rules (renderer/src/app/layout.ts).
import { describe, expect, it } from 'vitest';
import { effectiveDock, sidebarDefault } from '../../../renderer/src/app/layout.js';

describe('chat layout', () => {
  it('keeps the dock on the right only when the conversation keeps 480 px', () => {
    expect(effectiveDock('right', 1440, true)).toBe('right');
    expect(effectiveDock('right', 1000, true)).toBe('bottom');
    expect(effectiveDock('right', 1000, false)).toBe('right');
    expect(effectiveDock('right', 800, true)).toBe('bottom');
    expect(effectiveDock('right', 800, false)).toBe('bottom');
  });
  it('never changes bottom or hidden', () => {
    expect(effectiveDock('bottom', 2000, true)).toBe('bottom');
    expect(effectiveDock('hidden', 800, true)).toBe('hidden');
  });
  it('shows the sidebar by default from 800 px', () => {
    expect(sidebarDefault(800)).toBe(true);
    expect(sidebarDefault(700)).toBe(false);
  });
});
