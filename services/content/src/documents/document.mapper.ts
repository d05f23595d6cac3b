import { clearField, create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { keepFields } from "@wenku/kit";
import { type Attachment, AttachmentSchema } from "@wenku/proto/api/v1/attachment_pb.js";
import { type Document, DocumentSchema, DocumentUserSchema } from "@wenku/proto/api/v1/document_pb.js";
import { AttachmentType, type DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { toCategory } from "../categories/category.mapper.js";
import { toAttachmentProto } from "../files/attachment.mapper.js";
import type { UserBrief } from "../ports.js";
import type { AttachmentRow } from "./document.repository.js";
import type { DocumentRow } from "./document.types.js";

/** The score shown for a document nobody has rated yet: 3 stars (×100), as moredoc clients expect. */
export const UNRATED_SCORE = 300;

export interface DocumentExtras {
  users?: ReadonlyMap<bigint, UserBrief>;
  /** Fill Document.user (GetDocument with_author). */
  withAuthor?: boolean;
  /** Show why conversion failed (owner and staff only). */
  showError?: boolean;
  /** The preview text (GetDocument only). */
  content?: string;
  /** The original file's record, without its storage key (owner and staff only). */
  attachment?: AttachmentRow | null;
  /** The caller reads every page (GetDocument only, reading.ts). */
  readAll?: boolean;
}

/**
 * The attachment as the owner or staff may see it: never the storage key, nor the uploader's IP (an
 * attachment row is shared by every document with the same content, so it may be someone else's).
 */
export function toAttachment(row: AttachmentRow): Attachment {
  const attachment = toAttachmentProto(row);
  clearField(attachment, AttachmentSchema.field.ip);
  return attachment;
}

/**
 * The attachment as anyone who may see the document sees it: its content hash (moredoc clients build
 * /view/cover/{hash} and /view/page/{hash}/… from it) and what the document shows anyway.
 */
export function toPublicAttachment(row: DocumentRow): Attachment {
  return create(AttachmentSchema, {
    hash: row.attachmentHash,
    type: AttachmentType.DOCUMENT,
    typeId: row.id,
    ext: row.ext,
    size: row.size,
  });
}

/** The cover image's URL (the gateway's /view/cover route; moredoc's home list sets it). */
export const coverUrl = (row: Pick<DocumentRow, "attachmentHash">) => `/view/cover/${row.attachmentHash}`;

export function toDocument(row: DocumentRow, extras: DocumentExtras = {}): Document {
  const uploader = extras.users?.get(row.userId);
  const categories = row.categories.map((l) => l.category).sort((a, b) => Number(a.id - b.id));
  return create(DocumentSchema, {
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    keywords: row.keywords,
    description: row.description,
    userId: row.userId,
    width: row.width,
    height: row.height,
    preview: row.preview,
    pages: row.pages,
    downloadCount: row.downloadCount,
    viewCount: row.viewCount,
    favoriteCount: row.favoriteCount,
    commentCount: row.commentCount,
    score: row.scoreCount > 0 ? row.score : UNRATED_SCORE,
    scoreCount: row.scoreCount,
    price: row.price,
    size: row.size,
    status: row.status as DocumentStatus,
    createdAt: timestampFromDate(row.createdAt),
    updatedAt: timestampFromDate(row.updatedAt),
    deletedAt: row.deletedAt ? timestampFromDate(row.deletedAt) : undefined,
    deletedUserId: row.deletedUserId,
    username: uploader?.username ?? "",
    deletedUsername: row.deletedUserId > 0n ? (extras.users?.get(row.deletedUserId)?.username ?? "") : "",
    categoryId: categories.map((c) => c.id),
    category: categories.map(toCategory),
    ext: row.ext,
    recommendAt: row.recommendAt ? timestampFromDate(row.recommendAt) : undefined,
    attachment: extras.attachment ? toAttachment(extras.attachment) : toPublicAttachment(row),
    cover: coverUrl(row),
    user:
      extras.withAuthor && uploader
        ? create(DocumentUserSchema, { id: uploader.id, username: uploader.username, avatar: uploader.avatar })
        : undefined,
    enableGzip: row.enableGzip,
    convertError: extras.showError ? row.convertError : "",
    reviewReason: extras.showError ? row.reviewReason : "",
    previewExt: row.previewExt,
    language: row.language?.code ?? "",
    languageId: row.languageId ?? 0n,
    content: extras.content ?? "",
    source: row.source,
    sourceUrl: row.sourceUrl,
    isVip: row.isVip,
    readAll: extras.readAll ?? false,
  });
}

/** Kept whatever fields are asked for: moredoc clients build covers and links from these. */
const ALWAYS_KEPT = new Set(["id", "attachment", "cover"]);

/**
 * Keeps only the requested fields (proto or JSON names; `id`, `attachment` and `cover` always stay).
 * Unknown names are ignored; when none of the names is known the document is returned whole.
 */
export function pickFields(doc: Document, fields: readonly string[]): Document {
  return keepFields(DocumentSchema, doc, fields, ALWAYS_KEPT);
}
