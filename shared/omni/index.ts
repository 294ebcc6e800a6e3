// Public face of the OmniMessage protocol module.
export * from './types.js';
export * from './builders.js';
export * from './guards.js';
export * from './aggregator.js';
export * from './notes.js';
export * from './interpret.js';
export * from './call-args.js';
export * from './output-notes.js';
