import { Button, Drawer, Space } from "antd";
import type { ReactNode } from "react";
import { useSizeClass } from "../../hooks/useSizeClass.js";
import { useI18n } from "../../i18n/I18nProvider.js";

/** Spec §9: admin drawers are 50 % wide, 90 % on phones. */
export function adminDrawerSize(mobile: boolean): string {
  return mobile ? "90%" : "50%";
}

/** A drawer holding one form, with cancel and save in its footer. */
export function FormDrawer({
  title,
  open,
  saving,
  onClose,
  onSave,
  children,
  testId,
}: {
  title: string;
  open: boolean;
  saving: boolean;
  onClose: () => void;
  onSave: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useI18n();
  const mobile = useSizeClass() === "mobile";
  return (
    <Drawer
      title={title}
      open={open}
      onClose={onClose}
      size={adminDrawerSize(mobile)}
      destroyOnHidden
      data-testid={testId}
      footer={
        <Space style={{ display: "flex", justifyContent: "flex-end" }}>
          <Button onClick={onClose}>{t("adm.common.cancel")}</Button>
          <Button type="primary" loading={saving} onClick={onSave} data-testid="drawer-save">
            {t("adm.common.save")}
          </Button>
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}
