// E2E (issue 21) in real Chromium: while an answer streams in, token after token, the Composer does not re-render
// (the store is read through selectors and the Composer is memoized), though the transcript commits many times.
// Renders are counted through React's DevTools hook, which production React also calls on every commit: the
// Composer's fiber (the nearest component above the prompt box) rendered when its hook state is a new object.
import { beforeAll, describe, expect, it } from 'vitest';
import { openNewChat, startEnv, stopAfterAll, type Env } from './harness.js';

const WORDS = Array.from({ length: 300 }, (_, i) => `word${i}`);
/** about 600 streamed pieces, 8 ms apart; MIDWAY sits in the middle */
const ANSWER = [...WORDS.slice(0, 150), 'MIDWAY', ...WORDS.slice(150)].join(' ');

let env: Env;

beforeAll(async () => {
  env = await startEnv({
    // the stream starts after a pause, so the run's status change and session list reload are over by then
    STREAMING: () => ({ reply: { text: ANSWER, chunkDelayMs: 8, delayMs: 1500 } }),
  });
}, 60_000);

stopAfterAll(() => env, 'ui-render-isolation');

/** Counts commits and renders of the component that owns `textarea[data-composer]` (runs in the page). */
function installCounter(): void {
  const w = window as unknown as Record<string, unknown>;
  const seen = new WeakSet<object>();
  const counts = { commits: 0, composer: 0 };
  w.__renders = counts;
  const componentOf = (el: Element): any => {
    const key = Object.keys(el).find((k) => k.startsWith('__reactFiber$'));
    let f = key ? (el as any)[key] : null;
    // FunctionComponent 0, ForwardRef 11, Memo 14, SimpleMemoComponent 15
    while (f && ![0, 11, 14, 15].includes(f.tag)) f = f.return;
    return f;
  };
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot: () => {
      counts.commits++;
      const el = document.querySelector('textarea[data-composer]');
      const c = el ? componentOf(el) : null;
      if (!c) return;
      // a render makes new hook objects; a bail-out copies the current ones to the other fiber
      let rendered = false;
      for (const f of [c, c.alternate]) {
        const s = f?.memoizedState;
        if (s && typeof s === 'object' && !seen.has(s)) {
          seen.add(s);
          rendered = true;
        }
      }
      if (rendered) counts.composer++;
    },
  };
}

const renders = (env: Env) =>
  env.page.evaluate(() => ({ ...((window as any).__renders as { commits: number; composer: number }) }));

describe('render isolation while tokens stream', () => {
  it('the Composer does not re-render while the answer streams', async () => {
    const { page } = env;
    await page.context().addInitScript(installCounter);
    await page.reload();
    const box = await openNewChat(page, env.home.workspace);
    await box.fill('STREAMING please');
    await page.keyboard.press('Enter');
    const transcript = page.getByTestId('transcript');
    await transcript.getByText(/word0 word1/).waitFor();
    const before = await renders(env);
    expect(before.composer).toBeGreaterThan(0); // the counter sees the Composer at all
    await transcript.getByText(/MIDWAY/).waitFor();
    const after = await renders(env);
    // the transcript committed many times meanwhile (tokens arrived), the Composer never rendered
    expect(after.commits - before.commits).toBeGreaterThan(10);
    expect(after.composer - before.composer).toBe(0);
    await transcript.getByText(/word299/).waitFor();
  });
});
