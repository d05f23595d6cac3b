import { MessageOutlined, MobileOutlined } from "@ant-design/icons";
import { useMutation } from "@connectrpc/connect-query";
import type { CodeType } from "@wenku/proto/api/v1/enums_pb.js";
import { SmsAPI } from "@wenku/proto/api/v1/sms_pb.js";
import { App, Button, Form, type FormInstance, Input } from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import { toApiError } from "../../api/errors.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { CaptchaField, type CaptchaScene } from "./CaptchaField.js";
import { MOBILE_PATTERN } from "./formRules.js";

/** Seconds before another code may be asked for (the server allows one a minute per number). */
const WAIT_SECONDS = 60;

/**
 * The mobile number, the scene's captcha (when the settings ask for one) and the SMS code with its
 * "send code" button, for the mobile forms (sign-in, sign-up, recovery). Sending spends the captcha
 * (a fresh one is shown) and starts a one-minute countdown; the code arrives by SMS.
 */
export function SmsCodeFields({ form, type, scene }: { form: FormInstance; type: CodeType; scene: CaptchaScene }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const send = useMutation(SmsAPI.method.sendSms);
  const [left, setLeft] = useState(0);
  const [reloadKey, setReloadKey] = useState(0);
  const captchaId = useRef("");
  const onId = useCallback((id: string) => {
    captchaId.current = id;
  }, []);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const onSend = async () => {
    let values: { mobile: string; captcha?: string };
    try {
      values = await form.validateFields([
        "mobile",
        ...(form.getFieldValue("captcha") !== undefined ? ["captcha"] : []),
      ]);
    } catch {
      return; // the fields show what is missing
    }
    try {
      await send.mutateAsync({
        mobile: values.mobile.trim(),
        type,
        captcha: values.captcha?.trim() ?? "",
        captchaId: captchaId.current,
      });
      void message.success(t("sms.sent"));
      setLeft(WAIT_SECONDS);
    } catch (cause) {
      void message.error(toApiError(cause, t("sms.sendFailed")).message);
    } finally {
      form.setFieldValue("captcha", "");
      setReloadKey((n) => n + 1);
    }
  };

  return (
    <>
      <Form.Item
        name="mobile"
        label={t("sms.mobile")}
        rules={[
          { required: true, whitespace: true, message: t("sms.mobileRequired") },
          { pattern: MOBILE_PATTERN, message: t("validate.mobile") },
        ]}
      >
        <Input
          size="large"
          prefix={<MobileOutlined />}
          autoComplete="tel"
          inputMode="tel"
          maxLength={11}
          placeholder={t("sms.mobile")}
        />
      </Form.Item>
      <CaptchaField scene={scene} reloadKey={reloadKey} onId={onId} />
      <Form.Item label={t("sms.code")} required>
        <div style={{ display: "flex", gap: 8 }}>
          <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t("sms.codeRequired") }]}>
            <Input
              size="large"
              prefix={<MessageOutlined />}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={8}
              placeholder={t("sms.code")}
              aria-label={t("sms.code")}
              style={{ flex: 1, minWidth: 0 }}
            />
          </Form.Item>
          <Button
            size="large"
            onClick={() => void onSend()}
            loading={send.isPending}
            disabled={left > 0}
            data-testid="sms-send"
          >
            {left > 0 ? t("sms.wait", { seconds: left }) : t("sms.send")}
          </Button>
        </div>
      </Form.Item>
    </>
  );
}
