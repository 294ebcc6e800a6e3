// Public face of the host service (main/host). Re-exports only.
export { createHost, type HostService } from './host.js';
