import { describe, expect, it } from "@jest/globals";
import { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import {
  adminListRequest,
  cascaderPath,
  categoryIdsOf,
  EMPTY_DOCUMENT_QUERY,
  NEWEST_FIRST,
  ownListRequest,
  statusFromSearch,
} from "./documentQuery.js";
import { DOCUMENT_STATUSES, documentStatusView, isPublished } from "./documentStatus.js";

const cat = (id: number, parentId = 0, sort = 0) => ({ id: BigInt(id), parentId: BigInt(parentId), sort });

describe("document list requests", () => {
  it("sends no filter the admin did not set, newest first", () => {
    expect(adminListRequest(EMPTY_DOCUMENT_QUERY)).toEqual({
      page: 1n,
      size: 10n,
      wd: "",
      order: NEWEST_FIRST,
      status: [],
      categoryId: [],
      ext: [],
      languageId: [],
    });
  });

  it("maps keyword, statuses, category, type and language to ListDocument fields", () => {
    const request = adminListRequest({
      page: 3,
      size: 20,
      wd: "  高考 ",
      status: [DocumentStatus.PENDING_REVIEW, DocumentStatus.FAILED],
      categoryId: "12",
      type: "word",
      languageId: "4",
    });
    expect(request).toMatchObject({
      page: 3n,
      size: 20n,
      wd: "高考",
      status: [DocumentStatus.PENDING_REVIEW, DocumentStatus.FAILED],
      categoryId: [12n],
      languageId: [4n],
    });
    expect(request.ext).toEqual([".doc", ".docx", ".rtf", ".wps", ".odt", ".dot"]);
  });

  it("lists the caller's own documents by user id", () => {
    expect(ownListRequest(7n, 2, 10)).toEqual({ userId: [7n], page: 2n, size: 10n, order: NEWEST_FIRST });
  });
});

describe("document categories in the edit form", () => {
  const tree = [cat(1), cat(2, 1), cat(3, 2), cat(4)];

  it("turns stored ids into the cascader path, deepest known id first, top down", () => {
    expect(cascaderPath(tree, [3n, 1n, 2n])).toEqual(["1", "2", "3"]);
    expect(cascaderPath(tree, [2n])).toEqual(["1", "2"]);
    expect(cascaderPath(tree, [99n, 4n])).toEqual(["4"]);
    expect(cascaderPath(tree, [])).toEqual([]);
  });

  it("stores the whole cascader path", () => {
    expect(categoryIdsOf(["1", "2"])).toEqual([1n, 2n]);
    expect(categoryIdsOf(undefined)).toEqual([]);
  });
});

describe("document status tags", () => {
  it("gives every status its own label and a colour that tells published, busy and refused apart", () => {
    expect(new Set(DOCUMENT_STATUSES.map((s) => documentStatusView(s).label)).size).toBe(8);
    expect(documentStatusView(DocumentStatus.CONVERTED)).toEqual({ color: "success", label: "dl.status.2" });
    expect(documentStatusView(DocumentStatus.FAILED).color).toBe("error");
    expect(documentStatusView(DocumentStatus.PENDING_REVIEW).color).toBe("warning");
    expect(documentStatusView(DocumentStatus.REJECTED)).toEqual({ color: "magenta", label: "dl.status.7" });
    expect(documentStatusView(DocumentStatus.CONVERTING).color).toBe("processing");
  });

  it("reads an unknown status as pending rather than crashing", () => {
    expect(documentStatusView(42 as DocumentStatus)).toEqual({ color: "default", label: "dl.status.0" });
  });

  it("only converted documents are published", () => {
    expect(DOCUMENT_STATUSES.filter(isPublished)).toEqual([DocumentStatus.CONVERTED]);
  });
});

describe("statusFromSearch", () => {
  it("reads the dashboard's ?status= links and ignores anything else", () => {
    expect(statusFromSearch("6")).toEqual([6]);
    expect(statusFromSearch("3, 6,3")).toEqual([3, 6]);
    expect(statusFromSearch("x,8,-1,2.5,,0")).toEqual([0]);
    expect(statusFromSearch(null)).toEqual([]);
  });
});
