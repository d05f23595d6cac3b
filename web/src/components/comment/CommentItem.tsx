import { DeleteOutlined, MessageOutlined, UserOutlined } from "@ant-design/icons";
import type { Comment } from "@wenku/proto/api/v1/comment_pb.js";
import { ReviewStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { Avatar, Button, Flex, Popconfirm, Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useI18n } from "../../i18n/I18nProvider.js";
import { formatRelative } from "../document/format.js";
import { authorName } from "./commentThread.js";

/**
 * One comment: who, when, the text (plain text: React escapes it, line breaks kept), whom it answers,
 * its review state for its author, and what the reader may do (reply, delete their own).
 */
export function CommentItem({
  comment: c,
  to,
  small = false,
  mine,
  onReply,
  onDelete,
  children,
}: {
  comment: Comment;
  /** The reply this one answers (shown as "reply to @name"). */
  to?: Comment;
  small?: boolean;
  mine: boolean;
  onReply?: () => void;
  onDelete?: () => void;
  /** The reply box and the replies, below the text. */
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const name = authorName(c) || t("cmt.anonymous", { id: String(c.userId) });
  return (
    <Flex gap={small ? 8 : 12} align="flex-start" data-testid="comment-item" data-comment-id={String(c.id)}>
      <Link to={`/user/${c.userId}`} aria-label={name}>
        <Avatar size={small ? 28 : 36} src={c.user?.avatar || undefined} icon={<UserOutlined />} />
      </Link>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Flex gap={8} wrap align="baseline">
          <Link to={`/user/${c.userId}`}>
            <Typography.Text strong>{name}</Typography.Text>
          </Link>
          {to && (
            <Typography.Text type="secondary">
              {t("cmt.replyTo", { name: authorName(to) || t("cmt.anonymous", { id: String(to.userId) }) })}
            </Typography.Text>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatRelative(c.createdAt, t)}
          </Typography.Text>
          {c.status === ReviewStatus.PENDING && (
            <Tag color="orange" data-testid="comment-pending">
              {t("cmt.pending")}
            </Tag>
          )}
          {c.status === ReviewStatus.REJECTED && <Tag color="red">{t("cmt.rejected")}</Tag>}
        </Flex>
        <Typography.Paragraph
          style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", margin: "4px 0" }}
          data-testid="comment-content"
        >
          {c.content}
        </Typography.Paragraph>
        {mine && c.status === ReviewStatus.PENDING && (
          <Typography.Text type="secondary" style={{ fontSize: 12, display: "block" }}>
            {t("cmt.pendingHint")}
          </Typography.Text>
        )}
        <Flex gap={4}>
          {onReply && c.status === ReviewStatus.APPROVED && (
            <Button
              type="link"
              size="small"
              icon={<MessageOutlined />}
              onClick={onReply}
              style={{ paddingInline: 0 }}
              data-testid="comment-reply"
            >
              {t("cmt.reply")}
            </Button>
          )}
          {mine && onDelete && (
            <Popconfirm title={t("cmt.deleteConfirm")} onConfirm={onDelete} okButtonProps={{ danger: true }}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="comment-delete">
                {t("cmt.delete")}
              </Button>
            </Popconfirm>
          )}
        </Flex>
        {children}
      </div>
    </Flex>
  );
}
