import type { DescMessage, DescMethodUnary, MessageInitShape } from "@bufbuild/protobuf";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { useAdminMutation } from "./useAdminMutation.js";

/**
 * A form drawer's save: create or update through useAdminMutation (so the message shows and the
 * list refetches), then `onSaved` (close the drawer).
 */
export function useSaveForm<
  CI extends DescMessage,
  CO extends DescMessage,
  UI extends DescMessage,
  UO extends DescMessage,
>(
  create: DescMethodUnary<CI, CO>,
  update: DescMethodUnary<UI, UO>,
  onSaved: () => void,
  /** After a refusal was shown (e.g. put it on the field it names). */
  onError?: (cause: unknown) => void,
): {
  create: (input: MessageInitShape<CI>) => Promise<boolean>;
  update: (input: MessageInitShape<UI>) => Promise<boolean>;
  saving: boolean;
} {
  const { t } = useI18n();
  const created = useAdminMutation(create, { success: t("adm.common.created"), onSuccess: onSaved, onError });
  const updated = useAdminMutation(update, { success: t("adm.common.saved"), onSuccess: onSaved, onError });
  return { create: created.run, update: updated.run, saving: created.pending || updated.pending };
}
