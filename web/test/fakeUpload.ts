import { jest } from "@jest/globals";

/**
 * Stands in for XMLHttpRequest and FormData during a test's uploads (uploadFile.ts sends them with
 * those; jsdom's File is not the Blob Node's FormData takes): every send answers 200 with moredoc's
 * envelope holding `path`. Returns the URLs posted to, the names of the files sent, and a restore.
 */
export function fakeImageUploads(path: string): { urls: string[]; files: string[]; restore: () => void } {
  const urls: string[] = [];
  const files: string[] = [];
  class FakeFormData {
    append(_field: string, _value: unknown, name?: string) {
      if (name) files.push(name);
    }
  }
  class FakeXhr {
    status = 0;
    responseText = "";
    upload = { onprogress: null as unknown };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(_method: string, url: string) {
      urls.push(url);
    }
    setRequestHeader() {}
    abort() {}
    send() {
      this.status = 200;
      this.responseText = JSON.stringify({ code: 200, message: "ok", data: { id: 9, path } });
      setTimeout(() => this.onload?.(), 0);
    }
  }
  const xhr = jest.spyOn(globalThis, "XMLHttpRequest").mockImplementation(() => new FakeXhr() as never);
  const form = jest.spyOn(globalThis, "FormData").mockImplementation(() => new FakeFormData() as never);
  return {
    urls,
    files,
    restore() {
      xhr.mockRestore();
      form.mockRestore();
    },
  };
}
