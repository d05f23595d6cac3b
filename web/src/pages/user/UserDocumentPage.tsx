import { keepPreviousData } from "@tanstack/react-query";
import { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { useState } from "react";
import { Link } from "react-router";
import { useApiQuery } from "../../api/useApiQuery.js";
import { USER_LIST_PAGE_SIZE, UserContentList } from "../../components/account/UserContentList.js";
import { UserFrame, useProfileUser } from "../../components/account/UserFrame.js";
import { useI18n } from "../../i18n/I18nProvider.js";

function Documents() {
  const { t } = useI18n();
  const user = useProfileUser();
  const [page, setPage] = useState(1);
  const list = useApiQuery(
    DocumentAPI.method.listDocument,
    { userId: [user.id], page: BigInt(page), size: BigInt(USER_LIST_PAGE_SIZE), order: "id desc" },
    t("error.requestFailed"),
    { placeholderData: keepPreviousData },
  );
  const rows = list.data?.document.map((d) => ({
    key: String(d.id),
    title: <Link to={`/document/${d.id}`}>{d.title}</Link>,
    description: d.description,
  }));
  return (
    <UserContentList
      rows={rows}
      total={Number(list.data?.total ?? 0n)}
      loading={list.loading}
      error={list.error}
      page={page}
      onPage={setPage}
      emptyText={t("user.documentsEmpty")}
      testId="user-documents"
    />
  );
}

/** /user/{id}/document: the user's public documents. */
export default function UserDocumentPage() {
  return (
    <UserFrame tab="document">
      <Documents />
    </UserFrame>
  );
}
