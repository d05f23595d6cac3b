import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { CreditLogSchema, OrderAPI } from "@wenku/proto/api/v1/order_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { emptyServices, renderWithProviders, testDeps } from "../../../test/render.js";
import CheckInButton from "./CheckInButton.js";
import { CreditLog } from "./CreditLog.js";

jest.setTimeout(30_000);

interface Server {
  signed: boolean;
  signs: number;
  /** SignToday answers AlreadyExists (another tab checked in first). */
  elsewhere?: boolean;
  award: number;
  logPages: bigint[];
}

function services(server: Server) {
  return (router: ConnectRouter) => {
    emptyServices(router);
    router.service(UserAPI, {
      getSignedToday: () => {
        if (!server.signed) throw new ConnectError("今天还没有签到", Code.NotFound);
        return { id: 1n, award: server.award };
      },
      signToday: () => {
        server.signs += 1;
        if (server.elsewhere || server.signed) {
          server.signed = true;
          throw new ConnectError("今天已经签到过了", Code.AlreadyExists);
        }
        server.signed = true;
        return { id: 1n, award: server.award };
      },
    });
    router.service(OrderAPI, {
      listUserCreditLog: (req) => {
        server.logPages.push(req.page);
        const first = req.page === 1n;
        return {
          total: 12n,
          creditLog: first
            ? [
                create(CreditLogSchema, {
                  id: 2n,
                  amount: 3,
                  balanceAfter: 13,
                  reason: "签到获得 3 积分",
                  refType: "sign",
                }),
                create(CreditLogSchema, { id: 1n, amount: -7, balanceAfter: 10, reason: "", refType: "download" }),
              ]
            : [create(CreditLogSchema, { id: 0n, amount: 17, balanceAfter: 17, reason: "注册获得 17 积分" })],
        };
      },
    });
  };
}

function signedIn(server: Server) {
  const deps = testDeps({ services: services(server) });
  deps.sessionStore.login({ id: "7", username: "alice" }, "token-1");
  return deps;
}

const newServer = (over: Partial<Server> = {}): Server => ({
  signed: false,
  signs: 0,
  award: 3,
  logPages: [],
  ...over,
});

describe("CheckInButton", () => {
  it("checks in once, says the award in the site's credit name, and every button turns into 'checked in today'", async () => {
    const server = newServer();
    renderWithProviders(
      <>
        <div data-testid="a">
          <CheckInButton />
        </div>
        <div data-testid="b">
          <CheckInButton />
        </div>
      </>,
      signedIn(server),
    );
    const a = within(screen.getByTestId("a"));
    await waitFor(() => expect((a.getByTestId("check-in") as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(a.getByTestId("check-in"));
    expect(await screen.findByText("签到成功，获得 3 积分奖励")).toBeTruthy();
    for (const id of ["a", "b"]) {
      const button = within(screen.getByTestId(id)).getByTestId("check-in") as HTMLButtonElement;
      await waitFor(() => expect(button.disabled).toBe(true));
      expect(button.textContent).toContain("今日已签到");
    }
    expect(server.signs).toBe(1);
  });

  it("is disabled from the start when today's check-in exists", async () => {
    renderWithProviders(<CheckInButton />, signedIn(newServer({ signed: true })));
    await waitFor(() => expect(screen.getByTestId("check-in").textContent).toContain("今日已签到"));
    expect((screen.getByTestId("check-in") as HTMLButtonElement).disabled).toBe(true);
  });

  it("treats 'already checked in' (another tab) as done, without an error message", async () => {
    const server = newServer({ elsewhere: true });
    renderWithProviders(<CheckInButton />, signedIn(server));
    await waitFor(() => expect((screen.getByTestId("check-in") as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId("check-in"));
    await waitFor(() => expect(screen.getByTestId("check-in").textContent).toContain("今日已签到"));
    expect(screen.queryByText("今天已经签到过了")).toBeNull();
  });
});

describe("CreditLog", () => {
  it("lists signed amounts with the balance after, newest first, and pages", async () => {
    const server = newServer();
    renderWithProviders(<CreditLog />, signedIn(server));
    const rows = await screen.findAllByTestId("credit-log-row", {}, { timeout: 8000 });
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/签到获得 3 积分.*余额 13.*\+3$/),
      expect.stringMatching(/^download.*余额 10.*-7$/),
    ]);
    fireEvent.click(screen.getByTitle("2"));
    await waitFor(() => expect(screen.getAllByTestId("credit-log-row")[0]?.textContent).toContain("注册获得 17 积分"));
    expect(server.logPages).toEqual([1n, 2n]);
  });
});
