import { createLines } from "./lines.js";

const tick = () => new Promise((r) => setTimeout(r, 5));

test("tasks of one key run one at a time, in order; other keys do not wait", async () => {
  const lines = createLines();
  const log: string[] = [];
  let running = 0;
  let most = 0;
  const task = (name: string) => async () => {
    most = Math.max(most, ++running);
    log.push(`${name} start`);
    await tick();
    log.push(`${name} end`);
    running--;
    return name;
  };
  const other = lines.run("b", async () => log.push("b ran"));
  const results = await Promise.all([lines.run("a", task("1")), lines.run("a", task("2")), lines.run("a", task("3"))]);
  await other;
  expect(results).toEqual(["1", "2", "3"]);
  expect(most).toBe(1);
  expect(log.indexOf("b ran")).toBeLessThan(log.indexOf("1 end"));
  expect(log.filter((l) => l !== "b ran")).toEqual(["1 start", "1 end", "2 start", "2 end", "3 start", "3 end"]);
});

test("a failing task lets the next one run", async () => {
  const lines = createLines();
  const failed = lines.run("k", async () => {
    throw new Error("boom");
  });
  const next = lines.run("k", async () => "ran");
  await expect(failed).rejects.toThrow("boom");
  await expect(next).resolves.toBe("ran");
});

test("past its deadline a waiting task is not run; the ones after it still wait for the running one", async () => {
  const lines = createLines();
  let release = () => {};
  const first = lines.run("k", () => new Promise<string>((r) => (release = () => r("first"))));
  const ran: string[] = [];
  const late = lines.run("k", async () => void ran.push("late"), {
    deadline: Date.now() + 20,
    late: () => new Error("busy"),
  });
  const third = lines.run("k", async () => {
    ran.push("third");
    return "third";
  });
  await expect(late).rejects.toThrow("busy");
  await tick();
  expect(ran).toEqual([]); // the first one still runs
  release();
  await expect(first).resolves.toBe("first");
  await expect(third).resolves.toBe("third");
  expect(ran).toEqual(["third"]);
});
