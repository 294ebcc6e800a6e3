// E2E (issue 12, item 6) in real Chromium: the terminal dock lists every command of the task as a compact row —
// status, exit code, duration, Kill — including a command that printed nothing; the newest is on top and
// selected; a pane opens on demand. A pane in a page without a GPU (headless Chromium: WebGL only on SwiftShader)
// draws with xterm's DOM renderer, and after a burst of output its drawn rows are the terminal's screen.
import { beforeAll, describe, expect, it } from 'vitest';
import { newSession, openProject, shot, startEnv, stopAfterAll, type Env } from './harness.js';

const call = (name: string, args: object) => ({ reply: { toolCalls: [{ name, arguments: args }] } });
const say = (text: string) => ({ reply: { text, usage: { input: 40, output: 8 } } });

let env: Env;

beforeAll(async () => {
  env = await startEnv({
    THREECMDS: (ph) =>
      ph === 0
        ? call('exec_command', { cmd: 'true' })
        : ph === 1
          ? call('exec_command', { cmd: 'echo dock-line; exit 3' })
          : ph === 2
            ? call('exec_command', { cmd: 'sleep 40', yield_time_ms: 500 })
            : say('three commands started'),
    BURST: (ph) => (ph === 0 ? call('exec_command', { cmd: 'seq 1 20000; echo burst-end' }) : say('the burst is over')),
  });
}, 60_000);

stopAfterAll(() => env, 'ui-dock');

describe('terminal dock', () => {
  it('lists all commands with status, exit code and duration; newest first; pane on demand; Kill', async () => {
    const { page } = env;
    await openProject(page, env.home.workspace);
    await newSession(page, 'allow-all', 'THREECMDS run three');
    await page.getByText('three commands started').waitFor();
    const list = page.getByRole('list', { name: 'Commands' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
    const rows = list.getByRole('listitem');
    // newest first, and it is the selected one
    expect(await rows.nth(0).getByRole('button', { name: 'Terminal sleep 40' }).count()).toBe(1);
    expect(await rows.nth(0).getAttribute('aria-current')).toBe('true');
    await rows.nth(0).getByRole('button', { name: 'Kill sleep 40' }).waitFor();
    // the silent command is listed with its exit code; the failing one shows exit 3
    const silent = list
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Terminal true', exact: true }) });
    await expect.poll(() => silent.getByTestId('term-state').textContent()).toBe('exit 0');
    expect(await silent.locator('.term-dur').textContent()).toMatch(/\d+(\.\d+)? (ms|s)/);
    const failing = list
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Terminal echo dock-line; exit 3' }) });
    await expect.poll(() => failing.getByTestId('term-state').textContent()).toBe('exit 3');
    await shot(page, 'ui-09-dock-list');

    // a pane on demand for the silent one
    await page.getByRole('button', { name: 'Terminal true', exact: true }).click();
    await page.getByRole('button', { name: 'Close terminal true' }).waitFor();
    await page.locator('.xterm-host').waitFor();
    await page.getByRole('button', { name: 'Close terminal true' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Close terminal true' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Kill sleep 40' }).click();
    await expect
      .poll(() => rows.nth(0).getByTestId('term-state').textContent(), { timeout: 10_000 })
      .not.toBe('running');
  });

  it('a pane without a GPU draws with the DOM renderer; after a burst its drawn rows are the screen', async () => {
    const { page } = env;
    await newSession(page, 'allow-all', 'BURST of output');
    await page.getByText('the burst is over').waitFor();
    const pane = page.locator('.xterm-host');
    await pane.waitFor();
    // headless Chromium offers WebGL only through SwiftShader: the pane must not use it
    expect(await pane.getAttribute('data-renderer')).toBe('dom');
    // its terminal was made ahead, off screen, and moved into the pane; another one waits for the next pane
    const spares = () => page.evaluate(() => ({ ...(globalThis as any).__floeSpareStats }));
    expect((await spares()).taken).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await spares()).made).toBe((await spares()).taken + 1);
    expect(await pane.locator('.xterm').count()).toBe(1);
    const parked = page.locator('.xterm-parking');
    expect(await parked.count()).toBe(1);
    expect(await parked.evaluate((e) => getComputedStyle(e).visibility)).toBe('hidden');
    expect(await parked.evaluate((e) => (e as HTMLElement).inert)).toBe(true);
    expect(await pane.locator('canvas').count()).toBe(0);
    // what xterm drew (the DOM rows) is what its buffer holds on screen, ending with the command's last lines
    const drawnAndBuffer = () =>
      page.evaluate(() => {
        const term = [...((globalThis as any).__floeTerminals as Map<string, any>).values()].at(-1);
        const b = term.buffer.active;
        const screen: string[] = [];
        for (let y = 0; y < term.rows; y++) screen.push(b.getLine(b.viewportY + y)?.translateToString(true) ?? '');
        const rows = [...document.querySelectorAll('.xterm-host .xterm-rows > div')].map((d) =>
          (d.textContent ?? '').replace(/\u00a0/g, ' ').trimEnd(),
        );
        return { screen, rows };
      });
    await expect.poll(async () => (await drawnAndBuffer()).screen.map((l) => l.trim())).toContain('burst-end');
    await expect
      .poll(async () => {
        const { screen, rows } = await drawnAndBuffer();
        return rows.length > 0 && JSON.stringify(rows) === JSON.stringify(screen.map((l) => l.trimEnd()));
      })
      .toBe(true);
    const { rows } = await drawnAndBuffer();
    const at = rows.indexOf('burst-end');
    expect(rows.slice(at - 3, at + 1)).toEqual(['19998', '19999', '20000', 'burst-end']);
    await shot(page, 'ui-10-dock-burst-dom');
  });

  it('a scrolling pane does not redraw its rows for a selection it does not have; a selection still shows and clears', async () => {
    const { page } = env;
    const pane = page.locator('.xterm-host');
    expect(await pane.getAttribute('data-selection-guard')).toBe('true');
    // count what reaches the DOM renderer while the pane scrolls by 200 lines, a few frames apart
    const counts = await page.evaluate(async () => {
      const term = [...((globalThis as any).__floeTerminals as Map<string, any>).values()].at(-1);
      const renderer = term._core._renderService._renderer.value;
      const n = { selection: 0, rows: 0 };
      const sel = renderer.handleSelectionChanged;
      const rows = renderer.renderRows;
      renderer.handleSelectionChanged = function (...a: unknown[]) {
        n.selection++;
        return sel.apply(this, a);
      };
      renderer.renderRows = function (...a: unknown[]) {
        n.rows++;
        return rows.apply(this, a);
      };
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      for (let i = 0; i < 10; i++) {
        await new Promise<void>((r) => term.write('scrolled\r\n'.repeat(20), r));
        await frame();
        await frame();
      }
      const scrolling = { ...n };
      term.select(0, term.buffer.active.viewportY, 8);
      await frame();
      await frame();
      const shown = document.querySelectorAll('.xterm-host .xterm-selection div').length;
      term.clearSelection();
      await frame();
      await frame();
      const cleared = document.querySelectorAll('.xterm-host .xterm-selection div').length;
      return { scrolling, after: { ...n }, shown, cleared };
    });
    // the rows were drawn as they scrolled, but never for a selection (xterm asks after every scroll)
    expect(counts.scrolling.rows).toBeGreaterThan(0);
    expect(counts.scrolling.selection).toBe(0);
    // a real selection is drawn, and removed again
    expect(counts.after.selection).toBe(2);
    expect(counts.shown).toBeGreaterThan(0);
    expect(counts.cleared).toBe(0);
  });
});
