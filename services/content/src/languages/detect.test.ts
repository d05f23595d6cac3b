import { detectLanguage } from "./detect.js";

describe("detectLanguage", () => {
  test.each([
    ["这是一个关于文档转换和全文检索的测试文本，我们需要足够长的内容来判断语言。", "zh-CN"],
    ["這是一個關於文件轉換和全文檢索的測試文本，我們需要足夠長的內容來判斷語言。", "zh-TW"],
    ["This is a test about document conversion and full text search in a document library.", "en"],
    ["これは文書の変換と全文検索についてのテストです。十分な長さが必要です。", "ja"],
    ["Ceci est un texte de test sur la conversion de documents et la recherche en texte intégral.", "fr"],
    ["Dies ist ein Testtext über die Umwandlung von Dokumenten und die Volltextsuche.", "de"],
    ["Это тестовый текст о преобразовании документов и полнотекстовом поиске.", "ru"],
  ])("%s → %s", (text, code) => {
    expect(detectLanguage(text)).toBe(code);
  });

  test("too short, empty or meaningless text is not judged", () => {
    expect(detectLanguage("")).toBeNull();
    expect(detectLanguage("  短文  ")).toBeNull();
    expect(detectLanguage("1234567890 1234567890 1234567890")).toBeNull();
  });

  test("a huge text is sampled, not read whole", () => {
    expect(detectLanguage("The library keeps documents and their text. ".repeat(200_000))).toBe("en");
  });
});
