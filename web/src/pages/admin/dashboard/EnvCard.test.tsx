import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ConfigAPI, DeviceInfoSchema, EnvDependentSchema } from "@wenku/proto/api/v1/config_pb.js";
import { emptyServices, renderWithProviders, testDeps } from "../../../../test/render.js";
import { signInStaff } from "../../../../test/staff.js";
import { DeviceCard } from "./DeviceCard.js";
import { EnvCard } from "./EnvCard.js";

/** An in-process ConfigAPI reporting LibreOffice missing until `install()`; counts the checks. */
function setup(rpcs: string[]) {
  let installed = false;
  let checks = 0;
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(ConfigAPI, {
        getEnvs: () => {
          checks++;
          return {
            envs: [
              create(EnvDependentSchema, { name: "MuPDF", isInstalled: true, isRequired: true, version: "1.28.1" }),
              create(EnvDependentSchema, {
                name: "LibreOffice",
                isInstalled: installed,
                version: installed ? "LibreOffice 24.2" : "",
                error: installed ? "" : "soffice not found",
                install: "Debian/Ubuntu: apt install libreoffice-core\nmacOS: brew install --cask libreoffice",
              }),
              create(EnvDependentSchema, {
                name: "Tesseract OCR",
                isInstalled: false,
                error: "tesseract not found",
                install: "Debian/Ubuntu: apt install tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim",
              }),
            ],
          };
        },
        getDeviceInfo: () =>
          create(DeviceInfoSchema, {
            cpu: { cores: 4, modelName: "Test CPU", percent: 12.5 },
            memory: { total: 8n << 30n, used: 2n << 30n, available: 6n << 30n, percent: 25 },
            disk: [
              {
                diskName: "storage /data/storage",
                total: 100n << 30n,
                used: 40n << 30n,
                free: 60n << 30n,
                percent: 40,
              },
            ],
          }),
      });
    },
  });
  signInStaff(deps, "ConfigAPI", rpcs, ["/admin/dashboard"]);
  return {
    deps,
    install() {
      installed = true;
    },
    checks: () => checks,
  };
}

describe("dashboard environment check", () => {
  it("shows each tool found or missing, what it enables and how to install a missing one; checks again on demand", async () => {
    const { deps, install, checks } = setup(["GetEnvs"]);
    renderWithProviders(<EnvCard />, deps);
    const office = within(await screen.findByTestId("env-LibreOffice", {}, { timeout: 8000 }));
    expect(office.getByText("未安装")).toBeTruthy();
    expect(office.getByText("soffice not found")).toBeTruthy();
    expect(office.getByText(/Word、PowerPoint、Excel/)).toBeTruthy();
    expect(office.getByText("Debian/Ubuntu: apt install libreoffice-core")).toBeTruthy();
    expect(office.getByText("macOS: brew install --cask libreoffice")).toBeTruthy();
    const mupdf = within(screen.getByTestId("env-MuPDF"));
    expect([mupdf.getByText("MuPDF（内置）"), mupdf.getByText("已安装"), mupdf.getByText("1.28.1")]).toHaveLength(3);
    const ocr = within(screen.getByTestId("env-Tesseract OCR"));
    expect(ocr.getByText("Tesseract 文字识别（OCR）")).toBeTruthy();
    expect(ocr.getByText(/识别扫描件/)).toBeTruthy();
    expect(ocr.getByText(/tesseract-ocr-chi-sim/)).toBeTruthy();

    install();
    fireEvent.click(screen.getByRole("button", { name: "重新检查" }));
    await waitFor(() => expect(checks()).toBe(2));
    const found = within(await screen.findByTestId("env-LibreOffice"));
    expect(await found.findByText("LibreOffice 24.2")).toBeTruthy();
    expect(found.getByText("已安装")).toBeTruthy();
    expect(found.queryByText(/apt install/)).toBeNull();
  }, 60_000);

  it("is not shown without the permission", async () => {
    const { deps, checks } = setup([]);
    renderWithProviders(
      <>
        <EnvCard />
        <DeviceCard />
        <span>page</span>
      </>,
      deps,
    );
    await screen.findByText("page");
    expect(screen.queryByTestId("dashboard-envs")).toBeNull();
    expect(screen.queryByTestId("dashboard-device")).toBeNull();
    expect(checks()).toBe(0);
  }, 60_000);
});

describe("dashboard server status", () => {
  it("shows CPU, memory and each disk with its usage", async () => {
    const { deps } = setup(["GetDeviceInfo"]);
    renderWithProviders(<DeviceCard />, deps);
    const cpu = within(await screen.findByTestId("device-cpu", {}, { timeout: 8000 }));
    expect(cpu.getByText("4 核 · Test CPU")).toBeTruthy();
    expect(within(screen.getByTestId("device-memory")).getByText("已用 2.00 GB / 共 8.00 GB")).toBeTruthy();
    const disk = within(screen.getByTestId("device-disk"));
    expect(disk.getByText("磁盘 · storage /data/storage")).toBeTruthy();
    expect(disk.getByText(/可用 60\.00 GB/)).toBeTruthy();
  }, 60_000);
});
