import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { CategoryAPI, CategorySchema } from "@wenku/proto/api/v1/category_pb.js";
import { CategoryType, CrawlStatus } from "@wenku/proto/api/v1/enums_pb.js";
import {
  type ListSpiderUrlRequest,
  type SpiderUrl,
  SpiderUrlAPI,
  SpiderUrlSchema,
} from "@wenku/proto/api/v1/spider_pb.js";
import { openDrawer, pickOption, tableRow } from "../../../../test/adminScreen.js";
import { emptyServices, renderRoutes, testDeps } from "../../../../test/render.js";
import { signInStaff } from "../../../../test/staff.js";
import { atViewportWidth } from "../../../../test/viewport.js";
import SpiderUrlPage from "./SpiderUrlPage.js";

atViewportWidth(1280);

const ALL = [
  "ListSpiderUrl",
  "CreateSpiderUrl",
  "UpdateSpiderUrl",
  "DeleteSpiderUrl",
  "SpiderDocumentAPI/ListSpiderDocument",
];
const url = (id: number, address: string, status: CrawlStatus, extra: { title?: string; error?: string } = {}) =>
  create(SpiderUrlSchema, {
    id: BigInt(id),
    url: address,
    status,
    interval: 5,
    total: 3,
    categoryId: [9n],
    createdAt: timestampFromDate(new Date("2026-01-02T03:04:05Z")),
    ...extra,
  });

/** An in-process SpiderUrlAPI over an in-memory table; `crawl` moves a URL on, as the spider would. */
function setup(rpcs = ALL) {
  const rows: SpiderUrl[] = [
    url(1, "https://docs.example.com/manuals/", CrawlStatus.DONE, { title: "示例手册" }),
    url(2, "https://bad.example.net/", CrawlStatus.FAILED, { error: "robots.txt 不允许采集该路径" }),
  ];
  const lists: ListSpiderUrlRequest[] = [];
  const created: SpiderUrl[] = [];
  const updated: SpiderUrl[] = [];
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(CategoryAPI, {
        listCategory: () => ({
          total: 1n,
          category: [create(CategorySchema, { id: 9n, title: "教材", enable: true, type: CategoryType.DOCUMENT })],
        }),
      });
      router.service(SpiderUrlAPI, {
        listSpiderUrl: (req) => {
          lists.push(req);
          const spiderUrl = rows.filter((u) => !req.status.length || req.status.includes(u.status));
          return { total: BigInt(spiderUrl.length), spiderUrl };
        },
        createSpiderUrl: (req) => {
          created.push(req);
          const row = create(SpiderUrlSchema, { ...req, id: BigInt(rows.length + 1), status: CrawlStatus.PENDING });
          rows.push(row);
          return row;
        },
        updateSpiderUrl: (req) => {
          updated.push(req);
          rows.splice(
            rows.findIndex((u) => u.id === req.id),
            1,
            req,
          );
          return {};
        },
        deleteSpiderUrl: () => ({}),
      });
    },
  });
  signInStaff(deps, "SpiderUrlAPI", rpcs, ["/admin/spider/url"]);
  const crawl = (id: bigint, status: CrawlStatus, total: number) => {
    const row = rows.find((u) => u.id === id);
    if (row) Object.assign(row, { status, total });
  };
  return { deps, lists, created, updated, crawl };
}

const render = (deps: ReturnType<typeof setup>["deps"]) =>
  renderRoutes([{ path: "/admin/spider/url", element: <SpiderUrlPage /> }], { path: "/admin/spider/url", deps });

describe("admin spider URLs", () => {
  it("lists URLs with their crawl state and a failure's reason; filters by state", async () => {
    const { deps, lists } = setup();
    render(deps);
    const done = within(await tableRow("示例手册"));
    expect(done.getByText("已完成")).toBeTruthy();
    expect(done.getByTestId("spider-url-found").getAttribute("href")).toBe("/admin/spider/document?spiderUrlId=1");
    const failed = within(await tableRow("https://bad.example.net/"));
    expect(failed.getByText("失败")).toBeTruthy();
    expect(failed.getByText("robots.txt 不允许采集该路径")).toBeTruthy();

    await pickOption(screen.getByTestId("spider-url-status-filter").querySelector("input") as HTMLElement, "失败");
    await waitFor(() => expect(lists.at(-1)?.status).toEqual([CrawlStatus.FAILED]));
    await waitFor(() => expect(screen.queryByText("示例手册")).toBeNull());
  }, 120_000);

  it("adds a URL (the address is checked first), then shows the crawl progressing without a reload", async () => {
    const { deps, created, updated, crawl } = setup();
    render(deps);
    await tableRow("示例手册");
    fireEvent.click(screen.getByTestId("spider-url-add"));
    const form = within(openDrawer());
    fireEvent.change(form.getByLabelText("网址"), { target: { value: "ftp://example.com/" } });
    fireEvent.click(form.getByTestId("drawer-save"));
    expect(await form.findByText("请填写以 http:// 或 https:// 开头的网址")).toBeTruthy();
    expect(created).toEqual([]);

    fireEvent.change(form.getByLabelText("网址"), { target: { value: " https://lib.example.org/pdf/ " } });
    fireEvent.change(form.getByLabelText("请求间隔（秒）"), { target: { value: "10" } });
    fireEvent.change(form.getByLabelText("发布者用户 ID"), { target: { value: "7" } });
    // published documents need a category: asked for before saving
    fireEvent.click(form.getByTestId("drawer-save"));
    expect(await form.findByText("请选择发布到的分类")).toBeTruthy();
    expect(created).toEqual([]);
    fireEvent.mouseDown(within(openDrawer()).getByTestId("spider-url-category").querySelector("input") as HTMLElement);
    fireEvent.click(await screen.findByText("教材", { selector: ".ant-cascader-menu-item-content" }));
    fireEvent.click(form.getByTestId("drawer-save"));
    await waitFor(() => expect(created).toHaveLength(1));
    // depth 1 unless changed: the start page and the pages it links to
    expect(created[0]).toMatchObject({
      url: "https://lib.example.org/pdf/",
      interval: 10,
      userId: 7n,
      price: 0,
      depth: 1,
      categoryId: [9n],
    });

    // waiting → crawling → done, read again by the page itself while the crawl is under way
    const row = await tableRow("https://lib.example.org/pdf/");
    expect(within(row).getByText("等待采集")).toBeTruthy();
    crawl(3n, CrawlStatus.CRAWLING, 1);
    await within(row).findByText("采集中", {}, { timeout: 8000 });
    // a running crawl cannot be started again meanwhile
    expect(within(row).queryByRole("button", { name: "重新采集" })).toBeNull();
    crawl(3n, CrawlStatus.DONE, 4);
    await within(row).findByText("已完成", {}, { timeout: 8000 });
    expect(within(row).getByTestId("spider-url-found").textContent).toBe("4");

    // crawled again, then stopped while it runs (after a confirmation naming it)
    fireEvent.click(within(row).getByRole("button", { name: "重新采集" }));
    await waitFor(() => expect(updated.at(-1)).toMatchObject({ id: 3n, status: CrawlStatus.PENDING }));
    crawl(3n, CrawlStatus.CRAWLING, 4);
    await within(row).findByText("采集中", {}, { timeout: 8000 });
    fireEvent.click(within(row).getByRole("button", { name: "停止采集" }));
    fireEvent.click(await screen.findByText(/^确\s*定$/));
    await waitFor(() => expect(updated.at(-1)).toMatchObject({ id: 3n, status: CrawlStatus.FAILED }));
    await within(row).findByText("失败", {}, { timeout: 8000 });
  }, 120_000);

  it("crawls a finished URL again; an edit keeps its state; read-only staff change nothing", async () => {
    const { deps, updated } = setup();
    const view = render(deps);
    const row = await tableRow("示例手册");
    fireEvent.click(within(row).getByRole("button", { name: "重新采集" }));
    await waitFor(() => expect(updated.at(-1)).toMatchObject({ id: 1n, status: CrawlStatus.PENDING, error: "" }));

    const failed = await tableRow("https://bad.example.net/");
    fireEvent.click(within(failed).getByRole("button", { name: "编辑" }));
    const form = within(openDrawer());
    fireEvent.change(form.getByLabelText("名称"), { target: { value: "坏站点" } });
    fireEvent.click(form.getByTestId("drawer-save"));
    await waitFor(() => expect(updated.at(-1)).toMatchObject({ id: 2n, title: "坏站点", status: CrawlStatus.FAILED }));
    view.unmount();

    const readOnly = setup(["ListSpiderUrl"]);
    render(readOnly.deps);
    const locked = await tableRow("示例手册");
    expect(within(locked).queryByRole("button", { name: "重新采集" })).toBeNull();
    expect(screen.queryByTestId("spider-url-add")).toBeNull();
    expect(screen.queryByTestId("batch-delete")).toBeNull();
  }, 120_000);
});
