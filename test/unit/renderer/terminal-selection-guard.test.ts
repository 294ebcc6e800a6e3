// The selection-redraw guard of a pane (renderer/src/features/terminal/selection-guard.ts): xterm's DOM renderer
// redraws every row for each selection redraw request, and xterm asks for one after every scroll. Only requests
// that show or clear a selection may reach it. The real pane is checked in Chromium (e2e/ui-dock.test.ts).
import { describe, expect, it } from 'vitest';
import { guardRedraws, selectionRedrawNeeded } from '../../../renderer/src/features/terminal/selection-guard.js';

describe('selectionRedrawNeeded', () => {
  it('passes a request that shows a selection or clears one that was shown', () => {
    expect(selectionRedrawNeeded(false, undefined, undefined)).toBe(false);
    expect(selectionRedrawNeeded(false, [0, 0], [4, 0])).toBe(true);
    expect(selectionRedrawNeeded(true, undefined, undefined)).toBe(true);
    expect(selectionRedrawNeeded(true, [1, 2], [3, 2])).toBe(true);
    // half a selection is no selection (xterm draws nothing for it)
    expect(selectionRedrawNeeded(false, [0, 0], undefined)).toBe(false);
  });
});

describe('guardRedraws', () => {
  it('lets through only the redraws that change what is drawn, in order, with their arguments and `this`', () => {
    const seen: unknown[][] = [];
    const service = {
      name: 'render service',
      handleSelectionChanged(this: { name: string }, ...args: unknown[]) {
        seen.push([this.name, ...args]);
      },
    };
    expect(guardRedraws(service)).toBe(true);
    // scrolls with nothing selected: nothing reaches the renderer
    for (let i = 0; i < 50; i++) service.handleSelectionChanged(undefined, undefined, false);
    expect(seen).toEqual([]);
    service.handleSelectionChanged([0, 1], [5, 1], false);
    service.handleSelectionChanged([0, 0], [5, 0], true); // the selection moves with a scroll
    service.handleSelectionChanged(undefined, undefined, false); // cleared: drawn once more, to remove it
    service.handleSelectionChanged(undefined, undefined, false);
    expect(seen).toEqual([
      ['render service', [0, 1], [5, 1], false],
      ['render service', [0, 0], [5, 0], true],
      ['render service', undefined, undefined, false],
    ]);
  });

  it('stays off, changing nothing, when the service is not what xterm had', () => {
    expect(guardRedraws(undefined)).toBe(false);
    expect(guardRedraws({})).toBe(false);
    const odd = { handleSelectionChanged: 3 };
    expect(guardRedraws(odd)).toBe(false);
    expect(odd.handleSelectionChanged).toBe(3);
  });
});
