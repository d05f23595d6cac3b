// What the content service needs from outside its own tables, as interfaces: the slices depend on
// these, service.ts wires the implementations (gRPC clients, the bus) in.

export interface ConversionRequest {
  documentId: bigint;
  attachmentHash: string;
  storageKey: string;
  /** With the dot, e.g. ".docx". */
  ext: string;
}

/** Publishes conversion requests (api.v1.ConversionRequested) on the bus's conversion work queue. */
export interface ConversionQueue {
  /** One request per document; call after the transaction that set their status committed. */
  request(docs: readonly ConversionRequest[], opts?: { force?: boolean }): Promise<void>;
}

export interface UploadPolicy {
  allowed: boolean;
  /** Why not, for the user (Chinese). */
  reason: string;
  /** New documents (articles) of this user wait for review (status PENDING_REVIEW / PENDING). */
  needsReview: boolean;
}

export interface UserBrief {
  id: bigint;
  username: string;
  avatar: string;
}

/** The user service, as the content service asks it (UserInternalAPI). */
export interface UserDirectory {
  uploadPolicy(userId: bigint): Promise<UploadPolicy>;
  /** The same question about publishing articles (enable_article, enable_article_approval, punishments 6/1). */
  articlePolicy(userId: bigint): Promise<UploadPolicy>;
  /** The users that exist among `ids`, by id. */
  users(ids: readonly bigint[]): Promise<Map<bigint, UserBrief>>;
  /** Makes an uploaded image (its /uploads/ path) the user's avatar. */
  setAvatar(userId: bigint, path: string): Promise<void>;
  /**
   * New documents of the user, after they are committed: one entry each in the uploader's activity feed.
   * Never throws: a lost entry is logged (the documents exist; the feed is not worth failing an upload).
   * Optional: wirings without a user service (unit tests, tools) record nothing.
   */
  recordUploads?(userId: bigint, docs: readonly UploadedDocument[]): Promise<void>;
}

export interface UploadedDocument {
  id: bigint;
  uuid: string;
  title: string;
}
