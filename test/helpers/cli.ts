// Test helpers: a temporary FLOE_HOME wired to the scripted model server, a temp workspace, and running the real
// `floe` bin as a child process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const REPO = path.resolve(import.meta.dirname, '../..');
export const FLOE_BIN = path.join(REPO, 'bin/floe.mjs');

export interface TempHome {
  home: string;
  workspace: string;
  cleanup(): void;
}

export function tempHome(opts: {
  protocol?: 'openai' | 'anthropic';
  baseUrl: string;
  vision?: boolean;
  /** more models of the `mock` provider after m1 */
  moreModels?: { id: string; vision?: boolean }[];
  extraYaml?: string;
  systemConfig?: string;
  /** rank deferred tools with the bundled sentence encoder (the product's default); off unless asked, so that a
   * search's results never depend on whether the background encoding had finished, and the suite's CPU is spent on
   * what a test checks */
  localModel?: boolean;
}): TempHome {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-test-'));
  const home = path.join(root, 'home');
  const workspace = path.join(root, 'ws');
  fs.mkdirSync(home, { recursive: true });
  fs.mkdirSync(workspace, { recursive: true });
  const protocol = opts.protocol ?? 'openai';
  fs.writeFileSync(
    path.join(home, 'config.yaml'),
    [
      'providers:',
      '  - name: mock',
      `    protocol: ${protocol}`,
      `    base_url: ${opts.baseUrl}`,
      '    api_key: test-key',
      '    models:',
      '      - id: m1',
      `        vision: ${opts.vision ? 'true' : 'false'}`,
      '        context_window: 32000',
      ...(opts.moreModels ?? []).flatMap((m) => [
        `      - id: ${m.id}`,
        `        vision: ${m.vision ? 'true' : 'false'}`,
        '        context_window: 32000',
      ]),
      'default_model: mock/m1',
      ...(opts.localModel ? [] : ['tool_search:', '  local_model: false']),
      opts.extraYaml ?? '',
    ].join('\n'),
    { mode: 0o600 },
  );
  if (opts.systemConfig !== undefined) {
    fs.mkdirSync(path.join(home, 'agents/default'), { recursive: true });
    fs.writeFileSync(path.join(home, 'agents/default/system_config.yaml'), opts.systemConfig);
  }
  // retries: a session's background login capture is shared by the sessions of one HOME and goes on after they are
  // disposed, writing into FLOE_HOME/shell-snapshots when it ends (ENOTEMPTY seen under load); rmSync retries with a
  // linear back-off (0.1 s, 0.2 s, … about 20 s in all at worst)
  return {
    home,
    workspace,
    cleanup: () => fs.rmSync(root, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 }),
  };
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  pid: number;
}

export function runCli(
  args: string[],
  opts: {
    home: string;
    stdin?: string;
    env?: Record<string, string>;
    timeoutMs?: number;
    onStdout?: (chunk: string, pid: number) => void;
  },
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [FLOE_BIN, ...args], {
      env: {
        ...process.env,
        FLOE_HOME: opts.home,
        FLOE_RETRY_SCHEDULE_MS: '20,20,20,20,20',
        NO_COLOR: '1',
        ...opts.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
      opts.onStdout?.(String(d), child.pid!);
    });
    child.stderr.on('data', (d) => (stderr += d));
    if (opts.stdin !== undefined) child.stdin.end(opts.stdin);
    else child.stdin.end();
    const watchdog = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(watchdog);
      resolve({ code, signal, stdout, stderr, pid: child.pid! });
    });
  });
}

export function jsonLines(s: string): any[] {
  return s
    .split('\n')
    .filter((l) => l.trim().startsWith('{'))
    .map((l) => JSON.parse(l));
}

export function traceFiles(home: string, agent = 'default'): string[] {
  const dir = path.join(home, 'agents', agent, 'traces');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .flatMap((d) => fs.readdirSync(path.join(dir, d)).map((f) => path.join(dir, d, f)))
    .sort();
}

export function readJsonl(file: string): any[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

export const payloads = (msgs: any[], type: string) =>
  msgs.filter((m) => m.payload?.type === type).map((m) => m.payload);

/** An agent's system_config.yaml that starts the given Node MCP servers over stdio (`node <bin> <args…>`). */
export function mcpSystemConfig(servers: { name: string; bin: string; args: string[] }[], extra = ''): string {
  return [
    'system_prompt: test',
    'tools:',
    '  mcpServers:',
    ...servers.flatMap((s) => [
      `    - name: ${s.name}`,
      '      config:',
      `        command: ${JSON.stringify(process.execPath)}`,
      `        args: [${[s.bin, ...s.args].map((a) => JSON.stringify(a)).join(', ')}]`,
    ]),
    extra,
  ].join('\n');
}
