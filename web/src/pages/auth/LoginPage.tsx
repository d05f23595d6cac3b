import { LockOutlined, UserOutlined } from "@ant-design/icons";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Alert, App, Button, Form, Input } from "antd";
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

interface LoginValues {
  username: string;
  password: string;
  captcha?: string;
}

/** /login: username (or e-mail / mobile) and password, a captcha when the settings ask for one. */
export default function LoginPage() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const { settings } = useSettings();
  const users = useClient(UserAPI);
  const account = useAccount();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const [error, setError] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(0);
  const captchaId = useRef("");
  const onCaptchaId = useCallback((id: string) => {
    captchaId.current = id;
  }, []);
  const redirect = params.get("redirect");
  const r = rules(t);

  const onFinish = async (values: LoginValues) => {
    setSubmitting(true);
    setError("");
    try {
      const reply = await users.login({
        username: values.username.trim(),
        password: values.password,
        captcha: values.captcha?.trim() ?? "",
        captchaId: captchaId.current,
      });
      // Setting the session moves the user on: the auth-page guard (FrontLayout) follows `redirect`.
      const started = account.start(reply);
      void message.success(t("auth.loginSuccess"));
      const { permissionsError } = await started;
      if (permissionsError) void message.error(toApiError(permissionsError, t("error.permissionFailed")).message);
    } catch (cause) {
      setError(toApiError(cause, t("error.loginFailed")).message);
      form.setFieldValue("captcha", "");
      setCaptchaKey((n) => n + 1);
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t("auth.loginTitle")} subtitle={t("auth.loginSubtitle")}>
      <Form<LoginValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        requiredMark={false}
        data-testid="login-form"
      >
        <Form.Item name="username" label={t("auth.username")} rules={r.username}>
          <Input size="large" prefix={<UserOutlined />} autoComplete="username" placeholder={t("auth.loginName")} />
        </Form.Item>
        <Form.Item name="password" label={t("auth.password")} rules={r.password}>
          <Input.Password
            size="large"
            prefix={<LockOutlined />}
            autoComplete="current-password"
            placeholder={t("auth.password")}
          />
        </Form.Item>
        {settings.security.enableCaptchaLogin && (
          <CaptchaField scene="login" reloadKey={captchaKey} onId={onCaptchaId} />
        )}
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="form-error" />}
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t("auth.submitLogin")}
        </Button>
      </Form>
      <div style={{ display: "flex", justifyContent: "space-between", marginTop: 16, flexWrap: "wrap", gap: 8 }}>
        <span>
          {t("auth.noAccount")}{" "}
          <Link to={redirect ? `/register?${new URLSearchParams({ redirect }).toString()}` : "/register"}>
            {t("auth.goRegister")}
          </Link>
        </span>
        <Link to="/findpassword">{t("auth.forgot")}</Link>
      </div>
    </AuthCard>
  );
}
