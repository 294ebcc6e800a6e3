// The CLI's first run: when config.yaml has no provider and no --model was given, discover the providers the
// environment offers (main/llm/discover.ts), add them to config.yaml with `api_key_env` (keys stay in the
// environment) and say in one line which default was chosen; providers whose models could not be listed are named
// with the reason. Does nothing when a provider is configured or nothing is found (the usual "no model chosen"
// message follows). Later runs: reportDrift names each provider whose base URL or key variable in the environment
// no longer matches config.yaml (main/llm/drift.ts). Messages go to stderr so `--json` output stays clean.
import { adoptProviders, configPath, loadConfig } from '../config/index.js';
import { detectProviders, type DetectedProvider } from '../llm/discover.js';
import { driftLines } from '../llm/drift.js';

const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;

/** The one line naming what was added and the default chosen (pure). */
function firstRunLine(home: string, added: DetectedProvider[], defaultModel: string | null): string {
  const what = added.map(
    (p) => `"${p.name}" (found ${p.source}; ${plural(p.models.length, 'model')} from its models endpoint)`,
  );
  return (
    `floe: no provider was configured; added ${what.join(', ')} to ${configPath(home)}` +
    ' — keys stay in the environment. ' +
    `Default model: ${defaultModel ?? 'none'} (change it there or pass --model).`
  );
}

export async function firstRun(
  home: string,
  o: { env?: NodeJS.ProcessEnv; err?: (s: string) => void } = {},
): Promise<void> {
  const err = o.err ?? ((s: string) => process.stderr.write(s));
  try {
    if (loadConfig(home).providers.length) return;
  } catch {
    return; // a broken config.yaml is reported by whoever loads it next, with file and line
  }
  const found = await detectProviders(o.env ?? process.env);
  for (const f of found.filter((d) => d.error)) {
    err(`floe: found ${f.source}, but could not list its models (${f.error}); provider "${f.name}" not added.\n`);
  }
  const usable = found.filter((d) => d.models.length);
  if (!usable.length) return;
  const r = adoptProviders(home, usable);
  err(
    `${firstRunLine(
      home,
      usable.filter((p) => r.added.includes(p.name)),
      r.defaultModel,
    )}\n`,
  );
}

/** One line per provider whose environment variables differ from config.yaml (nothing for a broken file). */
export function reportDrift(home: string, o: { env?: NodeJS.ProcessEnv; err?: (s: string) => void } = {}): void {
  const err = o.err ?? ((s: string) => process.stderr.write(s));
  let providers;
  try {
    providers = loadConfig(home).providers;
  } catch {
    return; // a broken config.yaml is reported by whoever loads it next, with file and line
  }
  for (const line of driftLines(providers, o.env ?? process.env, configPath(home))) err(`${line}\n`);
}
