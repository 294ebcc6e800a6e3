// The egress gate and the proxy's parsing (issue 19): a request names its host and its command's tag; the tag's
// asker decides once per host (concurrent requests share the answer); no asker = refused; refusals are violations
// of their tag, taken once; the proxy variables carry the tag as the proxy URL's user name.
import { describe, expect, it } from 'vitest';
import { EgressGate } from '../../../main/environment/sandbox/egress.js';
import { parseAuthority, tagOf } from '../../../main/environment/sandbox/proxy.js';

describe('proxy parsing', () => {
  it('reads CONNECT targets and refuses what is not host:port', () => {
    expect(parseAuthority('Registry.npmjs.org:443')).toEqual({ host: 'registry.npmjs.org', port: 443 });
    expect(parseAuthority('[::1]:8080')).toEqual({ host: '::1', port: 8080 });
    for (const bad of ['example.com', 'example.com:0', 'example.com:70000', 'a:b:1', ':443', 'http://x:1'])
      expect(parseAuthority(bad), bad).toBeUndefined();
  });

  it('reads the tag from Proxy-Authorization Basic', () => {
    const basic = (s: string) => `Basic ${Buffer.from(s).toString('base64')}`;
    expect(tagOf(basic('call_1:floe'))).toBe('call_1');
    expect(tagOf(basic('call%2F2:floe'))).toBe('call/2');
    expect(tagOf(undefined)).toBeUndefined();
    expect(tagOf('Bearer abc')).toBeUndefined();
    expect(tagOf(basic(':floe'))).toBeUndefined();
  });
});

describe('the egress gate', () => {
  it('asks the tag’s asker once per host, shares the answer, and refuses without an asker', async () => {
    const g = new EgressGate();
    const asked: string[] = [];
    let release!: (v: boolean) => void;
    const detach = g.attach('t1', (host) => {
      asked.push(host);
      return new Promise((r) => (release = r));
    });
    const a = g.decide({ host: 'x.example', port: 443, tag: 't1' });
    const b = g.decide({ host: 'x.example', port: 443, tag: 't1' });
    release(true);
    expect(await a).toEqual({ allow: true });
    expect(await b).toEqual({ allow: true });
    expect(asked).toEqual(['x.example']);
    expect(await g.decide({ host: 'x.example', port: 443, tag: 'other' })).toMatchObject({ allow: false });
    expect(await g.decide({ host: 'x.example', port: 443 })).toMatchObject({ allow: false });
    detach();
    // detached: its answers are forgotten, a new request is refused
    expect(await g.decide({ host: 'x.example', port: 443, tag: 't1' })).toMatchObject({ allow: false });
    expect(g.takeViolations('t1').map((v) => v.host)).toEqual(['x.example']);
    expect(g.takeViolations('t1')).toEqual([]);
    expect(g.takeViolations('other').map((v) => [v.host, v.tag])).toEqual([['x.example', 'other']]);
  });

  it('a refusing or throwing asker refuses, once per host, naming it', async () => {
    const g = new EgressGate();
    g.attach('t', (host) => (host === 'boom.example' ? Promise.reject(new Error('x')) : Promise.resolve(false)));
    expect(await g.decide({ host: 'no.example', port: 80, tag: 't' })).toEqual({
      allow: false,
      reason: 'no.example is not allowed for commands (refused)',
    });
    await g.decide({ host: 'no.example', port: 80, tag: 't' });
    expect(await g.decide({ host: 'boom.example', port: 80, tag: 't' })).toMatchObject({ allow: false });
    expect(g.takeViolations('t').map((v) => v.host)).toEqual(['no.example', 'boom.example']);
  });

  it('the proxy variables name the tag and leave loopback direct; none before the proxy runs', () => {
    const g = new EgressGate();
    expect(g.env('c/1')).toEqual({});
    g.port = 4321;
    const env = g.env('c/1');
    expect(env.HTTPS_PROXY).toBe('http://c%2F1:floe@127.0.0.1:4321');
    expect(env.http_proxy).toBe(env.HTTPS_PROXY);
    expect(env.ALL_PROXY).toBe(env.HTTPS_PROXY);
    expect(env.NO_PROXY).toBe('localhost,127.0.0.1,::1');
  });

  it('refusals of commands whose call returned go to the next call, once', async () => {
    const g = new EgressGate();
    const detach = g.attach('bg', () => Promise.resolve(false));
    g.attach('live', () => Promise.resolve(false));
    await g.decide({ host: 'a.example', port: 443, tag: 'live' });
    g.callEnded('bg');
    await g.decide({ host: 'b.example', port: 443, tag: 'bg' });
    expect(g.takeEnded().map((v) => [v.tag, v.host])).toEqual([['bg', 'b.example']]);
    expect(g.takeEnded()).toEqual([]);
    detach();
    await g.decide({ host: 'c.example', port: 443, tag: 'bg' });
    expect(g.takeEnded().map((v) => v.host)).toEqual(['c.example']);
    // the live call's refusal stays its own
    expect(g.takeViolations('live').map((v) => v.host)).toEqual(['a.example']);
  });
});
