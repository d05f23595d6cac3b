import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ConfigAPI } from "@wenku/proto/api/v1/config_pb.js";
import { SearchIndexStatusSchema } from "@wenku/proto/api/v1/search_pb.js";
import { emptyServices, renderWithProviders, testDeps } from "../../../../test/render.js";
import { signInStaff } from "../../../../test/staff.js";
import { SearchIndexCard } from "./SearchIndexCard.js";

/** An in-process ConfigAPI whose index status the test moves along; RenewDocumentIndex starts a pass. */
function setup(rpcs: string[], initial: Omit<MessageInitShape<typeof SearchIndexStatusSchema>, "$typeName">) {
  let status = create(SearchIndexStatusSchema, { backend: "postgres", indexed: 120n, ...initial });
  let renewals = 0;
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(ConfigAPI, {
        getDocumentIndexStatus: () => status,
        renewDocumentIndex: () => {
          renewals++;
          status = create(SearchIndexStatusSchema, { ...status, running: true, total: 200n, done: 50n });
          return {};
        },
      });
    },
  });
  signInStaff(deps, "ConfigAPI", rpcs, ["/admin/dashboard"]);
  return {
    deps,
    renewals: () => renewals,
    finish: () => {
      status = create(SearchIndexStatusSchema, { ...status, running: false, indexed: 200n, done: 200n });
    },
  };
}

describe("dashboard search index card", () => {
  it("shows the backend, the documents indexed and the last error; rebuilds after asking and follows the progress", async () => {
    const { deps, renewals, finish } = setup(["GetDocumentIndexStatus", "RenewDocumentIndex"], {
      error: "数据库不可用",
    });
    renderWithProviders(<SearchIndexCard />, deps);
    const card = within(await screen.findByTestId("dashboard-search-index", {}, { timeout: 8000 }));
    expect(await card.findByText("postgres")).toBeTruthy();
    expect(card.getByText("120")).toBeTruthy();
    expect(card.getByText("已索引文章")).toBeTruthy();
    expect(card.getByText("已是最新")).toBeTruthy();
    expect(card.getByText("上次更新出错：数据库不可用")).toBeTruthy();

    fireEvent.click(card.getByRole("button", { name: "重建索引" }));
    fireEvent.click(await screen.findByRole("button", { name: /确\s*定|OK/ }));
    await waitFor(() => expect(renewals()).toBe(1));
    expect(await card.findByText("正在更新")).toBeTruthy();
    expect(card.getByText("50 / 200")).toBeTruthy();
    expect(card.getByRole("button", { name: "重建索引" }).hasAttribute("disabled")).toBe(true);

    finish();
    expect(await card.findByText("已是最新", {}, { timeout: 6000 })).toBeTruthy();
    expect(card.getByText("200")).toBeTruthy();
  }, 60_000);

  it("a backend that does not answer: the card says so, counts unknown, no error page", async () => {
    const { deps } = setup(["GetDocumentIndexStatus"], {
      backend: "elasticsearch",
      indexed: 0n,
      unreachable: true,
      error: "搜索后端无法连接",
    });
    renderWithProviders(<SearchIndexCard />, deps);
    const card = within(await screen.findByTestId("dashboard-search-index", {}, { timeout: 8000 }));
    expect(await card.findByText("elasticsearch")).toBeTruthy();
    expect((await card.findByTestId("search-index-unreachable")).textContent).toContain("搜索后端无法连接");
    expect(card.getAllByText("—")).toHaveLength(2);
    expect(card.queryByText("0")).toBeNull();
  }, 60_000);

  it("offers no rebuild without its permission, and shows nothing without the status permission", async () => {
    const viewer = setup(["GetDocumentIndexStatus"], {});
    const { unmount } = renderWithProviders(<SearchIndexCard />, viewer.deps);
    const card = within(await screen.findByTestId("dashboard-search-index", {}, { timeout: 8000 }));
    expect(await card.findByText("120")).toBeTruthy();
    expect(card.queryByRole("button", { name: "重建索引" })).toBeNull();
    unmount();

    const none = setup([], {});
    renderWithProviders(
      <>
        <SearchIndexCard />
        <p>rendered</p>
      </>,
      none.deps,
    );
    await screen.findByText("rendered");
    expect(screen.queryByTestId("dashboard-search-index")).toBeNull();
  }, 60_000);
});
