import { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { Card, Empty, Flex, Skeleton } from "antd";
import { useApiQuery } from "../../api/useApiQuery.js";
import { DocumentCard } from "../../components/document/DocumentCard.js";
import { useI18n } from "../../i18n/I18nProvider.js";

/** GetRelatedDocuments as a card of DocumentCards; a failure reads as "no related documents". */
export function RelatedDocuments({ id }: { id: bigint }) {
  const { t } = useI18n();
  const related = useApiQuery(DocumentAPI.method.getRelatedDocuments, { id }, t("doc.noRelated"));
  const documents = (related.data?.document ?? []).filter((doc) => doc.id !== id);
  return (
    <Card title={t("doc.related")} size="small" data-testid="related-documents">
      {related.loading && !related.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : documents.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("doc.noRelated")} />
      ) : (
        <Flex vertical gap={14}>
          {documents.map((doc) => (
            <DocumentCard key={String(doc.id)} document={doc} coverWidth={48} />
          ))}
        </Flex>
      )}
    </Card>
  );
}
