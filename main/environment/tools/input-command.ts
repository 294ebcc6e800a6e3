// input_command (SPEC §5): drives a command started by exec_command: types `chars` into its terminal (no newline
// added; "\u0003" alone is Ctrl-C), or polls. Returns the output since the last read; a command that has exited
// returns its exit result and its session is released. Must not start commands, frame or truncate output, or
// append notes to the text.
import {
  INPUT_POLL_WAIT_MS,
  INPUT_WRITE_WAIT_MS,
  MIXED_CTRL_C_NOTE,
  NO_REGISTRY_NOTE,
  clampWait,
  unknownIdNote,
} from '../commands/outcome.js';
import { registryOf, settleAfterWait } from '../commands/tool-support.js';
import { waitStreaming } from '../commands/stream-wait.js';
import { keptChars } from '../commands/text-cap.js';
import type { Tool } from '../types.js';

const TIMEOUT_MS = 130000;
const CTRL_C = '\u0003';

export const inputCommandTool: Tool = {
  definition: {
    name: 'input_command',
    description:
      'Drive a command exec_command left running: `chars` is typed as given (no newline added; "\\u0003" alone is ' +
      'Ctrl-C); omit it to poll. Returns the output since the last result; on exit, its status.',
    parameters: {
      type: 'object',
      properties: {
        process_id: { type: 'string', description: 'From exec_command' },
        chars: { type: 'string', description: 'Text to type' },
        yield_time_ms: {
          type: 'number',
          description: 'Wait in ms (default 250 after typing, 5000 for a poll)',
        },
      },
      required: ['process_id'],
    },
    permission: 'rw',
    timeoutMs: TIMEOUT_MS,
  },
  // typing into a command that is already running where it runs (its sandbox, with or without the network)
  contained: () => true,
  async *execute(args, ctx) {
    const registry = registryOf(ctx);
    if (!registry) return { stopReason: 'failed', note: NO_REGISTRY_NOTE };
    const id = typeof args?.process_id === 'string' ? args.process_id : String(args?.process_id ?? '');
    const session = registry.get(id);
    if (!session) return { stopReason: 'failed', note: unknownIdNote(id) };
    const chars = args.chars === undefined || args.chars === null ? '' : args.chars;
    if (typeof chars !== 'string') {
      return { stopReason: 'failed', note: '[input_command error: chars must be a string (the text to type)]' };
    }
    if (chars.includes(CTRL_C) && chars !== CTRL_C) return { stopReason: 'failed', note: MIXED_CTRL_C_NOTE };
    const fallback = chars === '' ? INPUT_POLL_WAIT_MS : INPUT_WRITE_WAIT_MS;
    const waitMs = clampWait(args.yield_time_ms, fallback, ctx.definition?.timeoutMs ?? TIMEOUT_MS);

    const release = session.hold();
    try {
      // the line discipline turns a written \x03 into SIGINT for the terminal's foreground process group
      if (chars !== '' && session.status === 'running') session.write(chars);
      // output streams to the call while it waits
      const waited = yield* waitStreaming(
        session,
        waitMs,
        ctx.signal,
        session.charsSeen,
        keptChars(ctx.definition?.maxOutputLength),
      );
      const { text, result } = await settleAfterWait(registry, session, waited, 'input');
      if (text) yield text;
      return result;
    } finally {
      release();
    }
  },
};
