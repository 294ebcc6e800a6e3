// E2E (issue 25, trace browser and accessibility) in real Chromium: the timeline is an ARIA treegrid whose rows
// are virtualised (react-virtuoso) yet numbered against the whole trace (aria-rowcount, aria-rowindex), with one
// row in the tab order and the arrows, PageDown, Home/End and Enter working; and the time axis' labels (ticks,
// idle gaps) never overlap, at 1440 and 800 px and at several zoom levels. The trace is generated here: 200 turns
// of a user message, a request and a reply (600 rows), with idle stretches that the axis collapses.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot, startEnv, stopAfterAll, type Env } from './harness.js';

const TURNS = 200;
const ROWS = TURNS * 3;
const ID = 'session-2026-11-21-09-00-00-7a11e025';
const dir = mkdtempSync(path.join(tmpdir(), 'floe-grid-'));
const FILE = path.join(dir, `${ID}_001.jsonl`);

/** A trace of TURNS turns, 700 ms each, an idle stretch of 15-40 s after every 50th. */
function writeTrace(): void {
  let t = Date.parse('2026-11-21T09:00:00.000Z');
  const line = (type: string, payload: object) =>
    JSON.stringify({ timestamp: new Date(t).toISOString(), type, payload });
  const out = [
    line('session_meta', {
      session_id: ID,
      provider: 'local',
      model_id: 'scripted',
      model_context_window: 32000,
      system_prompt: 'Workspace: /srv/demo',
      agent_state: { agent: 'default', model: 'local/scripted' },
      workspace: '/srv/demo',
    }),
  ];
  for (let i = 0; i < TURNS; i++) {
    t += i > 0 && i % 50 === 0 ? 15_000 + (i / 50) * 8_000 : 100;
    out.push(line('model_msg', { type: 'text', role: 'user', text: `GRIDTURN ${i}` }));
    t += 10;
    out.push(line('event_msg', { type: 'request_begin' }));
    t += 500;
    out.push(line('model_msg', { type: 'text', role: 'assistant', text: `reply ${i}` }));
    t += 10;
    out.push(line('event_msg', { type: 'request_end', status: 'completed' }));
  }
  writeFileSync(FILE, out.join('\n') + '\n');
}

let env: Env;

beforeAll(async () => {
  writeTrace();
  env = await startEnv({});
}, 60_000);

stopAfterAll(() => env, 'ui-timeline-grid');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** aria-rowindex of the focused element (0: the focus is not on a row). */
const focusedRow = (page: Page) =>
  page.evaluate(() => Number(document.activeElement?.getAttribute('aria-rowindex') ?? 0));

/** Pairs of axis labels whose boxes intersect, as text; and how many labels there are. */
async function axisOverlaps(page: Page): Promise<{ count: number; overlaps: string[]; texts: string[] }> {
  const boxes = await page.locator('.tl-axis-time > span').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { text: e.textContent ?? '', left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    }),
  );
  const overlaps: string[] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
        overlaps.push(
          `"${a.text}" [${a.left.toFixed(1)}, ${a.right.toFixed(1)}] × "${b.text}" [${b.left.toFixed(1)}, ${b.right.toFixed(1)}]`,
        );
    }
  return { count: boxes.length, overlaps, texts: boxes.map((b) => b.text) };
}

describe('timeline treegrid', () => {
  it('is a treegrid: virtualised rows numbered against the whole trace, one tab stop, arrows and ends move', async () => {
    const { page } = env;
    await page.getByRole('button', { name: 'Traces', exact: true }).click();
    await page.getByLabel('Import a trace file').setInputFiles([FILE]);
    const grid = page.getByRole('treegrid', { name: 'Trace records' });
    await grid.waitFor();
    await page.locator('[role="row"][aria-rowindex="2"]').waitFor();
    expect(await grid.getAttribute('aria-rowcount')).toBe(String(ROWS + 1));
    const indexes = await grid
      .locator('[role="row"]')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('aria-rowindex'))));
    // the header row, then a contiguous run of drawn rows: far fewer than the trace has
    expect(indexes[0]).toBe(1);
    expect(indexes.length).toBeLessThan(ROWS / 2);
    expect(indexes.slice(1)).toEqual(indexes.slice(1).map((_, i) => i + 2));
    expect(await grid.getByRole('columnheader').count()).toBe(2);
    const cells = await grid.locator('[role="row"][aria-rowindex="3"] > [role="gridcell"]').count();
    expect(cells).toBe(2);
    expect(await grid.locator('[role="row"][tabindex="0"]').count()).toBe(1);

    // Tab from the zoom buttons lands on the grid's one row in the tab order
    await page.getByRole('button', { name: 'Zoom in' }).focus();
    await page.keyboard.press('Tab');
    expect(await focusedRow(page)).toBe(2);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focusedRow(page)).toBe(4);
    await page.keyboard.press('ArrowUp');
    expect(await focusedRow(page)).toBe(3);
    await page.keyboard.press('PageDown');
    const afterPage = await focusedRow(page);
    expect(afterPage).toBeGreaterThan(8);
    // End reaches the last row, which was not drawn before: the list scrolls it in and it takes the focus
    await page.keyboard.press('End');
    await expect.poll(() => focusedRow(page)).toBe(ROWS + 1);
    const last = page.locator(`[role="row"][aria-rowindex="${ROWS + 1}"]`);
    expect(await last.locator('.tl-detail').textContent()).toBe(`reply ${TURNS - 1}`);
    expect(await last.getAttribute('data-kind')).toBe('message');
    await page.keyboard.press('ArrowUp');
    expect(await focusedRow(page)).toBe(ROWS);
    expect(await page.locator(`[role="row"][aria-rowindex="${ROWS}"]`).getAttribute('data-kind')).toBe('request');
    await page.keyboard.press('Enter');
    const pane = page.getByRole('complementary', { name: 'Record detail' });
    await pane.getByText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/).waitFor();
    expect(await page.locator(`[role="row"][aria-rowindex="${ROWS}"]`).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Home');
    await expect.poll(() => focusedRow(page)).toBe(2);
    expect(await page.locator('[role="row"][aria-rowindex="2"] .tl-detail').textContent()).toBe('GRIDTURN 0');
    await shot(page, 'ui-25-timeline-grid-1440');
  });

  for (const width of [1440, 800])
    it(`axis labels never overlap at ${width} px, zoom 1× to 8×`, async () => {
      const { page } = env;
      await page.setViewportSize({ width, height: 900 });
      const close = page.getByRole('button', { name: 'Close detail' });
      if (await close.count()) await close.click();
      while ((await page.locator('.tl-tools .chip').textContent()) !== '1×')
        await page.getByRole('button', { name: 'Zoom out' }).click();
      for (const zoom of [1, 2, 4, 8]) {
        await expect.poll(() => page.locator('.tl-tools .chip').textContent()).toBe(`${zoom}×`);
        await page.waitForTimeout(100);
        const r = await axisOverlaps(page);
        expect(r.overlaps, `zoom ${zoom}× at ${width} px: ${r.texts.join(' | ')}`).toEqual([]);
        expect(r.count).toBeGreaterThanOrEqual(3);
        if (zoom === 1) {
          // the idle gaps are on the axis, in the trace browser's one duration format
          expect(r.texts.filter((t) => /^⋯( idle \d+(\.\d)? s)?$/.test(t)).length).toBe(3);
          expect(
            r.texts.filter((t) => /^(0 s|\d+ ms|\d+(\.\d)? s|\d+ m( \d+ s)?)$/.test(t)).length,
          ).toBeGreaterThanOrEqual(2);
          await shot(page, `ui-25-timeline-axis-${width}`);
        }
        if (zoom < 8) await page.getByRole('button', { name: 'Zoom in' }).click();
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    });

  it('an opened trace first draws only the rows on screen, the rows past the bottom follow in a later frame', async () => {
    // issue 21 (a 500 MB trace opens with no frame over 50 ms): the frame that shows the first rows is kept small
    const { page } = env;
    await page.getByRole('button', { name: 'Traces: back to the trace list' }).click();
    // the rows of the first commit that draws any: how many, and how many lie wholly below the scroller's bottom
    await page.evaluate(() => {
      const w = window as unknown as { __firstRows?: { drawn: number; below: number } };
      delete w.__firstRows;
      const mo = new MutationObserver(() => {
        const rows = [...document.querySelectorAll('.tl-row')];
        const scroller = document.querySelector('.tl-scroll');
        if (!rows.length || !scroller) return;
        const bottom = scroller.getBoundingClientRect().bottom;
        w.__firstRows = {
          drawn: rows.length,
          below: rows.filter((r) => r.getBoundingClientRect().top >= bottom).length,
        };
        mo.disconnect();
      });
      mo.observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: /Open trace of GRIDTURN 0/ }).click();
    const first = () =>
      page.evaluate(() => (window as unknown as { __firstRows?: { drawn: number; below: number } }).__firstRows);
    await expect.poll(first).toBeTruthy();
    const f = (await first())!;
    expect(f.drawn).toBeGreaterThan(10);
    expect(f.below).toBe(0);
    // then the rows below the scroller's bottom are drawn too (scrolling shows no blank rows)
    const below = () =>
      page.evaluate(() => {
        const bottom = document.querySelector('.tl-scroll')!.getBoundingClientRect().bottom;
        return [...document.querySelectorAll('.tl-row')].filter((r) => r.getBoundingClientRect().top >= bottom).length;
      });
    await expect.poll(below).toBeGreaterThan(5);
  });
});
