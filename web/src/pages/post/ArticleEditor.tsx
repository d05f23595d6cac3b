// The article editor (Tiptap 3: StarterKit with its link, images, and a video node of our own). This
// module and Tiptap load only when /post opens the editor (React.lazy in PostPage), so no other page
// downloads them. What it writes is what the server's allow-list keeps (sanitize.ts): headings, marks,
// lists, quotes, code, links, /uploads/ images and videos.
import {
  BoldOutlined,
  CodeOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  VideoCameraOutlined,
} from "@ant-design/icons";
import Image from "@tiptap/extension-image";
import { type Editor, EditorContent, mergeAttributes, Node, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { App, Button, Divider, Flex, Input, Modal, Spin, Tooltip, theme } from "antd";
import { type ReactNode, useRef, useState } from "react";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSession, useSessionStore } from "../../store/SessionProvider.js";
import "../article/article.css";
import {
  IMAGE_TYPES,
  type MediaKind,
  MediaUploadError,
  mediaProblem,
  normalizeLink,
  uploadArticleMedia,
  VIDEO_TYPES,
} from "./articleMedia.js";

/** A block video from this site's uploads, with the browser's controls (<video controls src>). */
const Video = Node.create({
  name: "video",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null } };
  },
  parseHTML() {
    return [{ tag: "video[src]" }];
  },
  renderHTML({ HTMLAttributes }) {
    return ["video", mergeAttributes(HTMLAttributes, { controls: "" })];
  },
});

const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    link: {
      openOnClick: false,
      autolink: true,
      protocols: ["http", "https", "mailto"],
      defaultProtocol: "https",
      isAllowedUri: (url) => normalizeLink(url) !== null,
    },
  }),
  Image.configure({ allowBase64: false }),
  Video,
];

export interface ArticleEditorProps {
  /** The HTML to start from (the article being edited); read once. */
  initial: string;
  /** The HTML after each change; "" while the editor holds nothing. */
  onChange: (html: string) => void;
  /** The field's label, for assistive technology. */
  label: string;
  invalid?: boolean;
}

export default function ArticleEditor({ initial, onChange, label, invalid = false }: ArticleEditorProps) {
  const { token } = theme.useToken();
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initial,
    immediatelyRender: true,
    editorProps: {
      attributes: { class: "wk-article-body wk-editor-content", "aria-label": label, "aria-multiline": "true" },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });
  return (
    <div
      data-testid="article-editor"
      style={{
        border: `1px solid ${invalid ? token.colorError : token.colorBorder}`,
        borderRadius: token.borderRadiusLG,
        background: token.colorBgContainer,
      }}
    >
      <Toolbar editor={editor} />
      <EditorContent editor={editor} style={{ padding: "12px 16px", minHeight: 320, cursor: "text" }} />
      <style>
        {
          ".wk-editor-content{outline:none;min-height:300px}.wk-editor-content .ProseMirror-selectednode{outline:2px solid #1677ff}"
        }
      </style>
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      strike: e.isActive("strike"),
      bulletList: e.isActive("bulletList"),
      orderedList: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      code: e.isActive("codeBlock"),
      link: e.isActive("link"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [linking, setLinking] = useState(false);
  const chain = () => editor.chain().focus();
  return (
    <Flex
      wrap
      gap={2}
      align="center"
      role="toolbar"
      aria-label={t("post.field.content")}
      style={{
        padding: 6,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: "sticky",
        top: 0,
        zIndex: 2,
        background: token.colorBgContainer,
        borderRadius: `${token.borderRadiusLG}px ${token.borderRadiusLG}px 0 0`,
      }}
    >
      <Tool label={t("post.tool.h2")} active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        H2
      </Tool>
      <Tool label={t("post.tool.h3")} active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        H3
      </Tool>
      <Divider orientation="vertical" />
      <Tool label={t("post.tool.bold")} active={state.bold} onClick={() => chain().toggleBold().run()}>
        <BoldOutlined />
      </Tool>
      <Tool label={t("post.tool.italic")} active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <ItalicOutlined />
      </Tool>
      <Tool label={t("post.tool.strike")} active={state.strike} onClick={() => chain().toggleStrike().run()}>
        <StrikethroughOutlined />
      </Tool>
      <Divider orientation="vertical" />
      <Tool
        label={t("post.tool.bulletList")}
        active={state.bulletList}
        onClick={() => chain().toggleBulletList().run()}
      >
        <UnorderedListOutlined />
      </Tool>
      <Tool
        label={t("post.tool.orderedList")}
        active={state.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <OrderedListOutlined />
      </Tool>
      <Tool label={t("post.tool.quote")} active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        <span aria-hidden style={{ fontFamily: "Georgia, serif", fontSize: 18, lineHeight: 1 }}>
          “
        </span>
      </Tool>
      <Tool label={t("post.tool.code")} active={state.code} onClick={() => chain().toggleCodeBlock().run()}>
        <CodeOutlined />
      </Tool>
      <Divider orientation="vertical" />
      <Tool label={t("post.tool.link")} active={state.link} onClick={() => setLinking(true)}>
        <LinkOutlined />
      </Tool>
      {state.link && (
        <Tool label={t("post.tool.unlink")} onClick={() => chain().extendMarkRange("link").unsetLink().run()}>
          <DisconnectOutlined />
        </Tool>
      )}
      <MediaTool editor={editor} kind="image" />
      <MediaTool editor={editor} kind="video" />
      <Divider orientation="vertical" />
      <Tool label={t("post.tool.undo")} disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <UndoOutlined />
      </Tool>
      <Tool label={t("post.tool.redo")} disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <RedoOutlined />
      </Tool>
      {linking && (
        <LinkDialog
          initial={(editor.getAttributes("link").href as string | undefined) ?? ""}
          onClose={() => setLinking(false)}
          onSave={(href) => {
            setLinking(false);
            chain().extendMarkRange("link").setLink({ href }).run();
          }}
        />
      )}
    </Flex>
  );
}

function Tool({
  label,
  active = false,
  disabled = false,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.6}>
      <Button
        type={active ? "primary" : "text"}
        ghost={active}
        size="small"
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()} // keep the editor's selection
        onClick={onClick}
        style={{ minWidth: 32 }}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

/** Picks an image or a video, checks it, uploads it and inserts it where the cursor is. */
function MediaTool({ editor, kind }: { editor: Editor; kind: MediaKind }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const session = useSession();
  const sessions = useSessionStore();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = mediaProblem(kind, file);
    if (problem) return void message.error(t(problem));
    setBusy(true);
    try {
      const src = await uploadArticleMedia(kind, file, session.token);
      const chain = editor.chain().focus();
      if (kind === "image") chain.setImage({ src, alt: file.name.replace(/\.[^.]+$/, "") }).run();
      else chain.insertContent({ type: "video", attrs: { src } }).run();
    } catch (cause) {
      if (cause instanceof MediaUploadError && cause.status === 401) sessions.expire(session.token);
      void message.error((cause instanceof MediaUploadError && cause.message) || t("post.upload.failed"));
    } finally {
      setBusy(false);
    }
  };
  const label = t(kind === "image" ? "post.tool.image" : "post.tool.video");
  return (
    <>
      <Tool label={busy ? t("post.upload.busy") : label} disabled={busy} onClick={() => input.current?.click()}>
        {busy ? <Spin size="small" /> : kind === "image" ? <PictureOutlined /> : <VideoCameraOutlined />}
      </Tool>
      <input
        ref={input}
        type="file"
        style={{ display: "none" }} // not `hidden`: the page's input styles would show it
        data-testid={`editor-${kind}-input`}
        accept={(kind === "image" ? IMAGE_TYPES : VIDEO_TYPES).join(",")}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = ""; // the same file may be picked again
          void pick(file);
        }}
      />
    </>
  );
}

/** Asks for a link's address; refuses what the server would drop (javascript:, data: …). */
function LinkDialog({
  initial,
  onClose,
  onSave,
}: {
  initial: string;
  onClose: () => void;
  onSave: (href: string) => void;
}) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const [value, setValue] = useState(initial);
  const [bad, setBad] = useState(false);
  const save = () => {
    const href = normalizeLink(value);
    if (href) onSave(href);
    else setBad(true);
  };
  return (
    <Modal open title={t("post.tool.link")} onCancel={onClose} onOk={save} okText={t("post.save")} destroyOnHidden>
      <Input
        autoFocus
        aria-label={t("post.link.prompt")}
        placeholder={t("post.link.prompt")}
        status={bad ? "error" : undefined}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setBad(false);
        }}
        onPressEnter={save}
      />
      {bad && (
        <div role="alert" style={{ color: token.colorError, marginTop: 6 }}>
          {t("post.link.bad")}
        </div>
      )}
    </Modal>
  );
}
