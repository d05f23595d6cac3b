import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "@jest/globals";
import { ArticleSchema } from "@wenku/proto/api/v1/article_pb.js";
import { articleRequest, formValuesOf } from "./postForm.js";

const stored = create(ArticleSchema, {
  id: 5n,
  identifier: "3f2a9c",
  title: "旧标题",
  categoryId: [2n],
  keywords: "k",
  description: "d",
  content: "<p>c</p>",
  source: "s",
  sourceUrl: "https://example.com",
});

describe("the /post form", () => {
  it("starts from the article being edited", () => {
    expect(formValuesOf(stored)).toEqual({
      title: "旧标题",
      categoryId: ["2"],
      keywords: "k",
      description: "d",
      content: "<p>c</p>",
      identifier: "3f2a9c",
      author: "",
    });
    expect(formValuesOf(undefined).title).toBe("");
  });

  it("a new article sends an identifier only when one was typed; fields are trimmed", () => {
    const r = articleRequest({ ...formValuesOf(undefined), title: "  新 ", categoryId: ["3", "3", "x"] }, undefined);
    expect(r).toMatchObject({ id: 0n, title: "新", identifier: "", categoryId: [3n], author: "" });
  });

  it("an edit keeps the stored identifier and source unless changed", () => {
    const r = articleRequest({ ...formValuesOf(stored), identifier: "", author: undefined }, stored);
    expect(r).toMatchObject({ id: 5n, identifier: "3f2a9c", source: "s", sourceUrl: "https://example.com" });
    expect(articleRequest({ ...formValuesOf(stored), identifier: "new-name" }, stored).identifier).toBe("new-name");
  });
});
