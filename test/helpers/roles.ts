// A scripted-model "router" for tests with subagents: the parent and its children ask the same server, so steps
// are picked per role. The parent is the request whose tool list offers run_subagent; a child is named by the
// first user message (its prompt).
import type { RecordedRequest, ScriptStep } from '../fixtures/model-server.js';

export function toolNames(req: RecordedRequest): string[] {
  const tools = req.body?.tools ?? [];
  return tools.map((t: any) => t.function?.name ?? t.name);
}

export function firstUserText(req: RecordedRequest): string {
  const m = (req.body?.messages ?? []).find((x: any) => x.role === 'user');
  if (!m) return '';
  return typeof m.content === 'string' ? m.content : (m.content ?? []).map((c: any) => c.text ?? '').join('');
}

export function isParent(req: RecordedRequest): boolean {
  return toolNames(req).includes('run_subagent');
}

/** Per-role queues: `parent` and one per child prompt prefix; a role's steps are consumed in order. */
export function roleScript(
  roles: Record<string, ScriptStep[]>,
  fallback: ScriptStep = { reply: { text: '(no step for this role)' } },
) {
  return {
    next(req: RecordedRequest): ScriptStep {
      let role = 'parent';
      if (!isParent(req)) {
        const prompt = firstUserText(req);
        role = Object.keys(roles).find((k) => k !== 'parent' && prompt.startsWith(k)) ?? 'child';
      }
      return roles[role]?.shift() ?? fallback;
    },
  };
}
