import { describe, expect, it, jest } from "@jest/globals";
import { act, fireEvent, screen } from "@testing-library/react";
import { Empty } from "antd";
import { memoryStorage } from "../../test/memoryStorage.js";
import { renderWithProviders, testDeps } from "../../test/render.js";
import { dayjs } from "../components/common/dayjs.js";
import { LanguageSwitch } from "../components/LanguageSwitch.js";
import { useI18n } from "./I18nProvider.js";
import {
  createLanguageStore,
  LANG_STORAGE_KEY,
  type Lang,
  type LanguageLoader,
  languagePack,
  loadLanguage,
  translate,
} from "./language.js";

/** A loader that holds English back until the test releases (or fails) it; zh-CN is always there. */
function heldLoader() {
  const loaded = new Set<Lang>(["zh-CN"]);
  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  const loader: LanguageLoader = {
    has: (lang) => loaded.has(lang),
    load: (lang) =>
      new Promise<void>((resolve, reject) => {
        settle = {
          resolve: () => {
            loaded.add(lang);
            resolve();
          },
          reject,
        };
      }),
  };
  return {
    loader,
    release: () => settle?.resolve(),
    fail: () => settle?.reject(new Error("chunk failed")),
  };
}

function Probe() {
  const { t } = useI18n();
  return <p data-testid="label">{t("nav.home")}</p>;
}

describe("i18n", () => {
  it("defaults to zh-CN and ignores an unknown stored language", () => {
    expect(createLanguageStore(memoryStorage()).get()).toBe("zh-CN");
    expect(createLanguageStore(memoryStorage({ [LANG_STORAGE_KEY]: "fr" })).get()).toBe("zh-CN");
    expect(createLanguageStore(memoryStorage({ [LANG_STORAGE_KEY]: "en" })).get()).toBe("en");
  });

  it("fills placeholders and leaves unknown ones as written", () => {
    expect(translate("zh-CN", "home.welcome", { name: "文库" })).toBe("欢迎来到文库");
    expect(translate("en", "home.welcome", { name: "Wenku" })).toBe("Welcome to Wenku");
    expect(translate("en", "home.welcome")).toBe("Welcome to {name}");
  });

  it("switches UI strings, antd's locale and dayjs, and remembers the choice", async () => {
    const deps = testDeps();
    renderWithProviders(
      <>
        <Probe />
        <LanguageSwitch />
        <Empty />
      </>,
      deps,
    );
    expect((await screen.findByTestId("label")).textContent).toBe("首页");
    expect(screen.getAllByText("暂无数据").length).toBeGreaterThan(0);
    expect(dayjs.locale()).toBe("zh-cn");

    fireEvent.click(screen.getByTestId("lang-switch"));

    expect(screen.getByTestId("label").textContent).toBe("Home");
    expect(screen.getAllByText("No data").length).toBeGreaterThan(0);
    expect(dayjs.locale()).toBe("en");
    expect(document.documentElement.lang).toBe("en");
    expect(deps.storage.getItem(LANG_STORAGE_KEY)).toBe("en");
    // A new page load (a new store over the same storage) starts in English.
    expect(createLanguageStore(deps.storage).get()).toBe("en");

    act(() => deps.languageStore.set("zh-CN"));
    expect(screen.getByTestId("label").textContent).toBe("首页");
  });

  it("loads English with antd's English texts", async () => {
    const pack = await loadLanguage("en");
    expect(pack.messages["nav.home"]).toBe("Home");
    expect(pack.antdLocale.locale).toBe("en");
    expect(languagePack("zh-CN").antdLocale.locale).toBe("zh-cn");
  });

  it("keeps the current language until a chosen one is loaded, and is ready once the stored one is", async () => {
    const held = heldLoader();
    const effects: Lang[] = [];
    const store = createLanguageStore(memoryStorage({ [LANG_STORAGE_KEY]: "en" }), (l) => effects.push(l), held.loader);
    expect(store.get()).toBe("zh-CN");
    let ready = false;
    void store.ready.then(() => {
      ready = true;
    });
    await Promise.resolve();
    expect(ready).toBe(false);
    held.release();
    await store.ready;
    expect(store.get()).toBe("en");
    expect(effects).toEqual(["zh-CN", "en"]);
  });

  it("stays in the current language when the chosen one cannot be loaded, and the latest choice wins", async () => {
    const error = jest.spyOn(console, "error").mockImplementation(() => {});
    const held = heldLoader();
    const storage = memoryStorage();
    const store = createLanguageStore(storage, () => {}, held.loader);
    await store.ready;
    store.set("en");
    expect(store.get()).toBe("zh-CN");
    expect(storage.getItem(LANG_STORAGE_KEY)).toBe("en");
    held.fail();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.get()).toBe("zh-CN");
    expect(error).toHaveBeenCalled();

    store.set("en");
    store.set("zh-CN");
    held.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.get()).toBe("zh-CN");
  });
});
