import type { DescMessage, DescMethodUnary, DescService, MessageInitShape, MessageShape } from "@bufbuild/protobuf";
import { createConnectQueryKey, useMutation } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { App } from "antd";
import { useCallback } from "react";
import { toApiError } from "../../../api/errors.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

export interface AdminMutationOptions<O extends DescMessage> {
  /** The success message; false shows none (a switch that visibly flips). Default "保存成功". */
  success?: string | false;
  /** Shown when the server sent no message of its own. Default "保存失败". */
  failure?: string;
  /** Other services whose cached lists this change makes stale (the method's own service always is). */
  alsoInvalidates?: readonly DescService[];
  onSuccess?: (response: MessageShape<O>) => void;
  /** After the failure was shown: e.g. a form puts the refusal on the field it names. */
  onError?: (cause: unknown) => void;
}

export interface AdminMutation<I extends DescMessage> {
  /** Runs the change; resolves true when it succeeded (the outcome is already shown either way). */
  run: (input: MessageInitShape<I>) => Promise<boolean>;
  pending: boolean;
}

/**
 * One admin change: runs the call, says how it went (success, or the server's own message through
 * toApiError) and marks every cached query of the method's service stale, so the list on screen
 * refetches without the page reloading it by hand.
 */
export function useAdminMutation<I extends DescMessage, O extends DescMessage>(
  method: DescMethodUnary<I, O>,
  options: AdminMutationOptions<O> = {},
): AdminMutation<I> {
  const { t } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mutation = useMutation(method);
  const { mutateAsync } = mutation;
  const { success, failure, alsoInvalidates, onSuccess, onError } = options;

  const run = useCallback(
    async (input: MessageInitShape<I>) => {
      let response: MessageShape<O>;
      try {
        response = await mutateAsync(input);
      } catch (cause) {
        void message.error(toApiError(cause, failure ?? t("adm.common.saveFailed")).message);
        onError?.(cause);
        return false;
      }
      if (success !== false) void message.success(success ?? t("adm.common.saved"));
      await Promise.all(
        [method.parent, ...(alsoInvalidates ?? [])].map((schema) =>
          queryClient.invalidateQueries({ queryKey: createConnectQueryKey({ schema, cardinality: undefined }) }),
        ),
      );
      onSuccess?.(response);
      return true;
    },
    [mutateAsync, message, failure, success, t, method, alsoInvalidates, queryClient, onSuccess, onError],
  );
  return { run, pending: mutation.isPending };
}
