import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ArticleAPI, ArticleSchema } from "@wenku/proto/api/v1/article_pb.js";
import { CategoryAPI } from "@wenku/proto/api/v1/category_pb.js";
import { emptyServices, renderWithProviders, testDeps } from "../../../../test/render.js";
import { signInStaff } from "../../../../test/staff.js";
import ArticleRecyclePage from "./ArticleRecyclePage.js";

/** An in-process bin: restore and purge take rows out, empty takes them all. */
function setup(rpcs: string[]) {
  let bin = [1, 2, 3].map((id) => create(ArticleSchema, { id: BigInt(id), title: `旧文章${id}` }));
  const calls: string[] = [];
  const drop = (ids: bigint[]) => {
    bin = bin.filter((a) => !ids.includes(a.id));
  };
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(ArticleAPI, {
        listRecycleArticle: () => ({ total: BigInt(bin.length), article: bin }),
        restoreRecycleArticle: (req) => {
          calls.push(`restore ${req.id.join(",")}`);
          drop(req.id);
          return {};
        },
        deleteRecycleArticle: (req) => {
          calls.push(`purge ${req.id.join(",")}`);
          drop(req.id);
          return {};
        },
        emptyRecycleArticle: () => {
          calls.push("empty");
          bin = [];
          return {};
        },
      });
      router.service(CategoryAPI, { listCategory: () => ({ total: 0n, category: [] }) });
    },
  });
  signInStaff(deps, "ArticleAPI", rpcs, ["/admin/article/recycle"]);
  return { deps, calls };
}

const row = (title: string): HTMLElement => screen.getByText(title).closest("tr") as HTMLElement;

describe("admin article recycle bin", () => {
  it("restores a selection, purges one after asking, empties the bin after asking", async () => {
    const { deps, calls } = setup([
      "ListRecycleArticle",
      "RestoreRecycleArticle",
      "DeleteRecycleArticle",
      "EmptyRecycleArticle",
    ]);
    renderWithProviders(<ArticleRecyclePage />, deps);
    await screen.findByText("旧文章1", {}, { timeout: 8000 });

    fireEvent.click(row("旧文章1").querySelector("input[type=checkbox]") as HTMLElement);
    fireEvent.click(screen.getByTestId("recycle-restore"));
    await waitFor(() => expect(calls).toEqual(["restore 1"]));
    await waitFor(() => expect(screen.queryByText("旧文章1")).toBeNull());

    fireEvent.click(within(row("旧文章2")).getByLabelText("彻底删除"));
    expect(calls).toHaveLength(1); // asks first
    fireEvent.click(await screen.findByText(/^确\s*定$/));
    await waitFor(() => expect(calls).toEqual(["restore 1", "purge 2"]));

    fireEvent.click(await screen.findByTestId("recycle-clear"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(dialog.querySelector(".ant-btn-dangerous") as HTMLElement);
    await waitFor(() => expect(calls.at(-1)).toBe("empty"));
    await waitFor(() => expect(screen.queryByText("旧文章3")).toBeNull());
  }, 120_000);

  it("offers nothing but the list without the bin's permissions", async () => {
    const { deps } = setup(["ListRecycleArticle"]);
    renderWithProviders(<ArticleRecyclePage />, deps);
    await screen.findByText("旧文章1", {}, { timeout: 8000 });
    expect(screen.queryByTestId("recycle-restore")).toBeNull();
    expect(screen.queryByTestId("recycle-clear")).toBeNull();
    expect(within(row("旧文章1")).queryByLabelText("彻底删除")).toBeNull();
    expect(row("旧文章1").querySelector("input[type=checkbox]")).toBeNull();
  }, 120_000);
});
