import type { Transport } from "@connectrpc/connect";
import { createQueryOptions } from "@connectrpc/connect-query";
import type { QueryClient } from "@tanstack/react-query";
import { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { parseUserId } from "../../hooks/useUser.js";
import { pageUrl, viewablePages } from "./reader.js";

/** What the document page asks GetDocument for document `id` (the prefetch must ask the very same). */
export const documentInput = (id: bigint) => ({ id, withAuthor: true });

/** Starts loading an image (the browser keeps it for the <img> that shows it later). */
const loadImage = (url: string) => {
  const image = new Image();
  image.fetchPriority = "high";
  image.src = url;
};

/**
 * Asks for document `rawId` (the /document/{id} path's id) into the app's query cache, so that the
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
  const id = parseUserId(rawId);
  if (id === null) return;
  const options = createQueryOptions(DocumentAPI.method.getDocument, documentInput(id), { transport });
  // a failure stays in the cache for the page, which shows it (and may ask again) as it would
  const doc = await queryClient.fetchQuery(options).catch(() => undefined);
  // a public, converted document's pages are plain images (others are fetched with the viewer's token)
  if (doc && doc.status === DocumentStatus.CONVERTED && viewablePages(doc) > 0) warmImage(pageUrl(doc, 1));
}
