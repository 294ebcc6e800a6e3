// The second held-out set of the search evaluation ("held-out 2"): written on 2026-12-01 before the second round
// of ranking and abstention changes, and not run until those changes were done, so no change was tuned against it.
// The first held-out set (every 4th query of queries.ts) was looked at after the first round and is tuned on from
// the second round, so it no longer counts as unseen. Same categories and conventions as queries.ts. More than half
// are no-match queries, many sharing words with real tools (a file tool that cannot delete, a Slack server that
// cannot rename channels), so abstention is measured on more than a handful of queries.
import type { LabelledQuery } from './queries.js';

const K = (query: string, ...expect: string[]): LabelledQuery => ({ query, category: 'keyword', expect });
const P = (query: string, ...expect: string[]): LabelledQuery => ({ query, category: 'paraphrase', expect });
const A = (query: string, ...expect: string[]): LabelledQuery => ({ query, category: 'parameter', expect });
const M = (query: string, ...expect: string[]): LabelledQuery => ({ query, category: 'ambiguous', expect });
const N = (query: string): LabelledQuery => ({ query, category: 'nomatch', expect: [] });

export const FRESH_QUERIES: LabelledQuery[] = [
  K('get issue', 'github:get_issue'),
  K('list issues', 'github:list_issues', 'github:search_issues'),
  K('add reaction', 'slack:slack_add_reaction'),
  K('delete relations', 'memory:delete_relations'),
  K('read multiple files', 'filesystem:read_multiple_files'),
  K('create pull request', 'github:create_pull_request'),

  P('which checks passed on this PR', 'github:get_pull_request_status'),
  P('what changed in a PR', 'github:get_pull_request_files'),
  P('answer someone in a chat conversation', 'slack:slack_reply_to_thread'),
  P('show everything you have stored about people and things', 'memory:read_graph'),
  P('make a document smaller', 'everything:gzip-file-as-resource'),
  P('close a ticket', 'github:update_issue'),

  A('excludePatterns', 'filesystem:directory_tree', 'filesystem:search_files'),
  A('state sort direction per_page', 'github:list_issues', 'github:list_pull_requests'),
  A('head and tail line counts', 'filesystem:read_text_file', 'filesystem:read_file'),
  A('organization to fork into', 'github:fork_repository'),
  A('commit_title', 'github:merge_pull_request'),

  M('update a file on github', 'github:create_or_update_file', 'github:push_files'),
  M('get user info', 'slack:slack_get_user_profile', 'slack:slack_get_users', 'github:search_users'),
  M('read several documents', 'filesystem:read_multiple_files', 'filesystem:read_text_file', 'filesystem:read_file'),
  M(
    'remove something from the knowledge graph',
    'memory:delete_entities',
    'memory:delete_relations',
    'memory:delete_observations',
  ),

  N('send an sms to a phone number'),
  N('query a postgres table'),
  N('search the web with google'),
  N('create a calendar event for tomorrow'),
  N('delete a file from disk'),
  N('rename a slack channel'),
  N('archive a slack channel'),
  N('create a gitlab merge request'),
  N('list my google drive files'),
  N('get the current time in tokyo'),
  N('generate an image from a prompt'),
  N('lint javascript code'),
  N('run the unit tests'),
  N('open a website in a headless browser'),
  N('cancel a running github actions workflow'),
  N('add a label to an email'),
  N('book a flight'),
  N('look up a word in the dictionary'),
  N('unzip an archive'),
  N('restart the server process'),
  N('set a reminder in 10 minutes'),
  N('get the exchange rate between usd and eur'),
  N('block a user on slack'),
  N('change file permissions with chmod'),
];
