// Who may see a document: the one rule behind get, list, page images, covers and downloads.
import type { CallContext } from "@wenku/kit";
import { COUNTED_DOCUMENT_STATUSES } from "../categories/category.repository.js";

/** api.v1.DocumentStatus as stored in documents.status. */
export const DocStatus = {
  pending: 0,
  converting: 1,
  converted: 2,
  failed: 3,
  disabled: 4,
  reconvert: 5,
  pendingReview: 6,
  rejected: 7,
} as const;

/**
 * Statuses everyone may see (lists, reader, pages): published documents, including those still being
 * converted. Pending review, rejected, disabled and failed ones are for their owner and staff only;
 * the same set decides categories' doc_count.
 */
export const PUBLIC_STATUSES: readonly number[] = COUNTED_DOCUMENT_STATUSES;

export interface DocumentVisibility {
  userId: bigint;
  status: number;
  deletedAt: Date | null;
}

export const isPublic = (doc: Pick<DocumentVisibility, "status" | "deletedAt">): boolean =>
  doc.deletedAt === null && PUBLIC_STATUSES.includes(doc.status);

export const isOwner = (doc: Pick<DocumentVisibility, "userId">, call: CallContext): boolean =>
  call.identity !== null && call.identity.userId === doc.userId;

/**
 * Public documents for everyone; any other live document for its owner and for staff granted the
 * (elevated) RPC being served; documents in the recycle bin for staff only.
 */
export function canSee(doc: DocumentVisibility, call: CallContext): boolean {
  if (isPublic(doc)) return true;
  if (call.identity?.granted) return true;
  return doc.deletedAt === null && isOwner(doc, call);
}
