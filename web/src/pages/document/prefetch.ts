import type { Transport } from "@connectrpc/connect";
import { createQueryOptions } from "@connectrpc/connect-query";
import type { QueryClient } from "@tanstack/react-query";
import { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { parseUserId } from "../../hooks/useUser.js";
import { pageUrl, viewablePages } from "./reader.js";

/** A document as /document/{ref} names it: its id, or its uuid (moredoc's links: 16 hex characters). */
export type DocumentRef = { id: bigint } | { uuid: string };

const UUID = /^[0-9a-f]{16}$/i;

/**
 * The document a /document/{ref} path names: 16 hex characters are a uuid (as moredoc's page reads
 * them), other digits a positive id; null for anything else (the page reads it as not found).
 */
export function documentRef(raw: string | undefined): DocumentRef | null {
  if (raw && UUID.test(raw)) return { uuid: raw.toLowerCase() };
  const id = /^[0-9]+$/.test(raw ?? "") ? parseUserId(raw) : null;
  return id === null ? null : { id };
}

/** What the document page asks GetDocument for document `ref` (the prefetch must ask the very same). */
export const documentInput = (ref: DocumentRef) => ({ ...ref, withAuthor: true });

/** Starts loading an image (the browser keeps it for the <img> that shows it later). */
const loadImage = (url: string) => {
  const image = new Image();
  image.fetchPriority = "high";
  image.src = url;
};

/**
 * Asks for document `rawId` (the /document/{id} path's id or uuid) into the app's query cache, so that the
 * page, once its code is there, renders the document at once instead of asking then; and, for a
 * converted document, starts loading its first page image (the largest paint), which a slow link
 * would otherwise only fetch after all the page's code. Nothing for an id the page reads as not found.
 */
export async function prefetchDocument(
  queryClient: QueryClient,
  transport: Transport,
  rawId: string,
  warmImage: (url: string) => void = loadImage,
): Promise<void> {
  const ref = documentRef(rawId);
  if (ref === null) return;
  const options = createQueryOptions(DocumentAPI.method.getDocument, documentInput(ref), { transport });
  // a failure stays in the cache for the page, which shows it (and may ask again) as it would
  const doc = await queryClient.fetchQuery(options).catch(() => undefined);
  // a public, converted document's pages are plain images (others are fetched with the viewer's token)
  if (doc && doc.status === DocumentStatus.CONVERTED && viewablePages(doc) > 0) warmImage(pageUrl(doc, 1));
}
