import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from "react";
import {
  currentTextsVersion,
  type Lang,
  type LanguageStore,
  type MessageVars,
  subscribeTexts,
  translate,
} from "./language.js";
import type { MessageKey } from "./zh-CN.js";

export type Translate = (key: MessageKey, vars?: MessageVars) => string;

export interface I18n {
  lang: Lang;
  setLang: (lang: Lang) => void;
  t: Translate;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ store, children }: { store: LanguageStore; children: ReactNode }) {
  const lang = useSyncExternalStore(store.subscribe, store.get, store.get);
  // A slice of texts arriving (i18n/slices.ts) re-renders the texts' readers.
  const texts = useSyncExternalStore(subscribeTexts, currentTextsVersion, currentTextsVersion);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new t when a slice of texts arrives
  const value = useMemo<I18n>(
    () => ({ lang, setLang: store.set, t: (key, vars) => translate(lang, key, vars) }),
    [lang, store, texts],
  );
  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useI18n must be used inside <I18nProvider>");
  return i18n;
}
