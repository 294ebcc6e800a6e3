// Unit test of the route restore after a reload (renderer/src/app/route.ts startRouting): the address is restored
// once the project and session have loaded, unless the person went to another screen meanwhile.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const g = globalThis as unknown as { location?: unknown; history?: unknown };

async function setUp() {
  vi.resetModules();
  const loc = { hash: '#/chat/p1/s1', pathname: '/', search: '' };
  g.location = loc;
  g.history = { replaceState: (_s: unknown, _t: string, url: string) => (loc.hash = url.slice(url.indexOf('#'))) };
  const { startRouting } = await import('../../../renderer/src/app/route.js');
  const { useNav } = await import('../../../renderer/src/app/nav.js');
  const { useProjects } = await import('../../../renderer/src/features/projects/store.js');
  const { useChat } = await import('../../../renderer/src/features/chat/store.js');
  let release!: () => void;
  const loaded = new Promise<void>((r) => (release = r));
  useProjects.setState({
    open: (async (id: string) => {
      await loaded;
      useProjects.setState({ currentId: id });
      return { id };
    }) as never,
  });
  useChat.setState({ loadSessions: (async () => undefined) as never, openSession: (async () => undefined) as never });
  return { startRouting, useNav, release, loc };
}

describe('route restore after a reload', () => {
  beforeEach(() => {
    delete g.location;
    delete g.history;
  });
  afterEach(() => {
    delete g.location;
    delete g.history;
  });

  it('reopens the screen of the address once the project has loaded', async () => {
    const { startRouting, useNav, release } = await setUp();
    const done = startRouting();
    release();
    await done;
    expect(useNav.getState().screen).toBe('chat');
  });

  it('keeps the screen the person went to while the project was loading', async () => {
    const { startRouting, useNav, release } = await setUp();
    const done = startRouting();
    useNav.getState().go('settings');
    release();
    await done;
    expect(useNav.getState().screen).toBe('settings');
  });

  it('keeps the screen already shown when the person chose it again (Projects on the start screen)', async () => {
    const { startRouting, useNav, release } = await setUp();
    expect(useNav.getState().screen).toBe('projects');
    const done = startRouting();
    useNav.getState().go('projects');
    release();
    await done;
    expect(useNav.getState().screen).toBe('projects');
  });
});
