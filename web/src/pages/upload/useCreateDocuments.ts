import { callUnaryMethod, useMutation, useTransport } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { type Document, DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { useState } from "react";
import { type ApiError, toApiError } from "../../api/errors.js";
import { invalidateService } from "../../api/invalidate.js";
import { parseUserId } from "../../hooks/useUser.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSession } from "../../store/SessionProvider.js";
import type { UploadItem } from "./useUploadQueue.js";

/** The settings every file of one submission shares. */
export interface SharedSettings {
  category: string[];
  languageId?: string;
}

export interface Submitted {
  count: number;
  /** The new documents as ListDocument found them (may be empty when the lookup failed). */
  documents: Document[];
}

/**
 * Creating the documents of the uploaded files (CreateDocument with the shared category and
 * language), then finding them among the caller's latest documents for the success page, as
 * CreateDocument answers nothing. A refusal is kept as `error`; `submitted` holds the outcome until
 * `again` starts a new batch.
 */
export function useCreateDocuments() {
  const { t } = useI18n();
  const session = useSession();
  const transport = useTransport();
  const queryClient = useQueryClient();
  // New documents change every document list (my documents, the home page, categories).
  const create = useMutation(DocumentAPI.method.createDocument, {
    onSuccess: () => invalidateService(queryClient, DocumentAPI),
  });
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [submitted, setSubmitted] = useState<Submitted | null>(null);

  /** Creates one document per item; true when they were created. */
  const submit = async (items: readonly UploadItem[], values: SharedSettings): Promise<boolean> => {
    setError(null);
    setSubmitting(true);
    const languageId = values.languageId ? BigInt(values.languageId) : 0n;
    try {
      await create.mutateAsync({
        categoryId: values.category.map((id) => BigInt(id)),
        languageId,
        document: items.map((item) => ({
          title: item.title.trim(),
          attachmentId: item.attachmentId,
          price: item.price,
          languageId,
        })),
      });
    } catch (cause) {
      setError(toApiError(cause, t("upload.submitFailed")));
      setSubmitting(false);
      return false;
    }
    const titles = new Set(items.map((item) => item.title.trim()));
    const me = parseUserId(session.user?.id);
    // Imperative, not a query: one lookup right after the create, for the success page only.
    const found = me
      ? await callUnaryMethod(transport, DocumentAPI.method.listDocument, {
          userId: [me],
          limit: BigInt(items.length),
          order: "id desc",
        })
          .then((reply) => reply.document.filter((doc) => titles.has(doc.title)))
          .catch(() => [] as Document[])
      : [];
    setSubmitting(false);
    setSubmitted({ count: items.length, documents: found });
    return true;
  };

  return { submit, submitting, error, clearError: () => setError(null), submitted, again: () => setSubmitted(null) };
}
