import { cleanName, cleanText } from "./text.js";

const cp = (s: string) => [...s].map((c) => (c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0"));

test("bidi controls are stripped from names: evil\\u202Egpj.exe stays evilgpj.exe", () => {
  expect(cleanName("evil\u202Egpj.exe")).toBe("evilgpj.exe");
  const bidi = "\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C";
  expect(cleanName(`a${bidi}b`)).toBe("ab");
  expect(cleanText(`a${bidi}b`)).toBe("ab");
});

test("other invisible format characters and controls are stripped", () => {
  // zero-width space, soft hyphen, word joiner, invisible times, BOM, Hangul filler, combining grapheme joiner
  expect(cleanName("a\u200Bb\u00ADc\u2060d\u2062e\uFEFFf\u3164g\u034Fh")).toBe("abcdefgh");
  // C0, DEL and C1 controls
  expect(cleanName("a\u0000b\u0007c\u001Bd\u007Fe\u0080f\u009Bg")).toBe("abcdefg");
  // an Arabic number sign (Cf) and a lone tag character outside any flag
  expect(cleanName("1\u06002\u{E0041}3")).toBe("123");
});

test("names are one line; free text keeps its lines as \\n", () => {
  expect(cleanName("  第一行\r\n第二行\t末\u2028尾  ")).toBe("第一行 第二行 末 尾");
  expect(cleanText(" 第一行\r\n第二行\r\t第三\u2029行 ")).toBe("第一行\n第二行\n\t第三\n行");
});

test("NFC: a decomposed é is stored composed, also when a stripped mark stood between", () => {
  expect(cleanName("Cafe\u0301")).toBe("Café");
  expect(cp(cleanName("e\u200B\u0301"))).toEqual(["00E9"]);
});

test("emoji sequences keep their joiners, variation selectors and tags", () => {
  const coder = "👩\u200D💻";
  const rainbow = "🏳\uFE0F\u200D🌈";
  const family = "👨🏽\u200D👩\u200D👧";
  const england = "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}";
  for (const e of [coder, rainbow, family, england, "#\uFE0F\u20E3", "☺\uFE0E"])
    expect(cleanName(`x${e}y`)).toBe(`x${e}y`);
  // a ZWJ between Latin letters shows nothing and joins nothing
  expect(cleanName("ad\u200Dmin")).toBe("admin");
  expect(cleanName("👩\u200D")).toBe("👩");
});

test("scripts that spell words with joiners keep them between their letters", () => {
  const persian = "می\u200Cخواهم"; // ZWNJ in Persian
  const hindi = "क्\u200Dष"; // ZWJ after virama (half form)
  expect(cleanName(persian)).toBe(persian);
  expect(cleanName(hindi)).toBe(hindi);
  expect(cleanName("a\u200Cb")).toBe("ab");
});

test("lone surrogates are dropped; CJK, fullwidth and ordinary text are left as typed", () => {
  expect(cleanName("a\uD800b\uDC00c\uD83D\uDE00")).toBe("abc😀");
  expect(cleanName("中文标题 《文档》 ＡＢＣ 123")).toBe("中文标题 《文档》 ＡＢＣ 123");
  expect(cleanText("")).toBe("");
});
