// The results table of bench/README.md, built from bench/results/*.json: one row per figure with the median and
// min–max of each side, the figure against its goal, the verdict and how many runs met the goal. Pure: results in,
// markdown out (bench/readme.ts reads and writes the files).
import { fmtSpread, type BenchResult } from './result.js';

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** `median (min–max) unit`; results written before medians existed (one value, no runs) show that value. */
function side(s: BenchResult['baseline']): string {
  const legacy = s as unknown as { value?: number };
  if (typeof s.median !== 'number' && typeof legacy.value === 'number') return `${legacy.value} ${s.unit} (one run)`;
  return `${fmtSpread(s)} ${s.unit}`;
}

export function resultsTable(results: readonly BenchResult[]): string {
  const rows = [
    '| benchmark | baseline: median (min–max) | subject: median (min–max) | figure: median (min–max) | goal | verdict | runs meeting the goal |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of results) {
    const fig = typeof r.figure === 'number' ? String(r.figure) : fmtSpread(r.figure);
    const met = typeof r.figure === 'number' ? '—' : `${r.runsMeetingGoal} of ${r.figure.n}`;
    rows.push(
      `| ${cell(r.name)} | ${cell(side(r.baseline))} | ${cell(side(r.subject))} | ${cell(fig)} | ${cell(r.goal.text)} | ` +
        `${r.verdict === 'PASS' ? 'PASS' : `**${r.verdict}**`} | ${met} |`,
    );
  }
  return rows.join('\n');
}

/** Replaces what stands between the two markers (kept) with `body`; throws when a marker is missing. */
export function replaceBetween(doc: string, begin: string, end: string, body: string): string {
  const a = doc.indexOf(begin);
  const b = doc.indexOf(end);
  if (a < 0 || b < a) throw new Error(`bench/README.md must contain ${begin} … ${end} (where the results table goes)`);
  return `${doc.slice(0, a + begin.length)}\n${body}\n${doc.slice(b)}`;
}
