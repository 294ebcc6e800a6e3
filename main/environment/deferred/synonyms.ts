// The tool-domain synonym table of deferred-tool search: words a model uses for the same operation or object
// (`show` for read, `folder` for directory, `PR` for pull request). A query word is expanded to the other members
// of every group it belongs to, at a lower weight than the word itself; tool fields are indexed as written.
// Groups are general tool vocabulary, not tuned to particular servers. The words of the operation groups are the
// verbs of tool vocabulary: search uses them to tell what a query asks to do from what it asks it of
// (coverage.ts). Pure; stems are computed once at load.
import { analyze, stem } from './analyze.js';

/** Weight of a synonym relative to the word the query used (1). */
export const SYNONYM_WEIGHT = 0.6;

const OPERATION_GROUPS: string[][] = [
  ['read', 'get', 'fetch', 'show', 'view', 'open', 'cat', 'display', 'retrieve', 'load', 'see', 'look', 'inspect'],
  ['write', 'save', 'create', 'put', 'store', 'persist', 'overwrite', 'record'],
  ['create', 'make', 'new', 'add', 'open', 'start', 'init'],
  ['delete', 'remove', 'erase', 'rm', 'drop', 'destroy', 'forget', 'unlink', 'del', 'clear'],
  ['list', 'enumerate', 'ls', 'browse', 'index'],
  ['search', 'find', 'grep', 'lookup', 'query', 'locate', 'seek', 'filter', 'match'],
  ['edit', 'modify', 'change', 'update', 'patch', 'alter', 'replace', 'amend'],
  ['move', 'rename', 'mv', 'relocate'],
  ['copy', 'fork', 'clone', 'duplicate', 'cp'],
  ['merge', 'combine', 'integrate', 'squash'],
  ['send', 'post', 'announce', 'publish', 'notify', 'broadcast'],
  ['reply', 'respond', 'answer'],
  ['upload', 'push'],
  ['download', 'fetch', 'pull'],
  ['compress', 'gzip', 'zip', 'archive', 'pack'],
  ['run', 'execute', 'exec', 'invoke', 'trigger', 'launch'],
  ['sum', 'add', 'total', 'plus', 'addition'],
  ['think', 'reason', 'reflect', 'ponder', 'deliberate'],
  ['remember', 'memorize', 'recall', 'store'],
  ['review', 'approve', 'critique'],
  ['react'],
];

const OBJECT_GROUPS: string[][] = [
  ['memory', 'remember', 'memorize', 'recall'],
  ['reaction', 'react', 'emoji'],
  ['directory', 'folder', 'dir'],
  ['file', 'document', 'doc'],
  ['filesystem', 'disk', 'drive', 'local'],
  ['contents', 'content', 'text', 'body'],
  ['pull request', 'pr', 'mr'],
  ['issue', 'ticket', 'bug', 'report'],
  ['comment', 'note', 'remark'],
  ['message', 'msg', 'chat', 'post'],
  ['channel', 'room'],
  ['thread', 'conversation', 'discussion'],
  ['user', 'member', 'person', 'people', 'developer', 'account', 'login', 'username'],
  ['repository', 'repo', 'project'],
  ['commit', 'revision', 'changeset'],
  ['history', 'log', 'recent', 'past', 'previous'],
  ['metadata', 'info', 'information', 'stat', 'stats', 'details', 'attributes', 'properties'],
  ['size', 'bytes', 'length'],
  ['image', 'picture', 'photo', 'img'],
  ['environment', 'env'],
  ['entity', 'node', 'item', 'object'],
  ['relation', 'relationship', 'link', 'connection', 'edge'],
  ['observation', 'fact'],
  ['tree', 'hierarchy', 'recursive', 'structure', 'nested'],
  ['pattern', 'glob', 'wildcard'],
  ['profile', 'bio'],
];

const GROUPS = [...OPERATION_GROUPS, ...OBJECT_GROUPS];

/** stems of the words of the operation groups that no object group uses (`memory`, `post` can be things) */
const OBJECT_WORDS = new Set(OBJECT_GROUPS.flat().flatMap((w) => analyze(w)));
const OPERATIONS = new Set(
  OPERATION_GROUPS.flat()
    .flatMap((w) => analyze(w))
    .filter((s) => !OBJECT_WORDS.has(s)),
);

/** True when a query stem is an operation word (read, delete, send, …) of the synonym table. */
export function isOperation(queryStem: string): boolean {
  return OPERATIONS.has(queryStem);
}

/** stem → (stem → weight) of the terms a query stem expands to, the stem itself excluded */
const EXPANSIONS = new Map<string, Map<string, number>>();
for (const group of GROUPS) {
  const members = group.map((g) => analyze(g));
  for (const m of members) {
    if (m.length !== 1) continue; // a phrase expands from its single-word members only
    const from = m[0]!;
    let map = EXPANSIONS.get(from);
    if (!map) EXPANSIONS.set(from, (map = new Map()));
    for (const other of members) {
      for (const t of other) if (t !== from) map.set(t, SYNONYM_WEIGHT);
    }
  }
}

/** The weighted terms a query stem stands for: itself at 1, its synonyms at SYNONYM_WEIGHT. */
export function expand(queryStem: string): Map<string, number> {
  const out = new Map<string, number>([[queryStem, 1]]);
  for (const [t, w] of EXPANSIONS.get(queryStem) ?? []) if (!out.has(t)) out.set(t, w);
  return out;
}

/** True when two words are synonyms in the table (after stemming). */
export function areSynonyms(a: string, b: string): boolean {
  return EXPANSIONS.get(stem(a.toLowerCase()))?.has(stem(b.toLowerCase())) ?? false;
}
