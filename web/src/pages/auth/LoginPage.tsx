import { UserOutlined } from "@ant-design/icons";
import { useMutation } from "@connectrpc/connect-query";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Form, Input } from "antd";
import { Link, useSearchParams } from "react-router";
import { AuthCard } from "../../components/account/AuthCard.js";
import { AuthPasswordInput } from "../../components/account/AuthPasswordInput.js";
import { CaptchaField } from "../../components/account/CaptchaField.js";
import { FormSubmit } from "../../components/account/FormSubmit.js";
import { rules } from "../../components/account/formRules.js";
import { OAuthButtons } from "../../components/account/OAuthButtons.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSettings } from "../../settings/SettingsProvider.js";
import { AuthMethodTabs } from "./AuthMethodTabs.js";
import { MobileLoginForm } from "./MobileLoginForm.js";
import { useSessionSubmit } from "./useSessionSubmit.js";

interface LoginValues {
  username: string;
  password: string;
  captcha?: string;
}

/**
 * /login: username (or e-mail / mobile) and password, a captcha when the settings ask for one or the
 * server asks for one (an address with many recent failed logins).
 */
export default function LoginPage() {
  const { t } = useI18n();
  const { settings } = useSettings();
  const login = useMutation(UserAPI.method.login);
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const submit = useSessionSubmit<LoginValues>(
    form,
    (values, captcha) => login.mutateAsync({ username: values.username.trim(), password: values.password, ...captcha }),
    { success: t("auth.loginSuccess"), failure: t("error.loginFailed") },
  );
  const redirect = params.get("redirect");
  const r = rules(t);

  return (
    <AuthCard title={t("auth.loginTitle")} subtitle={t("auth.loginSubtitle")}>
      <AuthMethodTabs mobile={<MobileLoginForm />} labels={[t("sms.tabPassword"), t("sms.tabMobile")]}>
        <Form<LoginValues>
          form={form}
          layout="vertical"
          onFinish={submit.onFinish}
          requiredMark={false}
          data-testid="login-form"
        >
          <Form.Item name="username" label={t("auth.username")} rules={r.username}>
            <Input size="large" prefix={<UserOutlined />} autoComplete="username" placeholder={t("auth.loginName")} />
          </Form.Item>
          <Form.Item name="password" label={t("auth.password")} rules={r.password}>
            <AuthPasswordInput autoComplete="current-password" placeholder={t("auth.password")} />
          </Form.Item>
          {(settings.security.enableCaptchaLogin || submit.captchaDemanded) && (
            <CaptchaField scene="login" {...submit.captcha} />
          )}
          <FormSubmit error={submit.error} loading={submit.submitting} large>
            {t("auth.submitLogin")}
          </FormSubmit>
        </Form>
      </AuthMethodTabs>
      <OAuthButtons redirect={redirect ?? ""} />
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
