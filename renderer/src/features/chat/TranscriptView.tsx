// The open session's virtualized transcript. It follows new output (follow.ts) unless the person scrolled up,
// then offers a "Jump to latest" pill; keeps its scroll position across a reload (sessionStorage) and scrolls to
// a card the approvals panel asked to reveal. Must not fetch data.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { useApprovals } from '../approvals/store.js';
import { TurnFiles } from '../checkpoints/TurnFiles.js';
import { ItemView } from './ItemView.js';
import { initialFollow, onScroll, onUserUp, type FollowState } from './follow.js';
import type { Transcript } from './transcript.js';

/** Input that means "the person is scrolling" for this long afterwards. */
const USER_INPUT_MS = 600;

/** Where the person left this session's transcript (kept for a reload, per tab). */
const scrollKey = (id: string) => `floe.scroll.${id}`;
function savedScroll(id: string): { top: number; stuck: boolean } | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(scrollKey(id)) ?? 'null') as { top?: unknown; stuck?: unknown } | null;
    return v && typeof v.top === 'number' && typeof v.stuck === 'boolean' ? { top: v.top, stuck: v.stuck } : null;
  } catch {
    return null;
  }
}
function saveScroll(id: string, top: number, stuck: boolean): void {
  try {
    sessionStorage.setItem(scrollKey(id), JSON.stringify({ top, stuck }));
  } catch {
    /* storage full or off: nothing to restore later */
  }
}

export function TranscriptView({ transcript, rootId }: { transcript: Transcript; rootId: string }) {
  const virt = useRef<VirtuosoHandle>(null);
  const scroller = useRef<HTMLElement | null>(null);
  const resized = useRef<ResizeObserver | null>(null);
  const [saved] = useState(() => savedScroll(rootId));
  const follow = useRef<FollowState>(saved && !saved.stuck ? { stuck: false, lastTop: saved.top } : initialFollow());
  const userAt = useRef(0);
  /** the person's latest scroll input asked to go up (a wheel up, ArrowUp/PageUp/Home) */
  const inputUp = useRef(false);
  const [stuck, setStuck] = useState(follow.current.stuck);
  const reveal = useApprovals((s) => s.reveal);
  const revealCall = useApprovals((s) => (s.reveal ? s.pending[s.reveal]?.toolCallId : undefined));
  // display order kept by the reducer (footers placed as it goes): nothing here walks the whole transcript per message
  const items = transcript.view;

  const toBottom = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  const setScroller = useCallback(
    (el: HTMLElement | Window | null) => {
      const prev = scroller.current;
      if (prev === el) return;
      const mark = () => {
        userAt.current = Date.now();
        inputUp.current = false;
      };
      const up = () => {
        userAt.current = Date.now();
        inputUp.current = true;
        follow.current = onUserUp(follow.current);
        setStuck(follow.current.stuck);
      };
      const wheel = (e: Event) => ((e as WheelEvent).deltaY < 0 ? up() : mark());
      const keys = (e: Event) => {
        const k = (e as KeyboardEvent).key;
        if (/^(ArrowUp|PageUp|Home)$/.test(k)) up();
        else if (/^(ArrowDown|PageDown|End| )$/.test(k)) mark();
      };
      const scroll = () => {
        const s = scroller.current;
        if (!s) return;
        const m = { top: s.scrollTop, height: s.scrollHeight, client: s.clientHeight };
        const next = onScroll(follow.current, m, Date.now() - userAt.current < USER_INPUT_MS, inputUp.current);
        follow.current = next;
        setStuck(next.stuck);
        saveScroll(rootId, m.top, next.stuck);
      };
      if (el instanceof HTMLElement) {
        scroller.current = el;
        el.addEventListener('wheel', wheel, { passive: true });
        el.addEventListener('touchmove', mark, { passive: true });
        el.addEventListener('pointerdown', mark);
        el.addEventListener('keydown', keys);
        el.addEventListener('scroll', scroll, { passive: true });
        // the viewport shrinking (a taller composer, a smaller window) must not lose the bottom while following
        resized.current?.disconnect();
        resized.current = new ResizeObserver(() => {
          if (follow.current.stuck && scroller.current === el) el.scrollTop = el.scrollHeight;
        });
        resized.current.observe(el);
      } else {
        scroller.current = null;
        resized.current?.disconnect();
      }
    },
    [rootId],
  );

  // "Go to session" from the approvals panel: bring the card into view (the card focuses itself)
  useEffect(() => {
    if (!reveal || !revealCall) return;
    const at = transcript.viewPos.get(`tool:${revealCall}`);
    if (at === undefined) return;
    follow.current = { ...follow.current, stuck: false };
    setStuck(false);
    virt.current?.scrollToIndex({ index: at, align: 'center' });
  }, [reveal, revealCall, transcript]);

  // a new item or a growing last item: keep the bottom in view while stuck
  const grew = useCallback(() => {
    if (follow.current.stuck) toBottom();
  }, [toBottom]);
  useEffect(grew, [transcript, grew]);

  const jump = () => {
    follow.current = { ...follow.current, stuck: true };
    setStuck(true);
    virt.current?.scrollToIndex({ index: 'LAST', align: 'end' });
    requestAnimationFrame(toBottom);
  };

  return (
    <>
      <Virtuoso
        ref={virt}
        style={{ height: '100%' }}
        // the view array grows in place (transcript.ts): the list gets its length, and the transcript as context so
        // that each new transcript re-renders the visible rows (memoized: only changed items render again)
        totalCount={items.length}
        context={transcript}
        computeItemKey={(index, _, t) => t.view[index]?.key ?? index}
        // Following is ours alone (grew, the ResizeObserver above): the list's own follow logic snaps back to the
        // bottom whenever it finds itself there after a size increase, even when the person has just scrolled up.
        followOutput={false}
        totalListHeightChanged={grew}
        scrollerRef={setScroller}
        {...(saved && !saved.stuck ? { initialScrollTop: saved.top } : { initialTopMostItemIndex: items.length - 1 })}
        increaseViewportBy={400}
        itemContent={(index, _, t) => (
          <>
            <ItemView item={t.view[index]!} rootId={rootId} />
            <TurnFiles view={t.view} index={index} sessionId={rootId} />
          </>
        )}
      />
      {!stuck && (
        <button className="jump-pill" aria-label="Jump to latest" onClick={jump}>
          Jump to latest ↓
        </button>
      )}
    </>
  );
}
