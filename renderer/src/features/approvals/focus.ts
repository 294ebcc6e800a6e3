// Where keyboard focus goes around approvals: the composer is found by its data attribute, a card steals focus
// only once per approval and only from an idle place (nothing focused, or the empty composer), and after a
// decision focus moves to the next waiting card or back to the composer; a new session focuses its prompt box.
// DOM-only helpers, no React, no state.

const COMPOSER = 'textarea[data-composer]';
const stolen = new Set<string>();

function composerEl(): HTMLTextAreaElement | null {
  return document.querySelector<HTMLTextAreaElement>(COMPOSER);
}

/** True when moving focus away from `active` would interrupt nothing the person is doing. */
function focusIsIdle(active: Element | null): boolean {
  if (!active || active === document.body) return true;
  return active.matches(COMPOSER) && !(active as HTMLTextAreaElement).value.trim();
}

/** Focuses an approval card the first time it appears, when focus is idle. */
export function claimFocus(approvalId: string, el: HTMLElement | null): void {
  if (!el || stolen.has(approvalId)) return;
  if (!focusIsIdle(document.activeElement)) return;
  stolen.add(approvalId);
  el.focus();
  el.scrollIntoView({ block: 'nearest' });
}

export function focusComposer(): void {
  composerEl()?.focus();
}

/** After deciding `approvalId`: the next waiting card in view, else the composer. */
export function focusAfterDecision(approvalId: string): void {
  const next = [...document.querySelectorAll<HTMLElement>('.approval[data-approval-id]')].find(
    (e) => e.dataset.approvalId !== approvalId,
  );
  if (next) next.focus();
  else focusComposer();
}

/** Keys typed into a field belong to the field, never to the card's shortcuts. */
export function isEditable(t: EventTarget | null): boolean {
  return t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
}

/**
 * A new session was started: the prompt box takes focus once it is on screen (tried for a few frames), unless the
 * person has meanwhile put focus somewhere that matters (a field, a card).
 */
export function focusComposerSoon(): void {
  let tries = 30;
  const attempt = () => {
    const box = composerEl();
    const active = document.activeElement;
    const movedOn = active && active !== document.body && !active.closest('.new-session') && !active.matches(COMPOSER);
    if (movedOn) return;
    if (box && !box.disabled) return box.focus();
    if (--tries > 0) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
