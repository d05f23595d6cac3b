import { CloseOutlined, SearchOutlined } from "@ant-design/icons";
import { skipToken } from "@connectrpc/connect-query";
import { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { Button, Flex, Input, Spin, Typography, theme } from "antd";
import { useState } from "react";
import { useApiQuery } from "../../api/useApiQuery.js";
import { ApiErrorAlert } from "../../components/common/ApiErrorAlert.js";
import { Snippet } from "../../components/document/Snippet.js";
import { useI18n } from "../../i18n/I18nProvider.js";

/** The most characters a keyword may have (the server refuses more). */
export const READER_SEARCH_MAX_CHARS = 100;
/** The server lists at most this many pages. */
const LISTED_PAGES = 200;

/** What the reader searched for: the submitted keyword and whether its results are open. */
export interface ReaderSearchState {
  wd: string;
  open: boolean;
}

export const closedSearch: ReaderSearchState = { wd: "", open: false };

/**
 * The toolbar's search box: Enter (or the button) searches the document's readable pages for what was
 * typed; an empty box (or its clear button) closes the results.
 */
export function ReaderSearchBox({
  state,
  onChange,
}: {
  state: ReaderSearchState;
  onChange: (next: ReaderSearchState) => void;
}) {
  const { t } = useI18n();
  const [text, setText] = useState(state.wd);
  return (
    <Input.Search
      size="small"
      allowClear
      value={text}
      maxLength={READER_SEARCH_MAX_CHARS}
      placeholder={t("doc.find.placeholder")}
      aria-label={t("doc.find.placeholder")}
      data-testid="reader-search-input"
      enterButton={<SearchOutlined aria-label={t("doc.find.placeholder")} />}
      style={{ flex: "1 1 auto", minWidth: 0, maxWidth: 320 }}
      onChange={(event) => setText(event.target.value)}
      // also called by the clear button, with ""
      onSearch={(value) => {
        const wd = value.trim();
        onChange(wd ? { wd, open: true } : closedSearch);
      }}
    />
  );
}

/**
 * The results under the toolbar: per page that holds the keyword, its number and a snippet with the
 * keyword marked; a click jumps the reader to that page. Only pages the reader may read are listed;
 * pages past the preview are only counted, with a link to the call to action that ends the preview.
 */
export function ReaderSearchResults({
  documentId,
  state,
  onChange,
  onJump,
  onBeyond,
}: {
  documentId: bigint;
  state: ReaderSearchState;
  onChange: (next: ReaderSearchState) => void;
  onJump: (page: number) => void;
  /** To the end of the preview, where the reader can read on (sign in, download, buy, VIP). */
  onBeyond: () => void;
}) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const found = useApiQuery(
    DocumentAPI.method.searchDocumentText,
    state.wd ? { id: documentId, wd: state.wd } : skipToken,
    t("doc.find.failed"),
  );
  if (!state.wd) return null;
  const hits = found.data?.hit ?? [];
  const total = Number(found.data?.total ?? 0n);
  const beyond = found.data?.pagesBeyondPreview ?? 0;

  if (!state.open) {
    return found.data ? (
      <Button
        type="link"
        size="small"
        data-testid="reader-search-reopen"
        onClick={() => onChange({ ...state, open: true })}
        style={{ padding: "0 12px 4px" }}
      >
        {t("doc.find.show", { count: total })}
      </Button>
    ) : null;
  }

  return (
    <div
      data-testid="reader-search-results"
      style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, maxHeight: "min(40vh, 320px)", overflowY: "auto" }}
    >
      <Flex justify="space-between" align="center" gap={8} style={{ padding: "6px 12px" }}>
        <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid="reader-search-summary">
          {found.data && hits.length > 0 && t("doc.find.summary", { total, pages: hits.length })}
        </Typography.Text>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t("doc.find.close")}
          data-testid="reader-search-close"
          onClick={() => onChange({ ...state, open: false })}
        />
      </Flex>
      {found.error ? (
        <div style={{ padding: "0 12px" }}>
          <ApiErrorAlert error={found.error} onRetry={found.reload} />
        </div>
      ) : !found.data ? (
        <Flex justify="center" style={{ padding: 12 }}>
          <Spin size="small" data-testid="reader-search-loading" />
        </Flex>
      ) : (
        <>
          {hits.length === 0 && (
            <Typography.Paragraph type="secondary" data-testid="reader-search-empty" style={{ padding: "0 12px" }}>
              {t("doc.find.empty", { wd: state.wd })}
            </Typography.Paragraph>
          )}
          <ol style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {hits.map((hit) => (
              <li key={hit.page}>
                <button
                  type="button"
                  data-testid="reader-search-hit"
                  data-page={hit.page}
                  onClick={() => {
                    onChange({ ...state, open: false });
                    onJump(hit.page);
                  }}
                  style={{
                    display: "block",
                    width: "100%",
                    textAlign: "left",
                    padding: "6px 12px",
                    border: 0,
                    borderTop: `1px solid ${token.colorSplit}`,
                    background: "transparent",
                    cursor: "pointer",
                    font: "inherit",
                    color: token.colorText,
                    wordBreak: "break-word",
                  }}
                >
                  <Typography.Text strong style={{ marginRight: 8 }}>
                    {t("search.page", { page: hit.page })}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    <Snippet text={hit.snippet} highlight={hit.highlight} />
                  </Typography.Text>
                </button>
              </li>
            ))}
          </ol>
          {(hits.length >= LISTED_PAGES || beyond > 0) && (
            <Typography.Paragraph type="secondary" style={{ padding: "6px 12px", margin: 0, fontSize: 12 }}>
              {hits.length >= LISTED_PAGES && t("doc.find.more", { count: LISTED_PAGES })}{" "}
              {beyond > 0 && (
                <>
                  <span data-testid="reader-search-beyond">{t("doc.find.beyond", { count: beyond })}</span>{" "}
                  <Button
                    type="link"
                    size="small"
                    data-testid="reader-search-beyond-cta"
                    style={{ padding: 0, height: "auto", fontSize: 12 }}
                    onClick={() => {
                      onChange({ ...state, open: false });
                      onBeyond();
                    }}
                  >
                    {t("doc.cta.beyondLink")}
                  </Button>
                </>
              )}
            </Typography.Paragraph>
          )}
        </>
      )}
    </div>
  );
}
