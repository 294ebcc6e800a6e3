// The result of one benchmark figure: built from the runs measured on each side (median with min–max, ratio,
// verdict) and formatted as a table for the terminal. Pure: no clock, no file system (bench/lib/output.ts writes).
//
// How a benchmark reports (the whole API):
//   1. Measure each side at least MIN_RUNS (5) times, interleaved where the sides share the machine
//      (stats.interleave), one number per run: `baseline.runs`, `subject.runs`.
//   2. makeResult({ name, title, date, machine: machine(), baseline: { label, unit, runs }, subject: {...}, goal,
//      figureRuns?, absolute?, notes? }) → BenchResult.
//      - The figure checked against the goal is, per run, `figureRuns[i]`; by default the per-run ratio
//        subject.runs[i] / baseline.runs[i] (so both sides need the same number of runs). For an absolute goal
//        (e.g. p99 ms < 50) pass `figureRuns: subject.runs`.
//      - The verdict is taken on the MEDIAN figure: PASS, "at the edge" (meets the goal within 10 % of it) or MISS.
//      - Fewer than MIN_RUNS runs on any side throws: a single run is not a figure.
//   3. Return the results from `run()`; bench/one.ts prints formatResult() and writes bench/results/<name>.json.
//   `absolute` holds any other raw numbers (sizes, counts, per-run extras); `notes` say how it was measured.
import {
  goalText,
  meetsGoal,
  MIN_RUNS,
  pairRatios,
  spread,
  verdictOf,
  type Goal,
  type Spread,
  type Verdict,
} from './stats.js';

/** One side of a comparison as measured: one number per run. */
export interface Measured {
  /** what was measured, e.g. `bare node-pty spawn of bash -c 'echo hi'` */
  label: string;
  /** the unit of one run's number, e.g. `ms`, `chars/s`, `tokens`, `ms loop delay p99` */
  unit: string;
  /** one number per run, in the order taken (at least MIN_RUNS) */
  runs: number[];
}

/** A measured side with its median and min–max. */
export type MeasuredSpread = Measured & Spread;

/** The figure checked against the goal: per-run values, their median and min–max. */
export type FigureSpread = Spread & { runs: number[] };

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
  baseline: MeasuredSpread;
  subject: MeasuredSpread;
  /** per-run subject/baseline (NaN fields when the sides have different run counts) */
  ratio: Spread;
  goal: Goal & { text: string };
  /** the number the goal is checked against: median (with min–max) of the per-run figures */
  figure: FigureSpread;
  /** the verdict on figure.median */
  verdict: Verdict;
  /** how many of the runs met the goal on their own */
  runsMeetingGoal: number;
  /** every other raw number behind the figure (sizes, counts, per-run extras) */
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
  /** per-run figure; default: the per-run ratio subject.runs[i] / baseline.runs[i] */
  figureRuns?: number[];
  absolute?: Record<string, number | string | boolean>;
  notes?: string[];
}

function checkRuns(bench: string, side: string, runs: readonly number[]): void {
  if (runs.length < MIN_RUNS) {
    throw new RangeError(
      `benchmark ${bench}: ${side} has ${runs.length} run(s); every figure needs at least ${MIN_RUNS} ` +
        `(measure more runs)`,
    );
  }
}

export function makeResult(i: ResultInput): BenchResult {
  checkRuns(i.name, 'the baseline', i.baseline.runs);
  checkRuns(i.name, 'the subject', i.subject.runs);
  const paired = i.subject.runs.length === i.baseline.runs.length;
  const ratios = paired ? pairRatios(i.subject.runs, i.baseline.runs) : [];
  if (!i.figureRuns && !paired) {
    throw new RangeError(
      `benchmark ${i.name}: the default figure is the per-run ratio, which needs as many subject runs ` +
        `(${i.subject.runs.length}) as baseline runs (${i.baseline.runs.length}); pass figureRuns`,
    );
  }
  const figureRuns = [...(i.figureRuns ?? ratios)];
  checkRuns(i.name, 'the figure', figureRuns);
  const figure = { ...spread(figureRuns), runs: figureRuns };
  const goal = { ...i.goal, text: goalText(i.goal) };
  return {
    name: i.name,
    title: i.title,
    date: i.date,
    machine: i.machine,
    baseline: { ...i.baseline, runs: [...i.baseline.runs], ...spread(i.baseline.runs) },
    subject: { ...i.subject, runs: [...i.subject.runs], ...spread(i.subject.runs) },
    ratio: spread(ratios),
    goal,
    figure,
    verdict: verdictOf(figure.median, i.goal),
    runsMeetingGoal: figureRuns.filter((x) => meetsGoal(x, i.goal)).length,
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

/** `median (min–max)`, or the single value when every run gave the same number. */
export function fmtSpread(s: Spread): string {
  if (s.min === s.max && Number.isFinite(s.median)) return fmtNum(s.median);
  return `${fmtNum(s.median)} (${fmtNum(s.min)}–${fmtNum(s.max)})`;
}

function pad(rows: string[][]): string[] {
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  return rows.map((r) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
}

/** The table printed for one result: header, baseline, subject, ratio, figure vs goal, verdict, absolutes. */
export function formatResult(r: BenchResult): string {
  const rows: string[][] = [
    ['', 'what', 'median (min–max)', 'unit'],
    ['baseline', r.baseline.label, fmtSpread(r.baseline), r.baseline.unit],
    ['subject', r.subject.label, fmtSpread(r.subject), r.subject.unit],
    ['ratio', 'subject / baseline, per run', fmtSpread(r.ratio), '×'],
    ['figure', r.goal.figure, fmtSpread(r.figure), `goal ${r.goal.text}`],
    ['verdict', r.verdict, '', `${r.runsMeetingGoal} of ${r.figure.n} runs met the goal`],
  ];
  const abs = Object.entries(r.absolute).map(([k, v]) => `  ${k}: ${typeof v === 'number' ? fmtNum(v) : String(v)}`);
  const notes = r.notes.map((n) => `  note: ${n}`);
  const title = `== ${r.title} (${r.name}) ==`;
  return [title, ...pad(rows), ...(abs.length ? ['absolute:', ...abs] : []), ...notes].join('\n');
}

/** One line per result for the final summary of a run. */
export function formatSummary(results: readonly Pick<BenchResult, 'name' | 'goal' | 'figure' | 'verdict'>[]): string {
  const rows: string[][] = [['benchmark', 'figure', 'median (min–max)', 'runs', 'goal', 'verdict']];
  for (const r of results) {
    rows.push([r.name, r.goal.figure, fmtSpread(r.figure), String(r.figure.n), r.goal.text, r.verdict]);
  }
  return pad(rows).join('\n');
}
