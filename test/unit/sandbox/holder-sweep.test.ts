// Which network holders the sweep may end: the mark in a holder's environment is read back exactly, and a host
// counts as gone only when it is in this PID namespace and its pid is free, a zombie, or a later process's. Pure.
import { describe, expect, it } from 'vitest';
import { hostGone, markedHost } from '../../../main/environment/sandbox/holder-sweep.js';
import type { ProcStat } from '../../../main/os/procs.js';

const NS = 'pid:[4026531836]';

describe('markedHost', () => {
  it('reads the host from the mark among other variables', () => {
    const env = ['PATH=/usr/bin', `FLOE_NET_HOLDER=${NS}:1234:56789`, 'HOME=/h'].join('\0') + '\0';
    expect(markedHost(env)).toEqual({ ns: NS, pid: 1234, start: '56789' });
  });

  it('finds nothing without a well-formed mark', () => {
    expect(markedHost('PATH=/usr/bin\0HOME=/h\0')).toBeUndefined();
    expect(markedHost(`FLOE_NET_HOLDER=${NS}:12x:5\0`)).toBeUndefined();
    expect(markedHost('FLOE_NET_HOLDER=\0')).toBeUndefined();
    expect(markedHost(`XFLOE_NET_HOLDER=${NS}:1:2\0`)).toBeUndefined();
  });
});

describe('hostGone', () => {
  const host = { ns: NS, pid: 1234, start: '56789' };
  const stat = (s: Partial<ProcStat> | undefined) => (): ProcStat | undefined =>
    s && { state: 'S', ppid: 1, pgrp: 1234, start: '56789', comm: 'node', cpuTicks: 0, ...s };

  it('a running host with the same start time is not gone', () => {
    expect(hostGone(host, NS, stat({}))).toBe(false);
  });

  it('a free pid, a zombie, or a reused pid is gone', () => {
    expect(hostGone(host, NS, stat(undefined))).toBe(true);
    expect(hostGone(host, NS, stat({ state: 'Z' }))).toBe(true);
    expect(hostGone(host, NS, stat({ start: '99999' }))).toBe(true);
  });

  it('a host in another PID namespace, or an unknown own namespace, is never judged', () => {
    expect(hostGone(host, 'pid:[4026532000]', stat(undefined))).toBe(false);
    expect(hostGone(host, '', stat(undefined))).toBe(false);
  });
});
