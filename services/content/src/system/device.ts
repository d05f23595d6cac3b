// CPU, memory and disks of the host this content process runs on (ConfigAPI.GetDeviceInfo asks here:
// this is the host that converts documents and, with local storage, keeps the files).
import { readFile, stat, statfs } from "node:fs/promises";
import { cpus, freemem, totalmem } from "node:os";
import { create } from "@bufbuild/protobuf";
import { type DeviceInfo, DeviceInfoSchema, type DiskInfo, DiskInfoSchema } from "@wenku/proto/api/v1/config_pb.js";

/** A directory whose disk is reported, with the name staff see ("storage /data/storage"). */
export interface WatchedDir {
  name: string;
  path: string;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const percentOf = (part: number, whole: number) => (whole > 0 ? round1((part / whole) * 100) : 0);

type CpuTimes = { idle: number; total: number };
const cpuTimes = (): CpuTimes =>
  cpus().reduce(
    (acc, c) => {
      const t = c.times;
      return { idle: acc.idle + t.idle, total: acc.total + t.user + t.nice + t.sys + t.idle + t.irq };
    },
    { idle: 0, total: 0 },
  );

/** Busy share of all cores over `sampleMs`. */
async function cpuPercent(sampleMs: number): Promise<number> {
  const a = cpuTimes();
  await new Promise((r) => setTimeout(r, sampleMs));
  const b = cpuTimes();
  const total = b.total - a.total;
  return total > 0 ? round1(((total - (b.idle - a.idle)) / total) * 100) : 0;
}

/** MemAvailable from /proc/meminfo (what can be used without swapping); os.freemem() elsewhere. */
async function availableMemory(): Promise<number> {
  try {
    const m = /^MemAvailable:\s+(\d+)\s+kB$/m.exec(await readFile("/proc/meminfo", "utf8"));
    if (m) return Number(m[1]) * 1024;
  } catch {
    // not Linux
  }
  return freemem();
}

/** One entry per filesystem: directories on the same device share a line, named after all of them. */
async function disks(dirs: readonly WatchedDir[]): Promise<DiskInfo[]> {
  const byDevice = new Map<number, DiskInfo>();
  for (const dir of dirs) {
    try {
      const [s, fs] = await Promise.all([stat(dir.path), statfs(dir.path)]);
      const label = `${dir.name} ${dir.path}`;
      const seen = byDevice.get(s.dev);
      if (seen) {
        seen.diskName += `, ${label}`;
        continue;
      }
      const total = fs.blocks * fs.bsize;
      const free = fs.bavail * fs.bsize;
      const used = total - fs.bfree * fs.bsize;
      byDevice.set(
        s.dev,
        create(DiskInfoSchema, {
          diskName: label,
          total: BigInt(total),
          used: BigInt(used),
          free: BigInt(free),
          percent: percentOf(used, used + free),
        }),
      );
    } catch {
      // a directory that does not exist (yet) has no disk to report
    }
  }
  return [...byDevice.values()];
}

export async function deviceInfo(dirs: readonly WatchedDir[], sampleMs = 200): Promise<DeviceInfo> {
  const list = cpus();
  const [percent, available, disk] = await Promise.all([cpuPercent(sampleMs), availableMemory(), disks(dirs)]);
  const total = totalmem();
  const free = freemem();
  return create(DeviceInfoSchema, {
    cpu: {
      cores: list.length,
      modelName: list[0]?.model.trim() ?? "",
      mhz: list[0]?.speed ?? 0,
      percent,
    },
    memory: {
      total: BigInt(total),
      available: BigInt(available),
      used: BigInt(total - available),
      free: BigInt(free),
      percent: percentOf(total - available, total),
    },
    disk,
  });
}
