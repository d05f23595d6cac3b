import { App } from "antd";
import { useCallback, useState } from "react";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSession, useSessionStore } from "../../store/SessionProvider.js";
import { IMAGE_MAX_BYTES, UploadError, uploadImage } from "../document/uploadFile.js";

/** The image kinds the server takes (checked again by their bytes there). */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/gif,image/webp";

/**
 * Uploads a picked image to one of the server's image routes (avatar, config …) as the signed-in user:
 * the type and size are checked first, a refusal is shown (the server's words, else `failed`), a dead
 * session ends. `upload` resolves with the stored image's path, or undefined when it did not go through.
 */
export function useImageUpload(url: string, failed: string) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const session = useSession();
  const sessions = useSessionStore();
  const [busy, setBusy] = useState(false);
  const upload = useCallback(
    async (file: File): Promise<string | undefined> => {
      if (!IMAGE_ACCEPT.split(",").includes(file.type)) return void message.error(t("avatar.type"));
      if (file.size > IMAGE_MAX_BYTES) return void message.error(t("avatar.tooLarge"));
      setBusy(true);
      try {
        return await uploadImage(url, file, file.name, session.token);
      } catch (cause) {
        // a dead session ends here too (the upload does not go through the API transport)
        if (cause instanceof UploadError && cause.status === 401) sessions.expire(session.token);
        const server = cause instanceof UploadError ? cause.message : "";
        void message.error(server || failed);
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [url, failed, message, t, session.token, sessions],
  );
  return { upload, busy };
}
