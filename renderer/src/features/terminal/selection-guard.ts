// Stops xterm from redrawing a pane's rows for a selection that is not there. xterm's selection service asks for a
// selection redraw after every scroll, and its DOM renderer answers each one by rendering every row again (and only
// then looks whether anything is selected; xterm.js issue #4633, open in 6.0.0). A flooded pane scrolls every
// frame, so each frame drew all its rows twice: in the ui-flood benchmark that redraw was the largest part of the
// long frames of a watched flood (a Chromium trace: DomRenderer.handleSelectionChanged → renderRows in the
// selection's animation frame). A redraw is passed on only when a selection is shown or was shown at the last
// one, so nothing a person sees changes. Reaches into xterm's internals (its render service); when their shape
// is not the expected one the guard stays off and xterm behaves as shipped.
import type { Terminal } from '@xterm/xterm';

type Point = [number, number] | undefined;

/** A selection redraw request: what xterm's selection service passes to its render service. */
type SelectionRedraw = (start: Point, end: Point, columnSelectMode: boolean) => void;

/**
 * Whether a selection redraw must reach the renderer (pure): when something is selected now, or was at the last
 * redraw that reached it (it must be cleared).
 */
export function selectionRedrawNeeded(shownBefore: boolean, start: Point, end: Point): boolean {
  return shownBefore || (start !== undefined && end !== undefined);
}

/**
 * Wraps `handleSelectionChanged` of `service` so that only needed redraws pass (selectionRedrawNeeded). Returns
 * false, changing nothing, when `service` has no such method.
 */
export function guardRedraws(service: unknown): boolean {
  const s = service as { handleSelectionChanged?: SelectionRedraw } | null | undefined;
  const original = s?.handleSelectionChanged;
  if (!s || typeof original !== 'function') return false;
  // xterm starts with nothing selected and nothing drawn
  let shown = false;
  s.handleSelectionChanged = function (start, end, columnSelectMode) {
    if (!selectionRedrawNeeded(shown, start, end)) return;
    shown = start !== undefined && end !== undefined;
    original.call(this, start, end, columnSelectMode);
  };
  return true;
}

/** Installs the guard on an opened terminal; false when xterm's internals are not as expected (guard off). */
export function guardSelectionRedraws(term: Terminal): boolean {
  const core = (term as unknown as { _core?: { _renderService?: unknown } })._core;
  return guardRedraws(core?._renderService);
}
