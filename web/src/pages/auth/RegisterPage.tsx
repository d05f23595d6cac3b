import { LockOutlined, MailOutlined, UserOutlined } from "@ant-design/icons";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Alert, App, Button, Form, Input, Result } from "antd";
import { useCallback, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useClient } from "../../api/client.js";
import { toApiError } from "../../api/errors.js";
import { AuthCard } from "../../components/account/AuthCard.js";
import { CaptchaField } from "../../components/account/CaptchaField.js";
import { rules } from "../../components/account/formRules.js";
import { useAccount } from "../../hooks/useAccount.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSettings } from "../../settings/SettingsProvider.js";

interface RegisterValues {
  username: string;
  email?: string;
  password: string;
  confirm: string;
  captcha?: string;
}

/** /register: username, e-mail, password twice, a captcha when configured; closed → a notice. */
export default function RegisterPage() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const { settings } = useSettings();
  const users = useClient(UserAPI);
  const account = useAccount();
  const [params] = useSearchParams();
  const [form] = Form.useForm<RegisterValues>();
  const [error, setError] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(0);
  const captchaId = useRef("");
  const onCaptchaId = useCallback((id: string) => {
    captchaId.current = id;
  }, []);
  const redirect = params.get("redirect");
  const r = rules(t);

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

  const onFinish = async (values: RegisterValues) => {
    setSubmitting(true);
    setError("");
    try {
      const reply = await users.register({
        username: values.username.trim(),
        email: values.email?.trim() ?? "",
        password: values.password,
        captcha: values.captcha?.trim() ?? "",
        captchaId: captchaId.current,
      });
      // Setting the session moves the user on: the auth-page guard (FrontLayout) follows `redirect`.
      const started = account.start(reply);
      void message.success(t("auth.registerSuccess"));
      const { permissionsError } = await started;
      if (permissionsError) void message.error(toApiError(permissionsError, t("error.permissionFailed")).message);
    } catch (cause) {
      setError(toApiError(cause, t("error.registerFailed")).message);
      form.setFieldValue("captcha", "");
      setCaptchaKey((n) => n + 1);
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t("auth.registerTitle")} subtitle={t("auth.registerSubtitle")}>
      <Form<RegisterValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
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
        <Form.Item name="password" label={t("auth.password")} rules={r.newPassword(t("validate.passwordRequired"))}>
          <Input.Password
            size="large"
            prefix={<LockOutlined />}
            autoComplete="new-password"
            placeholder={t("auth.password")}
          />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t("auth.confirmPassword")}
          dependencies={["password"]}
          rules={r.sameAs("password", t("validate.confirmRequired"), t("validate.confirmMismatch"))}
        >
          <Input.Password
            size="large"
            prefix={<LockOutlined />}
            autoComplete="new-password"
            placeholder={t("auth.confirmPassword")}
          />
        </Form.Item>
        {settings.security.enableCaptchaRegister && (
          <CaptchaField scene="register" reloadKey={captchaKey} onId={onCaptchaId} />
        )}
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="form-error" />}
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t("auth.submitRegister")}
        </Button>
      </Form>
      <div style={{ marginTop: 16 }}>
        {t("auth.haveAccount")}{" "}
        <Link to={redirect ? `/login?${new URLSearchParams({ redirect }).toString()}` : "/login"}>
          {t("auth.goLogin")}
        </Link>
      </div>
    </AuthCard>
  );
}
