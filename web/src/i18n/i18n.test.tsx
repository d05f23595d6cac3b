import { describe, expect, it } from "@jest/globals";
import { act, fireEvent, screen } from "@testing-library/react";
import { Empty } from "antd";
import dayjs from "dayjs";
import { LanguageSwitch } from "../components/LanguageSwitch.js";
import { memoryStorage } from "../test/memoryStorage.js";
import { renderWithProviders, testDeps } from "../test/render.js";
import { useI18n } from "./I18nProvider.js";
import { createLanguageStore, LANG_STORAGE_KEY, translate } from "./language.js";

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
});
