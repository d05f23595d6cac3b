/**
 * @jest-environment node
 */
import { Code, ConnectError, createRouterTransport } from "@connectrpc/connect";
import { createQueryOptions } from "@connectrpc/connect-query";
import { describe, expect, it } from "@jest/globals";
import { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { createQueryClient } from "../../api/queryClient.js";
import { documentInput, documentRef, prefetchDocument } from "./prefetch.js";

function documents(asked: Array<{ id: bigint; uuid?: string; withAuthor: boolean }>) {
  return createRouterTransport((router) =>
    router.service(DocumentAPI, {
      getDocument(req) {
        asked.push({ id: req.id, ...(req.uuid ? { uuid: req.uuid } : {}), withAuthor: req.withAuthor });
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
    const page = createQueryOptions(DocumentAPI.method.getDocument, documentInput({ id: 9n }), { transport });
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
    for (const raw of ["0", "abc", "-3", "1e3", "0x10", " 9"])
      await prefetchDocument(queryClient, documents(asked), raw, () => {});
    expect(asked).toEqual([]);
  });

  it("/document/<uuid> (moredoc's links: 16 hex characters) asks by uuid, digits by id", async () => {
    expect(documentRef("0123456789ABCDEF")).toEqual({ uuid: "0123456789abcdef" });
    expect(documentRef("1234567890123456")).toEqual({ uuid: "1234567890123456" });
    expect(documentRef("12")).toEqual({ id: 12n });
    const asked: Array<{ id: bigint; uuid?: string; withAuthor: boolean }> = [];
    await prefetchDocument(createQueryClient(), documents(asked), "a1b2c3d4e5f60718", () => {});
    expect(asked).toEqual([{ id: 0n, uuid: "a1b2c3d4e5f60718", withAuthor: true }]);
  });
});
