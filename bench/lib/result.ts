// The result of one benchmark figure: building it from measured numbers (ratio, verdict) and formatting it as a
// table for the terminal. Pure: no clock, no file system (bench/lib/output.ts writes results to disk).
import { goalText, ratio as ratioOf, verdictOf, type Goal, type Verdict } from './stats.js';

export interface Measured {
  /** what was measured, e.g. `bare node-pty spawn of bash -lc true` */
  label: string;
  /** the headline number of this side */
  value: number;
  /** its unit, e.g. `ms (median)`, `chars/s`, `tokens` */
  unit: string;
}

export interface Machine {
  cpus: number;
  cpuModel: string;
  node: string;
  platform: string;
  totalMemMB: number;
}

export interface BenchResult {
  /** file name under bench/results/ (without .json) */
  name: string;
  title: string;
  /** ISO time of the run */
  date: string;
  machine: Machine;
  baseline: Measured;
  subject: Measured;
  /** subject.value / baseline.value */
  ratio: number;
  goal: Goal & { text: string };
  /** the number the goal is checked against (the ratio, or an absolute figure such as p99 ms) */
  figure: number;
  verdict: Verdict;
  /** every raw number behind the figure (samples summarised, sizes, counts) */
  absolute: Record<string, number | string | boolean>;
  /** how it was measured, caveats (e.g. which page was driven) */
  notes: string[];
}

export interface ResultInput {
  name: string;
  title: string;
  date: string;
  machine: Machine;
  baseline: Measured;
  subject: Measured;
  goal: Goal;
  /** default: the ratio subject/baseline */
  figure?: number;
  absolute?: Record<string, number | string | boolean>;
  notes?: string[];
}

export function makeResult(i: ResultInput): BenchResult {
  const r = ratioOf(i.subject.value, i.baseline.value);
  const figure = i.figure ?? r;
  return {
    name: i.name,
    title: i.title,
    date: i.date,
    machine: i.machine,
    baseline: i.baseline,
    subject: i.subject,
    ratio: r,
    goal: { ...i.goal, text: goalText(i.goal) },
    figure,
    verdict: verdictOf(figure, i.goal),
    absolute: i.absolute ?? {},
    notes: i.notes ?? [],
  };
}

/** A number for humans: integers with thousands separators, others with up to 3 significant decimals. */
export function fmtNum(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const abs = Math.abs(x);
  if (abs >= 1000) return Math.round(x).toLocaleString('en-US');
  if (Number.isInteger(x)) return String(x);
  if (abs >= 100) return x.toFixed(1);
  if (abs >= 1) return x.toFixed(2);
  return x.toPrecision(3);
}

function pad(rows: string[][]): string[] {
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd());
}

/** The table printed for one result: header, baseline, subject, ratio, figure vs goal, verdict, absolutes. */
export function formatResult(r: BenchResult): string {
  const rows: string[][] = [
    ['', 'what', 'value', 'unit'],
    ['baseline', r.baseline.label, fmtNum(r.baseline.value), r.baseline.unit],
    ['subject', r.subject.label, fmtNum(r.subject.value), r.subject.unit],
    ['ratio', 'subject / baseline', fmtNum(r.ratio), '×'],
    ['figure', r.goal.figure, fmtNum(r.figure), `goal ${r.goal.text}`],
    ['verdict', r.verdict, '', ''],
  ];
  const abs = Object.entries(r.absolute).map(([k, v]) => `  ${k}: ${typeof v === 'number' ? fmtNum(v) : String(v)}`);
  const notes = r.notes.map((n) => `  note: ${n}`);
  const title = `== ${r.title} (${r.name}) ==`;
  return [title, ...pad(rows), ...(abs.length ? ['absolute:', ...abs] : []), ...notes].join('\n');
}

/** One line per result for the final summary of a run. */
export function formatSummary(results: readonly Pick<BenchResult, 'name' | 'goal' | 'figure' | 'verdict'>[]): string {
  const rows: string[][] = [['benchmark', 'figure', 'value', 'goal', 'verdict']];
  for (const r of results) rows.push([r.name, r.goal.figure, fmtNum(r.figure), r.goal.text, r.verdict]);
  return pad(rows).join('\n');
}
