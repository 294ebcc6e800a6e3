// The two sets `npm run eval:search` scores. TUNING: the first tuning set (queries-tuning.ts) and the first
// held-out set (queries-held-out.ts), which was run and published in the previous round and so is no longer held
// out. HELD-OUT: the second held-out set (queries-held-out-2.ts), written before this round's ranker changes and
// run once when tuning is over. Data only.
import { HELD_OUT_QUERIES } from './queries-held-out.js';
import { HELD_OUT_2_QUERIES } from './queries-held-out-2.js';
import { TUNING_QUERIES } from './queries-tuning.js';
import type { LabelledQuery } from './labels.js';

export const TUNING_SET: readonly LabelledQuery[] = [...TUNING_QUERIES, ...HELD_OUT_QUERIES];
export const HELD_OUT_SET: readonly LabelledQuery[] = HELD_OUT_2_QUERIES;
