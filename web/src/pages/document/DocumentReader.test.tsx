import { create } from "@bufbuild/protobuf";
import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { DocumentSchema } from "@wenku/proto/api/v1/document_pb.js";
import { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { renderRoutes, testDeps } from "../../../test/render.js";
import { recordScrollIntoView } from "../../../test/scrollSpy.js";
import { DocumentReader } from "./DocumentReader.js";

jest.setTimeout(30_000);

const doc = (pages: number, preview: number) =>
  create(DocumentSchema, { id: 9n, title: "讲义", ext: ".pdf", pages, preview, status: DocumentStatus.CONVERTED });

const shownPages = () => screen.getAllByTestId("reader-page").map((img) => Number(img.getAttribute("data-page")));

// jsdom lays nothing out: record which element the reader asks the browser to scroll to.
const scrollSpy = recordScrollIntoView();

function open(path: string, pages = 20, preview = 0) {
  renderRoutes([{ path: "/document/:id", element: <DocumentReader document={doc(pages, preview)} perRead={5} /> }], {
    path,
  });
}

describe("document reader at a page", () => {
  it("shows the pages up to ?page=N, scrolls to N, and continues reading from there", async () => {
    open("/document/9?page=7");
    expect(shownPages()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    await waitFor(() => expect(scrollSpy.scrolled().length).toBeGreaterThan(0));
    expect(scrollSpy.scrolled()[0]?.getAttribute("data-reader-slot")).toBe("7");
    expect(scrollSpy.scrolled()[0]?.querySelector("[data-page]")?.getAttribute("data-page")).toBe("7");
    fireEvent.click(screen.getByTestId("reader-continue"));
    expect(shownPages()).toHaveLength(12);
  });

  it("scrolls to the call to action for a page past the preview, which names the page", async () => {
    open("/document/9?page=15", 20, 4);
    expect(shownPages()).toEqual([1, 2, 3, 4]);
    await waitFor(() => expect(scrollSpy.scrolled().length).toBeGreaterThan(0));
    expect(scrollSpy.scrolled()[0]?.getAttribute("data-testid")).toBe("reader-cta");
    expect(screen.getByTestId("reader-cta-wanted").textContent).toBe("第 15 页在预览范围之外");
  });

  it("ignores a page the document does not have", async () => {
    for (const page of ["0", "21", "abc", "-3", "2.5"]) {
      const view = renderRoutes(
        [{ path: "/document/:id", element: <DocumentReader document={doc(20, 0)} perRead={5} /> }],
        { path: `/document/9?page=${page}` },
      );
      expect(shownPages()).toEqual([1, 2]);
      view.unmount();
    }
    expect(scrollSpy.scrolled()).toEqual([]);
  });
});

describe("document reader watermark (system.enable_watermark)", () => {
  // jsdom has no canvas: the watermark draws nothing, but its element is there.
  jest.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
  const openWith = (system: Record<string, unknown>) =>
    renderRoutes([{ path: "/document/:id", element: <DocumentReader document={doc(3, 0)} perRead={5} /> }], {
      path: "/document/9",
      deps: testDeps({ loadSettings: async () => ({ system }) }),
    });

  it("lays the watermark over the pages when the site turns it on", async () => {
    const view = openWith({ enableWatermark: true, watermark: "仅供预览" });
    await waitFor(() => expect(view.container.querySelector(".wk-reader-watermark")).not.toBeNull());
    const mark = view.container.querySelector(".wk-reader-watermark") as HTMLElement;
    expect(mark.querySelectorAll("[data-testid='reader-page']")).toHaveLength(2);
  });

  it("has no watermark when it is off", async () => {
    const view = openWith({ enableWatermark: false, watermark: "仅供预览" });
    expect(shownPages()).toEqual([1, 2]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(view.container.querySelector(".wk-reader-watermark")).toBeNull();
  });
});
