import { create } from "@bufbuild/protobuf";
import { beforeAll, describe, expect, it } from "@jest/globals";
import { render, screen } from "@testing-library/react";
import { DynamicSchema } from "@wenku/proto/api/v1/user_pb.js";
import { MemoryRouter } from "react-router";
import type { Translate } from "../../i18n/I18nProvider.js";
import { type Lang, loadLanguage, translate } from "../../i18n/language.js";
import { dynamicText } from "./dynamicText.js";

const tIn =
  (lang: Lang): Translate =>
  (key, vars) =>
    translate(lang, key, vars);

/** The line's text and its links' targets, as a reader sees them. */
function shown(parts: ReturnType<typeof dynamicText>) {
  const { container, unmount } = render(<MemoryRouter>{parts}</MemoryRouter>);
  const text = container.textContent;
  const links = [...container.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);
  unmount();
  return { text, links };
}

const dynamic = (type: number, content: string, params: Record<string, string> = {}) =>
  create(DynamicSchema, { type, content, params });

beforeAll(async () => {
  await loadLanguage("en");
});

describe("dynamicText", () => {
  it("words an activity from its type and params, the title linked to its page, in either language", () => {
    const d = dynamic(3, `上传了文档《<a href="/document/0123456789abcdef">报告</a>》`, {
      kind: "document",
      ref: "0123456789abcdef",
      title: "报告",
    });
    expect(shown(dynamicText(d, tIn("en"), "Points"))).toEqual({
      text: "Uploaded the document “报告”",
      links: [["报告", "/document/0123456789abcdef"]],
    });
    expect(shown(dynamicText(d, tIn("zh-CN"), "积分")).text).toBe("上传了文档《报告》");
    const fav = dynamic(2, "", { kind: "article", ref: "about", title: "<b>关于</b>" });
    // a title is text, never markup
    expect(shown(dynamicText(fav, tIn("en"), "Points"))).toEqual({
      text: "Added the article “<b>关于</b>” to favorites",
      links: [["<b>关于</b>", "/article/about"]],
    });
  });

  it("an entry older than its params keeps the server's text, its safe links kept", () => {
    const old = dynamic(1, `评论了文档《<a href="/document/7">旧文档</a>》`);
    expect(shown(dynamicText(old, tIn("en"), "Points"))).toEqual({
      text: "评论了文档《旧文档》",
      links: [["旧文档", "/document/7"]],
    });
    const hostile = dynamic(1, `<a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>`);
    expect(shown(dynamicText(hostile, tIn("en"), "Points")).links).toEqual([]);
    // an unknown kind or a ref that is no page path falls back too
    expect(shown(dynamicText(dynamic(3, "上传了", { kind: "user", ref: "1", title: "t" }), tIn("en"), "P")).text).toBe(
      "上传了",
    );
  });

  it("type-only entries, the password's way and the check-in's award", () => {
    const en = tIn("en");
    expect(shown(dynamicText(dynamic(6, "注册成为网站会员"), en, "Points")).text).toBe("Joined the site");
    expect(shown(dynamicText(dynamic(8, "修改了登录密码", { via: "profile" }), en, "P")).text).toBe(
      "Changed the password",
    );
    expect(shown(dynamicText(dynamic(8, "通过邮箱找回了登录密码", { via: "email" }), en, "P")).text).toBe(
      "Reset the password by email",
    );
    expect(shown(dynamicText(dynamic(8, "通过邮箱找回了登录密码"), en, "P")).text).toBe("通过邮箱找回了登录密码");
    expect(shown(dynamicText(dynamic(11, "签到获得 2 魔豆", { award: "2" }), en, "Beans")).text).toBe(
      "Checked in: earned 2 Beans",
    );
    expect(shown(dynamicText(dynamic(11, "完成了今日签到", { award: "0" }), en, "P")).text).toBe("Checked in today");
    expect(shown(dynamicText(dynamic(11, "签到获得 2 魔豆"), en, "Beans")).text).toBe("签到获得 2 魔豆");
  });

  it("renders inside a list as text and links (smoke)", () => {
    render(
      <MemoryRouter>
        <div>{dynamicText(dynamic(4, "", { kind: "document", ref: "9", title: "T" }), tIn("en"), "P")}</div>
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "T" }).getAttribute("href")).toBe("/document/9");
  });
});
