// Context meter and cost for `floe traces list/show` (issue 10): a session's usage read from its trace parts, and the
// prices of its model from config.yaml (`input_per_mtok`, `output_per_mtok`, `cached_input_per_mtok`). Without
// prices only tokens are shown; a config.yaml that does not load means no prices, never a failed listing.
import type { OmniMessage, TokenCounts } from '../../shared/omni/types.js';
import { costOf, formatCost, formatMeter, summarizeUsage, type Prices, type UsageSummary } from '../../shared/usage.js';
import { loadConfig } from '../config/load.js';
import type { FloeConfig } from '../config/schema.js';
import { findTraceFiles, readTrace } from '../trace/index.js';

export function sessionUsage(home: string, sessionId: string, agent?: string): UsageSummary {
  const messages: OmniMessage[] = [];
  for (const f of findTraceFiles(home, sessionId, agent)) messages.push(...(readTrace(f).messages as OmniMessage[]));
  return summarizeUsage(messages);
}

/** Prices of `provider/id` from a loaded config.yaml (undefined when the model or its prices are not there). */
export function pricesFor(config: FloeConfig | undefined, modelRef: string): Prices | undefined {
  const slash = modelRef.indexOf('/');
  const provider = config?.providers.find((p) => p.name === modelRef.slice(0, slash));
  const m = provider?.models.find((x) => x.id === modelRef.slice(slash + 1));
  if (!m) return undefined;
  const p: Prices = {
    input_per_mtok: m.input_per_mtok,
    output_per_mtok: m.output_per_mtok,
    cached_input_per_mtok: m.cached_input_per_mtok,
  };
  return costOf({ cache_read: 0, cache_write: 0, output: 0, total: 0 }, p) === undefined ? undefined : p;
}

export function tryLoadConfig(home: string): FloeConfig | undefined {
  try {
    return loadConfig(home);
  } catch {
    return undefined;
  }
}

/** `context 1 234 / 4 000 (31 %) · cost 0.012` (cost only with prices). */
export function usageLine(u: UsageSummary, prices: Prices | undefined): string {
  const cost = u.session ? costOf(u.session, prices) : undefined;
  return `context ${formatMeter(u.context, u.window)}${cost !== undefined ? ` · cost ${formatCost(cost)}` : ''}`;
}

/** One request's line in `traces show`: its tokens, and its cost with prices. */
export function requestLine(t: TokenCounts, prices: Prices | undefined): string {
  const input = Math.max(0, t.total - t.output);
  const cost = costOf(t, prices);
  return `tokens in ${input}${t.cache_read ? ` (cached ${t.cache_read})` : ''} out ${t.output}${cost !== undefined ? ` · cost ${formatCost(cost)}` : ''}`;
}
