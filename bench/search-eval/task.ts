// The scripted task of the deferred-task benchmark: "read the release notes, file a GitHub issue from them, announce
// it on Slack" — three MCP tools of three servers — with the catalogue the MCP server serves, the canned results of
// the three tools, and the queries a model would search them with. Pure data and ordering.
import type { JsonSchema } from '../../main/environment/types.js';
import { loadFixture, PADDING_PATH, type ToolFixture } from './fixture.js';

/** the fixture tools the task needs, in the order it needs them, with the search query and call arguments */
export const TASK_STEPS = [
  { tool: 'mcp__filesystem__read_text_file', query: 'read text file', args: { path: 'RELEASE_NOTES.md' } },
  {
    tool: 'mcp__github__create_issue',
    query: 'create github issue',
    args: { owner: 'acme', repo: 'floe-demo', title: 'Release 2.4.0 checklist', body: 'Tag 2.4.0, publish, announce.' },
  },
  {
    tool: 'mcp__slack__slack_post_message',
    query: 'post slack message',
    args: { channel_id: 'C024BE91L', text: 'Release 2.4.0: see acme/floe-demo#42' },
  },
] as const;

export interface CatalogueTool {
  /** the name the MCP server lists: `<server>_<tool>` (server copies numbered: github2_create_issue) */
  mcpName: string;
  /** the server part of mcpName (gitea, filesystem2, github) */
  server: string;
  /** the fixture name (mcp__<server>__<tool>) of the real tool this one is or copies */
  origin: string;
  description: string;
  parameters: JsonSchema;
}

const mcpNameOf = (t: ToolFixture, server: string): string => `${server}_${t.name.slice(`mcp__${t.server}__`.length)}`;

/**
 * Beyond the 147 real tools, copy k of a product's server becomes a server of a similar real product (the k-th
 * name here), its product word replaced in tool names, descriptions and parameters: GitHub's tools again as a
 * Gitea server, Slack's as a Mattermost server. A registry of 1 000 tools holds many products with tools shaped
 * alike, not the same GitHub server seven times. Servers without a product word (filesystem, memory, …) are
 * numbered copies (filesystem2: a second instance on another folder).
 */
const PRODUCTS: Record<string, { word: RegExp; names: string[] }> = {
  github: { word: /github/gi, names: ['Gitea', 'Bitbucket', 'Forgejo', 'Codeberg', 'Sourcehut', 'Gogs'] },
  gitlab: { word: /gitlab/gi, names: ['OneDev', 'Pagure', 'Launchpad', 'RhodeCode', 'Phabricator', 'Kallithea'] },
  slack: { word: /slack/gi, names: ['Mattermost', 'Discord', 'Teams', 'RocketChat', 'Zulip', 'Matrix'] },
  notion: { word: /notion/gi, names: ['Confluence', 'Coda', 'Outline', 'Anytype', 'Craft', 'Slite'] },
  playwright: { word: /playwright/gi, names: ['Selenium', 'WebdriverIO', 'Cypress', 'Browserless', 'Steel', 'Rod'] },
  puppeteer: {
    word: /puppeteer/gi,
    names: ['Browserbase', 'Lightpanda', 'Chromedp', 'Splash', 'Hyperbrowser', 'Zyte'],
  },
  maps: { word: /google/gi, names: ['Mapbox', 'Here', 'TomTom', 'ArcGIS', 'Bing', 'OpenStreetMap'] },
  brave: { word: /brave/gi, names: ['Kagi', 'Tavily', 'Exa', 'Serper', 'SearXNG', 'Mojeek'] },
  postgres: { word: /postgres(ql)?/gi, names: ['MySQL', 'MariaDB', 'SQLite', 'DuckDB', 'CockroachDB', 'MSSQL'] },
  everart: { word: /everart/gi, names: ['Midjourney', 'Stability', 'Ideogram', 'Leonardo', 'Recraft', 'Flux'] },
};

/** `text` with the product word replaced by another product's name (lower case where the word was). */
function swapProduct(text: string, word: RegExp, name: string): string {
  return text.replace(word, (m) => (m[0] === m[0]!.toLowerCase() ? name.toLowerCase() : name));
}

/** Copy `copy` (≥ 1) of a real tool: another product's server, or a numbered instance of the same server. */
function copyOf(t: ToolFixture, copy: number): CatalogueTool {
  const product = PRODUCTS[t.server]?.names[copy - 1];
  if (!product) {
    const server = `${t.server}${copy + 1}`;
    const { description, parameters } = t;
    return { mcpName: mcpNameOf(t, server), server, origin: t.name, description, parameters };
  }
  const { word } = PRODUCTS[t.server]!;
  const server = product.toLowerCase();
  const tool = t.name.slice(`mcp__${t.server}__`.length).replace(new RegExp(t.server, 'gi'), server);
  return {
    mcpName: `${server}_${swapProduct(tool, word, server)}`,
    server,
    origin: t.name,
    description: swapProduct(t.description, word, product),
    parameters: JSON.parse(swapProduct(JSON.stringify(t.parameters), word, product)) as JsonSchema,
  };
}

/**
 * `n` tools as a person's registry would hold them: whole servers. The task's three tools first, then the rest of
 * the task's servers (filesystem, GitHub, Slack), the evaluation's other servers, then the padding servers
 * (padding-tools.json: GitLab, Notion, Playwright, …): 147 distinct real tools. Beyond those come copies of whole
 * servers as servers of similar products (PRODUCTS), which is what 1 000 tools are made of here.
 */
export function taskCatalogue(
  n: number,
  fixture: readonly ToolFixture[] = loadFixture().tools,
  padding: readonly ToolFixture[] = loadFixture(PADDING_PATH).tools,
): CatalogueTool[] {
  const needed = TASK_STEPS.map((s) => fixture.find((t) => t.name === s.tool)!);
  const real = [...fixture, ...padding];
  const first = [...new Set(needed.map((t) => t.server))];
  const servers = [...first, ...new Set(real.map((t) => t.server).filter((s) => !first.includes(s)))];
  const order = servers.flatMap((s) => real.filter((t) => t.server === s));
  const realTool = (t: ToolFixture): CatalogueTool => ({
    mcpName: mcpNameOf(t, t.server),
    server: t.server,
    origin: t.name,
    description: t.description,
    parameters: t.parameters,
  });
  const out: CatalogueTool[] = needed.map(realTool);
  for (let i = 0; out.length < n; i++) {
    const copy = Math.floor(i / order.length);
    const t = order[i % order.length]!;
    if (copy === 0 && needed.includes(t)) continue; // already listed
    out.push(copy === 0 ? realTool(t) : copyOf(t, copy));
  }
  return out;
}

/** canned results of the three tools, by MCP name (sized like the real servers' answers) */
export const TASK_RESULTS: Record<string, string> = {
  filesystem_read_text_file: [
    '# Release 2.4.0',
    '',
    '- Deferred MCP tools are found by BM25 search with synonyms; unrelated queries get no result.',
    '- The desktop app remembers the terminal dock position.',
    '- Fixed: output tails of fast commands were sometimes lost under load.',
    '',
    'Checklist: tag 2.4.0, publish the packages, announce in #releases.',
  ].join('\n'),
  github_create_issue: JSON.stringify({
    url: 'https://api.github.com/repos/acme/floe-demo/issues/42',
    html_url: 'https://github.com/acme/floe-demo/issues/42',
    id: 2456789012,
    number: 42,
    title: 'Release 2.4.0 checklist',
    user: { login: 'floe-bot', id: 9876543, type: 'Bot' },
    labels: [],
    state: 'open',
    locked: false,
    assignees: [],
    comments: 0,
    created_at: '2026-12-01T12:00:00Z',
    updated_at: '2026-12-01T12:00:00Z',
    author_association: 'NONE',
    body: 'Tag 2.4.0, publish, announce.',
  }),
  slack_slack_post_message: JSON.stringify({
    ok: true,
    channel: 'C024BE91L',
    ts: '1764590400.000100',
    message: {
      type: 'message',
      text: 'Release 2.4.0: see acme/floe-demo#42',
      user: 'U012AB3CD',
      ts: '1764590400.000100',
    },
  }),
};
