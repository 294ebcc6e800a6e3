// Public face of the config module: FLOE_HOME paths, schemas, loading, model resolution, editing. Re-exports only.
export * from './home.js';
export * from './errors.js';
export * from './schema.js';
export * from './defaults.js';
export * from './load.js';
export * from './models.js';
export * from './write.js';
export * from './adopt.js';
