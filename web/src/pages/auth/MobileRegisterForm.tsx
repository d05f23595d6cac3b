import { useMutation } from "@connectrpc/connect-query";
import { CodeType } from "@wenku/proto/api/v1/enums_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Form } from "antd";
import { AuthPasswordInput } from "../../components/account/AuthPasswordInput.js";
import { FormSubmit } from "../../components/account/FormSubmit.js";
import { SmsCodeFields } from "../../components/account/SmsCodeField.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSessionSubmit } from "./useSessionSubmit.js";

interface MobileRegisterValues {
  mobile: string;
  code: string;
  password?: string;
  captcha?: string;
}

/**
 * The mobile tab of /register: a number, the code sent to it and an optional password (without one,
 * the account signs in by code until a password is set by recovery).
 */
export function MobileRegisterForm() {
  const { t } = useI18n();
  const register = useMutation(UserAPI.method.registerByMobile);
  const [form] = Form.useForm<MobileRegisterValues>();
  const submit = useSessionSubmit<MobileRegisterValues>(
    form,
    (values) =>
      register.mutateAsync({ mobile: values.mobile.trim(), code: values.code.trim(), password: values.password ?? "" }),
    { success: t("auth.registerSuccess"), failure: t("error.registerFailed") },
  );
  return (
    <Form<MobileRegisterValues>
      form={form}
      layout="vertical"
      onFinish={submit.onFinish}
      requiredMark={false}
      name="mobile-register"
      data-testid="mobile-register-form"
    >
      <SmsCodeFields form={form} type={CodeType.REGISTER} scene="register" />
      <Form.Item
        name="password"
        label={t("sms.passwordOptional")}
        extra={t("sms.passwordOptionalHint")}
        rules={[{ min: 6, max: 64, message: t("validate.passwordLength") }]}
      >
        <AuthPasswordInput autoComplete="new-password" placeholder={t("auth.password")} />
      </Form.Item>
      <FormSubmit error={submit.error} loading={submit.submitting} large>
        {t("auth.submitRegister")}
      </FormSubmit>
    </Form>
  );
}
