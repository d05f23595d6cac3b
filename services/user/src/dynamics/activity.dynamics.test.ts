import { activityLine, activityParams, createActivityDynamics } from "./activity.dynamics.js";
import { DynamicType } from "./dynamic.repository.js";

describe("activity dynamics", () => {
  test("one line per item: the verb, the item linked by its ref, the title escaped", () => {
    const doc = { kind: "document", id: 7n, ref: "0123456789abcdef", title: `<b>"A&B"</b>` } as const;
    expect(activityLine("upload", doc)).toBe(
      `上传了文档《<a href="/document/0123456789abcdef">&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;</a>》`,
    );
    expect(activityLine("favorite", { kind: "article", id: 3n, ref: "about", title: "关于" })).toBe(
      `收藏了文章《<a href="/article/about">关于</a>》`,
    );
    expect(activityLine("comment", { ...doc, title: "t" })).toMatch(/^评论了文档《/);
    expect(activityLine("article", { kind: "article", id: 3n, ref: "", title: "t" })).toBe(
      `发布了文章《<a href="/article/3">t</a>》`,
    );
    // a ref that is not a uuid (identifier) never reaches the href
    expect(activityLine("upload", { ...doc, ref: `"><script>` })).toContain(`href="/document/7"`);
    expect(activityLine("article", { kind: "article", id: 9n, ref: `x"onclick=`, title: "t" })).toContain(
      `href="/article/9"`,
    );
  });

  test("params name the item for a client to word the line itself: kind, the linked ref, the title as given", () => {
    const doc = { kind: "document", id: 7n, ref: "0123456789abcdef", title: `<b>"A&B"</b>` } as const;
    expect(activityParams(doc)).toEqual({ kind: "document", ref: "0123456789abcdef", title: `<b>"A&B"</b>` });
    // the ref is the one the line links: the id when the given ref is unsafe
    expect(activityParams({ kind: "article", id: 9n, ref: `x"onclick=`, title: "t" })).toEqual({
      kind: "article",
      ref: "9",
      title: "t",
    });
  });

  test("recorded for an existing user only, all in one insert, under the activity's type", async () => {
    const added: Array<[bigint, number, readonly { content: string; params: Record<string, string> }[]]> = [];
    const activities = createActivityDynamics({
      dynamics: {
        addMany: async (
          userId: bigint,
          type: number,
          entries: readonly { content: string; params: Record<string, string> }[],
        ) => {
          added.push([userId, type, entries]);
          return { count: entries.length };
        },
      } as never,
      userExists: async (id) => id === 5n,
    });
    await activities.record(5n, "upload", [
      { kind: "document", id: 1n, ref: "aaaaaaaaaaaaaaaa", title: "one" },
      { kind: "document", id: 2n, ref: "bbbbbbbbbbbbbbbb", title: "two" },
    ]);
    await activities.record(5n, "article", [{ kind: "article", id: 4n, ref: "", title: "文" }]);
    expect(added.map(([, type, entries]) => [type, entries.length])).toEqual([
      [DynamicType.upload, 2],
      [DynamicType.article, 1],
    ]);
    expect(added[0]?.[2][1]).toEqual({
      content: `上传了文档《<a href="/document/bbbbbbbbbbbbbbbb">two</a>》`,
      params: { kind: "document", ref: "bbbbbbbbbbbbbbbb", title: "two" },
    });
    const missing = activities.record(6n, "comment", [{ kind: "document", id: 3n, ref: "", title: "x" }]);
    await expect(missing).rejects.toMatchObject({ kind: "not_found" });
    await activities.record(6n, "favorite", []); // nothing to record: no lookup, no error
    const many = Array.from(
      { length: 1001 },
      (_, i) => ({ kind: "document", id: BigInt(i), ref: "", title: "x" }) as const,
    );
    await expect(activities.record(5n, "download", many)).rejects.toMatchObject({ kind: "invalid_argument" });
  });
});
