// Issue 23: `floe traces push` sends a session as OTLP/HTTP JSON to otlp.endpoint of config.yaml (a real HTTP server
// on 127.0.0.1 stands in for a collector or Langfuse's /api/public/otel), with the configured headers, one request
// per task, content only with capture_content; failures are one line. `--format html` from the CLI.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Ajv } from 'ajv';
import { afterEach, describe, expect, it } from 'vitest';
import { OTLP_TRACE_REQUEST_SCHEMA } from '../../main/trace/otel/otlp-schema.js';
import { REPO, runCli, tempHome, type TempHome } from '../helpers/cli.js';

const CODEX = path.join(
  REPO,
  'test/fixtures/traces/codex/rollout-2025-10-02T08-15-00-0199a2b3-c4d5-7e6f-8a9b-0c1d2e3f4a5b.jsonl',
);
const ID = 'codex-0199a2b3-c4d5-7e6f-8a9b-0c1d2e3f4a5b';
const validate = new Ajv({ strict: false }).compile(OTLP_TRACE_REQUEST_SCHEMA);

interface Got {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}
let server: http.Server | undefined;
let env: TempHome | undefined;
afterEach(async () => {
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  server = undefined;
  env?.cleanup();
});

async function collector(status = 200): Promise<{ url: string; got: Got[] }> {
  const got: Got[] = [];
  server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (d) => (data += d));
    req.on('end', () => {
      got.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(data) });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(status === 200 ? '{}' : '{"message":"Invalid credentials"}');
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, got };
}

async function homeWith(otlpYaml: string) {
  env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1', extraYaml: otlpYaml });
  const r = await runCli(['traces', 'import', CODEX], { home: env.home });
  expect(r.stdout).toBe(`imported ${ID}\n`);
  return env;
}

describe('floe traces push', () => {
  it('posts OTLP JSON to <endpoint>/v1/traces with the configured headers; no content unless asked', async () => {
    const { url, got } = await collector();
    const env = await homeWith(
      `otlp:\n  endpoint: ${url}/api/public/otel\n  headers:\n    Authorization: Basic cGs6c2s=\n`,
    );
    const r = await runCli(['traces', 'push', ID], { home: env.home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`pushed ${ID} (1 request to ${url}/api/public/otel/v1/traces)\n`);
    expect(got.map((g) => [g.path, g.headers['content-type'], g.headers.authorization])).toEqual([
      ['/api/public/otel/v1/traces', 'application/json', 'Basic cGs6c2s='],
    ]);
    expect(validate(got[0]!.body), JSON.stringify(validate.errors)).toBe(true);
    const spans = got[0]!.body.resourceSpans[0].scopeSpans[0].spans;
    const ops = spans.map(
      (s: any) => s.attributes.find((a: any) => a.key === 'gen_ai.operation.name')?.value.stringValue,
    );
    expect(ops.filter((o: string) => o === 'execute_tool')).toHaveLength(2);
    expect(JSON.stringify(got[0]!.body)).not.toContain('router.get');
  });

  it('capture_content: true puts the outputs in the spans', async () => {
    const { url, got } = await collector();
    const env = await homeWith(`otlp:\n  endpoint: ${url}\n  capture_content: true\n`);
    expect((await runCli(['traces', 'push', ID], { home: env.home })).code).toBe(0);
    expect(got[0]!.path).toBe('/v1/traces');
    expect(JSON.stringify(got[0]!.body)).toContain('router.get');
  });

  it('a refusing or absent server, and no endpoint configured, are one line each (exit 2)', async () => {
    const { url } = await collector(401);
    let env = await homeWith(`otlp:\n  endpoint: ${url}\n`);
    let r = await runCli(['traces', 'push', ID], { home: env.home });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `floe: ${ID}: ${url}/v1/traces answered 401 Unauthorized: {"message":"Invalid credentials"}; check otlp.headers (the credentials)\n`,
    );
    await new Promise((res) => server!.close(res));
    server = undefined;
    r = await runCli(['traces', 'push', ID], { home: env.home });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^floe: ${ID}: could not reach ${url}/v1/traces \\(ECONNREFUSED\\); check`));
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    env.cleanup();
    env = await homeWith('');
    r = await runCli(['traces', 'push', ID], { home: env.home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no otlp endpoint in');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('floe traces export --format html', () => {
  it('writes one self-contained page; an unknown format is one line, exit 2', async () => {
    const env = await homeWith('');
    const out = path.join(env.workspace, 'page.html');
    expect((await runCli(['traces', 'export', ID, '--format', 'html', '-o', out], { home: env.home })).code).toBe(0);
    const html = fs.readFileSync(out, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`);
    expect(html).not.toMatch(/<script|<link|src="http/);
    expect(html).toContain('List the routes (CODEX-FIXTURE).');
    const r = await runCli(['traces', 'export', ID, '--format', 'pdf'], { home: env.home });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('floe: --format must be one of jsonl, otlp, otlp-jsonl, html (got "pdf")\n');
  });
});
