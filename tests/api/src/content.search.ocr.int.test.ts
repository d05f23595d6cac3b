// Scanned documents (OCR) on the whole site, both transports: PDFs whose pages are only images, made
// by the test (text pages drawn as images), and a DOCX of pasted scans (its PDF from LibreOffice is
// kept for OCR), uploaded and converted as any PDF; the real Tesseract reads them after the
// conversion, and the words on a scan are found by search, the hit naming the page; a document that
// had no description gets one from its scan, and its language when the uploader left it empty.
import { makeScanDocx, makeScanPdf } from "@wenku/testkit/documents";
import { createCategory, publishFile } from "./documents.js";
import { eventually, loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

// Tesseract reads a page in seconds, many on a loaded machine: each test waits for it longer than
// jest's default.
const OCR_TEST_MS = 180_000;

let stack: Awaited<ReturnType<typeof startTestStack>>;
let admin: string;
let alice: { token: string; id: number };
let category: number;

beforeAll(async () => {
  stack = await startTestStack({ env: { SEARCH_POLL_SEC: "0.2" } });
  admin = await loginAdmin(stack.url);
  alice = await registerUser(stack.url, "ocr_alice");
  category = await createCategory(stack.url, admin, "扫描资料");
  const set = await rest(
    stack.url,
    "PUT",
    "/api/v1/config",
    { config: [{ category: "converter", name: "max_preview", value: "0" }] },
    admin,
  );
  expect(set.status).toBe(200);
});
afterAll(async () => {
  await stack?.stop();
});

type Found = { document?: Array<{ id: number }>; hit?: Array<{ document_id: number; pages?: number[] }> };
const search = async (wd: string) => {
  const r = await rest(stack.url, "GET", `/api/v1/document/search?wd=${encodeURIComponent(wd)}`);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return r.json as Found;
};

test(
  "a word on an English scan (page 2, after a text page) is found, and the hit names page 2",
  async () => {
    const pdf = makeScanPdf({
      pages: 2,
      dpi: 200,
      textPages: [1],
      lines: (n) => (n === 1 ? ["An ordinary first page of text"] : ["The archipelago expedition ledger", "Volume 7"]),
    });
    const id = await publishFile(stack.url, alice, category, "Expedition scan", pdf, "en"); // read with eng alone
    const found = await eventually(async () => {
      const f = await search("archipelago expedition");
      expect(f.document?.map((d) => d.id)).toEqual([id]);
      return f;
    }, 90_000);
    expect(found.hit?.[0]).toMatchObject({ document_id: id, pages: [2] });
    // The description came from the text page at the conversion and stays; so does the uploader's language.
    const doc = await rest(stack.url, "GET", `/api/v1/document?id=${id}`);
    expect(doc.json.language).toBe("en");
    expect(doc.json.description).toContain("An ordinary first page of text");
  },
  OCR_TEST_MS,
);

test(
  "a Chinese scan with no text at all is found by a word on it and gets its description from it",
  async () => {
    const pdf = makeScanPdf({
      pages: 1,
      dpi: 200,
      lines: () => ["季度对账报告显示差异", "请财务部门核对", "本季度各部门的费用明细见附表"],
    });
    const id = await publishFile(stack.url, alice, category, "对账扫描件", pdf);
    const found = await eventually(async () => {
      const f = await search("对账报告");
      expect(f.document?.map((d) => d.id)).toEqual([id]);
      return f;
    }, 90_000);
    expect(found.hit?.[0]).toMatchObject({ document_id: id, pages: [1] });
    const doc = await rest(stack.url, "GET", `/api/v1/document?id=${id}`);
    expect(doc.json.description).toContain("对账报告");
    // uploaded without a language, which only its recognised text tells
    expect(doc.json.language).toBe("zh-CN");
  },
  OCR_TEST_MS,
);

test(
  "a DOCX whose pages are pasted scans is recognised as a scanned PDF is: found, the hit on its page",
  async () => {
    const docx = makeScanDocx({
      pages: 2,
      dpi: 200,
      lines: (n) =>
        n === 1
          ? ["The harbour master writes an annual report", "for the city council about the ships that arrived"]
          : ["Quarterly tonnage of the harbour", "and the goods that were carried by each ship"],
    });
    const id = await publishFile(stack.url, alice, category, "Harbour scan", docx, undefined, "Harbour scan.docx");
    const found = await eventually(async () => {
      const f = await search("tonnage");
      expect(f.document?.map((d) => d.id)).toEqual([id]);
      return f;
    }, 120_000);
    expect(found.hit?.[0]).toMatchObject({ document_id: id, pages: [2] });
    // its text arrived only with OCR: the description and the language come from it
    const doc = await rest(stack.url, "GET", `/api/v1/document?id=${id}`);
    expect([doc.json.ext, doc.json.description, doc.json.language]).toEqual([
      ".docx",
      expect.stringContaining("harbour master"),
      "en",
    ]);
  },
  OCR_TEST_MS,
);
