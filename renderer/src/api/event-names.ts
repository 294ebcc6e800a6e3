// The listener names of the preload's `window.floe` (`session.message` → `onSessionMessage`): re-exported from
// shared/ so both sides share one derivation. No logic of its own.
export { listenerName } from '../../../shared/listener-names.js';
