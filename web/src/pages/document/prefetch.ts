import type { Transport } from "@connectrpc/connect";
import { createQueryOptions } from "@connectrpc/connect-query";
import type { QueryClient } from "@tanstack/react-query";
import { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { parseUserId } from "../../hooks/useUser.js";

/** What the document page asks GetDocument for document `id` (the prefetch must ask the very same). */
export const documentInput = (id: bigint) => ({ id, withAuthor: true });

/**
 * Asks for document `rawId` (the /document/{id} path's id) into the app's query cache, so that the
 * page, once its code is there, renders the document (and requests its first page image) at once
 * instead of asking then. Nothing for an id the page reads as not found.
 */
export async function prefetchDocument(queryClient: QueryClient, transport: Transport, rawId: string): Promise<void> {
  const id = parseUserId(rawId);
  if (id === null) return;
  await queryClient.prefetchQuery(createQueryOptions(DocumentAPI.method.getDocument, documentInput(id), { transport }));
}
