// The config pages show English labels from the web app's dictionary: it must name exactly the
// catalogue's keys (a key added here without an English text, or a text left for a removed key, fails).
// biome-ignore lint/style/noRestrictedImports: a test pinning the web app's copy of the key list to the catalogue; no runtime dependency between the packages
import { CONFIG_OPTIONS_EN, CONFIG_TEXTS_EN } from "../../../../web/src/pages/admin/config/configTexts.en.js";
import { catalog } from "./catalog.js";

test("every catalogue key has an English label and help, and no other key has one", () => {
  const keys = catalog.map((k) => `${k.category}.${k.name}`).sort();
  expect(Object.keys(CONFIG_TEXTS_EN).sort()).toEqual(keys);
  for (const k of catalog) {
    const [label, help] = CONFIG_TEXTS_EN[`${k.category}.${k.name}`] ?? ["", ""];
    expect(label).not.toBe("");
    // A key with a Chinese help text has an English one.
    if (k.placeholder) expect(help).not.toBe("");
  }
});

test("every select choice with a Chinese label has an English one", () => {
  for (const k of catalog) {
    for (const line of k.options.split("\n").filter(Boolean)) {
      const [value = "", label = ""] = line.split(":");
      if (/[\u4e00-\u9fff]/.test(label))
        expect({ key: `${k.category}.${k.name}`, value, en: CONFIG_OPTIONS_EN[value] }).toEqual({
          key: `${k.category}.${k.name}`,
          value,
          en: expect.any(String),
        });
    }
  }
});
