import { type Group, GroupAPI } from "@wenku/proto/api/v1/group_pb.js";
import { PermissionAPI } from "@wenku/proto/api/v1/permission_pb.js";
import { App, Skeleton, Tree, type TreeDataNode, Typography } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useClient } from "../../../api/client.js";
import { toApiError } from "../../../api/errors.js";
import { groupPermissionsByArea } from "../../../components/admin/permissionTree.js";
import { useRemote } from "../../../components/admin/remote.js";
import { ApiErrorAlert } from "../../../components/common/ApiErrorAlert.js";
import { FormDrawer } from "../../../components/common/FormDrawer.js";
import { idKey } from "../../../components/common/format.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

const AREA = "area:";

/** A group's permissions as a checkbox tree grouped by proto service, showing each permission's title. */
export function GroupPermissionDrawer({ group, onClose }: { group: Group | null; onClose: () => void }) {
  const { t } = useI18n();
  const groups = useClient(GroupAPI);
  const permissions = useClient(PermissionAPI);
  const { message } = App.useApp();
  const [checked, setChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const groupId = group?.id;

  const load = useCallback(
    async (signal: AbortSignal) => {
      if (groupId === undefined) return null;
      const [all, granted] = await Promise.all([
        permissions.listPermission({ page: 1n, size: 10_000n }, { signal }),
        groups.getGroupPermission({ id: groupId }, { signal }),
      ]);
      return { all: all.permission, granted: granted.permissionId.map(idKey) };
    },
    [permissions, groups, groupId],
  );
  const remote = useRemote(load, t("adm.common.loadFailed"));
  useEffect(() => setChecked(remote.data?.granted ?? []), [remote.data]);

  const treeData: TreeDataNode[] = groupPermissionsByArea(remote.data?.all ?? []).map(({ area, permissions }) => ({
    key: AREA + area,
    title: <strong>{area || t("adm.perm.other")}</strong>,
    children: permissions.map((p) => ({
      key: idKey(p.id),
      title: (
        <span data-testid={`permission-${p.path}`}>
          {p.title || p.path}{" "}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.method === "GRPC" ? p.path.replace(/^.*\//, "") : `${p.method} ${p.path}`}
          </Typography.Text>
        </span>
      ),
    })),
  }));

  const save = async () => {
    if (!group) return;
    setSaving(true);
    try {
      await groups.updateGroupPermission({ groupId: group.id, permissionId: checked.map((id) => BigInt(id)) });
      void message.success(t("adm.group.permissionsSaved"));
      onClose();
    } catch (cause) {
      void message.error(toApiError(cause, t("adm.common.saveFailed")).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDrawer
      title={t("adm.group.permissionsOf", { name: group?.title ?? "" })}
      open={group !== null}
      saving={saving}
      onClose={onClose}
      onSave={() => void save()}
      testId="group-permissions"
    >
      {remote.error && <ApiErrorAlert error={remote.error} onRetry={remote.reload} />}
      {remote.loading && !remote.data && <Skeleton active />}
      {remote.data && (
        <>
          <Typography.Paragraph type="secondary">
            {t("adm.group.permissionCount", { count: checked.length, total: remote.data.all.length })}
          </Typography.Paragraph>
          <Tree
            checkable
            selectable={false}
            defaultExpandAll
            treeData={treeData}
            checkedKeys={checked}
            onCheck={(keys) => {
              const list = Array.isArray(keys) ? keys : keys.checked;
              setChecked(list.map(String).filter((key) => !key.startsWith(AREA)));
            }}
          />
        </>
      )}
    </FormDrawer>
  );
}
