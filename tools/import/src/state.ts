// The resume state: the files this site already holds from earlier runs over this folder, one line each
// (path, size, modification time), appended as each file is done. It only lets a re-run skip files without
// hashing them; the site's hash check stays the truth for everything else.
import { createHash } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";

export interface FileStamp {
  size: number;
  mtimeMs: number;
}

const stampOf = (s: FileStamp) => `${s.size}:${Math.trunc(s.mtimeMs)}`;

/** The state file of this site and folder. */
export function statePath(stateDir: string, url: string, folder: string): string {
  const id = createHash("sha256").update(`${url}\u0000${folder}`).digest("hex").slice(0, 24);
  return join(stateDir, `${id}.tsv`);
}

export interface ResumeState {
  known(rel: string, stamp: FileStamp): boolean;
  /** Records a file as done (no-op in a dry run). */
  done(rel: string, stamp: FileStamp): void;
  close(): Promise<void>;
}

export async function openState(path: string, o: { write: boolean }): Promise<ResumeState> {
  const known = new Map<string, string>();
  const text = await readFile(path, "utf8").catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return "";
    throw err;
  });
  for (const line of text.split("\n")) {
    const [rel, stamp] = line.split("\t");
    if (rel && stamp) known.set(decodeURIComponent(rel), stamp);
  }
  let out: WriteStream | undefined;
  let failure: Error | undefined;
  if (o.write) {
    await mkdir(join(path, ".."), { recursive: true });
    out = createWriteStream(path, { flags: "a" });
    out.on("error", (err) => {
      failure = err; // the state is an optimisation: the run goes on, the close reports it
    });
  }
  return {
    known: (rel, stamp) => known.get(rel) === stampOf(stamp),
    done(rel, stamp) {
      if (!out || failure) return;
      const s = stampOf(stamp);
      if (known.get(rel) === s) return;
      out.write(`${encodeURIComponent(rel)}\t${s}\n`);
    },
    async close() {
      if (out) await new Promise<void>((resolve) => out.end(resolve));
      if (failure) throw failure;
    },
  };
}
