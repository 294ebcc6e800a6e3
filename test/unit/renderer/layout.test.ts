// Unit tests of the chat layout rules (renderer/src/app/layout.ts).
import { describe, expect, it } from 'vitest';
import { dockPlacement, effectiveDock, sidebarDefault, sidebarShown } from '../../../renderer/src/app/layout.js';

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
  it('shows the sidebar by default above 800 px; at 800 px and less only while opened there (issue 25)', () => {
    expect(sidebarDefault(1440)).toBe(true);
    expect(sidebarDefault(800)).toBe(false);
    expect(sidebarShown(800, true, false)).toBe(false);
    expect(sidebarShown(800, true, true)).toBe(true);
    expect(sidebarShown(640, undefined, false)).toBe(false);
    expect(sidebarShown(1440, undefined, false)).toBe(true);
    expect(sidebarShown(1440, false, true)).toBe(false);
  });
  it('hides an idle dock at 800 px and less, unless shown by hand (issue 25)', () => {
    expect(dockPlacement('right', 800, false, false, false)).toBe('hidden');
    expect(dockPlacement('right', 800, false, true, false)).toBe('bottom');
    expect(dockPlacement('bottom', 640, false, false, true)).toBe('bottom');
    expect(dockPlacement('right', 1440, true, false, false)).toBe('right');
    expect(dockPlacement('hidden', 800, false, true, false)).toBe('hidden');
  });
});
