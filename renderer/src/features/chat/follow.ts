// Whether the transcript follows new output: it sticks to the bottom until the person scrolls up (a scroll that
// moves up right after their own wheel/touch/key/pointer input), and sticks again once they are back at the
// bottom. Content growth and the list's own scroll corrections never unstick it. Pure; no DOM.

export interface FollowState {
  stuck: boolean;
  lastTop: number;
}

export interface ScrollMetrics {
  top: number;
  height: number;
  client: number;
}

/** Pixels from the bottom that still count as "at the bottom". */
const BOTTOM_SLACK = 48;

export const initialFollow = (): FollowState => ({ stuck: true, lastTop: 0 });

export function atBottom(m: ScrollMetrics, slack = BOTTOM_SLACK): boolean {
  return m.height - m.top - m.client <= slack;
}

/**
 * Folds one scroll event; `byUser` says the person gave scroll input a moment ago, `inputWasUp` that this input
 * asked to go up (wheel up, ArrowUp/PageUp/Home). Moving up by the person's hand unsticks; the person reaching the
 * bottom again with a downward input sticks again. A scroll the person did not ask for — the list correcting its
 * position as items are measured, even right after their wheel up — never re-sticks: once they scrolled up, only
 * their own way back down (or "Jump to latest") resumes following.
 */
export function onScroll(s: FollowState, m: ScrollMetrics, byUser: boolean, inputWasUp = false): FollowState {
  let stuck = s.stuck;
  if (byUser && m.top < s.lastTop - 1) stuck = false;
  else if (byUser && !inputWasUp && atBottom(m) && m.top >= s.lastTop - 1) stuck = true;
  return stuck === s.stuck && m.top === s.lastTop ? s : { stuck, lastTop: m.top };
}

/** The person asked to go up (wheel up, ArrowUp/PageUp/Home): stop following at once, before the scroll lands. */
export function onUserUp(s: FollowState): FollowState {
  return s.stuck ? { ...s, stuck: false } : s;
}
