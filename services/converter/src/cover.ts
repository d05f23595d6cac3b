// Which picture becomes a document's cover (cover.png), so no card shows a blank thumbnail:
//   1. the cover image the file declares (an EPUB's), when it renders and is not uniform;
//   2. else page 1, when it is not blank;
//   3. else the next pages, up to maxCoverPages in all, the first one that is not blank;
//   4. else a placeholder: the file type and the title on the type's colour (placeholder.ts).
// "Blank" is measured by the render pool on the page drawn at thumbnail size (coverVariance: the
// variance of its luminance, near 0 for a white page or one with only a page number). Every candidate
// is rendered in the pool with the page budget; one that fails (over budget, undecodable) is passed
// over, never failing the document.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { placeholderPdf } from "./placeholder.js";
import { RenderError } from "./render-host.js";
import type { RenderLease } from "./render-pool.js";
import type { PageReply } from "./render-protocol.js";

/**
 * Luminance variance (0–255 levels, squared, at coverProbeWidth) at or under which a page counts as
 * blank: what a card's thumbnail shows as an empty sheet. Measured at 64 px: a white page 0, one
 * short line of 14 pt text 3.8 to 9 (the "white" DOCX cover), a heading and a line ≈ 5, two
 * short lines ≈ 8, one long title line ≈ 21, ten lines ≈ 70, a page with a picture in the thousands.
 */
export const BLANK_VARIANCE = 12;

/** Pages tried for a cover before the placeholder (page 1 included). */
export const maxCoverPages = 4;

export interface CoverPlan {
  /** An image the file declares as its cover (extracted from an EPUB), opened by its extension. */
  image?: { path: string; ext: string };
  /** For the placeholder: the document's title ("" shows the type alone) and its extension. */
  title?: string;
  ext: string;
  /** Temp directory root for the placeholder's PDF (default the OS temp dir). */
  workRoot?: string;
}

export type CoverSource = "image" | "page" | "placeholder";

export interface ChosenCover {
  png: Uint8Array;
  source: CoverSource;
  /** With source "page": which (1-based). */
  page?: number;
}

export const isBlankCover = (r: Pick<PageReply, "cover" | "coverVariance"> | undefined): boolean =>
  !r?.cover?.length || (r.coverVariance ?? Number.POSITIVE_INFINITY) <= BLANK_VARIANCE;

interface CoverContext {
  lease: RenderLease;
  /** The document being converted, open in the lease when this is called. */
  doc: { path: string; ext: string; pages: number };
  /** Page 1's reply (with its cover), when page 1 was rendered. */
  first: PageReply | undefined;
  plan: CoverPlan;
  coverWidth: number;
  pageMs: number;
  openMs: number;
  signal?: AbortSignal;
}

/** One cover render; undefined when it failed within its budget (the next candidate is tried). */
async function attempt(c: CoverContext, run: () => Promise<PageReply>): Promise<PageReply | undefined> {
  try {
    return await run();
  } catch (e) {
    if (c.signal?.aborted || !(e instanceof RenderError) || e.kind === "aborted") throw e;
    return undefined;
  }
}

/** Page 1 of a one-page file (an image, the placeholder PDF) as a cover. */
function coverOfFile(c: CoverContext, path: string, ext: string): Promise<PageReply | undefined> {
  return attempt(c, async () => {
    await c.lease.open(path, ext, c.openMs, c.signal);
    return c.lease.page(
      { index: 0, mode: "text", text: false, coverWidth: c.coverWidth, maxBytes: 0, dpi: 72 },
      c.pageMs,
      c.signal,
    );
  });
}

/** Picks the cover (see the top of this file); the lease's open document may change. */
export async function chooseCover(c: CoverContext): Promise<ChosenCover> {
  let reopen = false;
  if (c.plan.image) {
    reopen = true;
    const r = await coverOfFile(c, c.plan.image.path, c.plan.image.ext);
    if (r?.cover && !isBlankCover(r)) return { png: r.cover, source: "image" };
  }
  if (c.first?.cover && !isBlankCover(c.first)) return { png: c.first.cover, source: "page", page: 1 };
  const last = Math.min(c.doc.pages, maxCoverPages);
  for (let i = c.first ? 1 : 0; i < last; i++) {
    const index = i;
    const r = await attempt(c, async () => {
      if (reopen) await c.lease.open(c.doc.path, c.doc.ext, c.openMs, c.signal);
      reopen = false;
      return c.lease.page(
        { index, mode: "text", text: false, coverWidth: c.coverWidth, maxBytes: 0, dpi: 72 },
        c.pageMs,
        c.signal,
      );
    });
    if (r?.cover && !isBlankCover(r)) return { png: r.cover, source: "page", page: index + 1 };
  }
  const dir = await mkdtemp(join(c.plan.workRoot ?? tmpdir(), "wenku-cover-"));
  try {
    const pdf = join(dir, "placeholder.pdf");
    await writeFile(pdf, placeholderPdf(c.plan.title ?? "", c.plan.ext));
    const r = await coverOfFile(c, pdf, "pdf");
    if (r?.cover?.length) return { png: r.cover, source: "placeholder" };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  // Not even the placeholder rendered (the pool is failing): page 1 as it is, possibly blank.
  return { png: c.first?.cover ?? new Uint8Array(), source: "page", page: 1 };
}
