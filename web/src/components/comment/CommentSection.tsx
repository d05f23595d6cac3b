import { useMutation } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { CommentAPI } from "@wenku/proto/api/v1/comment_pb.js";
import type { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import { Button, Card, Divider, Empty, Flex, Skeleton, Typography } from "antd";
import { type ComponentProps, Suspense, useMemo, useState } from "react";
import { Link, useLocation } from "react-router";
import { toApiError } from "../../api/errors.js";
import { invalidateMethod } from "../../api/invalidate.js";
import { useApiQuery } from "../../api/useApiQuery.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { lazyComponent } from "../../router/lazyPage.js";
import { loginPath } from "../../router/paths.js";
import { useSession } from "../../store/SessionProvider.js";
import { ApiErrorAlert } from "../common/ApiErrorAlert.js";
import { useFeedback } from "../feedback/appContext.js";
import type { CommentForm as CommentFormProps } from "./CommentForm.js";
import { CommentItem } from "./CommentItem.js";
import { authorName, buildThread } from "./commentThread.js";

/** The post box (with the form library and captcha) loads for a signed-in reader only. */
const CommentForm = lazyComponent<ComponentProps<typeof CommentFormProps>>(() =>
  import("./CommentForm.js").then((m) => ({ default: m.CommentForm })),
);
/** The pager loads once there is more than one page. */
const CommentPager = lazyComponent(() => import("./CommentPager.js"));

/** Top-level comments per page (their replies come with them). */
export const COMMENT_PAGE_SIZE = 10;

/**
 * The comments under a document or an article: the post box (a sign-in prompt for visitors), the
 * thread newest first with replies under each comment, the reader's own pending comments marked,
 * replies and deleting one's own comments, paging. The target's counts move on the server.
 */
export function CommentSection({ kind, targetId }: { kind: ContentKind; targetId: bigint }) {
  const { t } = useI18n();
  const session = useSession();
  const location = useLocation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [replying, setReplying] = useState<bigint | null>(null);
  const me = session.user ? String(session.user.id) : null;
  const list = useApiQuery(
    CommentAPI.method.listComment,
    { documentId: targetId, type: [kind], page: BigInt(page), size: BigInt(COMMENT_PAGE_SIZE) },
    t("cmt.loadFailed"),
  );
  const thread = useMemo(() => buildThread(list.data?.comment ?? []), [list.data]);
  const total = Number(list.data?.total ?? 0n);
  const remove = useMutation(CommentAPI.method.deleteComment, {
    onSuccess: async () => {
      void message.success(t("cmt.deleted"));
      await invalidateMethod(queryClient, CommentAPI.method.listComment);
    },
    onError: (error) => void message.error(toApiError(error, t("cmt.failed")).message),
  });
  const mine = (userId: bigint) => me !== null && me === String(userId);
  const replyBox = (id: bigint, name: string) =>
    replying === id && (
      <div style={{ marginTop: 8 }}>
        <Suspense fallback={null}>
          <CommentForm
            kind={kind}
            targetId={targetId}
            parentId={id}
            replyTo={name}
            onDone={() => setReplying(null)}
            onCancel={() => setReplying(null)}
          />
        </Suspense>
      </div>
    );
  const replyTo = me ? (id: bigint) => () => setReplying(replying === id ? null : id) : () => undefined;
  const deleteOf = (id: bigint) => () => remove.mutate({ id: [id] });

  return (
    <Card
      title={total > 0 ? t("cmt.count", { count: total }) : t("cmt.title")}
      data-testid="comment-section"
      styles={{ body: { paddingTop: 12 } }}
    >
      {me ? (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} title={false} />}>
          <CommentForm kind={kind} targetId={targetId} />
        </Suspense>
      ) : (
        <Flex
          gap={8}
          align="center"
          justify="space-between"
          wrap
          style={{ padding: "12px 0" }}
          data-testid="comment-login"
        >
          <Typography.Text type="secondary">{t("cmt.loginPrompt")}</Typography.Text>
          <Link to={loginPath(location.pathname + location.search)}>
            <Button type="primary">{t("cmt.login")}</Button>
          </Link>
        </Flex>
      )}
      <Divider style={{ margin: "16px 0" }} />
      {list.error ? (
        <ApiErrorAlert error={list.error} onRetry={list.reload} />
      ) : !list.data ? (
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      ) : thread.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("cmt.empty")} />
      ) : (
        <Flex vertical gap={20} data-testid="comment-list">
          {thread.map(({ comment, replies }) => (
            <CommentItem
              key={String(comment.id)}
              comment={comment}
              mine={mine(comment.userId)}
              onReply={me ? replyTo(comment.id) : undefined}
              onDelete={deleteOf(comment.id)}
            >
              {replyBox(comment.id, authorName(comment))}
              {replies.length > 0 && (
                <Flex
                  vertical
                  gap={12}
                  style={{ marginTop: 8, padding: "8px 0 8px 12px", borderInlineStart: "2px solid rgba(0,0,0,0.06)" }}
                >
                  {replies.map((r) => (
                    <CommentItem
                      key={String(r.comment.id)}
                      comment={r.comment}
                      to={r.to}
                      small
                      mine={mine(r.comment.userId)}
                      onReply={me ? replyTo(r.comment.id) : undefined}
                      onDelete={deleteOf(r.comment.id)}
                    >
                      {replyBox(r.comment.id, authorName(r.comment))}
                    </CommentItem>
                  ))}
                </Flex>
              )}
            </CommentItem>
          ))}
          {total > COMMENT_PAGE_SIZE && (
            <Suspense fallback={null}>
              <CommentPager current={page} pageSize={COMMENT_PAGE_SIZE} total={total} onChange={setPage} />
            </Suspense>
          )}
        </Flex>
      )}
    </Card>
  );
}
