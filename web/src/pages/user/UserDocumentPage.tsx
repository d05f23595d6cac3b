import { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { useCallback } from "react";
import { Link } from "react-router";
import { useClient } from "../../api/client.js";
import { USER_LIST_PAGE_SIZE, UserContentList } from "../../components/account/UserContentList.js";
import { UserFrame, useProfileUser } from "../../components/account/UserFrame.js";
import { useI18n } from "../../i18n/I18nProvider.js";

function Documents() {
  const { t } = useI18n();
  const user = useProfileUser();
  const documents = useClient(DocumentAPI);
  const load = useCallback(
    async (page: number, signal: AbortSignal) => {
      const reply = await documents.listDocument(
        { userId: [user.id], page: BigInt(page), size: BigInt(USER_LIST_PAGE_SIZE), order: "id desc" },
        { signal },
      );
      return {
        total: Number(reply.total),
        rows: reply.document.map((d) => ({
          key: String(d.id),
          title: <Link to={`/document/${d.id}`}>{d.title}</Link>,
          description: d.description,
        })),
      };
    },
    [documents, user.id],
  );
  return <UserContentList load={load} emptyText={t("user.documentsEmpty")} testId="user-documents" />;
}

/** /user/{id}/document: the user's public documents. */
export default function UserDocumentPage() {
  return (
    <UserFrame tab="document">
      <Documents />
    </UserFrame>
  );
}
