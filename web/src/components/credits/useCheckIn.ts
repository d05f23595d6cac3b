import { Code } from "@connectrpc/connect";
import { useMutation } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { OrderAPI } from "@wenku/proto/api/v1/order_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { App } from "antd";
import { toApiError } from "../../api/errors.js";
import { invalidateMethod } from "../../api/invalidate.js";
import { useApiQuery } from "../../api/useApiQuery.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSiteName } from "../../settings/useSiteName.js";

/** What a check-in button shows: loading (not known yet), open, or done for today. */
export type CheckInState = "loading" | "open" | "done";

/**
 * Today's check-in of the signed-in user (GetSignedToday: NotFound means not yet) and the action
 * (SignToday). Every button on the page shares the one cached answer, so checking in from the header
 * disables the /me button too. After a check-in the balance (GetUser) and the credit log are asked
 * again; "already checked in" (another tab) just refreshes the state.
 */
export function useCheckIn(): { state: CheckInState; pending: boolean; checkIn: () => void } {
  const { t } = useI18n();
  const { message } = App.useApp();
  const { creditName } = useSiteName();
  const queryClient = useQueryClient();
  const today = useApiQuery(UserAPI.method.getSignedToday, {}, t("credit.checkInFailed"));
  const refresh = () =>
    Promise.all([
      invalidateMethod(queryClient, UserAPI.method.getSignedToday),
      invalidateMethod(queryClient, UserAPI.method.getUser),
      invalidateMethod(queryClient, OrderAPI.method.listUserCreditLog),
    ]);
  const sign = useMutation(UserAPI.method.signToday, {
    onSuccess: (reply) => {
      void message.success(
        reply.award > 0 ? t("credit.checkInAward", { award: reply.award, name: creditName }) : t("credit.checkInDone"),
      );
      void refresh();
    },
    onError: (cause) => {
      const error = toApiError(cause, t("credit.checkInFailed"));
      if (error.code === Code.AlreadyExists) void refresh();
      else void message.error(error.message);
    },
  });
  const signed = today.data !== undefined || sign.isSuccess;
  const unknown = today.data === undefined && today.error?.code !== Code.NotFound;
  const state: CheckInState = signed ? "done" : unknown ? "loading" : "open";
  return { state, pending: sign.isPending, checkIn: () => sign.mutate({}) };
}
