// A real local HTTP server that speaks both embeddings wire formats (OpenAI-compatible POST /v1/embeddings, answered
// in reverse order so a client must sort by `index`, and Ollama's POST /api/embed) with a "model" the test gives:
// a function from a text to its vector. It records every text it was asked to embed and every model name, and can be
// told to fail (HTTP 500).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EmbeddingsServer {
  /** http://127.0.0.1:<port> (OpenAI-compatible clients add /v1) */
  base: string;
  /** every text embedded, in order */
  inputs: string[];
  /** the `model` of every request */
  models: string[];
  /** while true, every request gets HTTP 500 */
  failing: boolean;
  close(): Promise<void>;
}

export async function startEmbeddingsServer(vectorOf: (text: string) => number[]): Promise<EmbeddingsServer> {
  const state = { inputs: [] as string[], models: [] as string[], failing: false };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (state.failing) {
        res.writeHead(500).end('model not loaded');
        return;
      }
      const { model, input } = JSON.parse(body) as { model: string; input: string[] };
      state.models.push(model);
      state.inputs.push(...input);
      const vectors = input.map(vectorOf);
      const json =
        req.url === '/api/embed'
          ? { embeddings: vectors }
          : req.url === '/v1/embeddings'
            ? { data: vectors.map((embedding, index) => ({ embedding, index })).reverse() }
            : undefined;
      if (!json) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    base,
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
}
