import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import {
  type DeleteSearchRecordRequest,
  type ListSearchRecordRequest,
  SearchRecordAPI,
  SearchRecordSchema,
  type SetPopularSearchHiddenRequest,
} from "@wenku/proto/api/v1/searchrecord_pb.js";
import { emptyServices, renderWithProviders, testDeps } from "../../../../test/render.js";
import { signInStaff } from "../../../../test/staff.js";
import SearchRecordPage from "./SearchRecordPage.js";

const record = (id: number, keywords: string, userId: number, username: string, ip: string, total: number) =>
  create(SearchRecordSchema, {
    id: BigInt(id),
    keywords,
    userId: BigInt(userId),
    username,
    ip,
    total,
    spendTime: 0.0123,
    type: ContentKind.DOCUMENT,
    createdAt: timestampFromDate(new Date("2025-03-04T05:06:07Z")),
  });

/**
 * An in-process SearchRecordAPI over an in-memory table: DeleteSearchRecord removes rows,
 * SetPopularSearchHidden keeps the hidden keywords ListHiddenPopularSearch answers.
 */
function setup(rpcs: string[]) {
  let hidden: string[] = ["刷屏广告"];
  const hides: SetPopularSearchHiddenRequest[] = [];
  let rows = [
    record(1, "线性代数", 7, "alice", "203.0.113.5", 12),
    record(2, "考研真题", 0, "", "198.51.100.2", 0),
    record(3, "线性回归", 8, "bob", "203.0.113.9", 3),
  ];
  const lists: ListSearchRecordRequest[] = [];
  const deletes: DeleteSearchRecordRequest[] = [];
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(SearchRecordAPI, {
        listSearchRecord: (req) => {
          lists.push(req);
          const found = rows.filter(
            (r) => (!req.keywords || r.keywords.includes(req.keywords)) && (!req.ip || r.ip.startsWith(req.ip)),
          );
          return { total: BigInt(found.length), searchRecord: found };
        },
        deleteSearchRecord: (req) => {
          deletes.push(req);
          rows = rows.filter((r) => !req.id.includes(r.id));
          return {};
        },
        setPopularSearchHidden: (req) => {
          hides.push(req);
          hidden = req.hidden
            ? [req.keywords, ...hidden.filter((k) => k !== req.keywords)]
            : hidden.filter((k) => k !== req.keywords);
          return {};
        },
        listHiddenPopularSearch: () => ({ hidden: hidden.map((keywords) => ({ keywords })) }),
      });
    },
  });
  signInStaff(deps, "SearchRecordAPI", rpcs, ["/admin/document/searchrecord"]);
  return { deps, lists, deletes, hides };
}

const row = (text: string): HTMLElement => {
  const tr = screen.getByText(text).closest("tr");
  if (!tr) throw new Error(`no row for ${text}`);
  return tr;
};
const findRow = async (text: string) => {
  await screen.findByText(text, {}, { timeout: 8000 });
  return row(text);
};
const enter = (input: HTMLElement, value: string) => {
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: "Enter", code: "Enter", keyCode: 13 });
};

describe("admin search records", () => {
  it("lists who searched what with results and time, filters by keywords and address, deletes after asking", async () => {
    const { deps, lists, deletes } = setup(["ListSearchRecord", "DeleteSearchRecord"]);
    renderWithProviders(<SearchRecordPage />, deps);

    const first = within(await findRow("线性代数"));
    expect(first.getByText("线性代数").closest("a")?.getAttribute("href")).toBe(
      `/search?${new URLSearchParams({ wd: "线性代数", type: "0" })}`,
    );
    expect(first.getByText("alice").closest("a")?.getAttribute("href")).toBe("/user/7");
    expect(first.getByText("203.0.113.5")).toBeTruthy();
    expect(first.getByText("12")).toBeTruthy();
    expect(first.getByText("0.012 秒")).toBeTruthy();
    expect(within(row("考研真题")).getByText("游客")).toBeTruthy();
    expect(lists[0]).toMatchObject({ page: 1n, size: 20n, keywords: "", ip: "", type: [] });

    enter(screen.getByLabelText("搜索"), "线性");
    await waitFor(() => expect(screen.queryByText("考研真题")).toBeNull());
    expect(lists.at(-1)?.keywords).toBe("线性");
    enter(screen.getByLabelText("IP"), "203.0.113.9");
    await waitFor(() => expect(screen.queryByText("线性代数")).toBeNull());
    expect(lists.at(-1)).toMatchObject({ keywords: "线性", ip: "203.0.113.9" });

    fireEvent.click(within(row("线性回归")).getByLabelText("删除"));
    expect(deletes).toHaveLength(0); // asks first
    fireEvent.click(await screen.findByText(/^确\s*定$/));
    await waitFor(() => expect(deletes).toEqual([expect.objectContaining({ id: [3n] })]));
    await waitFor(() => expect(screen.queryByText("线性回归")).toBeNull());
  }, 120_000);

  it("deletes a selection in one call after a confirmation; without the permission offers no delete", async () => {
    const { deps, deletes } = setup(["ListSearchRecord", "DeleteSearchRecord"]);
    const view = renderWithProviders(<SearchRecordPage />, deps);
    for (const text of ["线性代数", "考研真题"])
      fireEvent.click((await findRow(text)).querySelector("input[type=checkbox]") as HTMLElement);
    fireEvent.click(screen.getByTestId("batch-delete"));
    expect(deletes).toHaveLength(0);
    fireEvent.click(await screen.findByText(/^确\s*定$/));
    await waitFor(() => expect(deletes).toEqual([expect.objectContaining({ id: [1n, 2n] })]));
    await waitFor(() => expect(screen.queryByText("考研真题")).toBeNull());
    view.unmount();

    const readOnly = setup(["ListSearchRecord"]);
    renderWithProviders(<SearchRecordPage />, readOnly.deps);
    expect(within(await findRow("线性代数")).queryByLabelText("删除")).toBeNull();
    expect(screen.queryByTestId("batch-delete")).toBeNull();
    expect(row("线性代数").querySelector("input[type=checkbox]")).toBeNull();
  }, 120_000);

  it("hides a record's keywords from the popular searches after asking, lists the hidden ones and shows one again", async () => {
    const { deps, hides } = setup(["ListSearchRecord", "SetPopularSearchHidden", "ListHiddenPopularSearch"]);
    renderWithProviders(<SearchRecordPage />, deps);
    const hiddenList = async () => within(await screen.findByTestId("popular-hidden", {}, { timeout: 8000 }));
    expect(await (await hiddenList()).findByText("刷屏广告", {}, { timeout: 8000 })).toBeTruthy();

    fireEvent.click(within(await findRow("考研真题")).getByLabelText("从热门搜索中隐藏"));
    expect(hides).toHaveLength(0); // asks first
    fireEvent.click(await screen.findByText(/^确\s*定$/));
    await waitFor(() => expect(hides).toEqual([expect.objectContaining({ keywords: "考研真题", hidden: true })]));
    expect(await (await hiddenList()).findByText("考研真题")).toBeTruthy();

    fireEvent.click((await hiddenList()).getByLabelText("取消隐藏 刷屏广告"));
    await waitFor(() => expect(hides.at(-1)).toEqual(expect.objectContaining({ keywords: "刷屏广告", hidden: false })));
    await waitFor(async () => expect((await hiddenList()).queryByText("刷屏广告")).toBeNull());
  }, 120_000);

  it("without the permissions offers neither hiding nor the hidden list", async () => {
    const { deps } = setup(["ListSearchRecord"]);
    renderWithProviders(<SearchRecordPage />, deps);
    expect(within(await findRow("线性代数")).queryByLabelText("从热门搜索中隐藏")).toBeNull();
    expect(screen.queryByTestId("popular-hidden")).toBeNull();
  }, 120_000);
});
