import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { DocumentAPI, DocumentSchema, type SearchDocumentTextRequest } from "@wenku/proto/api/v1/document_pb.js";
import { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { emptyServices, renderRoutes, testDeps } from "../../../test/render.js";
import { recordScrollIntoView } from "../../../test/scrollSpy.js";
import { DocumentReader } from "./DocumentReader.js";

jest.setTimeout(30_000);

const doc = create(DocumentSchema, {
  id: 9n,
  title: "讲义",
  ext: ".pdf",
  pages: 8,
  preview: 5,
  status: DocumentStatus.CONVERTED,
});

// jsdom lays nothing out: record which element the reader asks the browser to scroll to.
const scrollSpy = recordScrollIntoView();

function open(answer: (req: SearchDocumentTextRequest) => unknown) {
  const asked: SearchDocumentTextRequest[] = [];
  const deps = testDeps({
    services: (router: ConnectRouter) => {
      emptyServices(router);
      router.service(DocumentAPI, {
        searchDocumentText: (req) => {
          asked.push(req);
          return answer(req) as never;
        },
      });
    },
  });
  renderRoutes([{ path: "/document/:id", element: <DocumentReader document={doc} perRead={5} /> }], {
    path: "/document/9",
    deps,
  });
  return asked;
}

const searchFor = (wd: string) => {
  const input =
    within(screen.getByTestId("reader-search-input")).queryByRole("searchbox") ?? screen.getByRole("searchbox");
  fireEvent.change(input, { target: { value: wd } });
  fireEvent.keyDown(input, { key: "Enter", code: "Enter", keyCode: 13 });
  fireEvent.keyUp(input, { key: "Enter", code: "Enter", keyCode: 13 }); // the input takes one Enter per key press
};

describe("reader search", () => {
  it("lists the pages holding the keyword with it marked, and a hit jumps the reader to its page", async () => {
    const asked = open(() => ({
      total: 3n,
      pagesBeyondPreview: 2,
      hit: [
        { page: 3, snippet: "…the Zanzibar clause…", highlight: [5, 13], count: 2 },
        { page: 4, snippet: "zanzibar again", highlight: [0, 8], count: 1 },
      ],
    }));
    searchFor("  zanzibar ");
    const hits = await screen.findAllByTestId("reader-search-hit");
    expect(asked.map((r) => [r.id, r.wd])).toEqual([[9n, "zanzibar"]]);
    expect(hits.map((h) => h.getAttribute("data-page"))).toEqual(["3", "4"]);
    expect(hits[0]?.querySelector("mark")?.textContent).toBe("Zanzibar");
    expect(hits[0]?.textContent).toContain("第 3 页");
    expect(screen.getByTestId("reader-search-summary").textContent).toBe("在 2 页中找到 3 处");
    expect(screen.getByTestId("reader-search-beyond").textContent).toBe("预览范围外另有 2 页包含该词");

    fireEvent.click(hits[0] as HTMLElement);
    await waitFor(() => expect(scrollSpy.scrolled().at(-1)?.getAttribute("data-reader-slot")).toBe("3"));
    expect(screen.getAllByTestId("reader-page")).toHaveLength(3); // pages up to the hit are shown
    expect(screen.queryByTestId("reader-search-results")).toBeNull(); // closed so the page is not covered
    fireEvent.click(screen.getByTestId("reader-search-reopen"));
    // the same page again scrolls again
    const count = scrollSpy.scrolled().length;
    fireEvent.click((await screen.findAllByTestId("reader-search-hit"))[0] as HTMLElement);
    await waitFor(() => expect(scrollSpy.scrolled().length).toBeGreaterThan(count));
    expect(scrollSpy.scrolled().at(-1)?.getAttribute("data-reader-slot")).toBe("3");
  });

  it("says nothing was found, and does not ask for an empty keyword", async () => {
    const asked = open(() => ({ total: 0n, hit: [] }));
    searchFor("   ");
    expect(screen.queryByTestId("reader-search-results")).toBeNull();
    searchFor("矩阵");
    expect((await screen.findByTestId("reader-search-empty")).textContent).toBe("未找到“矩阵”");
    expect(asked).toHaveLength(1);
    fireEvent.click(screen.getByTestId("reader-search-close"));
    expect(screen.queryByTestId("reader-search-results")).toBeNull();
  });

  it("shows the server's error with a retry", async () => {
    let fail = true;
    open(() => {
      if (fail) throw new ConnectError("文档不存在", Code.NotFound);
      return { total: 1n, hit: [{ page: 2, snippet: "ok", highlight: [0, 2], count: 1 }] };
    });
    searchFor("ok");
    const alert = await screen.findByTestId("api-error");
    expect(alert.textContent).toContain("文档不存在");
    fail = false;
    fireEvent.click(within(alert).getByRole("button"));
    expect((await screen.findAllByTestId("reader-search-hit")).map((h) => h.getAttribute("data-page"))).toEqual(["2"]);
  });
});
