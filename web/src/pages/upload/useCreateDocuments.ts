import { callUnaryMethod, useMutation, useTransport } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { type Document, DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { useState } from "react";
import { toApiError } from "../../api/errors.js";
import { invalidateService } from "../../api/invalidate.js";
import { parseUserId } from "../../hooks/useUser.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSession } from "../../store/SessionProvider.js";
import type { FileSettings, UploadItem } from "./useUploadQueue.js";

/** A file to create a document of, with the settings it gets. */
export interface FileToCreate {
  item: UploadItem;
  settings: FileSettings;
}

export interface Submitted {
  count: number;
  /** The new documents as ListDocument found them (may be empty when the lookup failed). */
  documents: Document[];
}

/** What one submission did: the files whose documents were created, and why the others were not. */
export interface SubmitOutcome {
  created: string[];
  refused: Map<string, string>;
}

/**
 * Creating the documents of the uploaded files, one CreateDocument per file (each with its own
 * category and language), so that a file the server refuses keeps its reason and loses nobody
 * else's document. Once every file of the batch is created, the documents are found among the
 * caller's latest ones for the success page (CreateDocument answers nothing); `submitted` holds
 * that until `again` starts a new batch.
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
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  // Titles of this batch's documents created by earlier submissions that left files behind.
  const [createdTitles, setCreatedTitles] = useState<string[]>([]);

  const createOne = async ({ item, settings }: FileToCreate): Promise<string | null> => {
    const languageId = settings.languageId ? BigInt(settings.languageId) : 0n;
    try {
      await create.mutateAsync({
        categoryId: settings.category.map((id) => BigInt(id)),
        languageId,
        document: [{ title: item.title.trim(), attachmentId: item.attachmentId, price: item.price, languageId }],
      });
      return null;
    } catch (cause) {
      return toApiError(cause, t("upload.submitFailed")).message;
    }
  };

  /** Creates one document per file, in order; the success page once none was refused. */
  const submit = async (files: readonly FileToCreate[]): Promise<SubmitOutcome> => {
    setSubmitting(true);
    const outcome: SubmitOutcome = { created: [], refused: new Map() };
    const titles: string[] = [];
    for (const file of files) {
      const refusal = await createOne(file);
      if (refusal === null) {
        outcome.created.push(file.item.uid);
        titles.push(file.item.title.trim());
      } else outcome.refused.set(file.item.uid, refusal);
    }
    const all = [...createdTitles, ...titles];
    if (outcome.refused.size > 0) {
      setCreatedTitles(all);
      setSubmitting(false);
      return outcome;
    }
    const me = parseUserId(session.user?.id);
    const wanted = new Set(all);
    // Imperative, not a query: one lookup right after the creation, for the success page only.
    const found = me
      ? await callUnaryMethod(transport, DocumentAPI.method.listDocument, {
          userId: [me],
          limit: BigInt(all.length),
          order: "id desc",
        })
          .then((reply) => reply.document.filter((doc) => wanted.has(doc.title)))
          .catch(() => [] as Document[])
      : [];
    setSubmitting(false);
    setCreatedTitles([]);
    setSubmitted({ count: all.length, documents: found });
    return outcome;
  };

  return {
    submit,
    submitting,
    /** Documents of this batch already created while some of its files still wait. */
    created: createdTitles.length,
    submitted,
    again: () => setSubmitted(null),
  };
}
