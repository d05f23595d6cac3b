import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type Group, GroupAPI, GroupSchema, type ListGroupRequest } from "@wenku/proto/api/v1/group_pb.js";
import { Table } from "antd";
import { useLocation } from "react-router";
import { emptyServices, renderRoutes, testDeps } from "../../../../test/render.js";
import { AdminToolbar } from "../AdminToolbar.js";
import { RowActions } from "../RowActions.js";
import { readListQuery, useAdminList } from "./useAdminList.js";
import { useAdminMutation } from "./useAdminMutation.js";

/** The smallest admin page: the shape every converted admin list has. */
function GroupList() {
  const list = useAdminList({
    method: GroupAPI.method.listGroup,
    request: ({ page, size, wd }) => ({ page: BigInt(page), size: BigInt(size), wd }),
    rows: (r) => r.group,
    rowKey: (g) => String(g.id),
    pageSize: 2,
  });
  const remove = useAdminMutation(GroupAPI.method.deleteGroup, { success: "已删除", onSuccess: list.clearSelection });
  const location = useLocation();
  return (
    <>
      <output data-testid="search">{location.search}</output>
      {list.error && <p role="alert">{list.error.message}</p>}
      <AdminToolbar
        list={list}
        searchPlaceholder="名称"
        rowName={(g: Group) => g.title}
        onBatchDelete={(rows) => remove.run({ id: rows.map((g) => g.id) })}
      />
      <Table<Group>
        {...list.tableProps(true)}
        columns={[
          { title: "名称", dataIndex: "title" },
          {
            key: "actions",
            render: (_, g) => <RowActions name={g.title} onDelete={() => void remove.run({ id: [g.id] })} />,
          },
        ]}
      />
    </>
  );
}

function setup(options: { failList?: boolean; failDelete?: string } = {}) {
  const rows = ["甲组", "乙组", "丙组", "丁组", "戊组"].map((title, i) =>
    create(GroupSchema, { id: BigInt(i + 1), title }),
  );
  const lists: ListGroupRequest[] = [];
  const deletes: bigint[][] = [];
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(GroupAPI, {
        listGroup: (req) => {
          lists.push(req);
          if (options.failList) throw new ConnectError("分组服务暂不可用", Code.PermissionDenied);
          const hits = rows.filter((g) => g.title.includes(req.wd));
          const from = (Number(req.page) - 1) * Number(req.size);
          return { total: BigInt(hits.length), group: hits.slice(from, from + Number(req.size)) };
        },
        deleteGroup: (req) => {
          if (options.failDelete) throw new ConnectError(options.failDelete, Code.FailedPrecondition);
          deletes.push(req.id);
          for (const id of req.id)
            rows.splice(
              rows.findIndex((g) => g.id === id),
              1,
            );
          return {};
        },
      });
    },
  });
  return { deps, lists, deletes };
}

const render = (path: string, deps: ReturnType<typeof setup>["deps"]) =>
  renderRoutes([{ path: "/groups", element: <GroupList /> }], { path, deps });
const row = async (title: string) =>
  (await screen.findByText(title, { selector: ".ant-table-tbody td" }, { timeout: 10_000 })).closest(
    "tr",
  ) as HTMLElement;

describe("readListQuery", () => {
  it("reads page, size, keyword and filters; bad numbers fall back", () => {
    const q = readListQuery(new URLSearchParams("page=3&size=50&wd=%20pdf%20&status=6,3&x="), 10);
    expect(q).toEqual({ page: 3, size: 50, wd: "pdf", filters: { status: "6,3" } });
    const bad = readListQuery(new URLSearchParams("page=-1&size=abc"), 20);
    expect([bad.page, bad.size]).toEqual([1, 20]);
    expect(readListQuery(new URLSearchParams("size=100000"), 10).size).toBe(100);
    expect(readListQuery(new URLSearchParams("size=50"), 0).size).toBe(0);
  });
});

describe("admin list primitives", () => {
  it("takes page and keyword from the URL and writes searches and paging back to it", async () => {
    const { deps, lists } = setup();
    render("/groups?page=2&wd=组", deps);
    expect(await row("丙组")).toBeTruthy();
    expect(lists.at(-1)).toMatchObject({ page: 2n, size: 2n, wd: "组" });

    fireEvent.click(screen.getByTitle("3"));
    expect(await row("戊组")).toBeTruthy();
    expect(screen.getByTestId("search").textContent).toContain("page=3");

    const box = screen.getByTestId("admin-search").querySelector("input") as HTMLInputElement;
    fireEvent.change(box, { target: { value: "乙" } });
    fireEvent.keyDown(box, { key: "Enter", keyCode: 13 });
    expect(await row("乙组")).toBeTruthy();
    // A new keyword starts again on page 1.
    expect(screen.getByTestId("search").textContent).toBe("?wd=%E4%B9%99");
    expect(lists.at(-1)).toMatchObject({ page: 1n, wd: "乙" });
  }, 90_000);

  it("batch delete asks first, naming how many and which, then refetches the list", async () => {
    const { deps, lists, deletes } = setup();
    render("/groups", deps);
    const first = await row("甲组");
    const batch = screen.getByTestId("batch-delete");
    expect(batch.hasAttribute("disabled")).toBe(true);
    fireEvent.click(first.querySelector("input[type=checkbox]") as HTMLElement);
    fireEvent.click((await row("乙组")).querySelector("input[type=checkbox]") as HTMLElement);
    await waitFor(() => expect(batch.hasAttribute("disabled")).toBe(false));
    fireEvent.click(batch);
    await waitFor(() =>
      expect(document.querySelector(".ant-modal-confirm-title")?.textContent).toBe("确定要删除选中的 2 项吗？"),
    );
    expect(screen.getByTestId("confirm-names").textContent).toBe("甲组、乙组");
    expect(deletes).toEqual([]);
    const listsBefore = lists.length;
    fireEvent.click(document.querySelector(".ant-modal-confirm-btns .ant-btn-primary") as HTMLElement);
    expect(await screen.findByText("已删除", {}, { timeout: 10_000 })).toBeTruthy();
    expect(deletes).toEqual([[1n, 2n]]);
    // The mutation invalidated GroupAPI's queries: the list was fetched again without a reload call.
    expect(await row("丙组")).toBeTruthy();
    expect(lists.length).toBeGreaterThan(listsBefore);
  }, 90_000);

  it("a row's delete asks first, naming the row, and shows the server's message when it fails", async () => {
    const { deps, deletes } = setup({ failDelete: "该分组下还有用户，不能删除" });
    render("/groups", deps);
    fireEvent.click(within(await row("甲组")).getByLabelText("删除"));
    expect(await screen.findByText("确定要删除“甲组”吗？", {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(document.querySelector(".ant-popover .ant-btn-primary") as HTMLElement);
    expect(await screen.findByText("该分组下还有用户，不能删除", {}, { timeout: 10_000 })).toBeTruthy();
    expect(deletes).toEqual([]);
  }, 90_000);

  it("names every row action on hover, the confirmed ones too", async () => {
    const { deps } = setup();
    render("/groups", deps);
    fireEvent.mouseEnter(within(await row("甲组")).getByLabelText("删除"));
    expect((await screen.findByRole("tooltip", {}, { timeout: 10_000 })).textContent).toBe("删除");
  }, 30_000);

  it("lays the table out to fit its container, wrapping cells, and scrolls only beyond that", async () => {
    const { deps } = setup();
    render("/groups", deps);
    await row("甲组");
    // x: "max-content" kept every cell on one line, so columns slid under the pinned actions column.
    const table = document.querySelector(".ant-table-content > table") as HTMLTableElement;
    expect([table.style.width, table.style.minWidth, table.style.tableLayout]).toEqual(["auto", "100%", "auto"]);
    expect((document.querySelector(".ant-table-content") as HTMLElement).style.overflowX).toBe("auto");
  }, 30_000);

  it("shows the list's own error when loading fails", async () => {
    const { deps } = setup({ failList: true });
    render("/groups", deps);
    expect((await screen.findByText("分组服务暂不可用", {}, { timeout: 10_000 })).tagName).toBe("P");
  }, 30_000);
});
