import { type Document, DocumentAPI, RecycleAPI } from "@wenku/proto/api/v1/document_pb.js";
import type { ColumnType } from "antd/es/table";
import type { ListQuery } from "../../../components/admin/list/useAdminList.js";
import { idKey } from "../../../components/common/format.js";
import { type DocumentQuery, statusFromSearch } from "../../../components/document/documentQuery.js";
import type { Translate } from "../../../i18n/I18nProvider.js";
import { TYPE_FILTERS, type TypeFilter } from "../../category/categoryFilters.js";

export const DOC_API = "/api.v1.DocumentAPI";

/** A change to documents shows in both lists: the documents and the recycle bin. */
export const DOCUMENT_SERVICES = [DocumentAPI, RecycleAPI] as const;

const isTypeFilter = (value: string | undefined): value is TypeFilter =>
  value !== undefined && Object.hasOwn(TYPE_FILTERS, value);
const numericId = (value: string | undefined) => (value && /^\d+$/.test(value) ? value : undefined);

/** The URL's list query as the document filters (`?status=6,3&categoryId=2&type=pdf&languageId=1`). */
export function documentQueryOf({ page, size, wd, filters }: ListQuery): DocumentQuery {
  return {
    page,
    size,
    wd,
    status: statusFromSearch(filters.status ?? null),
    categoryId: numericId(filters.categoryId),
    type: isTypeFilter(filters.type) ? filters.type : undefined,
    languageId: numericId(filters.languageId),
  };
}

/** Who uploaded the document (wide screens only). */
export const uploaderColumn = (t: Translate): ColumnType<Document> => ({
  title: t("adm.doc.uploader"),
  key: "user",
  responsive: ["lg"],
  render: (_, doc) => doc.username || `#${idKey(doc.userId)}`,
});
