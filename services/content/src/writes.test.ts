import { afterWrites } from "./writes.js";

test("afterWrites: writes call after once they succeed; reads, reindexes and failures do not", async () => {
  const seen: string[] = [];
  const impl = afterWrites(
    {
      async getArticle() {
        seen.push("get");
      },
      async listArticle() {
        seen.push("list");
      },
      async searchArticle() {
        seen.push("search");
      },
      async setArticleIndex() {
        seen.push("reindex");
      },
      async setArticlesNotice() {
        seen.push("notice");
      },
      async deleteArticle(): Promise<void> {
        throw new Error("refused");
      },
    },
    async () => {
      seen.push("after");
    },
  );
  await impl.getArticle();
  await impl.listArticle();
  await impl.searchArticle();
  await impl.setArticleIndex();
  expect(seen).toEqual(["get", "list", "search", "reindex"]);
  await impl.setArticlesNotice();
  expect(seen.slice(4)).toEqual(["notice", "after"]);
  await expect(impl.deleteArticle()).rejects.toThrow("refused");
  expect(seen).toHaveLength(6);
});
