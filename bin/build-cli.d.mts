// Types of bin/build-cli.mjs for the TypeScript that imports it (the bundle's test).
import type { BuildOptions } from 'esbuild';
/** esbuild's options for the command's bundle, written to `outdir` */
export declare function cliBuildOptions(rootDir: string, outdir: string): BuildOptions & { metafile: true };
/** Builds out/cli; null or what went wrong */
export declare function buildCli(rootDir: string): Promise<string | null>;
