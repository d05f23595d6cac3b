// A private page (past the preview) is fetched with the reader's token. A page the server is still
// drawing (503: the document was converted before every page was) says so with a retry, and the
// retry shows it once drawn; any other failure keeps the plain "could not be loaded".
import { afterEach, beforeEach, describe, expect, it } from "@jest/globals";
import { fireEvent, screen } from "@testing-library/react";
import { renderRoutes } from "../../../test/render.js";
import { PageImage } from "./PageImage.js";

type Answer = { status: number; body?: string };
let answers: Answer[] = [];
let asked: Array<{ url: string; authorization: string | null }> = [];
const realFetch = globalThis.fetch;
const realObjectUrl = URL.createObjectURL;
const realRevoke = URL.revokeObjectURL;

beforeEach(() => {
  answers = [];
  asked = [];
  // The gateway's answers, in order (jsdom has no network): status and body as the page route sends them.
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    asked.push({ url: String(input), authorization: new Headers(init?.headers).get("authorization") });
    const a = answers.shift() ?? { status: 500 };
    return {
      ok: a.status >= 200 && a.status < 300,
      status: a.status,
      blob: async () => new Blob([a.body ?? ""], { type: "image/svg+xml" }),
    } as Response;
  }) as typeof fetch;
  URL.createObjectURL = (blob: Blob | MediaSource) => `blob:page-${(blob as Blob).size}`;
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  globalThis.fetch = realFetch;
  URL.createObjectURL = realObjectUrl;
  URL.revokeObjectURL = realRevoke;
});

const open = () =>
  renderRoutes(
    [
      {
        path: "/document/:id",
        element: <PageImage src="/view/page/9/13.svg" page={13} aspect="1 / 1" token="tok-7" />,
      },
    ],
    { path: "/document/9" },
  );

describe("a private page image", () => {
  it("being drawn (503): says so, and the retry shows the page", async () => {
    answers = [
      { status: 503, body: '{"code":14,"message":"该页正在生成，请稍后刷新"}' },
      { status: 200, body: "<svg/>" },
    ];
    open();
    const notice = await screen.findByTestId("reader-page-generating");
    expect(notice.textContent).toContain("第 13 页正在生成，请稍后刷新");
    expect(screen.queryByTestId("reader-page-failed")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /重\s*试/ })); // antd spaces two CJK characters
    const img = await screen.findByTestId("reader-page");
    expect([img.getAttribute("data-page"), img.getAttribute("src")]).toEqual(["13", "blob:page-6"]);
    expect(asked).toEqual([
      { url: "/view/page/9/13.svg", authorization: "Bearer tok-7" },
      { url: "/view/page/9/13.svg", authorization: "Bearer tok-7" },
    ]);
  });

  it("another failure (404) is the plain failure, not 'being drawn'", async () => {
    answers = [{ status: 404 }];
    open();
    expect((await screen.findByTestId("reader-page-failed")).textContent).toContain("第 13 页加载失败");
    expect(screen.queryByTestId("reader-page-generating")).toBeNull();
  });
});
