// Which configured model a typed name means: "provider/id" exactly, or a model id alone when only one provider
// has it. Used by `/model <name>` in the composer and by sessions.setModel, so both give the same answer and the
// same error, which names the choices. Pure.

export type ModelMatch = { ok: true; ref: string } | { ok: false; message: string };

export function matchModelName(name: string, refs: readonly string[]): ModelMatch {
  const n = name.trim();
  const choices = refs.length ? `Choose one of: ${refs.join(', ')}.` : 'No models are configured; add one in Settings.';
  if (!n) return { ok: false, message: `Name a model. ${choices}` };
  if (refs.includes(n)) return { ok: true, ref: n };
  const byId = refs.filter((r) => r.slice(r.indexOf('/') + 1) === n);
  if (byId.length === 1) return { ok: true, ref: byId[0]! };
  if (byId.length > 1)
    return {
      ok: false,
      message: `"${n}" is a model of more than one provider (${byId.join(', ')}); give provider/id.`,
    };
  return { ok: false, message: `Unknown model "${n}". ${choices}` };
}
