// The host lock under real concurrency: 6 processes try to take it at the same instant, 20 times over, on a fresh
// home and on a home whose lock was left by a dead process (the take-over path). Exactly one wins every time.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../../..');
const CONTENDERS = 6;
const TRIALS = 20;

interface Contender {
  proc: ChildProcess;
  next(): Promise<string>;
}

function contender(): Contender {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(REPO, 'test/fixtures/lock-contender.ts')], {
    cwd: REPO,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const waiters: ((l: string) => void)[] = [];
  readline.createInterface({ input: proc.stdout! }).on('line', (l) => {
    const w = waiters.shift();
    if (w) w(l);
    else lines.push(l);
  });
  return { proc, next: () => (lines.length ? Promise.resolve(lines.shift()!) : new Promise((r) => waiters.push(r))) };
}

const deadPid = (): number =>
  Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString());

describe('host lock race (real processes)', () => {
  let cs: Contender[] = [];
  beforeAll(async () => {
    cs = Array.from({ length: CONTENDERS }, contender);
    expect(await Promise.all(cs.map((c) => c.next()))).toEqual(Array(CONTENDERS).fill('ready'));
  }, 60_000);
  afterAll(() => {
    for (const c of cs) c.proc.kill();
  });

  async function trial(home: string): Promise<string[]> {
    const at = Date.now() + 150;
    for (const c of cs) c.proc.stdin!.write(`go ${home} ${at}\n`);
    const answers = await Promise.all(cs.map((c) => c.next()));
    for (const c of cs) c.proc.stdin!.write('release\n');
    await Promise.all(cs.map((c) => c.next()));
    return answers;
  }

  for (const start of ['a fresh home', 'a lock left by a dead process', 'a dead JSON owner'] as const) {
    it(`${TRIALS} trials of ${CONTENDERS} simultaneous starts on ${start}: exactly one winner each time`, async () => {
      const winners: number[] = [];
      for (let t = 0; t < TRIALS; t++) {
        const home = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-lockrace-'));
        if (start === 'a lock left by a dead process')
          fs.writeFileSync(path.join(home, 'host.lock'), String(deadPid()));
        if (start === 'a dead JSON owner') {
          fs.writeFileSync(
            path.join(home, 'host.lock'),
            JSON.stringify({ pid: deadPid(), kind: 'floe web', nonce: 'x' }),
          );
        }
        const answers = await trial(home);
        winners.push(answers.filter((a) => a === 'won').length);
        for (const a of answers.filter((x) => x !== 'won'))
          expect(a).toMatch(/^lost Another Floe host \(pid \d+, contender\) is using/);
        fs.rmSync(home, { recursive: true, force: true });
      }
      expect(winners).toEqual(Array(TRIALS).fill(1));
    }, 120_000);
  }
});
