// A session's assembled tools: direct ones (schemas sent every request) and deferred ones (reached through
// search_extra_tools / execute_extra_tool). Plain data holder.
import type { ToolSchema } from '../../shared/omni/types.js';
import type { Tool } from './types.js';

export class Toolset {
  constructor(
    readonly direct: Tool[],
    readonly deferred: Tool[] = [],
  ) {}

  all(): Tool[] {
    return [...this.direct, ...this.deferred];
  }

  /** The tool list sent to the model: direct tools only. */
  schemas(): ToolSchema[] {
    return this.direct.map((t) => ({
      name: t.definition.name,
      description: t.definition.description,
      parameters: t.definition.parameters,
    }));
  }
}
