import { useMutation } from "@connectrpc/connect-query";
import { CodeType } from "@wenku/proto/api/v1/enums_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Button, Form, Result } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { toApiError } from "../../api/errors.js";
import { AuthCard } from "../../components/account/AuthCard.js";
import { FormSubmit } from "../../components/account/FormSubmit.js";
import { NewPasswordFields } from "../../components/account/NewPasswordFields.js";
import { SmsCodeFields } from "../../components/account/SmsCodeField.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSettings } from "../../settings/SettingsProvider.js";

interface FindValues {
  mobile: string;
  code: string;
  password: string;
  confirm: string;
  captcha?: string;
}

/**
 * /findpassword-mobile: the account's mobile number, the recovery code sent to it and a new password
 * (twice). Every session of the account ends; the person then signs in with the new password.
 */
export default function FindPasswordMobilePage() {
  const { t } = useI18n();
  const { settings } = useSettings();
  const find = useMutation(UserAPI.method.findPasswordByMobile);
  const [form] = Form.useForm<FindValues>();
  const [error, setError] = useState("");
  const [done, setDone] = useState(false);

  if (!settings.system.enableSms) {
    return (
      <AuthCard title={t("sms.findTitle")}>
        <Result
          status="info"
          title={t("sms.disabled")}
          extra={
            <Link to="/findpassword">
              <Button type="primary">{t("sms.findByEmail")}</Button>
            </Link>
          }
        />
      </AuthCard>
    );
  }
  if (done) {
    return (
      <AuthCard title={t("sms.findTitle")}>
        <Result
          status="success"
          title={t("sms.findDone")}
          extra={
            <Link to="/login">
              <Button type="primary">{t("auth.goLogin")}</Button>
            </Link>
          }
          data-testid="findpassword-mobile-done"
        />
      </AuthCard>
    );
  }

  const onFinish = async (values: FindValues) => {
    setError("");
    try {
      await find.mutateAsync({ mobile: values.mobile.trim(), code: values.code.trim(), password: values.password });
      setDone(true);
    } catch (cause) {
      setError(toApiError(cause, t("sms.findFailed")).message);
    }
  };

  return (
    <AuthCard title={t("sms.findTitle")} subtitle={t("sms.findSubtitle")}>
      <Form<FindValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        requiredMark={false}
        data-testid="findpassword-mobile-form"
      >
        <SmsCodeFields form={form} type={CodeType.FIND_PASSWORD} scene="find_password" />
        <NewPasswordFields label={t("sms.newPassword")} />
        <FormSubmit error={error} loading={find.isPending} large>
          {t("sms.findSubmit")}
        </FormSubmit>
      </Form>
      <div style={{ display: "flex", justifyContent: "space-between", marginTop: 16, flexWrap: "wrap", gap: 8 }}>
        <Link to="/findpassword">{t("sms.findByEmail")}</Link>
        <Link to="/login">{t("auth.goLogin")}</Link>
      </div>
    </AuthCard>
  );
}
