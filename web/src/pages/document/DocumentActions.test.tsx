import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { DocumentAPI, DocumentSchema } from "@wenku/proto/api/v1/document_pb.js";
import { ContentKind, DocumentStatus, ReportReason } from "@wenku/proto/api/v1/enums_pb.js";
import { FavoriteAPI, FavoriteSchema } from "@wenku/proto/api/v1/favorite_pb.js";
import { ReportAPI } from "@wenku/proto/api/v1/report_pb.js";
import { emptyServices, renderRoutes, testDeps } from "../../../test/render.js";
import { DocumentActions, withRating } from "./DocumentActions.js";

jest.setTimeout(30_000);

const doc = create(DocumentSchema, {
  id: 9n,
  title: "讲义",
  status: DocumentStatus.CONVERTED,
  favoriteCount: 2,
  score: 350,
  scoreCount: 2,
});

/** An in-process content service: favorites, ratings and reports of document 9, as the server keeps them. */
function setup(
  options: { signedIn?: boolean; favoriteRefusal?: string; reportRefusal?: string; hideCount?: boolean } = {},
) {
  const calls: string[] = [];
  let favorited = false;
  let myScore = 0;
  const deps = testDeps({
    ...(options.hideCount ? { loadSettings: async () => ({ display: { showDocumentFavoriteCount: false } }) } : {}),
    services: (router: ConnectRouter) => {
      emptyServices(router);
      router.service(FavoriteAPI, {
        getFavorite: (req) => {
          expect([req.documentId, req.type]).toEqual([9n, ContentKind.DOCUMENT]);
          if (!favorited) return create(FavoriteSchema); // none: an empty favorite, as the server answers
          return create(FavoriteSchema, { id: 77n, documentId: 9n });
        },
        createFavorite: (req) => {
          calls.push(`favorite ${req.documentId}`);
          if (options.favoriteRefusal) throw new ConnectError(options.favoriteRefusal, Code.PermissionDenied);
          favorited = true;
          return create(FavoriteSchema, { id: 77n, documentId: 9n });
        },
        deleteFavorite: (req) => {
          calls.push(`unfavorite ${req.id.join(",")}`);
          favorited = false;
          return {};
        },
      });
      router.service(DocumentAPI, {
        getDocumentScore: () => ({ documentId: 9n, score: myScore }),
        setDocumentScore: (req) => {
          calls.push(`rate ${req.score}`);
          myScore = req.score;
          return {};
        },
      });
      router.service(ReportAPI, {
        createReport: (req) => {
          calls.push(`report ${req.reason}`);
          if (options.reportRefusal) throw new ConnectError(options.reportRefusal, Code.AlreadyExists);
          return {};
        },
      });
    },
  });
  if (options.signedIn !== false) deps.sessionStore.login({ id: "7", username: "alice" }, "token-1");
  renderRoutes([{ path: "/document/:id", element: <DocumentActions document={doc} /> }], {
    path: "/document/9",
    deps,
  });
  return { calls };
}

describe("document actions", () => {
  it("favorites and unfavorites, the count following", async () => {
    const { calls } = setup();
    const toggle = screen.getByTestId("favorite-toggle");
    await waitFor(() => expect(toggle.textContent).toContain("收藏 · 2"));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.textContent).toContain("已收藏 · 3"));
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.textContent).toBe("收藏 · 2"));
    expect(calls).toEqual(["favorite 9", "unfavorite 77"]);
  });

  it("hides a document's favorite count when the site says so (display.show_document_favorite_count)", async () => {
    setup({ hideCount: true });
    const toggle = screen.getByTestId("favorite-toggle");
    await waitFor(() => expect(toggle.textContent).toBe("收藏"));
    expect(screen.queryByTestId("favorite-count")).toBeNull();
  });

  it("shows the server's refusal (a punishment's reason) and stays off", async () => {
    setup({ favoriteRefusal: "您已被禁止收藏：刷收藏" });
    const toggle = screen.getByTestId("favorite-toggle");
    fireEvent.click(toggle);
    await screen.findByText("您已被禁止收藏：刷收藏");
    expect(toggle.textContent).toBe("收藏 · 2");
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
  });

  it("rates once: stars x100 sent, the average and mine shown, the stars then fixed", async () => {
    const { calls } = setup();
    const rating = screen.getByTestId("document-rating");
    expect(within(rating).getByTestId("rating-summary").textContent).toContain("3.5 分 · 2 人评分");
    const stars = rating.querySelectorAll(".ant-rate-star > div");
    fireEvent.click(stars[4] as Element);
    await waitFor(() => expect(within(rating).getByTestId("rating-mine").textContent).toContain("我的评分：5 星"));
    expect(within(rating).getByTestId("rating-summary").textContent).toContain("4.0 分 · 3 人评分");
    expect(calls).toEqual(["rate 500"]);
    expect(withRating(350, 2, 500)).toBe(400);
    expect(withRating(0, 0, 300)).toBe(300);
  });

  it("reports with one of the six reasons or copyright infringement; a refusal is shown in the dialog", async () => {
    const { calls } = setup({ reportRefusal: "您已举报过该文档，请等待处理" });
    fireEvent.click(screen.getByTestId("report-open"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getAllByRole("radio")).toHaveLength(7);
    expect((within(dialog).getByTestId("report-submit") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByLabelText("侵犯版权"));
    fireEvent.click(within(dialog).getByTestId("report-submit"));
    expect((await within(dialog).findByTestId("report-error")).textContent).toContain("您已举报过该文档，请等待处理");
    expect(calls).toEqual([`report ${ReportReason.COPYRIGHT}`]);
  });

  it("asks a visitor to sign in instead of calling the server", async () => {
    const { calls } = setup({ signedIn: false });
    fireEvent.click(screen.getByTestId("favorite-toggle"));
    expect((await screen.findAllByText("登录后即可收藏")).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId("report-open"));
    expect((await screen.findAllByText("登录后即可举报")).length).toBeGreaterThan(0);
    expect(calls).toEqual([]);
  });
});
