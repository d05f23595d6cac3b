import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { SpiderDocumentStatus as Doc } from "@wenku/proto/api/v1/enums_pb.js";
import {
  type BatchUpdateSpiderDocumentRequest,
  type ListSpiderDocumentRequest,
  type SpiderDocument,
  SpiderDocumentAPI,
  SpiderDocumentSchema,
} from "@wenku/proto/api/v1/spider_pb.js";
import { pickOption, tableRow } from "../../../../test/adminScreen.js";
import { emptyServices, renderRoutes, testDeps } from "../../../../test/render.js";
import { signInStaff } from "../../../../test/staff.js";
import { atViewportWidth } from "../../../../test/viewport.js";
import SpiderDocumentPage from "./SpiderDocumentPage.js";

atViewportWidth(1280);

const ALL = ["ListSpiderDocument", "BatchUpdateSpiderDocument", "DeleteSpiderDocument"];
const doc = (
  id: number,
  title: string,
  status: Doc,
  extra: { error?: string; documentId?: bigint; spiderUrlId?: bigint } = {},
) =>
  create(SpiderDocumentSchema, {
    id: BigInt(id),
    spiderUrlId: 1n,
    title,
    url: `https://docs.example.com/files/${id}.pdf`,
    ext: ".pdf",
    size: 2048n,
    status,
    ...extra,
  });

/** An in-process SpiderDocumentAPI over an in-memory table; a batch update sets the states it names. */
function setup(rpcs = ALL) {
  const rows: SpiderDocument[] = [
    doc(1, "线性代数讲义", Doc.DOWNLOADED),
    doc(2, "概率论", Doc.DOWNLOAD_FAILED, { error: "对方返回的是网页（text/html），不是 PDF 文件" }),
    doc(3, "数值分析", Doc.PUBLISHED, { documentId: 42n }),
    doc(4, "复变函数", Doc.DOWNLOADED, { spiderUrlId: 2n }),
  ];
  const lists: ListSpiderDocumentRequest[] = [];
  const batches: BatchUpdateSpiderDocumentRequest[] = [];
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(SpiderDocumentAPI, {
        listSpiderDocument: (req) => {
          lists.push(req);
          const found = rows.filter(
            (d) =>
              (!req.status.length || req.status.includes(d.status)) &&
              (!req.spiderUrlId.length || req.spiderUrlId.includes(d.spiderUrlId)),
          );
          const from = (Number(req.page) - 1) * Number(req.size);
          return { total: BigInt(found.length), spiderDocument: found.slice(from, from + Number(req.size)) };
        },
        batchUpdateSpiderDocument: (req) => {
          batches.push(req);
          for (const d of rows) if (req.id.includes(d.id)) d.status = req.status;
          return {};
        },
        deleteSpiderDocument: () => ({}),
      });
    },
  });
  signInStaff(deps, "SpiderDocumentAPI", rpcs, ["/admin/spider/document"]);
  return { deps, lists, batches };
}

const render = (deps: ReturnType<typeof setup>["deps"], path = "/admin/spider/document") =>
  renderRoutes([{ path: "/admin/spider/document", element: <SpiderDocumentPage /> }], { path, deps });

describe("admin spider documents", () => {
  it("shows each file's state, a failure's reason and the published document; filters by state", async () => {
    const { deps, lists } = setup();
    render(deps);
    expect(within(await tableRow("线性代数讲义")).getByText("已下载")).toBeTruthy();
    const failed = within(await tableRow("概率论"));
    expect(failed.getByText("下载失败")).toBeTruthy();
    expect(failed.getByText("对方返回的是网页（text/html），不是 PDF 文件")).toBeTruthy();
    expect(failed.getByRole("button", { name: "重新下载" })).toBeTruthy();
    const published = within(await tableRow("数值分析"));
    expect(published.getByTestId("spider-document-published").getAttribute("href")).toBe("/document/42");
    expect(published.queryByRole("button", { name: "发布" })).toBeNull();

    await pickOption(
      screen.getByTestId("spider-document-status-filter").querySelector("input") as HTMLElement,
      "下载失败",
    );
    await waitFor(() => expect(lists.at(-1)?.status).toEqual([Doc.DOWNLOAD_FAILED]));
    await waitFor(() => expect(screen.queryByText("线性代数讲义")).toBeNull());
  }, 120_000);

  it("publishes one, then the publishable part of a selection; downloads a failed one again", async () => {
    const { deps, batches } = setup();
    render(deps);
    fireEvent.click(within(await tableRow("线性代数讲义")).getByRole("button", { name: "发布" }));
    await waitFor(() =>
      expect(batches).toEqual([expect.objectContaining({ id: [1n], status: Doc.QUEUED_TO_PUBLISH })]),
    );
    await within(await tableRow("线性代数讲义")).findByText("排队发布");

    for (const title of ["概率论", "复变函数"])
      fireEvent.click((await tableRow(title)).querySelector("input[type=checkbox]") as HTMLElement);
    fireEvent.click(screen.getByTestId("spider-publish-selected"));
    // the failed download is not publishable: only the downloaded one is queued
    await waitFor(() => expect(batches.at(-1)).toMatchObject({ id: [4n], status: Doc.QUEUED_TO_PUBLISH }));

    fireEvent.click(within(await tableRow("概率论")).getByRole("button", { name: "重新下载" }));
    await waitFor(() => expect(batches.at(-1)).toMatchObject({ id: [2n], status: Doc.QUEUED }));
  }, 120_000);

  it("publishes everything downloaded of one URL after saying how many; read-only staff publish nothing", async () => {
    const { deps, batches } = setup();
    const view = render(deps, "/admin/spider/document?spiderUrlId=1");
    await tableRow("线性代数讲义");
    expect(screen.queryByText("复变函数")).toBeNull();
    expect(screen.getByTestId("spider-url-filter").textContent).toContain("来自网址 #1");
    fireEvent.click(screen.getByTestId("spider-publish-all"));
    // the count is of the downloaded files of URL #1 (not the one of URL #2)
    expect(await screen.findAllByText("发布全部 1 个已下载的文档？", {}, { timeout: 8000 })).not.toHaveLength(0);
    fireEvent.click(await screen.findByText(/^确\s*定$/));
    await waitFor(() =>
      expect(batches).toEqual([expect.objectContaining({ id: [1n], status: Doc.QUEUED_TO_PUBLISH })]),
    );
    view.unmount();

    const readOnly = setup(["ListSpiderDocument"]);
    render(readOnly.deps);
    const row = await tableRow("线性代数讲义");
    expect(within(row).queryByRole("button", { name: "发布" })).toBeNull();
    expect(screen.queryByTestId("spider-publish-all")).toBeNull();
    expect(screen.queryByTestId("batch-delete")).toBeNull();
  }, 120_000);
});
