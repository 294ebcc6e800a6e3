// The cache of deferred tools' embeddings, in SQLite (better-sqlite3): one row per (model, tool hash), the vector
// as 32-bit floats, so a tool is embedded once per model however many sessions list it, and a changed tool (new
// description or schema: a new hash) is embedded again. A cache that cannot be opened is an in-memory one (the
// search only loses what it saved across processes). Knows nothing of ranking.
import Database from 'better-sqlite3';

export interface EmbeddingCache {
  get(model: string, hash: string): number[] | undefined;
  put(model: string, hash: string, vector: readonly number[]): void;
  close(): void;
}

/** A cache kept only in this process. */
export function memoryEmbeddingCache(): EmbeddingCache {
  const m = new Map<string, number[]>();
  return {
    get: (model, hash) => m.get(`${model}\n${hash}`),
    put: (model, hash, v) => void m.set(`${model}\n${hash}`, [...v]),
    close: () => m.clear(),
  };
}

/** The SQLite cache at `file` (created when missing); `nativeBinding` as better-sqlite3 takes it. */
export function sqliteEmbeddingCache(file: string, nativeBinding?: string): EmbeddingCache {
  const db = new Database(file, nativeBinding ? { nativeBinding } : {});
  db.pragma('journal_mode = WAL');
  db.exec(
    'CREATE TABLE IF NOT EXISTS tool_embeddings (model TEXT NOT NULL, tool_hash TEXT NOT NULL, ' +
      'vector BLOB NOT NULL, PRIMARY KEY (model, tool_hash))',
  );
  const select = db.prepare<[string, string], { vector: Buffer }>(
    'SELECT vector FROM tool_embeddings WHERE model = ? AND tool_hash = ?',
  );
  const insert = db.prepare('INSERT OR REPLACE INTO tool_embeddings (model, tool_hash, vector) VALUES (?, ?, ?)');
  return {
    get(model, hash) {
      const row = select.get(model, hash);
      if (!row) return undefined;
      const b = row.vector;
      return [...new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength))];
    },
    put(model, hash, vector) {
      insert.run(model, hash, Buffer.from(new Float32Array(vector).buffer));
    },
    close: () => db.close(),
  };
}
