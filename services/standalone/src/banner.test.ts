import { readyBanner } from "./banner.js";

const base = { url: "http://localhost:8080", readySeconds: 3.21, details: ["database: DATABASE_URL"] };

describe("readyBanner", () => {
  test("a generated admin password is shown in the box with the address, with how to change it later", () => {
    const box = readyBanner({ ...base, account: { username: "admin", password: "s3cr3t-Xy_12", generated: true } });
    expect(box).toContain("Wenku is ready: http://localhost:8080");
    expect(box).toMatch(/username {2}admin/);
    expect(box).toMatch(/password {2}s3cr3t-Xy_12/);
    expect(box).toContain("npm run admin:reset-password");
    const lines = box.split("\n");
    expect(new Set(lines.map((l) => [...l].length)).size).toBe(1); // a closed box
    expect(lines[0]).toMatch(/^┌─+┐$/);
    expect(lines.at(-1)).toMatch(/^└─+┘$/);
  });

  test("a password given in WENKU_ADMIN_PASSWORD is not echoed", () => {
    const box = readyBanner({ ...base, account: { username: "admin", password: "from-the-env", generated: false } });
    expect(box).not.toContain("from-the-env");
    expect(box).toContain("WENKU_ADMIN_PASSWORD");
  });

  test("later starts show no password, only how to set a new one", () => {
    const box = readyBanner(base);
    expect(box).toContain("Admin account: created on the first start.");
    expect(box).toContain("Forgot its password?  npm run admin:reset-password");
    expect(box).not.toMatch(/username {2}/);
  });
});
