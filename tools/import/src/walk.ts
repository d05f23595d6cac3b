// The folder's files, depth first, as the directory reads them: one open directory handle per level, never
// the whole listing in memory. Hidden entries (".name") and symbolic links are passed over.
import { opendir } from "node:fs/promises";
import { join, relative, sep } from "node:path";

export interface Found {
  /** Absolute path. */
  path: string;
  /** Relative to the folder, "/"-separated. */
  rel: string;
}

async function* walk(root: string): AsyncGenerator<string> {
  const dir = await opendir(root, { bufferSize: 64 });
  for await (const e of dir) {
    if (e.name.startsWith(".")) continue;
    const path = join(root, e.name);
    if (e.isDirectory()) yield* walk(path);
    else if (e.isFile()) yield path;
  }
}

/** The files under `folder`, with their paths relative to it. */
export async function* files(folder: string): AsyncGenerator<Found> {
  for await (const path of walk(folder)) yield { path, rel: relative(folder, path).split(sep).join("/") };
}

/** How many files `files` will yield (a pass that keeps only the count). */
export async function countFiles(folder: string, skip: (rel: string) => boolean): Promise<number> {
  let n = 0;
  for await (const f of files(folder)) if (!skip(f.rel)) n++;
  return n;
}
