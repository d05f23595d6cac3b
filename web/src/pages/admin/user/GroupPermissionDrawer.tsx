import { skipToken, useQuery } from "@connectrpc/connect-query";
import { type Group, GroupAPI } from "@wenku/proto/api/v1/group_pb.js";
import { PermissionAPI } from "@wenku/proto/api/v1/permission_pb.js";
import { Skeleton, Tree, type TreeDataNode, Typography } from "antd";
import { useEffect, useState } from "react";
import { toApiError } from "../../../api/errors.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { groupPermissionsByArea } from "../../../components/admin/permissionTree.js";
import { ApiErrorAlert } from "../../../components/common/ApiErrorAlert.js";
import { FormDrawer } from "../../../components/common/FormDrawer.js";
import { idKey } from "../../../components/common/format.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

const AREA = "area:";

/** A group's permissions as a checkbox tree grouped by proto service, showing each permission's title. */
export function GroupPermissionDrawer({ group, onClose }: { group: Group | null; onClose: () => void }) {
  const { t } = useI18n();
  const [checked, setChecked] = useState<string[]>([]);
  const all = useQuery(PermissionAPI.method.listPermission, group ? { page: 1n, size: 10_000n } : skipToken);
  const granted = useQuery(GroupAPI.method.getGroupPermission, group ? { id: group.id } : skipToken);
  const failure = all.error ?? granted.error;
  const error = failure && toApiError(failure, t("adm.common.loadFailed"));
  const ready = all.data && granted.data;
  useEffect(() => setChecked(granted.data?.permissionId.map(idKey) ?? []), [granted.data]);
  const update = useAdminMutation(GroupAPI.method.updateGroupPermission, {
    success: t("adm.group.permissionsSaved"),
    onSuccess: onClose,
  });

  const treeData: TreeDataNode[] = groupPermissionsByArea(all.data?.permission ?? []).map(({ area, permissions }) => ({
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

  const save = () => {
    if (group) void update.run({ groupId: group.id, permissionId: checked.map((id) => BigInt(id)) });
  };

  return (
    <FormDrawer
      title={t("adm.group.permissionsOf", { name: group?.title ?? "" })}
      open={group !== null}
      saving={update.pending}
      onClose={onClose}
      onSave={save}
      testId="group-permissions"
    >
      {error && (
        <ApiErrorAlert
          error={error}
          onRetry={() => {
            void all.refetch();
            void granted.refetch();
          }}
        />
      )}
      {!ready && !error && <Skeleton active />}
      {ready && (
        <>
          <Typography.Paragraph type="secondary">
            {t("adm.group.permissionCount", { count: checked.length, total: all.data.permission.length })}
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
