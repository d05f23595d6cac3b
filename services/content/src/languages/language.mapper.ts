import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type Language, LanguageSchema } from "@wenku/proto/api/v1/language_pb.js";
import type { LanguageWithTotal } from "./language.service.js";

export function toLanguage(row: LanguageWithTotal): Language {
  return create(LanguageSchema, {
    id: row.id,
    language: row.name,
    code: row.code,
    enable: row.enable,
    sort: row.sort,
    total: row.total,
    createdAt: timestampFromDate(row.createdAt),
    updatedAt: timestampFromDate(row.updatedAt),
  });
}
