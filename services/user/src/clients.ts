// The other services as the user service asks them: Connect clients over the service transports,
// carrying the internal credential, and the config service's settings through the kit's settings
// reader. Implements the ports of ports.ts.
import { createClient, type Transport } from "@connectrpc/connect";
import { cachedUntilChanged, headers, type SettingsReader } from "@wenku/kit";
import { ConfigInternalAPI } from "@wenku/proto/api/v1/config_internal_pb.js";
import { DocumentInternalAPI } from "@wenku/proto/api/v1/content_internal_pb.js";
import { OrderInternalAPI } from "@wenku/proto/api/v1/order_internal_pb.js";
import { DEFAULT_CREDIT_NAME } from "./credits/rewards.js";
import { isOAuthType, type OAuthProviderConfig } from "./oauth/providers/provider.js";
import type {
  ContentCounts,
  CreditLedger,
  DocumentCounter,
  MailSettingsSource,
  OAuthSettingsSource,
  RewardSettings,
  SettingsProvider,
  SmsSettingsSource,
  VerificationSettings,
} from "./ports.js";
import { CAPTCHA_KINDS, type CaptchaKind, DEFAULT_SECURITY } from "./settings.js";
import type { MiniProgramSource } from "./wechat/mini.service.js";
import type { OfficialAccountSource } from "./wechat/scan.service.js";
import { MINI_PROGRAM_ENVS, WECHAT_API } from "./wechat/wechat.api.js";

/** GetCreditBalances and CountUserDocuments answer at most this many ids per call. */
const BATCH = 1000;
const TIMEOUT_MS = 5_000;
/** The catalogue's default of system.sitename. */
const DEFAULT_SITE_NAME = "文库";

export function createCreditLedger(transport: Transport, internalToken: string): CreditLedger {
  const client = createClient(OrderInternalAPI, transport);
  const callOptions = { headers: { [headers.internal]: internalToken }, timeoutMs: TIMEOUT_MS };
  return {
    async balances(ids) {
      const unique = [...new Set(ids)].filter((id) => id > 0n);
      const out = new Map<bigint, number>();
      for (let i = 0; i < unique.length; i += BATCH) {
        const reply = await client.getCreditBalances({ userId: unique.slice(i, i + BATCH) }, callOptions);
        for (const b of reply.balance) out.set(b.userId, b.balance);
      }
      return out;
    },
    async apply(b) {
      const reply = await client.applyCredits(b, callOptions);
      return { balanceAfter: reply.entry?.balanceAfter ?? 0, replayed: reply.replayed };
    },
  };
}

export function createDocumentCounter(transport: Transport, internalToken: string): DocumentCounter {
  const client = createClient(DocumentInternalAPI, transport);
  const callOptions = { headers: { [headers.internal]: internalToken }, timeoutMs: TIMEOUT_MS };
  return {
    async counts(ids, publicOnly = false) {
      const unique = [...new Set(ids)].filter((id) => id > 0n);
      const out = new Map<bigint, ContentCounts>();
      for (let i = 0; i < unique.length; i += BATCH) {
        const reply = await client.countUserDocuments({ userId: unique.slice(i, i + BATCH), publicOnly }, callOptions);
        for (const c of reply.count)
          out.set(c.userId, { documents: c.docCount, articles: c.articleCount, favorites: c.favoriteCount });
      }
      return out;
    },
    downloads: (userId, page, size) => client.listUserDownloads({ userId, page, size }, callOptions),
  };
}

/** The origin of an http(s) URL (system.domain), or null when it is empty or not one. */
export function originOf(domain: string): string | null {
  try {
    const url = new URL(domain.trim());
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname ? url.origin : null;
  } catch {
    return null;
  }
}

/** ConfigInternalAPI.GetMailSettings with the site's name and domain, kept until the settings change. */
export function mailSettingsFrom(
  transport: Transport,
  internalToken: string,
  reader: Pick<SettingsReader, "derive" | "current">,
): MailSettingsSource {
  const client = createClient(ConfigInternalAPI, transport);
  const callOptions = { headers: { [headers.internal]: internalToken }, timeoutMs: TIMEOUT_MS };
  const load = reader.derive(() => client.getMailSettings({}, callOptions));
  return {
    async current() {
      const [m, site] = await Promise.all([load(), reader.current()]);
      return {
        enabled: m.enable && !!m.host,
        smtp: {
          host: m.host,
          port: m.port,
          secure: m.isTls,
          username: m.username,
          password: m.password,
          fromName: m.fromName,
        },
        linkMinutes: m.linkMinutes,
        siteName: site.system?.sitename || DEFAULT_SITE_NAME,
        siteOrigin: originOf(site.system?.domain ?? ""),
      };
    },
  };
}

/** ConfigInternalAPI.GetVerificationSettings, kept until the settings change (the reader's derive). */
export function verificationSettingsFrom(
  transport: Transport,
  internalToken: string,
  reader: Pick<SettingsReader, "derive">,
): VerificationSettings {
  const client = createClient(ConfigInternalAPI, transport);
  const callOptions = { headers: { [headers.internal]: internalToken }, timeoutMs: TIMEOUT_MS };
  const load = reader.derive(() => client.getVerificationSettings({}, callOptions));
  return {
    async codeMinutes(channel) {
      const s = await load();
      return channel === "email" ? s.emailCodeMinutes : s.smsCodeMinutes;
    },
  };
}

/** ConfigInternalAPI.GetOAuthSettings (client secrets included), kept until the settings change. */
export function oauthSettingsFrom(
  transport: Transport,
  internalToken: string,
  reader: Pick<SettingsReader, "derive">,
): OAuthSettingsSource {
  const client = createClient(ConfigInternalAPI, transport);
  const callOptions = { headers: { [headers.internal]: internalToken }, timeoutMs: TIMEOUT_MS };
  const load = reader.derive(async () => {
    const s = await client.getOAuthSettings({}, callOptions);
    const providers: OAuthProviderConfig[] = [];
    for (const p of s.providers)
      if (isOAuthType(p.type))
        providers.push({
          type: p.type,
          enable: p.enable,
          clientId: p.clientId.trim(),
          clientSecret: p.clientSecret,
          name: p.name,
          icon: p.icon,
          issuer: p.issuer.trim(),
          authorizeUrl: p.authorizeUrl.trim(),
          tokenUrl: p.tokenUrl.trim(),
          userinfoUrl: p.userinfoUrl.trim(),
          scope: p.scope.trim(),
        });
    return { providers, linkVerifiedEmail: s.linkVerifiedEmail };
  });
  return { current: load };
}

/** The rewards from the public settings (cached, dropped at once when an admin saves them). */
export function rewardsFrom(reader: Pick<SettingsReader, "current">): RewardSettings {
  return {
    async current() {
      const s = await reader.current();
      return {
        register: Math.max(0, s.score?.register ?? 0),
        signIn: Math.max(0, s.score?.signIn ?? 0),
        creditName: s.system?.creditName || DEFAULT_CREDIT_NAME,
      };
    },
  };
}

/**
 * The security section of the public settings, read through the kit's settings reader (cached,
 * dropped at once when the config service broadcasts a change), captcha look included.
 */
export function settingsFrom(reader: SettingsReader): SettingsProvider {
  return {
    async security() {
      const sec = (await reader.current()).security;
      if (!sec) return DEFAULT_SECURITY;
      return {
        enableRegister: sec.enableRegister,
        enableVerifyRegisterEmail: sec.enableVerifyRegisterEmail,
        captcha: {
          length: sec.captchaLength || DEFAULT_SECURITY.captcha.length,
          kind: CAPTCHA_KINDS.includes(sec.captchaType as CaptchaKind)
            ? (sec.captchaType as CaptchaKind)
            : DEFAULT_SECURITY.captcha.kind,
          width: sec.captchaWidth || DEFAULT_SECURITY.captcha.width,
          height: sec.captchaHeight || DEFAULT_SECURITY.captcha.height,
          scenes: {
            register: sec.enableCaptchaRegister,
            login: sec.enableCaptchaLogin,
            comment: sec.enableCaptchaComment,
            find_password: sec.enableCaptchaFindPassword,
            upload: sec.enableCaptchaUpload,
          },
        },
        login: {
          maxFailsPerIp: sec.loginMaxFailsPerIp || DEFAULT_SECURITY.login.maxFailsPerIp,
          maxConsecutiveFails: sec.loginMaxConsecutiveFails || DEFAULT_SECURITY.login.maxConsecutiveFails,
        },
      };
    },
  };
}

/** sms.interval while never saved. */
const SMS_INTERVAL_SECONDS = 60;

/**
 * ConfigInternalAPI.GetSmsSettings (the provider's keys with their secrets), kept like the settings
 * themselves: dropped at once when the config service broadcasts a change.
 */
export function smsSettingsFrom(
  transport: Transport,
  internalToken: string,
  reader: Pick<SettingsReader, "derive">,
): SmsSettingsSource {
  const client = createClient(ConfigInternalAPI, transport);
  const callOptions = { headers: { [headers.internal]: internalToken }, timeoutMs: TIMEOUT_MS };
  const load = reader.derive(async () => {
    const s = await client.getSmsSettings({}, callOptions);
    return {
      enable: s.enable,
      provider: s.provider,
      interval: s.interval >= 0 ? s.interval : SMS_INTERVAL_SECONDS,
      keys: { ...s.keys },
    };
  });
  return { current: load };
}

/**
 * The WeChat official account's settings with its secrets (ConfigInternalAPI.GetOfficialAccountSettings),
 * kept like the public settings: dropped at once when an admin saves a change.
 */
export function createOfficialAccountSource(
  transport: Transport,
  internalToken: string,
  settings?: Pick<SettingsReader, "derive">,
): OfficialAccountSource {
  const client = createClient(ConfigInternalAPI, transport);
  const callOptions = { headers: { [headers.internal]: internalToken }, timeoutMs: TIMEOUT_MS };
  const load = async () => {
    const s = await client.getOfficialAccountSettings({}, callOptions);
    return {
      enable: s.enable,
      appId: s.appId,
      appSecret: s.appSecret,
      token: s.token,
      apiBaseUrl: (s.apiBaseUrl || WECHAT_API).replace(/\/+$/, ""),
      encodingAesKey: s.encodingAesKey,
    };
  };
  return { current: settings ? settings.derive(load) : cachedUntilChanged(load, { ttlMs: 5_000 }) };
}

/**
 * The WeChat mini program's settings with its secret (ConfigInternalAPI.GetMiniProgramSettings), kept
 * like the official account's.
 */
export function createMiniProgramSource(
  transport: Transport,
  internalToken: string,
  settings?: Pick<SettingsReader, "derive">,
): MiniProgramSource {
  const client = createClient(ConfigInternalAPI, transport);
  const callOptions = { headers: { [headers.internal]: internalToken }, timeoutMs: TIMEOUT_MS };
  const load = async () => {
    const s = await client.getMiniProgramSettings({}, callOptions);
    return {
      enable: s.enable,
      appId: s.appId,
      appSecret: s.appSecret,
      apiBaseUrl: (s.apiBaseUrl || WECHAT_API).replace(/\/+$/, ""),
      // a page path as WeChat takes it: no leading slash, no query
      scanPage: s.scanPage.replace(/^\/+/, "").split("?")[0] ?? "",
      envVersion: MINI_PROGRAM_ENVS.find((e) => e === s.envVersion) ?? "release",
    };
  };
  return { current: settings ? settings.derive(load) : cachedUntilChanged(load, { ttlMs: 5_000 }) };
}

/** system.domain from the public settings (the site's address), "" when unset. */
export function siteDomainFrom(reader: Pick<SettingsReader, "current">): () => Promise<string> {
  return async () => (await reader.current()).system?.domain ?? "";
}
