import { useMutation } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { type User, UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Form, type FormRule, Input, Skeleton } from "antd";
import type { ReactNode } from "react";
import { invalidateUsers, useCurrentUser } from "../../hooks/useUser.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { ApiErrorAlert } from "../common/ApiErrorAlert.js";
import { AvatarUpload } from "./AvatarUpload.js";
import { FormSubmit } from "./FormSubmit.js";
import { rules } from "./formRules.js";
import { useFormSave } from "./useFormSave.js";

interface ProfileValues {
  username: string;
  realname: string;
  identity: string;
  email: string;
  mobile: string;
  address: string;
  signature: string;
}

/**
 * The caller's own profile (spec §2 fields), in the personal centre and in the admin's profile
 * drawer alike. The username is shown, not edited (the server renames users only for staff, from
 * the user list); e-mail and mobile are locked once set (spec §5). A save refreshes every cached
 * copy of the user, so the header and the personal centre show the new details.
 */
export function ProfileForm({ onSaved }: { onSaved?: () => void }) {
  const { t } = useI18n();
  const { data: user, error, reload } = useCurrentUser();
  if (user) return <ProfileFields key={String(user.id)} user={user} onSaved={onSaved} />;
  if (error) return <ApiErrorAlert error={error} onRetry={reload} />;
  return <Skeleton active aria-label={t("page.me.profile")} />;
}

function ProfileFields({ user, onSaved }: { user: User; onSaved: (() => void) | undefined }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProfileValues>();
  const update = useMutation(UserAPI.method.updateUserProfile, { onSuccess: () => invalidateUsers(queryClient) });
  const r = rules(t);
  const emailLocked = user.email !== "";
  const mobileLocked = user.mobile !== "";

  const { error, onFinish } = useFormSave<ProfileValues>(
    async (values) => {
      await update.mutateAsync({
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
    },
    t("profile.success"),
    onSaved,
  );

  return (
    <>
      <AvatarUpload avatar={user.avatar} onChanged={() => invalidateUsers(queryClient)} />
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
          <Input disabled autoComplete="username" />
        </Form.Item>
        <Form.Item name="realname" label={t("profile.realname")}>
          <Input maxLength={64} autoComplete="name" />
        </Form.Item>
        <Form.Item name="identity" label={t("profile.identity")}>
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <LockableItem name="email" label={t("profile.email")} locked={emailLocked} rules={r.email}>
          <Input disabled={emailLocked} autoComplete="email" inputMode="email" />
        </LockableItem>
        <LockableItem name="mobile" label={t("profile.mobile")} locked={mobileLocked} rules={r.mobile}>
          <Input disabled={mobileLocked} autoComplete="tel" inputMode="tel" maxLength={11} />
        </LockableItem>
        <Form.Item name="address" label={t("profile.address")}>
          <Input maxLength={255} autoComplete="street-address" />
        </Form.Item>
        <Form.Item name="signature" label={t("profile.signature")}>
          <Input.TextArea maxLength={255} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
        <FormSubmit error={error} loading={update.isPending}>
          {t("profile.save")}
        </FormSubmit>
      </Form>
    </>
  );
}

/** A contact field that is locked once set (spec §5): no rules then, and a note saying so. */
function LockableItem({
  name,
  label,
  locked,
  rules,
  children,
}: {
  name: "email" | "mobile";
  label: string;
  locked: boolean;
  rules: FormRule[];
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <Form.Item name={name} label={label} rules={locked ? [] : rules} extra={locked ? t("profile.locked") : undefined}>
      {children}
    </Form.Item>
  );
}
