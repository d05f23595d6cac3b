import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type Category, CategoryAPI, CategorySchema } from "@wenku/proto/api/v1/category_pb.js";
import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { openDrawer, tableRow } from "../../../../test/adminScreen.js";
import { emptyServices, renderWithProviders, testDeps } from "../../../../test/render.js";
import { signInStaff } from "../../../../test/staff.js";
import { CategoryEditor } from "./CategoryEditor.js";

const RPCS = ["ListCategory", "CreateCategory", "UpdateCategory", "DeleteCategory"];

/** An in-process CategoryAPI over an in-memory table, refusing to delete a parent like the server. */
function setup(rows: Category[] = []) {
  const created: Category[] = [];
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(CategoryAPI, {
        listCategory: (req) => {
          const category = rows.filter((c) => req.type.length === 0 || req.type.includes(c.type));
          return { total: BigInt(category.length), category };
        },
        createCategory: (req) => {
          const row = create(CategorySchema, { ...req, id: BigInt(rows.length + 1) });
          rows.push(row);
          created.push(row);
          return {};
        },
        deleteCategory: (req) => {
          if (rows.some((c) => req.id.includes(c.parentId))) {
            throw new ConnectError("该分类下还有子分类，不能删除", Code.FailedPrecondition);
          }
          return {};
        },
      });
    },
  });
  signInStaff(deps, "CategoryAPI", RPCS, ["/admin/article/category"]);
  return { deps, created };
}

async function addCategory(title: string): Promise<void> {
  fireEvent.change(within(openDrawer()).getByLabelText("名称"), { target: { value: title } });
  fireEvent.click(within(openDrawer()).getByTestId("drawer-save"));
  expect(await tableRow(title)).toBeTruthy();
}

describe("category editor", () => {
  it("creates a top-level category, then a sub-category with its parent preselected", async () => {
    const { deps, created } = setup();
    renderWithProviders(<CategoryEditor type={CategoryType.ARTICLE} title="文章分类" />, deps);

    fireEvent.click(await screen.findByTestId("category-add", {}, { timeout: 8000 }));
    await addCategory("新闻");
    expect(created[0]?.parentId).toBe(0n);
    expect(created[0]?.type).toBe(CategoryType.ARTICLE);

    const root = await tableRow("新闻");
    fireEvent.click(within(root).getByLabelText("添加子分类"));
    await waitFor(() => expect(within(openDrawer()).getByText("新闻")).toBeTruthy());
    expect(within(openDrawer()).getByLabelText("名称").getAttribute("value")).toBe("");
    await addCategory("国内");
    expect(created[1]?.parentId).toBe(created[0]?.id);
  }, 90_000);

  it("shows the server's refusal to delete a category with children", async () => {
    const { deps } = setup([
      create(CategorySchema, { id: 1n, title: "教育", enable: true }),
      create(CategorySchema, { id: 2n, parentId: 1n, title: "高考", enable: true }),
    ]);
    renderWithProviders(<CategoryEditor type={CategoryType.DOCUMENT} title="文档分类" />, deps);
    expect(await tableRow("高考")).toBeTruthy();
    // By label and class, not by role: role queries are slow over antd tables (see rowOf).
    fireEvent.click(within(await tableRow("教育")).getByLabelText("删除"));
    expect(await screen.findByText("确定要删除“教育”吗？", {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(document.querySelector(".ant-popover .ant-btn-primary") as HTMLElement);
    expect(await screen.findByText("该分类下还有子分类，不能删除", {}, { timeout: 10_000 })).toBeTruthy();
  }, 120_000);
});
