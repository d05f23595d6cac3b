// Stored settings ↔ the public contract (ConfigAPI): the admin's rows, the site's public settings and the
// VIP and recharge settings every service may read. What other services read with secrets is
// settings.internal.mapper.ts's.
import { clone, create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import {
  type Config,
  ConfigSchema,
  type ConfigVip,
  ConfigVipSchema,
  type RechargeSettings,
  RechargeSettingsSchema,
  type Settings,
  type SettingsLanguage,
  SettingsSchema,
  type VipSettings,
  VipSettingsSchema,
} from "@wenku/proto/api/v1/config_pb.js";
import { PayMethod, VipCardType } from "@wenku/proto/api/v1/enums_pb.js";
import type { VipCard } from "@wenku/proto/api/v1/vip_pb.js";
import { catalogEntry } from "./catalog.js";
import { DOCUMENT_EXTENSIONS } from "./catalog.site.js";
import type { ListedConfig } from "./config.service.js";
import type { ConfigValues } from "./values.js";

export function toConfig(row: ListedConfig): Config {
  const key = catalogEntry(row.category, row.name);
  return create(ConfigSchema, {
    ...(key?.min === undefined ? {} : { min: BigInt(key.min) }),
    ...(key?.max === undefined ? {} : { max: BigInt(key.max) }),
    id: row.id,
    label: row.label,
    name: row.name,
    value: row.value,
    placeholder: row.placeholder,
    inputType: row.inputType,
    category: row.category,
    sort: row.sort,
    options: row.options,
    isSecret: row.isSecret,
    colNum: row.colNum,
    createdAt: timestampFromDate(row.createdAt),
    updatedAt: timestampFromDate(row.updatedAt),
  });
}

/**
 * What only the services need of the settings they read: throttle thresholds (login attempts, download and
 * upload quotas per address or day), retention and clean-up intervals, timeouts and cache lifetimes. The
 * services read GetSettings with the internal credential and get them; anyone else gets them cleared
 * (publicSettings), so a visitor cannot tune an attack to the limits. Staff see them in ListConfig.
 */
const SERVER_ONLY = {
  security: [
    "uploadMaxPerDay",
    "uploadMaxMbPerDay",
    "unusedAttachmentHours",
    "attachmentRetentionMinute",
    "searchRecordRetentionDays",
    "loginMaxFailsPerIp",
    "loginMaxConsecutiveFails",
  ],
  download: ["timesEveryIp", "urlDuration"],
  converter: ["timeout"],
  ssr: ["cacheSeconds"],
} as const satisfies { [K in keyof Settings]?: readonly (keyof NonNullable<Settings[K]>)[] };

/** The settings as GetSettings answers callers other than the services: SERVER_ONLY fields cleared. */
export function publicSettings(full: Settings): Settings {
  const out = clone(SettingsSchema, full);
  for (const [group, fields] of Object.entries(SERVER_ONLY)) {
    const part = out[group as keyof typeof SERVER_ONLY] as Record<string, unknown> | undefined;
    if (part) for (const f of fields) part[f] = 0;
  }
  return out;
}

/**
 * The public settings: only keys every visitor may see. Secrets (signing keys, passwords,
 * merchant and API keys) live in categories this function never reads, or are skipped here.
 */
export function toSettings(
  v: ConfigValues,
  languages: SettingsLanguage[],
  version: string,
  vipCards: readonly VipCard[],
): Settings {
  const payMethod: PayMethod[] = [];
  if (v.bool("wechatpay", "enable")) payMethod.push(PayMethod.WECHAT);
  if (v.bool("alipay", "enable")) payMethod.push(PayMethod.ALIPAY);
  if (v.bool("sandboxpay", "enable")) payMethod.push(PayMethod.SANDBOX);
  return create(SettingsSchema, {
    system: {
      domain: v.str("system", "domain"),
      title: v.str("system", "title") || v.str("system", "sitename"),
      keywords: v.str("system", "keywords"),
      description: v.str("system", "description"),
      logo: v.str("system", "logo"),
      favicon: v.str("system", "favicon"),
      icp: v.str("system", "icp"),
      analytics: v.str("system", "analytics"),
      sitename: v.str("system", "sitename"),
      copyrightStartYear: v.str("system", "copyright_start_year"),
      registerBackground: v.str("system", "register_background"),
      loginBackground: v.str("system", "login_background"),
      recommendWords: v.list("system", "recommend_words"),
      version,
      creditName: v.str("score", "credit_name"),
      creditExchange: v.int("score", "credit_exchange"),
      secIcp: v.str("system", "sec_icp"),
      enablePoweredBy: v.bool("system", "enable_powered_by"),
      enableWatermark: v.bool("system", "enable_watermark"),
      watermark: v.str("system", "watermark"),
      enableSms: v.bool("sms", "enable"),
    },
    footer: {
      about: v.str("footer", "about"),
      contact: v.str("footer", "contact"),
      agreement: v.str("footer", "agreement"),
      copyright: v.str("footer", "copyright"),
      feedback: v.str("footer", "feedback"),
    },
    security: {
      isClose: v.bool("security", "is_close"),
      closeStatement: v.str("security", "close_statement"),
      enableRegister: v.bool("security", "enable_register"),
      enableCaptchaLogin: v.bool("security", "enable_captcha_login"),
      enableCaptchaRegister: v.bool("security", "enable_captcha_register"),
      enableCaptchaComment: v.bool("security", "enable_captcha_comment"),
      enableCaptchaFindPassword: v.bool("security", "enable_captcha_find_password"),
      enableCaptchaUpload: v.bool("security", "enable_captcha_upload"),
      maxDocumentSize: v.int("security", "max_document_size"),
      documentAllowedExt: allowedExtensions(v.list("security", "document_allowed_ext")),
      loginRequired: v.bool("security", "login_required"),
      enableVerifyRegisterEmail: v.bool("security", "enable_verify_register_email"),
      captchaLength: v.int("captcha", "length"),
      captchaType: v.str("captcha", "type"),
      captchaWidth: v.int("captcha", "width"),
      captchaHeight: v.int("captcha", "height"),
      uploadMaxPerDay: v.int("security", "upload_max_per_day"),
      uploadMaxMbPerDay: v.int("security", "upload_max_mb_per_day"),
      unusedAttachmentHours: v.int("security", "unused_attachment_hours"),
      attachmentRetentionMinute: v.int("security", "attachment_retention_minute"),
      searchRecordRetentionDays: v.int("security", "search_record_retention_days"),
      commentInterval: v.int("security", "comment_interval"),
      loginMaxFailsPerIp: v.int("security", "login_max_fails_per_ip"),
      loginMaxConsecutiveFails: v.int("security", "login_max_consecutive_fails"),
    },
    display: {
      showRegisterUserCount: v.bool("display", "show_register_user_count"),
      showIndexCategories: v.bool("display", "show_index_categories"),
      pagesPerRead: v.int("display", "pages_per_read"),
      copyrightStatement: v.str("display", "copyright_statement"),
      showDocumentDescriptions: v.bool("display", "show_document_descriptions"),
      hideKeywordsOnLists: v.bool("display", "hide_keywords_on_lists"),
      showDocumentCount: v.bool("display", "show_document_count"),
      showDocumentViewCount: v.bool("display", "show_document_view_count"),
      showDocumentDownloadCount: v.bool("display", "show_document_download_count"),
      showDocumentFavoriteCount: v.bool("display", "show_document_favorite_count"),
      hideCategoryWithoutDocument: v.bool("display", "hide_category_without_document"),
      wechatTip: v.str("display", "wechat_tip"),
      wechatQrcode: v.str("display", "wechat_qrcode"),
      contactTip: v.str("display", "contact_tip"),
      contactLink: v.str("display", "contact_link"),
      indexDocumentStyle: v.str("display", "index_document_style"),
      homeVersion: v.str("display", "home_version"),
      maxSearchPages: v.int("display", "max_search_pages"),
      copyProtect: v.bool("display", "copy_protect"),
    },
    language: languages,
    download: {
      enableGuestDownload: v.bool("download", "enable_guest_download"),
      freeDownloadDuration: v.int("download", "free_download_duration"),
      timesEveryDay: v.int("download", "times_every_day"),
      timesEveryIp: v.int("download", "times_every_ip"),
      maxPrice: v.int("download", "max_price"),
      urlDuration: v.int("download", "url_duration"),
    },
    converter: {
      maxPreview: v.int("converter", "max_preview"),
      maxPreviewPercent: v.int("converter", "max_preview_percent"),
      timeout: v.int("converter", "timeout"),
      enableConvertRepeatedDocument: v.bool("converter", "enable_convert_repeated_document"),
    },
    vip: { enable: v.bool("vip", "enable"), icon: v.str("vip", "icon"), ...vipFigures(vipCards) },
    ssr: { enable: v.bool("ssr", "enable"), cacheSeconds: v.int("ssr", "cache_seconds") },
    payment: { payMethod },
    score: {
      register: v.int("score", "register"),
      signIn: v.int("score", "sign_in"),
      uploadDocument: v.int("score", "upload_document"),
      uploadDocumentLimit: v.int("score", "upload_document_limit"),
      deleteDocument: v.int("score", "delete_document"),
      documentCollected: v.int("score", "document_collected"),
      documentCollectedLimit: v.int("score", "document_collected_limit"),
      documentCommented: v.int("score", "document_commented"),
      documentCommentedLimit: v.int("score", "document_commented_limit"),
    },
  });
}

/**
 * The upload extensions as moredoc clients read them: ".pdf" form, and every known extension
 * when the key is left empty — an empty list would make them refuse every file.
 */
function allowedExtensions(stored: readonly string[]): string[] {
  const chosen = stored.map((e) => e.toLowerCase().replace(/^\.+/, "")).filter(Boolean);
  return [...new Set(chosen.length ? chosen : DOCUMENT_EXTENSIONS)].map((e) => `.${e}`);
}

const FIGURE_PREFIX = {
  [VipCardType.YEAR]: "year",
  [VipCardType.SEASON]: "quarter",
  [VipCardType.MONTH]: "month",
} as const;

/**
 * The figures moredoc's /joinvip reads from settings.vip, from the cards on sale (the order service's
 * VIP cards are the one source of VIP prices): per type the first card in `cards` (the public list's
 * order, which the order service also sells by type). The price is what the order charges (the card's
 * price after its discount, rounded to the cent as the order service's cardPrice does).
 */
export function vipFigures(cards: readonly VipCard[]) {
  const figures: Record<string, number> = {};
  for (const [type, p] of Object.entries(FIGURE_PREFIX)) {
    const card = cards.find((c) => c.type === Number(type));
    if (!card) continue;
    figures[`${p}Price`] = Math.round(card.price * card.discount);
    figures[`${p}OriginalPrice`] = card.price;
    figures[`${p}DocumentDiscount`] = card.documentDiscount ?? 100;
    figures[`${p}Download`] = card.download ?? 0;
    figures[`${p}TimesEveryDay`] = card.timesEveryDay ?? 0;
  }
  return { ...figures, enableCreditPay: cards.some((c) => c.creditPrice > 0) };
}

/**
 * GetVipSettings (/api/v1/settings/vip, kept for moredoc clients): settings.vip in its older shape.
 * The figures are the cards' (vipFigures); the config keys vip.{year,quarter,month}_* only seeded the
 * first cards (order migration 0003_vip) and price nothing.
 */
export function toVipSettings(vip: ConfigVip | undefined): VipSettings {
  const { $typeName: _, $unknown: __, enableCreditPay: ___, ...fields } = vip ?? create(ConfigVipSchema);
  return create(VipSettingsSchema, fields);
}

export function toRechargeSettings(v: ConfigValues): RechargeSettings {
  return create(RechargeSettingsSchema, {
    enable: v.bool("score", "enable_recharge"),
    rechargeDiscount: v.str("score", "recharge_discount"),
    creditName: v.str("score", "credit_name"),
    creditExchange: v.int("score", "credit_exchange"),
  });
}
