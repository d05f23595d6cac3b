/**
 * @jest-environment node
 */
import { createRouterTransport } from "@connectrpc/connect";
import { createQueryOptions } from "@connectrpc/connect-query";
import { describe, expect, it } from "@jest/globals";
import { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { createQueryClient } from "../../api/queryClient.js";
import { documentInput, prefetchDocument } from "./prefetch.js";

function documents(asked: Array<{ id: bigint; withAuthor: boolean }>) {
  return createRouterTransport((router) =>
    router.service(DocumentAPI, {
      getDocument(req) {
        asked.push({ id: req.id, withAuthor: req.withAuthor });
        return { id: req.id, title: "线性代数讲义" };
      },
    }),
  );
}

describe("prefetchDocument (the document asked for beside the page's code)", () => {
  it("fills the very cache entry the document page reads, so the page asks nothing more", async () => {
    const asked: Array<{ id: bigint; withAuthor: boolean }> = [];
    const transport = documents(asked);
    const queryClient = createQueryClient();
    await prefetchDocument(queryClient, transport, "9");

    expect(asked).toEqual([{ id: 9n, withAuthor: true }]);
    // what DocumentPage's useApiQuery(getDocument, documentInput(id)) looks up
    const page = createQueryOptions(DocumentAPI.method.getDocument, documentInput(9n), { transport });
    const cached = await queryClient.fetchQuery(page); // fresh: answered from the cache
    expect(cached.title).toBe("线性代数讲义");
    expect(asked).toHaveLength(1);
  });

  it("asks nothing for an id the page reads as not found", async () => {
    const asked: Array<{ id: bigint; withAuthor: boolean }> = [];
    const queryClient = createQueryClient();
    for (const raw of ["0", "abc", "-3"]) await prefetchDocument(queryClient, documents(asked), raw);
    expect(asked).toEqual([]);
  });
});
