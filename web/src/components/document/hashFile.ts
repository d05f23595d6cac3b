import type { HashMessage } from "./hashProtocol.js";
import { md5OfBlob } from "./md5.js";

/**
 * MD5 of a file in a Web Worker (2 MB slices), reporting progress 0–1. Where workers are missing
 * (tests, very old browsers) it hashes on the main thread with the same code. Aborting terminates
 * the worker and rejects with an AbortError.
 */
export function hashFile(file: Blob, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
  if (typeof Worker === "undefined") return md5OfBlob(file, onProgress, signal);
  return new Promise<string>((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL("./md5.worker.ts", import.meta.url), { type: "module" });
    } catch {
      md5OfBlob(file, onProgress, signal).then(resolve, reject);
      return;
    }
    const stop = () => {
      worker.terminate();
      signal?.removeEventListener("abort", onAbort);
    };
    const onAbort = () => {
      stop();
      reject(signal?.reason ?? new DOMException("Aborted", "AbortError"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.onmessage = (event: MessageEvent<HashMessage>) => {
      const message = event.data;
      if (message.type === "progress") onProgress(message.fraction);
      else if (message.type === "done") {
        stop();
        resolve(message.hash);
      } else {
        stop();
        reject(new Error(message.message));
      }
    };
    worker.onerror = (event) => {
      stop();
      // A worker that cannot start (CSP, file://) still leaves the main thread able to hash.
      event.preventDefault();
      md5OfBlob(file, onProgress, signal).then(resolve, reject);
    };
    worker.postMessage({ file });
  });
}
