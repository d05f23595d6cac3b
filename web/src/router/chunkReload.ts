/**
 * Spec §8: a chunk load failure (usually a deploy replaced the hashed files this tab still refers
 * to) reloads the page, at most once per 60 seconds so a truly broken build cannot loop.
 */
export const CHUNK_RELOAD_KEY = "wenku:chunk-reload-at";
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading (CSS )?chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof Error) return error.name === "ChunkLoadError" || CHUNK_ERROR.test(error.message);
  return typeof error === "string" && CHUNK_ERROR.test(error);
}

export interface ChunkReloadDeps {
  storage: Pick<Storage, "getItem" | "setItem"> | undefined;
  now: () => number;
  reload: () => void;
}

const browserDeps = (): ChunkReloadDeps => ({
  storage: typeof sessionStorage === "undefined" ? undefined : sessionStorage,
  now: Date.now,
  reload: () => window.location.reload(),
});

/** Reloads and returns true when `error` is a chunk failure and no reload happened in the last 60 s. */
export function reloadOnChunkError(error: unknown, deps: ChunkReloadDeps = browserDeps()): boolean {
  const { storage } = deps;
  // Without storage the reload could not be remembered, so do not risk a reload loop.
  if (!isChunkLoadError(error) || !storage) return false;
  const now = deps.now();
  try {
    const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? Number.NaN);
    if (Number.isFinite(last) && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
    storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  deps.reload();
  return true;
}
