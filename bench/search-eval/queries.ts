// The labelled queries of the search evaluation (`npm run eval:search`), written the way a model phrases a
// search_extra_tools query, before the ranker was tuned. Tool references are `<server>:<tool>` over the fixture
// mcp-tools.json. Categories:
//   keyword     uses the words of the tool's name
//   paraphrase  shares no word with the tool's name (server name included)
//   parameter   names one of the tool's arguments
//   ambiguous   two or more tools fit; any of them counts
//   nomatch     no tool fits: the right answer is no result
// Each query with more than one expected tool accepts any of them. Every 4th query of each category (index 3, 7,
// 11, …) is held-out set 1: the first round of tuning did not look at it; the second round did (a second, unseen
// set is queries-fresh.ts).

export type Category = 'keyword' | 'paraphrase' | 'parameter' | 'ambiguous' | 'nomatch';

export const CATEGORIES: Category[] = ['keyword', 'paraphrase', 'parameter', 'ambiguous', 'nomatch'];

export interface LabelledQuery {
  query: string;
  category: Category;
  /** `<server>:<tool>`; empty for nomatch */
  expect: string[];
}

const K = (query: string, ...expect: string[]): LabelledQuery => ({ query, category: 'keyword', expect });
const P = (query: string, ...expect: string[]): LabelledQuery => ({ query, category: 'paraphrase', expect });
const A = (query: string, ...expect: string[]): LabelledQuery => ({ query, category: 'parameter', expect });
const M = (query: string, ...expect: string[]): LabelledQuery => ({ query, category: 'ambiguous', expect });
const N = (query: string): LabelledQuery => ({ query, category: 'nomatch', expect: [] });

export const QUERIES: LabelledQuery[] = [
  K('read file', 'filesystem:read_text_file', 'filesystem:read_file'),
  K('write file', 'filesystem:write_file'),
  K('list directory', 'filesystem:list_directory', 'filesystem:list_directory_with_sizes'),
  K('search files', 'filesystem:search_files'),
  K('move file', 'filesystem:move_file'),
  K('directory tree', 'filesystem:directory_tree'),
  K('create github issue', 'github:create_issue'),
  K('list pull requests', 'github:list_pull_requests'),
  K('merge pull request', 'github:merge_pull_request'),
  K('create branch', 'github:create_branch'),
  K('search repositories', 'github:search_repositories'),
  K('list commits', 'github:list_commits'),
  K('create entities knowledge graph', 'memory:create_entities'),
  K('search nodes', 'memory:search_nodes'),
  K('read graph', 'memory:read_graph'),
  K('slack post message', 'slack:slack_post_message'),
  K('list slack channels', 'slack:slack_list_channels'),
  K('echo', 'everything:echo'),
  K('get sum of two numbers', 'everything:get-sum'),
  K('sequential thinking', 'thinking:sequentialthinking'),
  K('edit file', 'filesystem:edit_file'),
  K('get file contents from github', 'github:get_file_contents'),

  P('show the contents of a document on disk', 'filesystem:read_text_file', 'filesystem:read_file'),
  P('save text to disk, overwriting what is there', 'filesystem:write_file'),
  P('make a new folder', 'filesystem:create_directory'),
  P('what is inside this folder', 'filesystem:list_directory', 'filesystem:list_directory_with_sizes'),
  P('rename a document', 'filesystem:move_file'),
  P('when was this document last modified and how big is it', 'filesystem:get_file_info'),
  P('remember a fact about a person', 'memory:add_observations', 'memory:create_entities'),
  P('forget a stored fact', 'memory:delete_observations'),
  P('record that alice works with bob', 'memory:create_relations'),
  P('reason carefully through a multi-stage plan, revising earlier ideas', 'thinking:sequentialthinking'),
  P('open a bug report on the repo', 'github:create_issue'),
  P('leave a note on a ticket', 'github:add_issue_comment'),
  P('combine a PR into main', 'github:merge_pull_request'),
  P("approve someone's code changes", 'github:create_pull_request_review'),
  P("copy someone else's project into my account", 'github:fork_repository'),
  P('find developers by their login', 'github:search_users'),
  P('announce something to the team chat room', 'slack:slack_post_message'),
  P('put a thumbs-up emoji on that chat post', 'slack:slack_add_reaction'),
  P('who are the members of our workspace', 'slack:slack_get_users'),
  P('add two numbers together', 'everything:get-sum'),
  P('compress a document', 'everything:gzip-file-as-resource'),
  P('dump environment variables', 'everything:get-env'),
  P('what was discussed lately in the team room', 'slack:slack_get_channel_history'),

  A('find files matching a glob pattern', 'filesystem:search_files'),
  A('read only the last 20 lines of a file with tail', 'filesystem:read_text_file', 'filesystem:read_file'),
  A('issue_number comment body', 'github:add_issue_comment'),
  A('pull_number merge_method squash', 'github:merge_pull_request'),
  A('reply with thread_ts', 'slack:slack_reply_to_thread'),
  A('channel_id limit recent messages', 'slack:slack_get_channel_history'),
  A('user_id profile', 'slack:slack_get_user_profile'),
  A('remove by entityNames', 'memory:delete_entities'),
  A('listing with sortBy size', 'filesystem:list_directory_with_sizes'),
  A('edits with dryRun to preview a diff', 'filesystem:edit_file'),
  A('source and destination paths', 'filesystem:move_file'),
  A('expected_head_sha', 'github:update_pull_request_branch'),
  A('thoughtNumber totalThoughts', 'thinking:sequentialthinking'),
  A('new branch from_branch', 'github:create_branch'),
  A('commit_id review event APPROVE', 'github:create_pull_request_review'),
  A('duration and steps with progress', 'everything:trigger-long-running-operation'),
  A('owner repo sha history', 'github:list_commits'),
  A('draft head base maintainer_can_modify', 'github:create_pull_request'),
  A('files array and commit message on a branch', 'github:push_files'),
  A('repository with autoInit and private', 'github:create_repository'),
  A('observations contents for an entityName', 'memory:add_observations'),
  A('paths array to read several at once', 'filesystem:read_multiple_files'),

  M(
    'list files in a folder',
    'filesystem:list_directory',
    'filesystem:list_directory_with_sizes',
    'filesystem:directory_tree',
  ),
  M('get contents of a file', 'filesystem:read_text_file', 'filesystem:read_file', 'github:get_file_contents'),
  M('search for issues', 'github:search_issues', 'github:list_issues'),
  M('add a comment', 'github:add_issue_comment', 'github:create_pull_request_review'),
  M('send a message', 'slack:slack_post_message', 'slack:slack_reply_to_thread'),
  M(
    'delete from the knowledge graph',
    'memory:delete_entities',
    'memory:delete_relations',
    'memory:delete_observations',
  ),
  M('create a file', 'filesystem:write_file', 'github:create_or_update_file'),
  M('look at pull request comments and reviews', 'github:get_pull_request_comments', 'github:get_pull_request_reviews'),
  M('find something in memory', 'memory:search_nodes', 'memory:open_nodes', 'memory:read_graph'),
  M('list slack users', 'slack:slack_get_users', 'slack:slack_get_user_profile'),
  M('upload files to github', 'github:push_files', 'github:create_or_update_file'),
  M('get an image', 'everything:get-tiny-image', 'filesystem:read_media_file'),
  M('file size and metadata', 'filesystem:get_file_info', 'filesystem:list_directory_with_sizes'),
  M('show a pull request', 'github:get_pull_request', 'github:get_pull_request_files'),
  M('see messages in a thread', 'slack:slack_get_thread_replies', 'slack:slack_get_channel_history'),
  M('find code or issues on github', 'github:search_code', 'github:search_issues'),
  M('new repo or fork', 'github:create_repository', 'github:fork_repository'),
  M('record new information in memory', 'memory:create_entities', 'memory:add_observations'),
  M('which directories can I access', 'filesystem:list_allowed_directories', 'filesystem:list_directory'),
  M('modify a file', 'filesystem:edit_file', 'filesystem:write_file', 'github:create_or_update_file'),
  M('look at an issue', 'github:get_issue', 'github:list_issues', 'github:search_issues'),

  N('send an email'),
  N('run a sql query against the database'),
  N('take a screenshot of a web page'),
  N('fetch a url and return the html'),
  N('translate text to french'),
  N('weather forecast for a city'),
  N('schedule a calendar meeting'),
  N('deploy to kubernetes'),
  N('list docker containers'),
  N('delete a github repository'),
  N('upload a file to an s3 bucket'),
  N('install an npm package'),
  N('execute python code'),
  N('resize a png image'),
  N('create a jira ticket'),
  N('convert a pdf to text'),
  N('check the stock price'),
  N('play a song on spotify'),
  N('delete a slack message'),
  N('click a button in the browser'),
  N('transcribe an audio recording'),
  N('compute the square root of a number'),
];

/** Every 4th query of its category (0-based index 3, 7, …) is held out from tuning. */
export function isHeldOut(q: LabelledQuery, all: readonly LabelledQuery[] = QUERIES): boolean {
  const sameCategory = all.filter((x) => x.category === q.category);
  return sameCategory.indexOf(q) % 4 === 3;
}
