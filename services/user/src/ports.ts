// What the user service needs from the other services, as interfaces: the domain depends on these,
// service.ts wires the implementations (clients.ts) in; tests pass their own.
import type { CreditBooking } from "@wenku/credit-outbox";
import type { Mail, SmtpSettings } from "@wenku/kit/mail";
import type { ListUserDownloadReply } from "@wenku/proto/api/v1/user_pb.js";
import type { OAuthProviderConfig } from "./oauth/providers/provider.js";
import type { SecuritySettings } from "./settings.js";

/**
 * The order service's credits ledger (OrderInternalAPI). The ledger owns every balance; the user
 * service keeps no copy of it.
 *
 * user.credit_count is asked from the ledger when a user is shown (GetCreditBalances, batched like
 * doc_count) rather than pushed into a users column after each booking: a pushed copy can miss an
 * update (the user service down at the moment, two bookings reporting out of order) and then shows a
 * balance the ledger never had. The answer is kept only until the order service broadcasts that the
 * balance changed (api.v1.UserCountsChanged after each booking commits; users/user.counts.ts).
 */
export interface CreditLedger {
  /** Balances of `ids`; users without any booking are absent (0). */
  balances(ids: readonly bigint[]): Promise<Map<bigint, number>>;
  /** Books once per idempotency key (a replay answers the first booking); refused below 0. */
  apply(b: CreditBooking): Promise<{ balanceAfter: number; replayed: boolean }>;
}

/** One user's counts as the content service keeps them. */
export interface ContentCounts {
  documents: number;
  articles: number;
  favorites: number;
}

/**
 * The content service, as profiles ask it (DocumentInternalAPI): how many documents, articles and
 * favorites users have (user.doc_count, article_count, favorite_count). The user service never reads
 * content tables; it asks when a profile is shown and keeps the answer until the content service
 * broadcasts that the user's counts changed (users/user.counts.ts), so they stay true through uploads,
 * favorites, deletions and restores.
 */
export interface DocumentCounter {
  /**
   * Live documents, articles and favorites per user among `ids`; users without any are absent. With
   * `publicOnly`, the documents and articles everyone may see (a profile shown to others).
   */
  counts(ids: readonly bigint[], publicOnly?: boolean): Promise<Map<bigint, ContentCounts>>;
  /** A user's download history, newest first (ListUserDownloads); absent in wirings without content. */
  downloads?(userId: bigint, page: bigint, size: bigint): Promise<ListUserDownloadReply>;
}

/** The score settings the user service's rewards follow, and the site's name for credits (the config service). */
export interface RewardSettings {
  current(): Promise<{ register: number; signIn: number; creditName: string }>;
}

/** What the user service's mails need: category email (with the SMTP password) and the site's name and address. */
export interface SiteMailSettings {
  /** email.enable, and an SMTP server named. */
  enabled: boolean;
  smtp: SmtpSettings;
  /** email.duration: minutes a password-recovery link is valid. */
  linkMinutes: number;
  siteName: string;
  /**
   * The site's origin from system.domain (https://wenku.example.com), null when unset: links in mails
   * are never built from a request's Host header, which whoever asks could forge.
   */
  siteOrigin: string | null;
}

/** The e-mail settings (the config service in production: ConfigInternalAPI.GetMailSettings + public settings). */
export interface MailSettingsSource {
  current(): Promise<SiteMailSettings>;
}

/** Sends one mail (the kit's SMTP mailer in production); throws the kit's MailError. */
export type SendMail = (smtp: SmtpSettings, mail: Mail) => Promise<void>;

/** The verification codes' lifetimes in minutes (email.code_duration, sms.code_duration): the config service. */
export interface VerificationSettings {
  codeMinutes(channel: "email" | "sms"): Promise<number>;
}

/** Where the user service reads its security and captcha settings from; the config service in production. */
export interface SettingsProvider {
  security(): Promise<SecuritySettings>;
}

/** SMS settings as the user service obeys them (category sms and the chosen provider's keys). */
export interface SmsSettings {
  enable: boolean;
  /** smsAliyun, smsTencent, smsBaidu, smsHuawei, smsHaomas or smsLog. */
  provider: string;
  /** Seconds between two messages to one number. */
  interval: number;
  /** The provider category's keys by name, secrets included (never returned by any RPC). */
  keys: Readonly<Record<string, string>>;
}

/** Where the SMS settings come from: ConfigInternalAPI.GetSmsSettings, kept until settings change. */
export interface SmsSettingsSource {
  current(): Promise<SmsSettings>;
}

/**
 * The third-party login providers' settings with their client secrets, and whether a provider-verified
 * e-mail may sign in to the account holding it (security.oauth_link_verified_email): the config service.
 */
export interface OAuthSettingsSource {
  current(): Promise<{ providers: OAuthProviderConfig[]; linkVerifiedEmail: boolean }>;
}
