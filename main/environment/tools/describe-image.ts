// describe_image (SPEC §5): for text-only session models — loads an image (images/load.ts) and streams the
// configured vision model's answer about it (services.visionModel). It does not keep any conversation state and
// never throws: load errors, a missing vision model and model failures all end as `failed` with a clear text.
import { modelMsg } from '../../../shared/omni/builders.js';
import type { ModelClient } from '../../llm/types.js';
import { dataUrl, loadImage } from '../images/load.js';
import type { Tool } from '../types.js';

const DEFAULT_DESCRIBE_PROMPT = 'Describe this image in detail.';
const SYSTEM =
  'You are a vision assistant for another AI agent that cannot see images. Answer the request about the attached ' +
  'image accurately and completely, including any text visible in it. Say so when something cannot be determined.';

function isModelClient(v: unknown): v is ModelClient {
  return !!v && typeof (v as ModelClient).stream === 'function';
}

export const describeImageTool: Tool = {
  definition: {
    name: 'describe_image',
    description:
      'Ask a vision model about an image and get its answer as text. source is a path inside the workspace ' +
      '(relative paths resolve against it) or an http(s) URL; png, jpeg, gif and webp only, at most 5 MB. prompt is ' +
      'the question (default: a detailed description).',
    parameters: {
      type: 'object',
      properties: {
        source: { type: 'string', description: 'Workspace path or http(s) URL of the image' },
        prompt: { type: 'string', description: 'What to ask about the image (default: describe it in detail)' },
      },
      required: ['source'],
    },
    permission: 'r',
    timeoutMs: 90000,
    forModel: 'text-only',
  },
  async *execute(args, ctx) {
    const vision = ctx.services.visionModel;
    if (!isModelClient(vision)) {
      yield 'describe_image is unavailable: no vision model is configured. Set vision_model in config.yaml to a model with vision: true.';
      return { stopReason: 'failed' };
    }
    const source = String(args.source ?? '');
    const img = await loadImage(source, { workspace: ctx.workspace, signal: ctx.signal });
    if (!img.ok) {
      yield img.error;
      return { stopReason: 'failed' };
    }
    const prompt = typeof args.prompt === 'string' && args.prompt.trim() ? args.prompt : DEFAULT_DESCRIBE_PROMPT;
    const stream = vision.stream({
      system: SYSTEM,
      messages: [
        modelMsg({ type: 'image_url', image_url: dataUrl(img.mime, img.bytes) }),
        modelMsg({ type: 'text', role: 'user', text: prompt }),
      ],
      tools: [],
      signal: ctx.signal,
    });
    let wrote = false;
    for (;;) {
      const next = await stream.next();
      if (next.done) {
        const result = next.value;
        if (result.stopReason === 'completed') return { stopReason: 'completed' };
        const model = `${vision.model.provider}/${vision.model.id}`;
        const why = result.errorMessage ?? 'no error message';
        const note = `[describe_image error: vision model ${model} ${result.stopReason}: ${why}]`;
        if (!wrote) {
          yield note;
          return { stopReason: result.stopReason === 'aborted' ? 'aborted' : 'failed' };
        }
        return { stopReason: result.stopReason === 'aborted' ? 'aborted' : 'failed', note };
      }
      const p = next.value.payload as { type?: string; event_type?: string; text?: string };
      if (next.value.type === 'model_msg' && p.type === 'partial_text' && p.event_type === 'delta' && p.text) {
        wrote = true;
        yield p.text;
      }
    }
  },
};
