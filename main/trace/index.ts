// Public face of the trace module: paths, writer, reader, resume, export/import. Re-exports only.
export * from './paths.js';
export * from './writer.js';
export * from './reader.js';
export * from './resume.js';
export * from './transfer.js';
export * from './crash.js';
