// Types of bin/cli-bundle.mjs (plain JavaScript so that bin/floe.mjs runs it without a compiler) for the TypeScript
// that imports it (benchmarks).
export declare const BUNDLE_DIR: string;
export declare const BUNDLE_ENTRY: string;
export declare const BUNDLE_INPUTS: string;
/** null when out/cli/floe.mjs exists and is newer than every source it was built from, else why not */
export declare function bundleProblem(root: string): string | null;
