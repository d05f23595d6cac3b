// Types of scripts/build.mjs for the TypeScript that imports it (tests).
export declare const distDir: string;
/** dist/<name>.js ← its source, relative to the repository root. */
export declare const entries: Readonly<Record<string, string>>;
/** Why dist must be (re)built, or undefined when it is current. */
export declare function staleReason(): string | undefined;
/** Builds dist when stale (or forced); resolves with why it built, or undefined. */
export declare function buildDist(options?: {
  force?: boolean;
  log?: (line: string) => void;
}): Promise<string | undefined>;
