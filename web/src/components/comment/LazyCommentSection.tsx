import type { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import { Skeleton } from "antd";
import { lazy, Suspense } from "react";
import { withTexts } from "../../i18n/language.js";

/** The comments' code (thread, form, captcha, paging): a chunk of its own, fetched after the page above it. */
const CommentSection = lazy(() =>
  withTexts(import("./CommentSection.js"), ["comments"]).then((m) => ({ default: m.CommentSection })),
);

/**
 * The comment section under a document or an article, loaded on its own: readers get the page first
 * and the comments' code (form, pagination) after it.
 */
export function LazyCommentSection(props: { kind: ContentKind; targetId: bigint }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
      <CommentSection {...props} />
    </Suspense>
  );
}
