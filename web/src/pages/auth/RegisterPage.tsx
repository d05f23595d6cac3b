import { MailOutlined, UserOutlined } from "@ant-design/icons";
import { useMutation } from "@connectrpc/connect-query";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Button, Form, Input, Result } from "antd";
import { useCallback, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AuthCard } from "../../components/account/AuthCard.js";
import { CaptchaField } from "../../components/account/CaptchaField.js";
import { EmailCodeField } from "../../components/account/EmailCodeField.js";
import { FormSubmit } from "../../components/account/FormSubmit.js";
import { rules } from "../../components/account/formRules.js";
import { NewPasswordFields } from "../../components/account/NewPasswordFields.js";
import { OAuthButtons } from "../../components/account/OAuthButtons.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSettings } from "../../settings/SettingsProvider.js";
import { AuthMethodTabs } from "./AuthMethodTabs.js";
import { MobileRegisterForm } from "./MobileRegisterForm.js";
import { useSessionSubmit } from "./useSessionSubmit.js";

interface RegisterValues {
  username: string;
  email?: string;
  password: string;
  confirm: string;
  captcha?: string;
  code?: string;
}

/** /register: username, e-mail, password twice, a captcha when configured; closed → a notice. */
export default function RegisterPage() {
  const { t } = useI18n();
  const { settings } = useSettings();
  const register = useMutation(UserAPI.method.register);
  const [params] = useSearchParams();
  const [form] = Form.useForm<RegisterValues>();
  const submit = useSessionSubmit<RegisterValues>(
    form,
    (values, captcha) =>
      register.mutateAsync({
        username: values.username.trim(),
        email: values.email?.trim() ?? "",
        password: values.password,
        code: values.code?.trim() ?? "",
        ...captcha,
      }),
    { success: t("auth.registerSuccess"), failure: t("error.registerFailed") },
  );
  const redirect = params.get("redirect");
  const r = rules(t);
  // With e-mail verification the captcha goes with the request for a code (which then stands for it).
  const verifyEmail = settings.security.enableVerifyRegisterEmail;
  const [codeSent, setCodeSent] = useState(false);
  const [captchaRenewals, setCaptchaRenewals] = useState(0);
  const captchaId = useRef("");
  const sessionOnId = submit.captcha.onId;
  const onCaptchaId = useCallback(
    (id: string) => {
      captchaId.current = id;
      sessionOnId(id);
    },
    [sessionOnId],
  );
  const captchaShown = settings.security.enableCaptchaRegister && !(verifyEmail && codeSent);

  if (!settings.security.enableRegister) {
    return (
      <AuthCard title={t("auth.registerTitle")}>
        <Result
          status="warning"
          title={t("auth.registerClosed")}
          subTitle={t("auth.registerClosedHint")}
          extra={
            <Link to="/login">
              <Button type="primary">{t("auth.goLogin")}</Button>
            </Link>
          }
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("auth.registerTitle")} subtitle={t("auth.registerSubtitle")}>
      <AuthMethodTabs mobile={<MobileRegisterForm />} labels={[t("sms.tabUsername"), t("sms.tabMobileRegister")]}>
        <Form<RegisterValues>
          form={form}
          layout="vertical"
          onFinish={submit.onFinish}
          requiredMark={false}
          data-testid="register-form"
        >
          <Form.Item name="username" label={t("auth.username")} rules={r.newUsername}>
            <Input size="large" prefix={<UserOutlined />} autoComplete="username" placeholder={t("auth.username")} />
          </Form.Item>
          <Form.Item
            name="email"
            label={t("auth.email")}
            rules={settings.security.enableVerifyRegisterEmail ? r.requiredEmail : r.email}
          >
            <Input size="large" prefix={<MailOutlined />} autoComplete="email" placeholder={t("auth.email")} />
          </Form.Item>
          <NewPasswordFields label={t("auth.password")} />
          {captchaShown && (
            <CaptchaField scene="register" reloadKey={submit.captcha.reloadKey + captchaRenewals} onId={onCaptchaId} />
          )}
          {verifyEmail && (
            <EmailCodeField
              form={form}
              captcha={{
                enabled: settings.security.enableCaptchaRegister,
                shown: captchaShown,
                id: () => captchaId.current,
              }}
              onSent={() => setCodeSent(true)}
              onRefused={() => {
                form.setFieldValue("captcha", "");
                setCaptchaRenewals((n) => n + 1);
              }}
              onCaptchaNeeded={() => setCodeSent(false)}
            />
          )}
          <FormSubmit error={submit.error} loading={submit.submitting} large>
            {t("auth.submitRegister")}
          </FormSubmit>
        </Form>
      </AuthMethodTabs>
      <OAuthButtons redirect={redirect ?? ""} />
      <div style={{ marginTop: 16 }}>
        {t("auth.haveAccount")}{" "}
        <Link to={redirect ? `/login?${new URLSearchParams({ redirect }).toString()}` : "/login"}>
          {t("auth.goLogin")}
        </Link>
      </div>
    </AuthCard>
  );
}
