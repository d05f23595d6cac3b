// The documents' shapes both the repository and the list statement (document.select.ts) use, in a
// module of their own so that neither imports the other for its types.
import type { Category, Document, Language } from "../../gen/prisma/client.js";

/** A document with what every answer shows: its categories and its language's code. */
export type DocumentRow = Document & {
  categories: { categoryId: bigint; category: Category }[];
  language: Pick<Language, "code"> | null;
};

/**
 * Which documents, in the domain's words: every field set narrows the set (AND); an empty list
 * matches nothing. The repository translates it to SQL; nothing outside it sees Prisma's types.
 */
export interface DocumentFilter {
  ids?: readonly bigint[];
  notId?: bigint;
  /** true: only documents in the recycle bin; false: only live ones; unset: both. */
  deleted?: boolean;
  statuses?: readonly number[];
  userIds?: readonly bigint[];
  /** Linked to any of these categories. */
  categoryIds?: readonly bigint[];
  /** Of any of these types ("pdf", "word" …) or extensions (".pdf" …). */
  kinds?: { types: readonly string[]; exts: readonly string[] };
  languageIds?: readonly bigint[];
  /** The title (and, with `keywords`, the keywords) contains `wd`, ignoring case. */
  text?: { wd: string; keywords: boolean };
  price?: "free" | "charged";
  recommended?: boolean;
  vip?: boolean;
  createdFrom?: Date;
  createdTo?: Date;
}

export type DocumentSortColumn =
  | "id"
  | "createdAt"
  | "updatedAt"
  | "deletedAt"
  | "viewCount"
  | "downloadCount"
  | "favoriteCount"
  | "commentCount"
  | "pages"
  | "score"
  | "price"
  | "size"
  | "recommendAt";

export interface DocumentSort {
  column: DocumentSortColumn;
  dir: "asc" | "desc";
}
