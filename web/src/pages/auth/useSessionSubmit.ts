import type { LoginReply } from "@wenku/proto/api/v1/user_pb.js";
import { App, type FormInstance } from "antd";
import { useCallback, useRef, useState } from "react";
import { toApiError } from "../../api/errors.js";
import { isCaptchaRefusal } from "../../components/account/CaptchaField.js";
import { useAccount } from "../../hooks/useAccount.js";
import { useI18n } from "../../i18n/I18nProvider.js";

/** What the captcha of a session form sends: the typed answer and the id of the image it answers. */
export interface CaptchaAnswer {
  captcha: string;
  captchaId: string;
}

/**
 * The submit of a form that starts a session (login, register): `call` sends the values with the
 * captcha answer; the reply starts the session (the auth-page guard, FrontLayout, then follows
 * `redirect`) and `success` shows. A failure shows the server's message (else `failure`), clears
 * the captcha and asks for a new image. `captcha` goes to the form's CaptchaField; `captchaDemanded`
 * turns true once the server refused the form for its captcha (a login captcha it asks for on the
 * spot although the settings do not), so the form shows one from then on.
 */
export function useSessionSubmit<Values extends { captcha?: string }>(
  form: Pick<FormInstance, "setFieldValue">,
  call: (values: Values, captcha: CaptchaAnswer) => Promise<LoginReply>,
  texts: { success: string; failure: string },
) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const account = useAccount();
  const [error, setError] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [captchaDemanded, setCaptchaDemanded] = useState(false);
  const captchaId = useRef("");
  const onId = useCallback((id: string) => {
    captchaId.current = id;
  }, []);

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    setError("");
    try {
      const reply = await call(values, { captcha: values.captcha?.trim() ?? "", captchaId: captchaId.current });
      const started = account.start(reply);
      void message.success(texts.success);
      const { permissionsError } = await started;
      if (permissionsError) void message.error(toApiError(permissionsError, t("error.permissionFailed")).message);
    } catch (cause) {
      setError(toApiError(cause, texts.failure).message);
      if (isCaptchaRefusal(cause)) setCaptchaDemanded(true);
      form.setFieldValue("captcha", "");
      setReloadKey((n) => n + 1);
      setSubmitting(false);
    }
  };

  return { error, submitting, onFinish, captcha: { reloadKey, onId }, captchaDemanded };
}
