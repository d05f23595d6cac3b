import { SafetyOutlined } from "@ant-design/icons";
import { useMutation } from "@connectrpc/connect-query";
import { CodeType } from "@wenku/proto/api/v1/enums_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { App, Button, Form, type FormInstance, Input } from "antd";
import { useEffect, useId, useState } from "react";
import { toApiError } from "../../api/errors.js";
import { useI18n } from "../../i18n/I18nProvider.js";

/** Seconds before another code may be asked for (the server allows one a minute per address). */
const RESEND_SECONDS = 60;

/**
 * The registration form's e-mail code (security.enable_verify_register_email): the `code` field and
 * the button that mails one (SendEmailCode) to the form's `email`, with the form's image captcha when
 * registration has one. `captcha` says whether the captcha is due and shown; the code, once mailed,
 * stands for it at registration, so the form may hide it (`onSent`) and show it again for another
 * code (`onCaptchaNeeded`); `onRefused` renews the image the server used up.
 */
export function EmailCodeField({
  form,
  captcha,
  onSent,
  onRefused,
  onCaptchaNeeded,
}: {
  form: Pick<FormInstance, "validateFields" | "getFieldValue">;
  captcha: { enabled: boolean; shown: boolean; id: () => string };
  onSent: () => void;
  onRefused: () => void;
  onCaptchaNeeded: () => void;
}) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const send = useMutation(UserAPI.method.sendEmailCode);
  const [left, setLeft] = useState(0);
  const inputId = useId();

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const onClick = async () => {
    if (captcha.enabled && !captcha.shown) {
      onCaptchaNeeded();
      void message.info(t("auth.emailCodeCaptchaFirst"));
      return;
    }
    try {
      await form.validateFields(captcha.enabled ? ["email", "captcha"] : ["email"]);
    } catch {
      return; // the fields show why
    }
    try {
      await send.mutateAsync({
        email: String(form.getFieldValue("email") ?? "").trim(),
        captcha: String(form.getFieldValue("captcha") ?? "").trim(),
        captchaId: captcha.enabled ? captcha.id() : "",
        type: CodeType.REGISTER,
      });
      void message.success(t("auth.emailCodeSent"));
      setLeft(RESEND_SECONDS);
      onSent();
    } catch (cause) {
      void message.error(toApiError(cause, t("auth.emailCodeFailed")).message);
      onRefused();
    }
  };

  return (
    <Form.Item label={t("auth.emailCode")} required htmlFor={inputId}>
      <div style={{ display: "flex", gap: 8 }}>
        <Form.Item
          name="code"
          noStyle
          rules={[{ required: true, whitespace: true, message: t("auth.emailCodeRequired") }]}
        >
          <Input
            id={inputId}
            size="large"
            prefix={<SafetyOutlined />}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            placeholder={t("auth.emailCode")}
            style={{ flex: 1, minWidth: 0 }}
          />
        </Form.Item>
        <Button
          size="large"
          onClick={onClick}
          loading={send.isPending}
          disabled={left > 0}
          data-testid="send-email-code"
        >
          {left > 0 ? t("auth.emailCodeResend", { seconds: left }) : t("auth.emailCodeSend")}
        </Button>
      </div>
    </Form.Item>
  );
}
