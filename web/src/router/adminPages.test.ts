import { describe, expect, it } from "@jest/globals";
import { allowedPagesFor } from "./adminPages.js";

const perm = (id: number, path: string) => ({ id: BigInt(id), path });

describe("document admin pages", () => {
  it("opens the document list with ListDocument and the recycle bin with ListRecycleDocument", () => {
    expect(allowedPagesFor([perm(1, "/api.v1.DocumentAPI/ListDocument")])).toEqual(["/admin/document/list"]);
    expect(allowedPagesFor([perm(2, "/api.v1.RecycleAPI/ListRecycleDocument")])).toEqual(["/admin/document/recycle"]);
  });

  it("does not open them for the other document permissions alone", () => {
    const others = ["CheckDocument", "UpdateDocument", "DeleteDocument", "SetDocumentReconvert"];
    expect(allowedPagesFor(others.map((rpc, i) => perm(i + 1, `/api.v1.DocumentAPI/${rpc}`)))).toEqual([]);
    expect(allowedPagesFor([perm(1, "/api.v1.RecycleAPI/RecoverRecycleDocument")])).toEqual([]);
  });
});
