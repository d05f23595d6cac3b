import { create } from "@bufbuild/protobuf";
import { expect, test } from "@jest/globals";
import { CommentSchema } from "@wenku/proto/api/v1/comment_pb.js";
import { buildThread } from "./commentThread.js";

const c = (id: number, parentId = 0, username = `u${id}`) =>
  create(CommentSchema, { id: BigInt(id), parentId: BigInt(parentId), content: `c${id}`, username });

test("top-level comments keep the server's order; replies at any depth sit under their top-level comment", () => {
  const thread = buildThread([c(9), c(5), c(10, 5), c(11, 10), c(12, 9), c(13, 5)]);
  expect(thread.map((t) => t.comment.id)).toEqual([9n, 5n]);
  expect(thread[1]?.replies.map((r) => [r.comment.id, r.to?.id])).toEqual([
    [10n, undefined],
    [11n, 10n],
    [13n, undefined],
  ]);
  expect(thread[0]?.replies.map((r) => r.comment.id)).toEqual([12n]);
});

test("replies whose top-level comment is not on the page are left out", () => {
  expect(buildThread([c(3), c(4, 2), c(5, 4)])).toEqual([{ comment: c(3), replies: [] }]);
});
