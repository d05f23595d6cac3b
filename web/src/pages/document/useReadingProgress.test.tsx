import { create } from "@bufbuild/protobuf";
import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor } from "@testing-library/react";
import { DocumentSchema } from "@wenku/proto/api/v1/document_pb.js";
import { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { ReadingAPI, type ReadingProgress } from "@wenku/proto/api/v1/reading_pb.js";
import { emptyServices, renderRoutes, testDeps } from "../../../test/render.js";
import { recordScrollIntoView } from "../../../test/scrollSpy.js";
import { DocumentReader } from "./DocumentReader.js";
import { SAVE_DELAY_MS } from "./useReadingProgress.js";

jest.setTimeout(30_000);

const doc = create(DocumentSchema, { id: 9n, title: "讲义", ext: ".pdf", pages: 20, status: DocumentStatus.CONVERTED });
const shownPages = () => screen.getAllByTestId("reader-page").map((img) => Number(img.getAttribute("data-page")));
const scrollSpy = recordScrollIntoView();

/** A reader over an in-process ReadingAPI that remembers page `saved`; records what is asked and saved. */
function open(path: string, options: { saved?: number; signedIn?: boolean } = {}) {
  const asked: bigint[] = [];
  const saves: Pick<ReadingProgress, "documentId" | "page">[] = [];
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(ReadingAPI, {
        getReadingProgress: (req) => {
          asked.push(req.documentId);
          return { documentId: req.documentId, page: options.saved ?? 0 };
        },
        setReadingProgress: (req) => {
          saves.push({ documentId: req.documentId, page: req.page });
          return {};
        },
      });
    },
  });
  if (options.signedIn !== false) deps.sessionStore.login({ id: "7", username: "alice" }, "token-1");
  const view = renderRoutes([{ path: "/document/:id", element: <DocumentReader document={doc} perRead={5} /> }], {
    path,
    deps,
  });
  return { asked, saves, view };
}

describe("reading progress", () => {
  it("opens a signed-in reader at the saved page, then saves the page they are on", async () => {
    const { asked, saves } = open("/document/9", { saved: 7 });
    await waitFor(() => expect(shownPages()).toEqual([1, 2, 3, 4, 5, 6, 7]));
    expect(asked).toEqual([9n]);
    await waitFor(() => expect(scrollSpy.scrolled().at(-1)?.getAttribute("data-reader-slot")).toBe("7"));
    // jsdom lays nothing out: every shown page is "above the line", so the last one is the page read
    await waitFor(() => expect(saves).toEqual([{ documentId: 9n, page: 7 }]), { timeout: SAVE_DELAY_MS + 3000 });
  });

  it("lets ?page= win: the saved page is not asked for", async () => {
    const { asked } = open("/document/9?page=3", { saved: 7 });
    expect(shownPages()).toEqual([1, 2, 3]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).toEqual([]);
  });

  it("a visitor neither asks nor saves", async () => {
    const { asked, saves } = open("/document/9", { saved: 7, signedIn: false });
    expect(shownPages()).toEqual([1, 2]);
    await new Promise((resolve) => setTimeout(resolve, SAVE_DELAY_MS + 300));
    expect([asked, saves]).toEqual([[], []]);
  });

  it("saves the first pages of a document never read before (no jump)", async () => {
    const { saves } = open("/document/9", { saved: 0 });
    await waitFor(() => expect(saves).toEqual([{ documentId: 9n, page: 2 }]), { timeout: SAVE_DELAY_MS + 3000 });
    expect(scrollSpy.scrolled()).toEqual([]);
  });
});
