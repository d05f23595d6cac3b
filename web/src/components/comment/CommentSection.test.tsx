import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type Comment, CommentAPI, CommentSchema, type CreateCommentRequest } from "@wenku/proto/api/v1/comment_pb.js";
import { ContentKind, ReviewStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { emptyServices, renderWithProviders, testDeps } from "../../../test/render.js";
import { CommentSection } from "./CommentSection.js";

jest.setTimeout(30_000);

const comment = (id: number, extra: MessageInitShape<typeof CommentSchema> = {}) =>
  create(CommentSchema, {
    id: BigInt(id),
    content: `评论${id}`,
    userId: 3n,
    username: "reader",
    status: ReviewStatus.APPROVED,
    ...extra,
  });

function setup(opts: {
  rows: () => Comment[];
  /** Answers whether the new comment waits for review. */
  create?: (req: CreateCommentRequest) => boolean;
  /** The site asks for a captcha on comments: the captchas handed out, one per GetUserCaptcha. */
  captchas?: string[];
}) {
  const posted: CreateCommentRequest[] = [];
  const asked: bigint[] = [];
  const deps = testDeps({
    ...(opts.captchas ? { loadSettings: async () => ({ security: { enableCaptchaComment: true } }) } : {}),
    services: (router: ConnectRouter) => {
      emptyServices(router);
      const captchas = opts.captchas;
      if (captchas)
        router.service(UserAPI, {
          getUserCaptcha: (req) => {
            expect(req.type).toBe("comment");
            const id = `cap-${captchas.length + 1}`;
            captchas.push(id);
            return { enable: true, id, captcha: "data:image/png;base64,iVBORw0KGgo=" };
          },
        });
      router.service(CommentAPI, {
        listComment: (req) => {
          asked.push(req.documentId);
          expect(req.type).toEqual([ContentKind.ARTICLE]);
          const rows = opts.rows();
          return { total: BigInt(rows.filter((r) => r.parentId === 0n).length), comment: rows };
        },
        createComment: (req) => {
          posted.push(req);
          return { id: 5n, pending: opts.create?.(req) === true };
        },
      });
    },
  });
  return { deps, posted, asked };
}

describe("CommentSection", () => {
  it("asks visitors to sign in and shows the thread as text, replies under their comment", async () => {
    const { deps, asked } = setup({
      rows: () => [
        comment(2, { content: "<b>不是粗体</b>" }),
        comment(1),
        comment(3, { parentId: 2n, username: "other", content: "回复内容" }),
      ],
    });
    renderWithProviders(<CommentSection kind={ContentKind.ARTICLE} targetId={42n} />, deps);

    expect((await screen.findByTestId("comment-login")).textContent).toContain("登录后才能发表评论");
    expect(screen.queryByTestId("comment-form")).toBeNull();
    const items = await screen.findAllByTestId("comment-item");
    expect(items).toHaveLength(3);
    const first = items[0] as HTMLElement;
    expect(within(first).getAllByTestId("comment-content")[0]?.textContent).toBe("<b>不是粗体</b>");
    expect(first.querySelector("b")).toBeNull();
    expect(within(first).getByText("回复内容")).toBeTruthy(); // nested under its parent
    expect(screen.getByText("评论（2）")).toBeTruthy();
    expect(asked).toContain(42n);
  });

  it("posts as a signed-in user, marks their pending comment, and says the server's refusal", async () => {
    let rows: Comment[] = [];
    let refuse = false;
    const { deps, posted } = setup({
      rows: () => rows,
      create: (req) => {
        if (refuse) throw new ConnectError("您已被禁止评论：恶意灌水", Code.PermissionDenied);
        rows = [comment(5, { content: req.content, userId: 7n, username: "alice", status: ReviewStatus.PENDING })];
        return true;
      },
    });
    deps.sessionStore.login({ id: "7", username: "alice" }, "token-1");
    renderWithProviders(<CommentSection kind={ContentKind.ARTICLE} targetId={42n} />, deps);

    const input = await screen.findByTestId("comment-input");
    expect(screen.queryByPlaceholderText("验证码")).toBeNull(); // the site asks for no captcha here
    fireEvent.change(input, { target: { value: "  第一条  " } });
    fireEvent.click(screen.getByTestId("comment-submit"));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ documentId: 42n, parentId: 0n, type: ContentKind.ARTICLE, content: "第一条" });
    expect((await screen.findByTestId("comment-pending")).textContent).toBe("待审核");
    // The toast says it waits for review (the server answered pending), not that it is published.
    expect(await screen.findByText("评论已提交，审核通过后将公开显示")).toBeTruthy();
    expect(screen.queryByText("评论已发表")).toBeNull();
    expect(screen.getByTestId("comment-delete")).toBeTruthy(); // one's own comment

    refuse = true;
    fireEvent.change(screen.getByTestId("comment-input"), { target: { value: "第二条" } });
    fireEvent.click(screen.getByTestId("comment-submit"));
    expect((await screen.findByTestId("comment-error")).textContent).toContain("您已被禁止评论：恶意灌水");
    expect((screen.getByTestId("comment-input") as HTMLTextAreaElement).value).toBe("第二条"); // nothing lost
  });

  it("asks for the captcha when the site wants one, sends it with its id, and a fresh one after a refusal", async () => {
    const captchas: string[] = [];
    let refuse = true;
    const { deps, posted } = setup({
      rows: () => [],
      captchas,
      create: () => {
        if (refuse) throw new ConnectError("验证码错误", Code.InvalidArgument);
        return false;
      },
    });
    deps.sessionStore.login({ id: "7", username: "alice" }, "token-1");
    renderWithProviders(<CommentSection kind={ContentKind.ARTICLE} targetId={42n} />, deps);

    const form = await screen.findByTestId("comment-form");
    expect(await within(form).findByTestId("captcha-image")).toBeTruthy();
    const code = within(form).getByPlaceholderText("验证码");
    fireEvent.change(screen.getByTestId("comment-input"), { target: { value: "有验证码的评论" } });
    fireEvent.change(code, { target: { value: " ab12 " } });
    fireEvent.click(screen.getByTestId("comment-submit"));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ content: "有验证码的评论", captchaId: "cap-1", captcha: "ab12" });
    expect((await screen.findByTestId("comment-error")).textContent).toContain("验证码错误");
    // single use: a new one is fetched and the typed code cleared
    await waitFor(() => expect(captchas).toEqual(["cap-1", "cap-2"]));
    await waitFor(() => expect((within(form).getByPlaceholderText("验证码") as HTMLInputElement).value).toBe(""));

    refuse = false;
    fireEvent.change(within(form).getByPlaceholderText("验证码"), { target: { value: "cd34" } });
    fireEvent.click(screen.getByTestId("comment-submit"));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toMatchObject({ captchaId: "cap-2", captcha: "cd34" });
  });
});
