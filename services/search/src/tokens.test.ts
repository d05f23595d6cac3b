import { ENGLISH_STOP_WORDS, MAX_WORD_LENGTH, onlyStopWords, searchTokens, tokenText } from "./tokens.js";

describe("searchTokens", () => {
  test("Chinese runs become overlapping bigrams; a lone character stays itself", () => {
    expect(searchTokens("文库转换")).toEqual(["文库", "库转", "转换"]);
    expect(searchTokens("书")).toEqual(["书"]);
    expect(searchTokens("我的 书")).toEqual(["我的", "书"]);
  });

  test("every two-character substring of a Chinese text is one of its tokens", () => {
    const text = "中华人民共和国国务院办公厅关于印发通知";
    const tokens = new Set(searchTokens(text));
    const chars = Array.from(text);
    for (let i = 0; i + 1 < chars.length; i++) expect(tokens).toContain(`${chars[i]}${chars[i + 1]}`);
  });

  test("Latin words are lowercased and split from Chinese without spaces", () => {
    expect(searchTokens("PDF文档转换 Wenku's Conversion v2.1")).toEqual([
      "pdf",
      "文档",
      "档转",
      "转换",
      "wenku",
      "s",
      "conversion",
      "v2",
      "1",
    ]);
  });

  test("Japanese kana and kanji are one run; Hangul and Cyrillic are words", () => {
    expect(searchTokens("データ検索")).toEqual(["デー", "ータ", "タ検", "検索"]);
    expect(searchTokens("한국어 문서 Привет")).toEqual(["한국어", "문서", "привет"]);
  });

  test("punctuation, symbols and over-long words are not tokens", () => {
    const long = "a".repeat(MAX_WORD_LENGTH + 1);
    expect(searchTokens(`，。！？ -- ${long} ok …`)).toEqual(["ok"]);
    expect(searchTokens("")).toEqual([]);
  });

  test("stops after max tokens, also inside a long Chinese run", () => {
    expect(searchTokens("一二三四五六七八九十", 3)).toEqual(["一二", "二三", "三四"]);
    expect(searchTokens("a b c d", 2)).toEqual(["a", "b"]);
    expect(searchTokens("a b", 0)).toEqual([]);
  });

  test("characters outside the BMP stay whole", () => {
    expect(searchTokens("𠀀𠀁字")).toEqual(["𠀀𠀁", "𠀁字"]);
  });

  test("a megabyte of mixed text is one linear pass", () => {
    const text = "文库转换测试 Wenku conversion test 日本語の文書を検索する。".repeat(25_000);
    const tokens = searchTokens(text);
    expect(tokens.length).toBeGreaterThan(400_000);
    expect(tokenText("文库 ABC")).toBe("文库 abc");
  });
});

describe("onlyStopWords", () => {
  test("true when every token is an English stop word, false with any other token or none", () => {
    expect(ENGLISH_STOP_WORDS.size).toBe(127);
    expect(onlyStopWords(tokenText("The WHO"))).toBe(true);
    expect(onlyStopWords(tokenText("These"))).toBe(true);
    expect(onlyStopWords(tokenText("the system"))).toBe(false);
    expect(onlyStopWords(tokenText("the 文库"))).toBe(false);
    expect(onlyStopWords(tokenText("，。"))).toBe(false);
  });
});
