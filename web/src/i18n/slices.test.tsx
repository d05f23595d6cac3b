import { describe, expect, it, jest } from "@jest/globals";
import { act } from "@testing-library/react";
import { memoryStorage } from "../../test/memoryStorage.js";
import { en } from "./en.js";
import { SLICE_LOADERS, TEXT_SLICES } from "./slices.js";
import { zhCN } from "./zh-CN.js";

type LanguageModule = typeof import("./language.js");

/** language.ts as a first visit has it (the test setup loads every slice into the shared one). */
async function freshLanguage(): Promise<{ language: LanguageModule }> {
  let modules: { language: LanguageModule } | undefined;
  await jest.isolateModulesAsync(async () => {
    modules = { language: await import("./language.js") };
  });
  if (!modules) throw new Error("modules not loaded");
  return modules;
}

describe("slices of texts", () => {
  it.each(TEXT_SLICES)("%s: the same keys in zh-CN and en, none of them in the texts every page has", async (slice) => {
    const zh = await SLICE_LOADERS[slice]["zh-CN"]();
    const english = await SLICE_LOADERS[slice].en();
    expect(Object.keys(english).sort()).toEqual(Object.keys(zh).sort());
    for (const key of Object.keys(zh)) {
      expect(key in zhCN).toBe(false);
      expect(key in en).toBe(false);
    }
  });

  it("a page's slice comes with its module, in the language in use (English), and again on a switch", async () => {
    const { language } = await freshLanguage();
    const store = language.createLanguageStore(memoryStorage({ [language.LANG_STORAGE_KEY]: "en" }));
    await store.ready;
    expect(store.get()).toBe("en");
    const page = { default: "the page" };
    await expect(language.withTexts(Promise.resolve(page), ["vip", "orders"])).resolves.toBe(page);
    expect(language.translate("en", "vip.mark")).toBe("VIP member");
    expect(language.translate("en", "order.typeVip")).not.toBe("order.typeVip");
    // Switching back: the slices in use are loaded in zh-CN before it shows.
    store.set("zh-CN");
    await language.loadLanguage("zh-CN");
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(store.get()).toBe("zh-CN");
    expect(language.translate("zh-CN", "vip.mark")).toBe("VIP会员");
  });

  it("a text shown before its slice was loaded fetches the slices, and the provider's followers hear of it", async () => {
    const { language } = await freshLanguage();
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    const store = language.createLanguageStore(memoryStorage({}));
    await store.ready;
    const version = language.currentTextsVersion();
    const arrived = new Promise<void>((resolve) => language.subscribeTexts(resolve));
    expect(language.translate("zh-CN", "vip.mark")).toBe("vip.mark");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("vip.mark"));
    await arrived;
    expect(language.currentTextsVersion()).toBeGreaterThan(version);
    expect(language.translate("zh-CN", "vip.mark")).toBe("VIP会员");
    warn.mockRestore();
  });

  it("an unknown key stays the key once every slice is loaded, without fetching again", async () => {
    const { language } = await freshLanguage();
    await language.loadTexts(TEXT_SLICES, "zh-CN");
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    // biome-ignore lint/suspicious/noExplicitAny: a key no dictionary has, on purpose
    expect(language.translate("zh-CN", "no.such.key" as any)).toBe("no.such.key");
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});
