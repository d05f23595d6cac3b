import { DynamicType } from "./dynamic.repository.js";
import { createUploadDynamics, uploadDynamic } from "./upload.dynamics.js";

describe("upload dynamics", () => {
  test("one line per document, linked by uuid, the title escaped", () => {
    expect(uploadDynamic({ id: 7n, uuid: "0123456789abcdef", title: `<b>"A&B"</b>` })).toBe(
      `上传了文档《<a href="/document/0123456789abcdef">&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;</a>》`,
    );
    // a uuid that is not 16 hex characters never reaches the href
    expect(uploadDynamic({ id: 7n, uuid: `"><script>`, title: "t" })).toContain(`href="/document/7"`);
  });

  test("recorded for an existing user only, all in one insert", async () => {
    const added: Array<[bigint, number, readonly string[]]> = [];
    const uploads = createUploadDynamics({
      dynamics: {
        addMany: async (userId: bigint, type: number, contents: readonly string[]) => {
          added.push([userId, type, contents]);
          return { count: contents.length };
        },
      } as never,
      userExists: async (id) => id === 5n,
    });
    await uploads.record(5n, [
      { id: 1n, uuid: "aaaaaaaaaaaaaaaa", title: "one" },
      { id: 2n, uuid: "bbbbbbbbbbbbbbbb", title: "two" },
    ]);
    expect(added).toHaveLength(1);
    expect(added[0]?.[1]).toBe(DynamicType.upload);
    expect(added[0]?.[2]).toHaveLength(2);
    await expect(uploads.record(6n, [{ id: 3n, uuid: "", title: "x" }])).rejects.toMatchObject({ kind: "not_found" });
    await uploads.record(6n, []); // nothing to record: no lookup, no error
  });
});
