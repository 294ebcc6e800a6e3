#!/usr/bin/env node
// The `floe` command. Floe ships as TypeScript source and runs it through tsx, so `npx floe` works right after
// `npm install` with no build step.
import { register } from 'tsx/esm/api';

register();
await import(new URL('../main/cli/index.ts', import.meta.url).href);
