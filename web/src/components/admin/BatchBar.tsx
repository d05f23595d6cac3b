import { DeleteOutlined } from "@ant-design/icons";
import { Button, Flex, Typography, theme } from "antd";
import type { ReactNode } from "react";
import { useI18n } from "../../i18n/I18nProvider.js";
import { type ConfirmOptions, useConfirm } from "./useConfirm.js";

/**
 * The bar above an admin table while rows are selected: "N selected" and what can be done to them
 * at once (the children: small buttons and their dialogs). Nothing shows without a selection.
 */
export function BatchBar({ count, children, testId }: { count: number; children: ReactNode; testId?: string }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  if (count === 0) return null;
  return (
    <Flex
      wrap
      gap={8}
      align="center"
      data-testid={testId}
      style={{
        marginBottom: 12,
        padding: "8px 12px",
        background: token.colorPrimaryBg,
        borderRadius: token.borderRadius,
      }}
    >
      <Typography.Text strong>{t("adm.common.selected", { count })}</Typography.Text>
      {children}
    </Flex>
  );
}

/** The bar's delete button: a confirmation naming the selected rows, then `onOk`. */
export function BatchDeleteButton(props: Pick<ConfirmOptions, "title" | "names" | "hint" | "onOk">) {
  const { t } = useI18n();
  const confirm = useConfirm();
  return (
    <Button size="small" danger icon={<DeleteOutlined />} onClick={() => confirm(props)}>
      {t("adm.common.batchDelete")}
    </Button>
  );
}
