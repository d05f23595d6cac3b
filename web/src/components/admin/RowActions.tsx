import { DeleteOutlined, EditOutlined, MoreOutlined } from "@ant-design/icons";
import { Button, Dropdown, Popconfirm, Space, Tooltip } from "antd";
import type { ColumnType } from "antd/es/table";
import type { ReactNode } from "react";
import { useSizeClass } from "../../hooks/useSizeClass.js";
import type { Translate } from "../../i18n/I18nProvider.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useConfirm } from "./useConfirm.js";

export interface RowAction {
  key: string;
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  /** A link (opens in a new tab) instead of a click handler. */
  href?: string;
  danger?: boolean;
  /** Asks first: the question names the row (reject, disable, delete, purge…). */
  confirm?: { title: string; description?: string };
}

export interface RowActionsProps {
  /** Actions before edit and delete; falsy entries are skipped (permission checks inline). */
  actions?: readonly (RowAction | false | null | undefined)[];
  onEdit?: () => void;
  /** Delete after a confirmation naming `name`. */
  onDelete?: () => void;
  name?: string;
  deleteHint?: string;
}

/**
 * A row's actions: icon buttons with tooltips on wide screens, one "more" menu on a phone (so the
 * actions column stays narrow). Dangerous actions confirm first, naming the row.
 */
export function RowActions({ actions = [], onEdit, onDelete, name = "", deleteHint }: RowActionsProps) {
  const { t } = useI18n();
  const mobile = useSizeClass() === "mobile";
  const confirm = useConfirm();
  const all: RowAction[] = actions.filter((a): a is RowAction => Boolean(a));
  if (onEdit) all.push({ key: "edit", label: t("adm.common.edit"), icon: <EditOutlined />, onClick: onEdit });
  if (onDelete)
    all.push({
      key: "delete",
      label: t("adm.common.delete"),
      icon: <DeleteOutlined />,
      danger: true,
      onClick: onDelete,
      confirm: { title: t("adm.common.confirmDeleteOne", { name }), description: deleteHint },
    });
  if (all.length === 0) return null;

  if (mobile && all.length > 1) {
    const items = all.map((a) => ({
      key: a.key,
      label: a.href ? (
        <a href={a.href} target="_blank" rel="noreferrer">
          {a.label}
        </a>
      ) : (
        a.label
      ),
      icon: a.icon,
      danger: a.danger,
    }));
    const pick = (key: string) => {
      const a = all.find((x) => x.key === key);
      if (!a?.onClick) return;
      if (a.confirm) confirm({ title: a.confirm.title, hint: a.confirm.description, onOk: a.onClick });
      else a.onClick();
    };
    return (
      <Dropdown trigger={["click"]} menu={{ items, onClick: ({ key }) => pick(key) }}>
        <Button type="link" icon={<MoreOutlined />} aria-label={t("adm.common.more")} />
      </Dropdown>
    );
  }

  return (
    <Space size={0}>
      {all.map((a) => {
        const button = (
          <Button
            key={a.key}
            type="link"
            danger={a.danger}
            icon={a.icon}
            aria-label={a.label}
            href={a.href}
            target={a.href ? "_blank" : undefined}
            onClick={a.confirm ? undefined : a.onClick}
          />
        );
        // Every icon says what it does on hover too (the confirmed ones, delete first, did not). Not on
        // a touch screen for those: a tap leaves the tooltip open over the confirmation's buttons.
        const named = (
          <Tooltip key={a.key} title={a.label}>
            {button}
          </Tooltip>
        );
        return a.confirm ? (
          <Popconfirm
            key={a.key}
            title={a.confirm.title}
            description={a.confirm.description}
            okButtonProps={{ danger: a.danger }}
            onConfirm={a.onClick}
          >
            {mobile ? button : named}
          </Popconfirm>
        ) : (
          named
        );
      })}
    </Space>
  );
}

/** The actions column: last, pinned right, as narrow as its buttons. */
export function actionsColumn<Row>(t: Translate, render: (row: Row) => ReactNode): ColumnType<Row> {
  return { title: t("adm.common.actions"), key: "actions", fixed: "right", render: (_, row) => render(row) };
}
