// Default files written on first use (SPEC §8): config.yaml (no providers, a commented example) and the default
// agent's system_config.yaml, whose text lives in resources/default-system_config.yaml.
// Text and lookup only: must not decide when files are written (load.ts does).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_CONFIG_YAML = `# Floe configuration: models and credentials. Keep this file private (mode 0600): it may hold API keys.
#
# Add a provider (or use the settings screen), for example a local OpenAI-compatible server:
#
# providers:
#   - name: local                      # letters, digits, _ and -
#     protocol: openai                 # openai (Chat Completions, any compatible endpoint) | anthropic
#     base_url: http://127.0.0.1:11434/v1
#     api_key_env: OPENAI_API_KEY      # or api_key: <the key itself>
#     models:
#       - id: qwen3
#         vision: false                # true if the model accepts images
#         context_window: 32768        # default 128000
# default_model: local/qwen3
# vision_model: local/qwen2.5-vl       # optional: a vision model for describe_image (must be listed above)
# default_approval_mode: always-ask    # allow-all | deny-all | read-only | always-ask | auto

providers: []
`;

const SYSTEM_CONFIG_RESOURCE = 'default-system_config.yaml';

/** Folders that may hold resources/, in the order they are tried (source tree, bundled build, packaged app). */
function resourceDirs(): string[] {
  const here = dirname(fileURLToPath(import.meta.url));
  const dirs = [join(here, '..', '..', 'resources'), join(here, '..', 'resources')];
  const rp = (process as { resourcesPath?: string }).resourcesPath;
  if (rp) dirs.push(join(rp, 'resources'), rp);
  return dirs;
}

/** The default agent's system_config.yaml text. Throws an Error naming the places it looked when missing. */
export function defaultSystemConfigText(): string {
  const tried = resourceDirs().map((d) => join(d, SYSTEM_CONFIG_RESOURCE));
  for (const f of tried) if (existsSync(f)) return readFileSync(f, 'utf8');
  throw new Error(
    `Floe's installation is incomplete: ${SYSTEM_CONFIG_RESOURCE} not found (looked in ${tried.join(', ')}). Reinstall Floe.`,
  );
}
