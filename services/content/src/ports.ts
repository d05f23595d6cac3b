// What the content service needs from outside its own tables, as interfaces: the slices depend on
// these, service.ts wires the implementations (gRPC clients, the bus) in.
import type { CreditBooking } from "@wenku/credit-outbox";
import type { CallContext } from "@wenku/kit";
import type { Envs } from "@wenku/proto/api/v1/config_pb.js";

export interface ConversionRequest {
  documentId: bigint;
  attachmentHash: string;
  storageKey: string;
  /** With the dot, e.g. ".docx". */
  ext: string;
  /** The document's title (a placeholder cover shows it when the file's first pages are blank). */
  title?: string;
}

/** Publishes conversion requests (api.v1.ConversionRequested) on the bus's conversion work queue. */
export interface ConversionQueue {
  /** One request per document; call after the transaction that set their status committed. */
  request(docs: readonly ConversionRequest[], opts?: { force?: boolean }): Promise<void>;
}

/** The converter, as uploads ask it which formats it can convert now (ConverterInternalAPI). */
export interface ConverterAvailability {
  /** LibreOffice found by the converter's last probe. */
  office(): Promise<boolean>;
  /** Upload extensions refused now for want of a converter, with the dot (".docx" …). */
  unavailableExtensions(): Promise<string[]>;
  /**
   * The converter's environment check (ConverterInternalAPI.GetConverterEnvs), for
   * ContentInternalAPI.GetConverterEnvs, which config replicas older than the converter ask.
   */
  envs(): Promise<Envs>;
}

/** What a user may ask to do (PolicyAction in user_internal.proto). */
export type UserAction = "upload" | "article" | "comment" | "favorite" | "download";

export interface ActionPolicy {
  allowed: boolean;
  /** Why not, for the user (Chinese), with the punishment's own reason. */
  reason: string;
  /** What this user creates (documents, articles, comments) waits for review. */
  needsReview: boolean;
}

export interface UserBrief {
  id: bigint;
  username: string;
  avatar: string;
}

/** The user service, as the content service asks it (UserInternalAPI). */
export interface UserDirectory {
  /**
   * May the user do `action`, and does what they create wait for review? Decided by the user service from
   * the user's groups and the punishments in force (GetActionPolicy); `reason` says why not.
   */
  policy(userId: bigint, action: UserAction): Promise<ActionPolicy>;
  /** The users that exist among `ids`, by id. */
  users(ids: readonly bigint[]): Promise<Map<bigint, UserBrief>>;
  /** Makes an uploaded image (its /uploads/ path) the user's avatar. */
  setAvatar(userId: bigint, path: string): Promise<void>;
  /**
   * Checks (and uses up) a captcha the user service issued for `scene` (VerifyCaptcha): passes when the
   * scene needs none; a missing, wrong or expired answer, or one issued to another client (`who`: the
   * caller's address, User-Agent and nonce), throws InvalidArgument with the user's message.
   */
  verifyCaptcha(
    scene: "comment",
    captchaId: string,
    answer: string,
    who: Pick<CallContext, "clientIp" | "userAgent" | "clientNonce">,
  ): Promise<void>;
  /**
   * What the user did, after it is committed (documents uploaded, a comment, a favorite, an article
   * published, a download): one entry per item in the user's activity feed. Never throws: a lost entry is
   * logged (the action happened; the feed is not worth failing it). Optional: wirings without a user
   * service (unit tests, tools) record nothing.
   */
  recordActivity?(userId: bigint, activity: UserActivityName, items: readonly ActivityItem[]): Promise<void>;
}

/** What a user did, as their activity feed shows it (UserActivity in user_internal.proto). */
export type UserActivityName = "comment" | "favorite" | "upload" | "download" | "article";

/** The item an activity is about: a document (ref = uuid) or an article (ref = identifier). */
export interface ActivityItem {
  kind: "document" | "article";
  id: bigint;
  ref: string;
  title: string;
}

/** The order service, as downloads ask it (OrderInternalAPI). */
export interface OrderDesk {
  /**
   * Charges a priced download (ChargeDocumentDownload): an entitling purchase is used, else the
   * document is bought with the user's credits now. Throws FailedPrecondition with the user's
   * message when their credits are short. A VIP member's benefits apply there (free downloads, the
   * discount, the daily cap: ResourceExhausted); `vipOnly` (a VIP document, DownloadDocumentVip)
   * refuses non-members (PermissionDenied).
   */
  chargeDownload(userId: bigint, documentId: bigint, freeDays: number, vipOnly: boolean): Promise<ChargedDownload>;
}

export interface ChargedDownload {
  /** Credits spent now. */
  charged: number;
  orderNo: string;
  /** A VIP membership's benefit served it. */
  vip: boolean;
  freeLeft: number;
}

/** The order service's credits ledger, as the content service's rewards book into it (OrderInternalAPI). */
export interface CreditLedger {
  /** Books once per idempotency key (ApplyCredits); a spend below the balance throws FailedPrecondition. */
  apply(b: CreditBooking): Promise<void>;
  /** The user's balance (GetCreditBalances). */
  balance(userId: bigint): Promise<number>;
}
