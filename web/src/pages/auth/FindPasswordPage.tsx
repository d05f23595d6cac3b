import { MailOutlined } from "@ant-design/icons";
import { useMutation } from "@connectrpc/connect-query";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { App, Button, Form, Input, Result } from "antd";
import { useCallback, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toApiError } from "../../api/errors.js";
import { AuthCard } from "../../components/account/AuthCard.js";
import { CaptchaField } from "../../components/account/CaptchaField.js";
import { FormSubmit } from "../../components/account/FormSubmit.js";
import { rules } from "../../components/account/formRules.js";
import { NewPasswordFields } from "../../components/account/NewPasswordFields.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSettings } from "../../settings/SettingsProvider.js";

/**
 * The captcha of a form that starts no session: the id of the image shown, and a fresh image (and an
 * empty answer) after each failed submit, the server having used the old one up.
 */
function useFormCaptcha(form: { setFieldValue(name: "captcha", value: string): void }) {
  const id = useRef("");
  const [reloadKey, setReloadKey] = useState(0);
  const onId = useCallback((value: string) => {
    id.current = value;
  }, []);
  return {
    field: { reloadKey, onId },
    answer: (captcha?: string) => ({ captcha: captcha?.trim() ?? "", captchaId: id.current }),
    renew() {
      form.setFieldValue("captcha", "");
      setReloadKey((n) => n + 1);
    },
  };
}

interface StepOneValues {
  email: string;
  captcha?: string;
}

/** Step one: the account's e-mail address; the answer is the same whether it has an account or not. */
function RequestLink() {
  const { t } = useI18n();
  const { settings } = useSettings();
  const stepOne = useMutation(UserAPI.method.findPasswordStepOne);
  const [form] = Form.useForm<StepOneValues>();
  const captcha = useFormCaptcha(form);
  const [error, setError] = useState("");
  const [sentTo, setSentTo] = useState("");
  const r = rules(t);

  const onFinish = async (values: StepOneValues) => {
    setError("");
    try {
      const email = values.email.trim();
      await stepOne.mutateAsync({ email, ...captcha.answer(values.captcha) });
      setSentTo(email);
    } catch (cause) {
      setError(toApiError(cause, t("auth.recoverFailed")).message);
      captcha.renew();
    }
  };

  if (sentTo) {
    return (
      <AuthCard title={t("auth.recoverTitle")}>
        <div data-testid="recover-sent">
          <Result
            status="success"
            icon={<MailOutlined />}
            title={t("auth.recoverSentTitle")}
            subTitle={t("auth.recoverSentHint", { email: sentTo })}
            extra={
              <Link to="/login">
                <Button type="primary">{t("auth.goLogin")}</Button>
              </Link>
            }
          />
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("auth.recoverTitle")} subtitle={t("auth.recoverSubtitle")}>
      <Form<StepOneValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        requiredMark={false}
        data-testid="recover-form"
      >
        <Form.Item name="email" label={t("auth.email")} rules={r.requiredEmail}>
          <Input size="large" prefix={<MailOutlined />} autoComplete="email" placeholder={t("auth.email")} />
        </Form.Item>
        {settings.security.enableCaptchaFindPassword && <CaptchaField scene="find_password" {...captcha.field} />}
        <FormSubmit error={error} loading={stepOne.isPending} large>
          {t("auth.recoverSubmit")}
        </FormSubmit>
      </Form>
      <div style={{ display: "flex", justifyContent: "space-between", marginTop: 16, flexWrap: "wrap", gap: 8 }}>
        <Link to="/login">{t("auth.goLogin")}</Link>
        {settings.system.enableSms && <Link to="/findpassword-mobile">{t("sms.findByMobile")}</Link>}
      </div>
    </AuthCard>
  );
}

interface StepTwoValues {
  password: string;
  confirm: string;
  captcha?: string;
}

/** Step two, from the mailed link: a new password for the link's address; then to the login page. */
function ResetPassword({ email, token }: { email: string; token: string }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const { settings } = useSettings();
  const navigate = useNavigate();
  const stepTwo = useMutation(UserAPI.method.findPasswordStepTwo);
  const [form] = Form.useForm<StepTwoValues>();
  const captcha = useFormCaptcha(form);
  const [error, setError] = useState("");

  const onFinish = async (values: StepTwoValues) => {
    setError("");
    try {
      await stepTwo.mutateAsync({ email, token, password: values.password, ...captcha.answer(values.captcha) });
      void message.success(t("auth.resetSuccess"));
      navigate("/login", { replace: true });
    } catch (cause) {
      setError(toApiError(cause, t("auth.resetFailed")).message);
      captcha.renew();
    }
  };

  return (
    <AuthCard title={t("auth.resetTitle")} subtitle={t("auth.resetSubtitle", { email })}>
      <Form<StepTwoValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        requiredMark={false}
        data-testid="reset-form"
      >
        {/* the account's name for password managers */}
        <input type="hidden" autoComplete="username" value={email} readOnly />
        <NewPasswordFields label={t("auth.newPassword")} />
        {settings.security.enableCaptchaFindPassword && <CaptchaField scene="find_password" {...captcha.field} />}
        <FormSubmit error={error} loading={stepTwo.isPending} large>
          {t("auth.resetSubmit")}
        </FormSubmit>
      </Form>
      <div style={{ display: "flex", justifyContent: "space-between", marginTop: 16, flexWrap: "wrap", gap: 8 }}>
        <Link to="/findpassword">{t("auth.resetAgain")}</Link>
        <Link to="/login">{t("auth.goLogin")}</Link>
      </div>
    </AuthCard>
  );
}

/**
 * /findpassword: step one asks for the e-mail address and mails a link; the link (?email=…&token=…)
 * opens step two, a new password for that address.
 */
export default function FindPasswordPage() {
  const [params] = useSearchParams();
  const email = params.get("email")?.trim() ?? "";
  const token = params.get("token")?.trim() ?? "";
  return email && token ? <ResetPassword email={email} token={token} /> : <RequestLink />;
}
