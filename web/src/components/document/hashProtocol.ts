import { md5OfBlob, type Sliceable } from "./md5.js";

/** What the page posts to the hash worker: one file to hash. */
export interface HashRequest {
  file: Sliceable;
}

/** What the worker posts back: progress after every 2 MB slice, then the hash or an error. */
export type HashMessage =
  | { type: "progress"; fraction: number }
  | { type: "done"; hash: string }
  | { type: "error"; message: string };

/** The worker's whole job, separate from the Worker global so it can be tested directly. */
export async function handleHashRequest(request: HashRequest, post: (message: HashMessage) => void): Promise<void> {
  try {
    const hash = await md5OfBlob(request.file, (fraction) => post({ type: "progress", fraction }));
    post({ type: "done", hash });
  } catch (error) {
    post({ type: "error", message: error instanceof Error ? error.message : String(error) });
  }
}
