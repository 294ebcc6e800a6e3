// The two sets `npm run eval:search` scores. TUNING: the first tuning set (queries-tuning.ts) and the first to
// tenth held-out sets (queries-held-out.ts, -2.ts … -10.ts), which were each run once and published and so are no
// longer held out. HELD-OUT: the eleventh set (queries-held-out-11.ts), written blind to the ranker and not yet run;
// it is run once, with `npm run eval:search -- --held-out`, when tuning is over (or to measure another model, such as
// a provider's embeddings with `--provider <name>`). Data only.
import { HELD_OUT_QUERIES } from './queries-held-out.js';
import { HELD_OUT_2_QUERIES } from './queries-held-out-2.js';
import { HELD_OUT_3_QUERIES } from './queries-held-out-3.js';
import { HELD_OUT_4_QUERIES } from './queries-held-out-4.js';
import { HELD_OUT_5_QUERIES } from './queries-held-out-5.js';
import { HELD_OUT_6_QUERIES } from './queries-held-out-6.js';
import { HELD_OUT_7_QUERIES } from './queries-held-out-7.js';
import { HELD_OUT_8_QUERIES } from './queries-held-out-8.js';
import { HELD_OUT_9_QUERIES } from './queries-held-out-9.js';
import { HELD_OUT_10_QUERIES } from './queries-held-out-10.js';
import { HELD_OUT_11_QUERIES } from './queries-held-out-11.js';
import { TUNING_QUERIES } from './queries-tuning.js';
import type { LabelledQuery } from './labels.js';

/** The tuning set's source sets, in the order they were written (run.ts reports each one's score). */
export const TUNING_PARTS: readonly { name: string; queries: readonly LabelledQuery[] }[] = [
  { name: 'tuning', queries: TUNING_QUERIES },
  { name: 'held-out 1', queries: HELD_OUT_QUERIES },
  { name: 'held-out 2', queries: HELD_OUT_2_QUERIES },
  { name: 'held-out 3', queries: HELD_OUT_3_QUERIES },
  { name: 'held-out 4', queries: HELD_OUT_4_QUERIES },
  { name: 'held-out 5', queries: HELD_OUT_5_QUERIES },
  { name: 'held-out 6', queries: HELD_OUT_6_QUERIES },
  { name: 'held-out 7', queries: HELD_OUT_7_QUERIES },
  { name: 'held-out 8', queries: HELD_OUT_8_QUERIES },
  { name: 'held-out 9', queries: HELD_OUT_9_QUERIES },
  { name: 'held-out 10', queries: HELD_OUT_10_QUERIES },
];
export const TUNING_SET: readonly LabelledQuery[] = TUNING_PARTS.flatMap((p) => p.queries);
export const HELD_OUT_SET: readonly LabelledQuery[] = HELD_OUT_11_QUERIES;
