import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Alert, App, Button, Form, Input } from "antd";
import { useState } from "react";
import { useClient } from "../../api/client.js";
import { toApiError } from "../../api/errors.js";
import { AvatarUpload } from "../../components/account/AvatarUpload.js";
import { rules } from "../../components/account/formRules.js";
import { MeFrame, useMeUser } from "../../components/account/MeFrame.js";
import { useI18n } from "../../i18n/I18nProvider.js";

interface ProfileValues {
  username: string;
  realname: string;
  identity: string;
  email: string;
  mobile: string;
  address: string;
  signature: string;
}

function ProfileForm() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const users = useClient(UserAPI);
  const { user, reload } = useMeUser();
  const [form] = Form.useForm<ProfileValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState("");
  const r = rules(t);
  // Spec §5: an e-mail or mobile already on the account is locked (staff change it).
  const emailLocked = user.email !== "";
  const mobileLocked = user.mobile !== "";

  const onFinish = async (values: ProfileValues) => {
    setSaving(true);
    setError("");
    try {
      await users.updateUserProfile({
        id: user.id,
        username: user.username,
        avatar: user.avatar,
        realname: values.realname?.trim() ?? "",
        identity: values.identity?.trim() ?? "",
        email: emailLocked ? user.email : (values.email?.trim() ?? ""),
        mobile: mobileLocked ? user.mobile : (values.mobile?.trim() ?? ""),
        address: values.address?.trim() ?? "",
        signature: values.signature?.trim() ?? "",
      });
      void message.success(t("profile.success"));
      await reload();
    } catch (cause) {
      const text = toApiError(cause, t("error.updateFailed")).message;
      setError(text);
      void message.error(text);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <AvatarUpload avatar={user.avatar} onChanged={reload} />
      <Form<ProfileValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        onFinish={onFinish}
        data-testid="profile-form"
        initialValues={{
          username: user.username,
          realname: user.realname,
          identity: user.identity,
          email: user.email,
          mobile: user.mobile,
          address: user.address,
          signature: user.signature,
        }}
      >
        <Form.Item name="username" label={t("profile.username")} rules={r.username}>
          <Input disabled />
        </Form.Item>
        <Form.Item name="realname" label={t("profile.realname")}>
          <Input maxLength={64} autoComplete="name" />
        </Form.Item>
        <Form.Item name="identity" label={t("profile.identity")}>
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t("profile.email")}
          rules={emailLocked ? [] : r.email}
          extra={emailLocked ? t("profile.locked") : undefined}
        >
          <Input disabled={emailLocked} autoComplete="email" inputMode="email" />
        </Form.Item>
        <Form.Item
          name="mobile"
          label={t("profile.mobile")}
          rules={mobileLocked ? [] : r.mobile}
          extra={mobileLocked ? t("profile.locked") : undefined}
        >
          <Input disabled={mobileLocked} autoComplete="tel" inputMode="tel" maxLength={11} />
        </Form.Item>
        <Form.Item name="address" label={t("profile.address")}>
          <Input maxLength={255} autoComplete="street-address" />
        </Form.Item>
        <Form.Item name="signature" label={t("profile.signature")}>
          <Input.TextArea maxLength={255} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="form-error" />}
        <Button type="primary" htmlType="submit" loading={saving}>
          {t("profile.save")}
        </Button>
      </Form>
    </>
  );
}

/** /me/profile: the proto UpdateUserProfile fields; e-mail and mobile locked once set. */
export default function MeProfilePage() {
  return (
    <MeFrame title="page.me.profile">
      <ProfileForm />
    </MeFrame>
  );
}
