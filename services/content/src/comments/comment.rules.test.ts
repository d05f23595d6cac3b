import { describe, expect, it } from "@jest/globals";
import type { CallContext } from "@wenku/kit";
import {
  type CommentListInput,
  checkContent,
  commentIds,
  commentListQuery,
  isThread,
  kindOf,
  tooSoon,
} from "./comment.rules.js";

const call = (userId?: bigint, granted = false): CallContext => ({
  identity: userId === undefined ? null : { userId, sessionId: "s", granted, staff: granted },
  clientIp: "",
  requestId: "",
  internal: false,
});
const input = (over: Partial<CommentListInput> = {}): CommentListInput => ({
  page: 1n,
  size: 0n,
  wd: "",
  order: "",
  status: [],
  documentId: 0n,
  userId: 0n,
  parentId: [],
  type: [],
  ...over,
});

describe("checkContent", () => {
  it("keeps the text as typed (markup included), trimmed, with \\n line breaks and no control characters", () => {
    expect(checkContent("  <b>hi</b>\r\nthere\u0007\u007f  ")).toBe("<b>hi</b>\nthere");
    expect(checkContent("a\u0000b\ud800c")).toBe("abc");
  });
  it("refuses empty and too long text; counts characters, not UTF-16 units", () => {
    expect(() => checkContent(" \n\t")).toThrow("评论内容不能为空");
    expect(() => checkContent("\u0001")).toThrow("评论内容不能为空");
    expect(checkContent("😀".repeat(1000))).toHaveLength(2000);
    expect(() => checkContent("😀".repeat(1001))).toThrow("评论内容不能超过1000个字符");
  });
});

describe("commentListQuery", () => {
  it("visitors and members see approved comments and their own, never a keyword search", () => {
    expect(commentListQuery(call(), input({ wd: "x" }), false).where).toEqual({ visibleTo: 0n });
    expect(commentListQuery(call(5n), input({ status: [0] }), false).where).toEqual({ visibleTo: 5n, statuses: [0] });
  });
  it("a user's own list and staff see any status; staff search", () => {
    expect(commentListQuery(call(5n), input({ userId: 5n }), false).where).toEqual({ userId: 5n });
    expect(commentListQuery(call(1n, true), input({ wd: " 广告 ", type: [1] }), false).where).toEqual({
      wd: "广告",
      kind: "article",
    });
  });
  it("a thread is a target's top-level comments; public pages are capped", () => {
    const req = input({ documentId: 9n, size: 500n });
    expect(isThread(req)).toBe(true);
    expect(isThread({ ...req, parentId: [3n] })).toBe(false);
    const q = commentListQuery(call(), req, true);
    expect(q.where).toEqual({ visibleTo: 0n, kind: "document", targetId: 9n, topLevel: true });
    expect(q.take).toBe(50);
  });
  it("refuses unknown statuses, orders and mixed kinds", () => {
    expect(() => commentListQuery(call(), input({ status: [7] }), false)).toThrow("评论状态不正确");
    expect(() => commentListQuery(call(), input({ order: "content" }), false)).toThrow("不支持的排序方式");
    expect(() => kindOf([0, 1])).toThrow("请选择一种评论对象");
  });
});

it("ids: positive and deduplicated, none refused; the interval's message says the seconds", () => {
  expect(commentIds([3n, 3n, 0n, -1n, 4n])).toEqual([3n, 4n]);
  expect(() => commentIds([0n])).toThrow("请选择评论");
  expect(tooSoon(7).message).toBe("评论太频繁了，请7秒后再发表评论");
});
