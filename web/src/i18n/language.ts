import type { Locale } from "antd/es/locale";
import antdZhCN from "antd/locale/zh_CN";
import { SLICE_LOADERS, type SliceMessages, TEXT_SLICES, type TextSlice } from "./slices.js";
import { type MessageKey, type Messages, zhCN } from "./zh-CN.js";

export const LANGUAGES = ["zh-CN", "en"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "zh-CN";
export const LANG_STORAGE_KEY = "wenku:lang";

/** What a language needs besides its code: the UI dictionary and antd's own texts. */
export interface LanguagePack {
  messages: Messages;
  antdLocale: Locale;
}

/**
 * A locale module's locale. The bundle imports antd's ES modules; the unit tests get its CommonJS
 * build through Node's interop, where the locale sits one `default` deeper.
 */
function antdLocaleOf(module: Locale | { default: Locale }): Locale {
  return "default" in module ? module.default : module;
}

/**
 * The default language is part of the app; any other is loaded when chosen (a visitor reading
 * Chinese never downloads the English texts).
 */
const zhCNPack: LanguagePack = { messages: zhCN, antdLocale: antdLocaleOf(antdZhCN) };
const packs = new Map<Lang, LanguagePack>([["zh-CN", zhCNPack]]);
const loaders: Record<Lang, () => Promise<LanguagePack>> = {
  "zh-CN": async () => zhCNPack,
  en: async () => {
    const [{ en }, antdLocale] = await Promise.all([import("./en.js"), import("antd/locale/en_US")]);
    return { messages: en, antdLocale: antdLocaleOf(antdLocale.default) };
  },
};

/** The language in use (what applyLanguage last applied). */
let appliedLang: Lang = DEFAULT_LANG;
/** The slices loaded, by language (slices.ts). */
const sliceTexts = new Map<Lang, Map<TextSlice, SliceMessages>>();
/** The slices in use: loaded again with every language the visitor switches to. */
const wantedSlices = new Set<TextSlice>();
const sliceLoads = new Map<string, Promise<void>>();
const textsListeners = new Set<() => void>();
/** Bumped whenever a slice arrives: what the provider re-renders on (useTextsVersion). */
let textsVersion = 0;

const hasSlice = (lang: Lang, slice: TextSlice): boolean => sliceTexts.get(lang)?.has(slice) ?? false;

function loadSlice(lang: Lang, slice: TextSlice): Promise<void> {
  if (hasSlice(lang, slice)) return Promise.resolve();
  const id = `${lang}:${slice}`;
  let load = sliceLoads.get(id);
  if (!load) {
    load = SLICE_LOADERS[slice][lang]().then(
      (texts) => {
        const loaded = sliceTexts.get(lang) ?? new Map<TextSlice, SliceMessages>();
        loaded.set(slice, texts);
        sliceTexts.set(lang, loaded);
        textsVersion++;
        for (const listener of textsListeners) listener();
      },
      (error: unknown) => {
        sliceLoads.delete(id); // a later navigation tries again
        throw error;
      },
    );
    sliceLoads.set(id, load);
  }
  return load;
}

/**
 * Makes slices of texts available in a language (by default the one in use), now and in every
 * language loaded later: give it to the lazy load of a page or component that shows them.
 */
export async function loadTexts(slices: readonly TextSlice[], lang: Lang = appliedLang): Promise<void> {
  for (const slice of slices) wantedSlices.add(slice);
  await Promise.all(slices.map((slice) => loadSlice(lang, slice)));
}

/** A lazy module together with the texts it shows: `lazyComponent(() => withTexts(import("./X.js"), ["vip"]))`. */
export async function withTexts<T>(module: Promise<T>, slices: readonly TextSlice[]): Promise<T> {
  const [loaded] = await Promise.all([module, loadTexts(slices)]);
  return loaded;
}

/** The back office's texts (with the public slices its screens show): loaded with the admin layout. */
export const loadAdminTexts = (lang: Lang = appliedLang): Promise<void> =>
  loadTexts(["admin", "orders", "vip", "social"], lang);

/** Follows slice arrivals: `textsVersion()` changes with each (useSyncExternalStore). */
export function subscribeTexts(listener: () => void): () => void {
  textsListeners.add(listener);
  return () => textsListeners.delete(listener);
}
export const currentTextsVersion = (): number => textsVersion;

/** Loads a language's pack once (and the slices in use in it); later calls reuse it. */
export async function loadLanguage(lang: Lang): Promise<LanguagePack> {
  const slices = loadTexts([...wantedSlices], lang);
  const pack = packs.get(lang) ?? (await loaders[lang]());
  packs.set(lang, pack);
  await slices;
  return pack;
}

/** Whether a language can be shown at once: its pack and the slices in use. */
const isLoaded = (lang: Lang): boolean => packs.has(lang) && [...wantedSlices].every((slice) => hasSlice(lang, slice));

/** A loaded language's pack (the store only switches to a language once it is loaded). */
export function languagePack(lang: Lang): LanguagePack {
  const pack = packs.get(lang);
  if (!pack) throw new Error(`language ${lang} is not loaded`);
  return pack;
}

export type MessageVars = Readonly<Record<string, string | number>>;

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

const warned = new Set<string>();

/**
 * A text shown before its slice was loaded (a page or component that does not name the slice):
 * every slice not loaded yet is fetched, and the provider re-renders with it when it comes. Said
 * once per key in the console, so that the page gets its slice named.
 */
function missing(lang: Lang, key: string): void {
  const absent = TEXT_SLICES.filter((slice) => !hasSlice(lang, slice));
  if (absent.length === 0) return;
  if (!warned.has(key)) {
    warned.add(key);
    console.warn(`text ${key} shown before its slice was loaded: name the slice where its page or component loads`);
  }
  void loadTexts(absent, lang).catch((error: unknown) => console.error("texts could not be loaded", error));
}

/** A text of a language: the pack's, else a loaded slice's (in zh-CN if that language's is missing), else the key. */
function lookUp(lang: Lang, key: MessageKey): string {
  const messages: Readonly<Record<string, string>> = languagePack(lang).messages;
  const found = messages[key] ?? findInSlices(lang, key) ?? findInSlices(DEFAULT_LANG, key);
  if (found !== undefined) return found;
  missing(lang, key);
  return key;
}

function findInSlices(lang: Lang, key: string): string | undefined {
  for (const texts of sliceTexts.get(lang)?.values() ?? []) {
    const text = texts[key];
    if (text !== undefined) return text;
  }
  return undefined;
}

/** Looks a key up in one language and fills `{name}` placeholders; unknown placeholders stay as written. */
export function translate(lang: Lang, key: MessageKey, vars?: MessageVars): string {
  const template = lookUp(lang, key);
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined ? whole : String(value);
  });
}

const appliedListeners = new Set<(lang: Lang) => void>();

/**
 * Follows the language in use (what applyLanguage last applied), starting with the current one:
 * how a module loaded later (dayjs for the date pickers) keeps its own locale in step.
 */
export function onLanguageApplied(listener: (lang: Lang) => void): () => void {
  appliedListeners.add(listener);
  listener(appliedLang);
  return () => appliedListeners.delete(listener);
}

/** Process-wide effects of a language choice: the document's lang attribute and onLanguageApplied's followers. */
export function applyLanguage(lang: Lang): void {
  appliedLang = lang;
  // A slice asked for while this language was loading comes now (a no-op for those already here).
  void loadTexts([...wantedSlices], lang).catch((error: unknown) => console.error("texts could not be loaded", error));
  if (typeof document !== "undefined") document.documentElement.lang = lang;
  for (const listener of appliedListeners) listener(lang);
}

export interface LanguageStore {
  get(): Lang;
  /** Switches at once when the language is loaded, else once it is (a failed load keeps the current one). */
  set(lang: Lang): void;
  subscribe(listener: () => void): () => void;
  /** Settles once the stored language is in use (or, when it cannot be loaded, the default): render after it. */
  ready: Promise<void>;
}

/** Where the store gets language packs (tests give their own to control the loading). */
export interface LanguageLoader {
  has(lang: Lang): boolean;
  load(lang: Lang): Promise<unknown>;
}

const packLoader: LanguageLoader = { has: isLoaded, load: loadLanguage };

/**
 * The chosen language, persisted in `storage` (localStorage in the browser). An absent or unknown
 * stored value means the default, zh-CN. A language not loaded yet is loaded first; until then the
 * current one stays. `effects` runs at creation and on every change.
 */
export function createLanguageStore(
  storage: Pick<Storage, "getItem" | "setItem"> | undefined,
  effects: (lang: Lang) => void = applyLanguage,
  loader: LanguageLoader = packLoader,
): LanguageStore {
  const readStored = (): Lang => {
    try {
      const stored = storage?.getItem(LANG_STORAGE_KEY);
      return isLang(stored) ? stored : DEFAULT_LANG;
    } catch {
      return DEFAULT_LANG;
    }
  };
  const listeners = new Set<() => void>();
  const stored = readStored();
  let current = loader.has(stored) ? stored : DEFAULT_LANG;
  /** The latest choice: a slower load of an earlier one must not win over it. */
  let wanted = current;
  effects(current);

  const apply = (lang: Lang) => {
    if (lang === current) return;
    current = lang;
    effects(lang);
    for (const listener of listeners) listener();
  };
  const switchTo = (lang: Lang): Promise<void> => {
    wanted = lang;
    if (loader.has(lang)) {
      apply(lang);
      return Promise.resolve();
    }
    return loader.load(lang).then(
      () => {
        if (wanted === lang) apply(lang);
      },
      (error: unknown) => {
        console.error(`language ${lang} could not be loaded; staying in ${current}`, error);
        if (wanted === lang) wanted = current;
      },
    );
  };

  return {
    get: () => current,
    set(lang) {
      if (lang === wanted) return;
      try {
        storage?.setItem(LANG_STORAGE_KEY, lang);
      } catch {
        // Storage can be full or blocked (private mode); the choice still applies to this tab.
      }
      void switchTo(lang);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: switchTo(stored),
  };
}
