// One conversion of one file: fetch the original into a temp file, run the converter with the pages
// and cover streamed into storage (and an office document's PDF when a page of it has no text: OCR
// reads it), then store the text and the manifest (written last: its presence says the outputs are
// complete).
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { BusLogger } from "@wenku/kit/bus";
import type { Storage } from "@wenku/kit/storage";
import type { Converter } from "./converter.js";
import { ConversionError, checkAborted } from "./errors.js";
import { normalizeExtension } from "./formats.js";
import { type ConversionJob, type Manifest, outputKeys } from "./job.js";
import { type ConvertedDocument, toDocument } from "./result.js";

export interface ConvertFileDeps {
  storage: Storage;
  converter: Converter;
  log: BusLogger;
  /** Temp files. */
  workDir: string;
  /** Instrumentation seam (tests): runs after the original is fetched, before it is converted. */
  beforeConvert?: (job: ConversionJob, signal: AbortSignal) => Promise<void>;
}

/** The object `storageKey` (a job's original, or another of its file's outputs) into the file `path`. */
export async function fetchOriginal(
  storage: Storage,
  job: Pick<ConversionJob, "storageKey">,
  path: string,
): Promise<void> {
  let body: NodeJS.ReadableStream;
  try {
    body = await storage.get(job.storageKey);
  } catch (err) {
    if ((err as { code?: unknown }).code === "not_found") {
      throw new ConversionError("source_missing", `storage has no object ${job.storageKey}`, { cause: err });
    }
    throw err;
  }
  await pipeline(body, createWriteStream(path));
}

/** Converts the job's file and stores its outputs; `beat` is called while it makes progress. */
export async function convertFile(
  d: ConvertFileDeps,
  job: ConversionJob,
  signal: AbortSignal,
  beat: () => void,
): Promise<ConvertedDocument> {
  const { storage, log } = d;
  const hash = job.attachmentHash;
  const keys = outputKeys(hash);
  const ext = normalizeExtension(job.ext);
  const local = join(d.workDir, `wenku-src-${randomUUID()}.${ext}`);
  try {
    await fetchOriginal(storage, job, local);
    await d.beforeConvert?.(job, signal);
    checkAborted(signal);
    const r = await d.converter.convert(
      { path: local, ext },
      {
        page: async (n, svg, gz, text) => {
          const json = text === undefined ? undefined : Buffer.from(text, "utf8");
          await Promise.all([
            storage.put(keys.page(n, false), svg, { contentType: "image/svg+xml", size: svg.length }),
            storage.put(keys.page(n, true), gz, { contentType: "image/svg+xml", size: gz.length }),
            json && storage.put(keys.pageText(n), json, { contentType: "application/json", size: json.length }),
          ]);
        },
        cover: async (png) => {
          await storage.put(keys.cover, png, { contentType: "image/png", size: png.length });
        },
      },
      // every page: the preview limit decides who reads them (content), not which exist
      {
        signal,
        onProgress: beat,
        cover: { title: job.title },
        keepOfficePdf: async (pdf) => {
          const size = (await stat(pdf)).size;
          const body = createReadStream(pdf);
          try {
            await storage.put(keys.officePdf, body, { contentType: "application/pdf", size });
          } finally {
            body.destroy(); // left unread when storage refuses before reading
          }
        },
      },
    );
    const text = Buffer.from(r.text, "utf8");
    await storage.put(keys.text, text, { contentType: "text/plain; charset=utf-8", size: text.length });
    const m: Manifest = {
      version: 2,
      hash,
      ext,
      format: r.format,
      pages: r.pages,
      rendered: r.rendered,
      width: r.width,
      height: r.height,
      textBytes: text.length,
      textTruncated: r.textTruncated,
      pageTextEnds: r.pageTextEnds,
      svgBytes: r.svgBytes,
      gzipBytes: r.gzipBytes,
      ...(r.rasterPages.length ? { rasterPages: r.rasterPages } : {}),
      textLayerPages: r.textLayerPages,
      ...(r.textLayerTruncated.length ? { textLayerTruncated: r.textLayerTruncated } : {}),
      convertedAt: new Date().toISOString(),
    };
    const manifest = Buffer.from(JSON.stringify(m));
    await storage.put(keys.manifest, manifest, { contentType: "application/json", size: manifest.length });
    log.info(
      {
        hash,
        pages: r.pages,
        rendered: r.rendered,
        viaOffice: r.viaOffice,
        cover: r.coverFrom,
        ...(r.rasterPages.length ? { rasterPages: r.rasterPages.slice(0, 20) } : {}),
        ...(r.skippedTextPages.length ? { skippedTextPages: r.skippedTextPages.slice(0, 20) } : {}),
        ...(r.textLayerTruncated.length ? { textLayerTruncated: r.textLayerTruncated.slice(0, 20) } : {}),
        peakMemoryMb: Math.round(r.peakMemoryBytes / 2 ** 20),
      },
      "conversion: converted",
    );
    return toDocument(m, r.text, job, false);
  } finally {
    await rm(local, { force: true });
  }
}
