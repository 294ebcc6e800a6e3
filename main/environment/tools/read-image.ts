// read_image (SPEC §5): loads an image (workspace path or http(s) URL) and returns it to a vision model as a
// data: URL in `images`, with the text `<mime>, <size>`. Loading rules live in images/load.ts; this file only
// adapts them to the tool contract and never throws.
import { dataUrl, loadImage } from '../images/load.js';
import { formatSize } from '../images/format.js';
import type { Tool } from '../types.js';

export const readImageTool: Tool = {
  definition: {
    name: 'read_image',
    description:
      'Look at an image: a path inside the workspace (relative paths resolve against it) or an http(s) URL. ' +
      'png, jpeg, gif and webp only (judged from the bytes), at most 5 MB; SVG is not supported. The output text is ' +
      '"<mime>, <size>" (size in B, or KB/MB with one decimal, 1 KB = 1024 bytes; e.g. "image/png, 12.3 KB") and ' +
      'the image itself is attached for you to see.',
    parameters: {
      type: 'object',
      properties: {
        source: { type: 'string', description: 'Workspace path or http(s) URL of the image' },
      },
      required: ['source'],
    },
    permission: 'r',
    timeoutMs: 60000,
    forModel: 'vision',
  },
  async *execute(args, ctx) {
    const img = await loadImage(String(args.source ?? ''), { workspace: ctx.workspace, signal: ctx.signal });
    if (!img.ok) {
      yield img.error;
      return { stopReason: 'failed' };
    }
    yield `${img.mime}, ${formatSize(img.size)}`;
    return { stopReason: 'completed', images: [dataUrl(img.mime, img.bytes)] };
  },
};
