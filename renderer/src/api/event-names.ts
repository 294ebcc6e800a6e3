// The listener names of the preload's `window.floe` (`session.message` → `onSessionMessage`): re-exported from
// preload/ so both sides share one derivation. No logic of its own.
export { listenerName } from '../../../preload/listener-names.js';
