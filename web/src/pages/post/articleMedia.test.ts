import { describe, expect, it } from "@jest/globals";
import { mediaProblem, normalizeLink, uploadedUrl } from "./articleMedia.js";

describe("the editor's uploads", () => {
  it("takes the image and video kinds the server takes, within its limits", () => {
    expect(mediaProblem("image", { type: "image/png", size: 1000 })).toBeNull();
    expect(mediaProblem("image", { type: "image/svg+xml", size: 10 })).toBe("post.upload.imageType");
    expect(mediaProblem("image", { type: "image/jpeg", size: 2 * 1024 * 1024 + 1 })).toBe("post.upload.imageTooLarge");
    expect(mediaProblem("video", { type: "video/mp4", size: 5_000_000 })).toBeNull();
    expect(mediaProblem("video", { type: "video/quicktime", size: 10 })).toBe("post.upload.videoType");
    expect(mediaProblem("video", { type: "video/webm", size: 20 * 1024 * 1024 + 1 })).toBe("post.upload.videoTooLarge");
  });

  it("reads the stored path from the route's answer (wangEditor's shape) and nothing else", () => {
    const url = "/uploads/0123456789abcdef0123456789abcdef.png";
    expect(uploadedUrl({ errno: 0, data: { url, alt: "a" } })).toBe(url);
    expect(uploadedUrl({ errno: 1, data: { url } })).toBeNull();
    expect(uploadedUrl({ errno: 0, data: { url: "javascript:alert(1)" } })).toBeNull();
    expect(uploadedUrl({ errno: 0, data: { url: "https://elsewhere.example/x.png" } })).toBeNull();
    expect(uploadedUrl(null)).toBeNull();
  });
});

describe("links", () => {
  it("keeps http(s), mailto and site paths; a bare host becomes https", () => {
    expect(normalizeLink(" https://example.com/a?b=1 ")).toBe("https://example.com/a?b=1");
    expect(normalizeLink("http://example.com")).toBe("http://example.com/");
    expect(normalizeLink("example.com/x")).toBe("https://example.com/x");
    expect(normalizeLink("/article/about")).toBe("/article/about");
    expect(normalizeLink("mailto:a@example.com")).toBe("mailto:a@example.com");
  });

  it("refuses script and data URLs, protocol-relative hosts and malformed text", () => {
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "//evil.example", "a b", "", "localhost"]) {
      expect(normalizeLink(bad)).toBeNull();
    }
  });
});
