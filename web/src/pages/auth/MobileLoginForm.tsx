import { useMutation } from "@connectrpc/connect-query";
import { CodeType } from "@wenku/proto/api/v1/enums_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Form } from "antd";
import { Link } from "react-router";
import { FormSubmit } from "../../components/account/FormSubmit.js";
import { SmsCodeFields } from "../../components/account/SmsCodeField.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSessionSubmit } from "./useSessionSubmit.js";

interface MobileLoginValues {
  mobile: string;
  code: string;
  captcha?: string;
}

/** The mobile tab of /login: a number and the code sent to it (accounts that hold that number). */
export function MobileLoginForm() {
  const { t } = useI18n();
  const login = useMutation(UserAPI.method.loginByMobile);
  const [form] = Form.useForm<MobileLoginValues>();
  const submit = useSessionSubmit<MobileLoginValues>(
    form,
    (values) => login.mutateAsync({ mobile: values.mobile.trim(), code: values.code.trim() }),
    { success: t("auth.loginSuccess"), failure: t("error.loginFailed") },
  );
  return (
    <Form<MobileLoginValues>
      form={form}
      layout="vertical"
      onFinish={submit.onFinish}
      requiredMark={false}
      name="mobile-login"
      data-testid="mobile-login-form"
    >
      <SmsCodeFields form={form} type={CodeType.LOGIN} scene="login" />
      <FormSubmit error={submit.error} loading={submit.submitting} large>
        {t("auth.submitLogin")}
      </FormSubmit>
      <div style={{ textAlign: "right", marginTop: 12 }}>
        <Link to="/findpassword-mobile">{t("sms.findByMobile")}</Link>
      </div>
    </Form>
  );
}
