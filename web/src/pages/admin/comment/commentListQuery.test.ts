import { create } from "@bufbuild/protobuf";
import { expect, test } from "@jest/globals";
import { CommentSchema } from "@wenku/proto/api/v1/comment_pb.js";
import { ContentKind, ReviewStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { commentListRequest, targetPath } from "./commentListQuery.js";

test("the URL's filters become ListComment's staff request", () => {
  const req = commentListRequest({
    page: 2,
    size: 20,
    wd: " 广告 ",
    filters: { status: "0,2,9", type: "article", userId: "17" },
  });
  expect(req).toMatchObject({
    page: 2n,
    size: 20n,
    wd: "广告",
    status: [ReviewStatus.PENDING, ReviewStatus.REJECTED],
    type: [ContentKind.ARTICLE],
    userId: 17n,
    withDocumentTitle: true,
  });
  expect(commentListRequest({ page: 1, size: 10, wd: "", filters: { userId: "x", type: "nope" } })).toMatchObject({
    userId: 0n,
    type: [],
    status: [],
  });
});

test("a comment links to its document by uuid and to its article by identifier", () => {
  const doc = create(CommentSchema, { type: ContentKind.DOCUMENT, documentUuid: "ab12", documentId: 3n });
  const art = create(CommentSchema, { type: ContentKind.ARTICLE, documentUuid: "about", documentId: 4n });
  expect([targetPath(doc), targetPath(art)]).toEqual(["/document/ab12", "/article/about"]);
  expect(targetPath(create(CommentSchema, { documentId: 5n }))).toBe("/document/5");
});
