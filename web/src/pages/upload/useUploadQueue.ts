import { callUnaryMethod, useTransport } from "@connectrpc/connect-query";
import { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { useCallback, useEffect, useRef, useState } from "react";
import { baseName } from "../../components/document/docType.js";
import { hashFile } from "../../components/document/hashFile.js";
import { UploadError, uploadDocumentFile } from "../../components/document/uploadFile.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSession } from "../../store/SessionProvider.js";
import { checkFile, type UploadRules } from "./uploadRules.js";

export type UploadPhase = "invalid" | "hashing" | "uploading" | "done" | "error";

/** One file of the upload page with its per-file form values. */
export interface UploadItem {
  uid: string;
  file: File;
  title: string;
  price: number;
  phase: UploadPhase;
  /** 0–100 within the current phase. */
  progress: number;
  /** The server already had the content: nothing was sent (秒传). */
  instant: boolean;
  attachmentId: bigint;
  error: string;
  /** This file's own category path and language; unset: the batch-wide choice applies. */
  category?: string[];
  languageId?: string;
  /** Why the document of this file was not created (a missing setting, the server's refusal). */
  submitError: string;
}

/** The settings a file's document is created with: its own, else the batch-wide ones. */
export interface FileSettings {
  category: string[];
  /** Empty: the server detects the language from the text. */
  languageId: string;
}

export const settingsOf = (item: UploadItem, batch: FileSettings): FileSettings => ({
  category: item.category ?? batch.category,
  languageId: item.languageId ?? batch.languageId,
});

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
let nextUid = 0;

/**
 * The upload queue: each added file is checked (type, size), hashed in a worker, looked up with
 * CheckDocumentExist and, when the server does not hold it yet, sent with progress. Removing a
 * file (or leaving the page) aborts its work.
 */
export function useUploadQueue(rules: UploadRules) {
  const { t } = useI18n();
  const { token } = useSession();
  const transport = useTransport();
  const [items, setItems] = useState<UploadItem[]>([]);
  // The list as of the last change, so that several changes in one tick build on each other.
  const list = useRef<UploadItem[]>([]);
  const commit = useCallback((next: UploadItem[]) => {
    list.current = next;
    setItems(next);
  }, []);
  const aborts = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = aborts.current;
    return () => {
      for (const abort of running.values()) abort.abort();
    };
  }, []);

  const patch = useCallback(
    (uid: string, change: Partial<UploadItem>) => {
      commit(list.current.map((item) => (item.uid === uid ? { ...item, ...change } : item)));
    },
    [commit],
  );

  const process = useCallback(
    async (uid: string, file: File) => {
      const abort = new AbortController();
      aborts.current.get(uid)?.abort();
      aborts.current.set(uid, abort);
      const { signal } = abort;
      try {
        patch(uid, { phase: "hashing", progress: 0, error: "" });
        const hash = await hashFile(file, (f) => patch(uid, { progress: Math.round(f * 100) }), signal);
        // Imperative, not a query: one step of this file's pipeline, aborted with it, whose answer
        // decides the next step and is no screen's state.
        const existing = await callUnaryMethod(
          transport,
          DocumentAPI.method.checkDocumentExist,
          { hash },
          { signal },
        ).catch(() => null);
        signal.throwIfAborted();
        if (existing?.exist && existing.attachmentId > 0n) {
          patch(uid, { phase: "done", progress: 100, instant: true, attachmentId: existing.attachmentId });
          return;
        }
        patch(uid, { phase: "uploading", progress: 0 });
        const attachment = await uploadDocumentFile(
          file,
          file.name,
          token,
          (f) => patch(uid, { progress: Math.round(f * 100) }),
          signal,
        );
        patch(uid, { phase: "done", progress: 100, instant: false, attachmentId: attachment.id });
      } catch (error) {
        if (signal.aborted) return;
        let message = t("upload.failed");
        if (error instanceof UploadError) {
          if (error.status === 413) message = t("upload.tooBig", { size: rules.maxMb });
          else if (error.message) message = error.message;
          else if (error.status > 0) message = `${error.status} · ${t("upload.failed")}`;
        }
        patch(uid, { phase: "error", error: message });
      } finally {
        if (aborts.current.get(uid) === abort) aborts.current.delete(uid);
      }
    },
    [transport, patch, rules.maxMb, t, token],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const added: UploadItem[] = [];
      for (const file of files) {
        if ([...list.current, ...added].some((item) => sameFile(item.file, file))) continue;
        const problem = checkFile(file, rules);
        added.push({
          uid: `u${++nextUid}`,
          file,
          title: baseName(file.name),
          price: 0,
          phase: problem ? "invalid" : "hashing",
          progress: 0,
          instant: false,
          attachmentId: 0n,
          submitError: "",
          error:
            problem?.kind === "size"
              ? t("upload.tooBig", { size: problem.maxMb })
              : problem?.kind === "type"
                ? t("upload.badType", { ext: problem.ext })
                : problem?.kind === "converter"
                  ? t("upload.noConverter", { ext: problem.ext })
                  : "",
        });
      }
      commit([...list.current, ...added]);
      for (const item of added) if (item.phase === "hashing") void process(item.uid, item.file);
    },
    [commit, process, rules, t],
  );

  const remove = useCallback(
    (uid: string) => {
      aborts.current.get(uid)?.abort();
      aborts.current.delete(uid);
      commit(list.current.filter((item) => item.uid !== uid));
    },
    [commit],
  );

  const retry = useCallback(
    (uid: string) => {
      const item = list.current.find((i) => i.uid === uid);
      if (item && item.phase === "error") void process(uid, item.file);
    },
    [process],
  );

  const reset = useCallback(() => {
    for (const abort of aborts.current.values()) abort.abort();
    aborts.current.clear();
    commit([]);
  }, [commit]);

  return { items, add, remove, retry, patch, reset };
}
