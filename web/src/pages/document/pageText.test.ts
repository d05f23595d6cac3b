import { afterEach, describe, expect, it, jest } from "@jest/globals";
import { fetchPageText, markedRuns, matchRanges, pageTextUrl, searchedWords } from "./pageText.js";

describe("where a searched word sits in a line", () => {
  it("finds every occurrence, ignoring case, without overlaps", () => {
    expect(matchRanges("ASN1 and asn1", ["asn1"])).toEqual([
      [0, 4],
      [9, 13],
    ]);
    expect(matchRanges("矩阵与线性代数", ["线性代数", "矩阵", "线性"])).toEqual([
      [0, 2],
      [3, 7],
    ]);
    expect(matchRanges("anything", [""])).toEqual([]);
  });

  it("marks the reader's search as typed, the site search that led here word by word", () => {
    expect(searchedWords(" page 3 ", "ignored")).toEqual(["page 3"]);
    expect(searchedWords("", "线性代数  矩阵")).toEqual(["线性代数", "矩阵"]);
    expect(searchedWords("", null)).toEqual([]);
  });

  it("splits a line into marked and plain runs that join back to it", () => {
    const runs = markedRuns("see page 3, page 3", ["page 3"]);
    expect(runs).toEqual([
      { text: "see ", mark: false },
      { text: "page 3", mark: true },
      { text: ", ", mark: false },
      { text: "page 3", mark: true },
    ]);
    expect(markedRuns("plain", [])).toEqual([{ text: "plain", mark: false }]);
  });
});

describe("fetching a page's text", () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  const answer = (status: number, body = "") => {
    const fn = jest.fn(
      async (_url: string, _init?: RequestInit) => new Response(status === 204 ? null : body, { status }),
    );
    globalThis.fetch = fn as unknown as typeof fetch;
    return fn;
  };
  const url = pageTextUrl({ id: 9n }, 2);
  const signal = new AbortController().signal;

  it("is the page image's sibling, asked with the reader's token when the document is private", async () => {
    expect(url).toBe("/view/page/9/2.text.json");
    const fn = answer(200, JSON.stringify({ v: 1, w: 595, h: 842, src: "mupdf", lines: [] }));
    expect(await fetchPageText(url, "tok", signal)).toMatchObject({ w: 595, lines: [] });
    expect(fn.mock.calls[0]?.[1]?.headers).toEqual({ Authorization: "Bearer tok" });
  });

  it("has none for a page converted before text layers (204) or a file it cannot lay out", async () => {
    answer(204);
    expect(await fetchPageText(url, undefined, signal)).toBeNull();
    answer(200, '{"v":2}');
    expect(await fetchPageText(url, undefined, signal)).toBeNull();
  });

  it("fails on other answers, so the query retries", async () => {
    answer(500, "{}");
    await expect(fetchPageText(url, undefined, signal)).rejects.toThrow("HTTP 500");
  });
});
