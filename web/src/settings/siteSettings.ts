/**
 * The public site settings the UI reads (spec §3 "Settings sections"), normalised to plain
 * JSON-safe values so they can be cached in localStorage (spec §9) whatever shape the server
 * message has (protobuf int64 fields arrive as bigint).
 */
export interface SiteSettings {
  system: {
    title: string;
    sitename: string;
    logo: string;
    favicon: string;
    domain: string;
    icp: string;
    secIcp: string;
    copyrightStartYear: string;
    enablePoweredBy: boolean;
    creditName: string;
    version: string;
    /** The statistics snippet the front layouts run (settings/siteHead.ts). */
    analytics: string;
    /** Document pages carry a watermark of `watermark` (or the site name when empty). */
    enableWatermark: boolean;
    watermark: string;
    /** Keywords suggested under the home page's search box. */
    recommendWords: string[];
    /** SMS is on (sms.enable): sign-in, sign-up and recovery by mobile number and code. */
    enableSms: boolean;
  };
  footer: { about: string; agreement: string; contact: string; feedback: string; copyright: string };
  security: {
    loginRequired: boolean;
    isClose: boolean;
    enableRegister: boolean;
    enableCaptchaLogin: boolean;
    enableCaptchaRegister: boolean;
    enableVerifyRegisterEmail: boolean;
    /** Password recovery (/findpassword) asks for a captcha. */
    enableCaptchaFindPassword: boolean;
    /** The comment box shows a captcha. */
    enableCaptchaComment: boolean;
    /** Seconds a user waits between two comments (the server enforces it); 0: no limit. */
    commentInterval: number;
    /** Upload limit in MB; ≤ 0 means the default of 50 MB (see maxDocumentBytes). */
    maxDocumentSize: number;
    /** Extensions with the dot (".pdf"); empty: every supported extension. */
    documentAllowedExt: string[];
  };
  display: {
    hideCategoryWithoutDocument: boolean;
    copyrightStatement: string;
    wechatQrcode: string;
    wechatTip: string;
    contactLink: string;
    contactTip: string;
    /** Pages one "continue reading" loads; ≤ 0 means 5. */
    pagesPerRead: number;
    /** Whether a document's favorite count shows beside its favorite button. */
    showDocumentFavoriteCount: boolean;
    /** The reader's text layer may not be selected or copied (it still serves find and screen readers). */
    copyProtect: boolean;
  };
  vip: { enable: boolean; icon: string };
  /** freeDownloadDuration: days a bought document downloads again free; 0: each download is paid. */
  download: { enableGuestDownload: boolean; freeDownloadDuration: number };
  /** Pages that may be previewed; 0: no limit. */
  converter: { maxPreview: number };
  /** The enabled document languages (ids as decimal strings, so the settings stay JSON-safe). */
  language: SettingsLanguageItem[];
}

export interface SettingsLanguageItem {
  id: string;
  language: string;
  code: string;
}

type Scalar = string | number | bigint | boolean | null | undefined;
type Section = Readonly<Record<string, unknown>>;
/** What a settings loader may return: any object with (a subset of) these sections, e.g. the proto reply. */
export type SiteSettingsInput = {
  readonly [K in Exclude<keyof SiteSettings, "language">]?: Section | undefined;
} & { readonly language?: readonly Section[] | undefined };

export const DEFAULT_SETTINGS: SiteSettings = {
  system: {
    title: "",
    sitename: "",
    logo: "",
    favicon: "",
    domain: "",
    icp: "",
    secIcp: "",
    copyrightStartYear: "",
    enablePoweredBy: false,
    creditName: "",
    version: "",
    analytics: "",
    enableWatermark: false,
    enableSms: false,
    watermark: "",
    recommendWords: [],
  },
  footer: { about: "", agreement: "", contact: "", feedback: "", copyright: "" },
  // Until the settings are known the forms stay open; the server enforces the real switches.
  security: {
    loginRequired: false,
    isClose: false,
    enableRegister: true,
    enableCaptchaLogin: false,
    enableCaptchaRegister: false,
    enableVerifyRegisterEmail: false,
    enableCaptchaFindPassword: false,
    enableCaptchaComment: false,
    commentInterval: 0,
    maxDocumentSize: 0,
    documentAllowedExt: [],
  },
  display: {
    hideCategoryWithoutDocument: false,
    copyrightStatement: "",
    wechatQrcode: "",
    wechatTip: "",
    contactLink: "",
    contactTip: "",
    pagesPerRead: 0,
    showDocumentFavoriteCount: true,
    copyProtect: false,
  },
  vip: { enable: false, icon: "" },
  download: { enableGuestDownload: false, freeDownloadDuration: 7 },
  converter: { maxPreview: 0 },
  language: [],
};

type Field = string | boolean | number | string[];

function pickSection<T extends Record<string, Field>>(defaults: T, input: Section | undefined): T {
  const out: Record<string, Field> = { ...defaults };
  if (!input) return out as T;
  for (const [key, fallback] of Object.entries(defaults)) {
    const raw = input[key];
    if (Array.isArray(fallback)) {
      if (Array.isArray(raw)) out[key] = raw.filter((v): v is string => typeof v === "string");
      continue;
    }
    const value = raw as Scalar;
    if (value === undefined || value === null) continue;
    if (typeof fallback === "boolean") out[key] = value === true || value === "true" || value === 1;
    else if (typeof fallback === "number") {
      const n = Number(value);
      if (Number.isFinite(n)) out[key] = n;
    } else if (typeof value !== "object") out[key] = String(value);
  }
  return out as T;
}

function pickLanguages(input: readonly Section[] | undefined): SettingsLanguageItem[] {
  if (!Array.isArray(input)) return [];
  return input.map((l) => ({ id: String(l.id ?? ""), language: String(l.language ?? ""), code: String(l.code ?? "") }));
}

/** Keeps the known fields of every section, converted to the declared types; the rest is dropped. */
export function normaliseSettings(input: SiteSettingsInput | null | undefined): SiteSettings {
  return {
    system: pickSection(DEFAULT_SETTINGS.system, input?.system),
    footer: pickSection(DEFAULT_SETTINGS.footer, input?.footer),
    security: pickSection(DEFAULT_SETTINGS.security, input?.security),
    display: pickSection(DEFAULT_SETTINGS.display, input?.display),
    vip: pickSection(DEFAULT_SETTINGS.vip, input?.vip),
    download: pickSection(DEFAULT_SETTINGS.download, input?.download),
    converter: pickSection(DEFAULT_SETTINGS.converter, input?.converter),
    language: pickLanguages(input?.language),
  };
}

/** The short site name for the logo and hero: sitename, else title, else the library name. */
export function siteNameOf(settings: SiteSettings, fallback: string): string {
  return settings.system.sitename || settings.system.title || fallback;
}

/** The document title (spec §9: the default site title falls back to the library name). */
export function siteTitleOf(settings: SiteSettings, fallback: string): string {
  return settings.system.title || settings.system.sitename || fallback;
}

/** The name of the site's credits (spec §1: configurable, default label 积分 / points). */
export function creditNameOf(settings: SiteSettings, fallback: string): string {
  return settings.system.creditName || fallback;
}
