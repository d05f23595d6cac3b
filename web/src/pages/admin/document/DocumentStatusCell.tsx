import type { Document } from "@wenku/proto/api/v1/document_pb.js";
import { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { Space, Typography } from "antd";
import { DocumentStatusTag, reviewReasonOf } from "../../../components/document/documentStatus.js";

/** The widest a note under the status tag gets; longer ones are cut, whole in a tooltip. */
const NOTE_WIDTH = 160;

function StatusNote({ text, type, testId }: { text: string; type: "secondary" | "danger"; testId: string }) {
  return (
    <Typography.Text
      type={type}
      style={{ fontSize: 12, maxWidth: NOTE_WIDTH }}
      ellipsis={{ tooltip: text }}
      data-testid={testId}
    >
      {text}
    </Typography.Text>
  );
}

/** A document's status in the admin list: the tag, then why it was rejected or disabled, or why conversion failed. */
export function DocumentStatusCell({ doc }: { doc: Document }) {
  return (
    <Space orientation="vertical" size={2}>
      <DocumentStatusTag status={doc.status} convertError={doc.convertError} />
      {reviewReasonOf(doc) && <StatusNote text={doc.reviewReason} type="secondary" testId="review-reason" />}
      {doc.status === DocumentStatus.FAILED && doc.convertError && (
        <StatusNote text={doc.convertError} type="danger" testId="convert-error" />
      )}
    </Space>
  );
}
