import { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { Link } from "react-router";
import { AdSlot } from "../../components/AdSlot.js";
import { UserContentList, useProfileList } from "../../components/account/UserContentList.js";
import { UserFrame } from "../../components/account/UserFrame.js";
import { useI18n } from "../../i18n/I18nProvider.js";

function Documents() {
  const { t } = useI18n();
  const list = useProfileList(DocumentAPI.method.listDocument, (paging) => ({ ...paging, order: "id desc" }));
  return (
    <UserContentList
      list={list}
      rows={list.data?.document.map((d) => ({
        key: String(d.id),
        title: <Link to={`/document/${d.id}`}>{d.title}</Link>,
        description: d.description,
      }))}
      total={list.data?.total}
      emptyText={t("user.documentsEmpty")}
      testId="user-documents"
    />
  );
}

/** /user/{id}/document: the user's public documents. */
export default function UserDocumentPage() {
  return (
    <UserFrame tab="document">
      <AdSlot position="user_document_top" />
      <Documents />
    </UserFrame>
  );
}
