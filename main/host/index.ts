// Public face of the host service (main/host). Re-exports only.
export { createHost, type HostService } from './host.js';
export type { HostOptions } from './options.js';
export type { HandlerTable, Handler } from './table.js';
export { HostError, toApiError } from './errors.js';
