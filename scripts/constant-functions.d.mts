/** A bundle's top-level function declarations made constants, moved up with their source map (see constant-functions.mjs). */
export function constantFunctions(code: string, map: string | null, name?: string): { code: string; map: string | null; functions: number };

/** Source map v3 mappings as absolute segments, a list per generated line. */
export function decodeMappings(mappings: string): number[][][];

/** `decodeMappings` undone. */
export function encodeMappings(lines: number[][][]): string;

/** Writes esbuild's in-memory output, each JavaScript file with its functions made constants. */
export function writeWithConstantFunctions(outputFiles: readonly { path: string; text: string; contents: Uint8Array }[]): void;
