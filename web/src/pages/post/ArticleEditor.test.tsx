import { beforeAll, describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { renderWithProviders, testDeps } from "../../../test/render.js";
import ArticleEditor from "./ArticleEditor.js";

jest.setTimeout(60_000);

// jsdom lays nothing out: ProseMirror's scrolling to the selection asks a Range for its boxes
beforeAll(() => {
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () =>
    ({ top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0 }) as DOMRect;
});

const STORED = "/uploads/0123456789abcdef0123456789abcdef.png";

function setup() {
  const deps = testDeps();
  deps.sessionStore.login({ id: 5, username: "writer" }, "writer-token");
  const changes: string[] = [];
  renderWithProviders(
    <ArticleEditor initial="<p>开头</p>" label="正文" onChange={(html) => changes.push(html)} />,
    deps,
  );
  return { changes };
}

/**
 * Answers the upload with `status` and `body`: fetch and FormData stubbed (jsdom has no Response, and
 * its File is not the Blob Node's FormData takes); returns the fetch mock, the file names sent, a restore.
 */
function stubUpload(status: number, body: unknown) {
  const files: string[] = [];
  const fetchMock = jest.fn(async (_url: string, _init: RequestInit) => ({
    ok: status < 300,
    status,
    json: async () => body,
  }));
  const original = globalThis.fetch;
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  const form = jest
    .spyOn(globalThis, "FormData")
    .mockImplementation(
      () => ({ append: (_field: string, _value: unknown, name?: string) => name && files.push(name) }) as never,
    );
  return {
    fetchMock,
    files,
    restore() {
      globalThis.fetch = original;
      form.mockRestore();
    },
  };
}

const pick = (kind: "image" | "video", file: File) =>
  fireEvent.change(screen.getByTestId(`editor-${kind}-input`), { target: { files: [file] } });

describe("the article editor", () => {
  it("uploads a picked image as the signed-in user and inserts it; the form gets the HTML", async () => {
    const { fetchMock, files, restore } = stubUpload(200, { errno: 0, data: { url: STORED, alt: "p" } });
    try {
      const { changes } = setup();
      expect((await screen.findByTestId("article-editor", {}, { timeout: 8000 })).textContent).toContain("开头");
      pick("image", new File(["png"], "photo.png", { type: "image/png" }));
      await waitFor(() => expect(changes.at(-1)).toContain(`<img src="${STORED}" alt="photo">`));
      const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
      expect(files).toEqual(["photo.png"]);
      expect(url).toBe("/api/v1/upload/article?type=image");
      expect((init.headers as Record<string, string>).authorization).toBe("Bearer writer-token");
    } finally {
      restore();
    }
  });

  it("uploads a picked video and inserts it as a <video controls> of the stored file", async () => {
    const video = "/uploads/fedcba9876543210fedcba9876543210.mp4";
    const { fetchMock, files, restore } = stubUpload(200, { errno: 0, data: { url: video } });
    try {
      const { changes } = setup();
      await screen.findByTestId("article-editor", {}, { timeout: 8000 });
      pick("video", new File(["mp4"], "lesson.mp4", { type: "video/mp4" }));
      await waitFor(() => expect(changes.at(-1)).toMatch(new RegExp(`<video[^>]* src="${video}"`)));
      expect(changes.at(-1)).toMatch(/<video[^>]* controls/);
      expect(changes.at(-1)).toContain("开头"); // inserted beside what was there
      const [url] = fetchMock.mock.calls[0] as [string, RequestInit];
      expect([url, files]).toEqual(["/api/v1/upload/article?type=video", ["lesson.mp4"]]);
      expect(screen.getByTestId("article-editor").querySelector(`video[src="${video}"]`)).toBeTruthy();
    } finally {
      restore();
    }
  });

  it("refuses a file of the wrong kind before sending it, and shows the server's refusal", async () => {
    const { fetchMock, restore } = stubUpload(403, { code: 7, message: "您已被禁止发布文章：发布广告" });
    try {
      const { changes } = setup();
      await screen.findByTestId("article-editor", {}, { timeout: 8000 });
      pick("video", new File(["x"], "clip.mov", { type: "video/quicktime" }));
      expect(await screen.findByText("请选择 MP4 或 WebM 格式的视频")).toBeTruthy();
      expect(fetchMock).not.toHaveBeenCalled();
      pick("video", new File(["x"], "clip.mp4", { type: "video/mp4" }));
      expect(await screen.findByText("您已被禁止发布文章：发布广告")).toBeTruthy();
      expect(changes.join("")).not.toContain("<video");
    } finally {
      restore();
    }
  });
});
