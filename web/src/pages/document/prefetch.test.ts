/**
 * @jest-environment node
 */
import { Code, ConnectError, createRouterTransport } from "@connectrpc/connect";
import { createQueryOptions } from "@connectrpc/connect-query";
import { describe, expect, it } from "@jest/globals";
import { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { createQueryClient } from "../../api/queryClient.js";
import { documentInput, prefetchDocument } from "./prefetch.js";

function documents(asked: Array<{ id: bigint; withAuthor: boolean }>) {
  return createRouterTransport((router) =>
    router.service(DocumentAPI, {
      getDocument(req) {
        asked.push({ id: req.id, withAuthor: req.withAuthor });
        if (req.id === 404n) throw new ConnectError("文档不存在", Code.NotFound);
        return {
          id: req.id,
          title: "线性代数讲义",
          pages: 12,
          enableGzip: true,
          status: req.id === 8n ? DocumentStatus.CONVERTING : DocumentStatus.CONVERTED,
        };
      },
    }),
  );
}

describe("prefetchDocument (the document asked for beside the page's code)", () => {
  it("fills the very cache entry the document page reads, so the page asks nothing more", async () => {
    const asked: Array<{ id: bigint; withAuthor: boolean }> = [];
    const transport = documents(asked);
    const queryClient = createQueryClient();
    const warmed: string[] = [];
    await prefetchDocument(queryClient, transport, "9", (url) => warmed.push(url));

    expect(asked).toEqual([{ id: 9n, withAuthor: true }]);
    // what DocumentPage's useApiQuery(getDocument, documentInput(id)) looks up
    const page = createQueryOptions(DocumentAPI.method.getDocument, documentInput(9n), { transport });
    const cached = await queryClient.fetchQuery(page); // fresh: answered from the cache
    expect(cached.title).toBe("线性代数讲义");
    expect(asked).toHaveLength(1);
    expect(warmed).toEqual(["/view/page/9/1.gzip.svg"]); // the reader's first page, loading already
  });

  it("loads no page image of a document not converted, nor of one not found", async () => {
    const warmed: string[] = [];
    const queryClient = createQueryClient();
    for (const raw of ["8", "404"]) await prefetchDocument(queryClient, documents([]), raw, (url) => warmed.push(url));
    expect(warmed).toEqual([]);
  });

  it("asks nothing for an id the page reads as not found", async () => {
    const asked: Array<{ id: bigint; withAuthor: boolean }> = [];
    const queryClient = createQueryClient();
    for (const raw of ["0", "abc", "-3"]) await prefetchDocument(queryClient, documents(asked), raw, () => {});
    expect(asked).toEqual([]);
  });
});
