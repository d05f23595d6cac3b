// The other services as the config service asks them: Connect clients over the service transports,
// carrying the internal credential. Implements the ports of ports.ts.
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient, type Transport } from "@connectrpc/connect";
import { headers, type Logger } from "@wenku/kit";
import { SettingsLanguageSchema } from "@wenku/proto/api/v1/config_pb.js";
import { ContentInternalAPI } from "@wenku/proto/api/v1/content_internal_pb.js";
import { ConverterInternalAPI } from "@wenku/proto/api/v1/converter_internal_pb.js";
import { LanguageAPI } from "@wenku/proto/api/v1/language_pb.js";
import { OrderInternalAPI } from "@wenku/proto/api/v1/order_internal_pb.js";
import { UserInternalAPI } from "@wenku/proto/api/v1/user_internal_pb.js";
import { UserVipAPI } from "@wenku/proto/api/v1/vip_pb.js";
import type {
  ConverterHost,
  EnabledLanguages,
  SearchIndexAdmin,
  SitemapAdmin,
  StatsSources,
  VipCardsOnSale,
  VipCheck,
  WechatPayCheck,
} from "./ports.js";

const TIMEOUT_MS = 5_000;
/**
 * A sitemap build reads every visible document: seconds on a large site. The REST caller may give up
 * sooner (the gateway's deadline); the build goes on in the content service all the same.
 */
const SITEMAP_TIMEOUT_MS = 10 * 60_000;

const plainDay = (d: { date: string; count: number }) => ({ date: d.date, count: d.count });

export function createStatsSources(
  transports: { user: Transport; content: Transport },
  internalToken: string,
): StatsSources {
  const users = createClient(UserInternalAPI, transports.user);
  const content = createClient(ContentInternalAPI, transports.content);
  const options = { headers: { [headers.internal]: internalToken }, timeoutMs: TIMEOUT_MS };
  return {
    async userCount() {
      return (await users.getUserStats({}, options)).userCount;
    },
    async userDaily(days, timeZone) {
      return (await users.getUserDailyCounts({ days, timeZone }, options)).registered.map(plainDay);
    },
    async contentDaily(days, timeZone) {
      const c = await content.getContentDailyCounts({ days, timeZone }, options);
      return {
        documents: c.documents.map(plainDay),
        conversions: c.conversions.map(plainDay),
        conversionFailures: c.conversionFailures.map(plainDay),
        downloads: c.downloads.map(plainDay),
      };
    },
    async contentCounters() {
      const { $typeName: _, $unknown: __, ...counters } = await content.getContentStats({}, options);
      return counters;
    },
  };
}

export function createSearchIndexAdmin(content: Transport, internalToken: string): SearchIndexAdmin {
  const client = createClient(ContentInternalAPI, content);
  const options = { headers: { [headers.internal]: internalToken }, timeoutMs: TIMEOUT_MS };
  return {
    rebuild: () => client.rebuildSearchIndex({}, options),
    status: () => client.getSearchIndexStatus({}, options),
  };
}

/** Probing LibreOffice (soffice --version) and fc-list takes seconds on a cold machine. */
const ENVS_TIMEOUT_MS = 30_000;

/** The environment check where conversions run (the converter), the host's resources from the content service. */
export function createConverterHost(converter: Transport, content: Transport, internalToken: string): ConverterHost {
  const envs = createClient(ConverterInternalAPI, converter);
  const host = createClient(ContentInternalAPI, content);
  const options = (timeoutMs: number) => ({ headers: { [headers.internal]: internalToken }, timeoutMs });
  return {
    envs: () => envs.getConverterEnvs({}, options(ENVS_TIMEOUT_MS)),
    device: () => host.getDeviceInfo({}, options(TIMEOUT_MS)),
  };
}

export function createSitemapAdmin(content: Transport, internalToken: string): SitemapAdmin {
  const client = createClient(ContentInternalAPI, content);
  return {
    async rebuild(maxAgeSeconds = 0, signal) {
      const options = { headers: { [headers.internal]: internalToken }, timeoutMs: SITEMAP_TIMEOUT_MS, signal };
      return (await client.rebuildSitemap({ maxAgeSeconds }, options)).rebuilt;
    },
  };
}

/**
 * The enabled document languages for the public settings, asked from the content service (it owns
 * them) without their document counts (the settings show none). When it cannot answer the settings
 * still load, without languages: null here, the cause logged (Unimplemented — the language slice not
 * built yet — only at debug level).
 */
export function createEnabledLanguages(transport: Transport, internalToken: string, log: Logger): EnabledLanguages {
  const client = createClient(LanguageAPI, transport);
  return async () => {
    try {
      const reply = await client.listLanguage(
        { page: 1n, size: 1000n, enable: [true], field: ["id", "language", "code", "enable"] },
        { headers: { [headers.internal]: internalToken }, timeoutMs: 3_000 },
      );
      return reply.language
        .filter((l) => l.enable)
        .map((l) => create(SettingsLanguageSchema, { id: l.id, language: l.language, code: l.code }));
    } catch (err) {
      if (err instanceof ConnectError && err.code === Code.Unimplemented) log.debug({}, "languages: not served yet");
      else log.warn({ err }, "languages: content service did not answer; settings sent without languages");
      return null;
    }
  };
}

/**
 * The VIP cards on sale for settings.vip, asked from the order service (UserVipAPI's public list: the
 * enabled cards, /joinvip's order). When it cannot answer the settings still load, without the
 * figures: null here, the cause logged.
 */
export function createVipCardsOnSale(order: Transport, internalToken: string, log: Logger): VipCardsOnSale {
  const client = createClient(UserVipAPI, order);
  return async () => {
    try {
      const reply = await client.listVipCard(
        { page: 1n, size: 100n, enable: [true] },
        { headers: { [headers.internal]: internalToken }, timeoutMs: 3_000 },
      );
      return reply.vipCard.filter((c) => c.enable);
    } catch (err) {
      log.warn({ err }, "vip cards: order service did not answer; settings sent without the cards' figures");
      return null;
    }
  };
}

/** UserInternalAPI.GetVipState. A failure propagates: that caller gets no ads rather than a VIP getting some. */
export function createVipCheck(user: Transport, internalToken: string): VipCheck {
  const client = createClient(UserInternalAPI, user);
  const options = { headers: { [headers.internal]: internalToken }, timeoutMs: TIMEOUT_MS };
  return async (userId) => (await client.getVipState({ userId }, options)).isVip;
}

/** The WeChat Pay platform is given 10 s (the order service's deadline for it) plus the hop. */
const WECHATPAY_CHECK_TIMEOUT_MS = 15_000;

/** OrderInternalAPI.CheckWechatPay: its FailedPrecondition / Unavailable answers propagate unchanged. */
export function createWechatPayCheck(order: Transport, internalToken: string): WechatPayCheck {
  const client = createClient(OrderInternalAPI, order);
  return (signal) =>
    client.checkWechatPay(
      {},
      { headers: { [headers.internal]: internalToken }, timeoutMs: WECHATPAY_CHECK_TIMEOUT_MS, signal },
    );
}
