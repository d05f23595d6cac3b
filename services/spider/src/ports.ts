// What the spider needs from other services, as interfaces (clients.ts implements them).

/** The header of one published file (content's DocumentInternalAPI.ImportDocument). */
export interface ImportHeader {
  userId: bigint;
  title: string;
  ext: string;
  categoryId: bigint[];
  languageId: bigint;
  price: number;
  sourceUrl: string;
  size: bigint;
}

/** Publishes a file as a document through the content service's normal path (storage, dedupe, review). */
export interface DocumentImporter {
  /** The new document, or the live one already holding this content (`duplicate`). */
  import(header: ImportHeader, body: AsyncIterable<Uint8Array>): Promise<{ documentId: bigint; duplicate: boolean }>;
}

/** The site's settings the spider follows (config service; a saved change applies to the next crawl). */
export interface SpiderSettings {
  /** The extensions documents may have (security.document_allowed_ext; empty: every known one). */
  allowedExt(): Promise<readonly string[]>;
  /** The site's address (system.domain), for the contact in our User-Agent; "" when unset. */
  siteUrl(): Promise<string>;
}
