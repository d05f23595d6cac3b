import { OrderStatus, PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import {
  bothFilters,
  chosenPayMethod,
  eitherName,
  moredocPaymentType,
  namesMessages,
  payMethodsOfPaymentTypes,
  statusFilter,
} from "./moredoc.names.js";

describe("moredoc's names beside ours", () => {
  test("a value under either name; both given must agree, else invalid_argument naming both", () => {
    const q = (quantity: number, credit: number) =>
      eitherName({ name: "quantity", value: quantity }, { name: "credit", value: credit });
    expect([q(5, 0), q(0, 6), q(7, 7), q(0, 0)]).toEqual([5, 6, 7, 0]);
    expect(() => q(5, 6)).toThrow(expect.objectContaining({ kind: "invalid_argument", field: "credit" }));
    expect(() => q(5, 6)).toThrow(namesMessages.conflict("quantity", "credit"));
  });

  test("PayOrder's method from pay_method or payment_type; download codes and unknown numbers are refused", () => {
    expect(chosenPayMethod({ payMethod: PayMethod.UNSPECIFIED, paymentType: PayMethod.CREDIT })).toBe(PayMethod.CREDIT);
    expect(chosenPayMethod({ payMethod: PayMethod.ALIPAY, paymentType: PayMethod.UNSPECIFIED })).toBe(PayMethod.ALIPAY);
    expect(chosenPayMethod({ payMethod: 0, paymentType: 0 })).toBe(PayMethod.UNSPECIFIED);
    expect(() => chosenPayMethod({ payMethod: PayMethod.ALIPAY, paymentType: PayMethod.CREDIT })).toThrow(
      namesMessages.conflict("pay_method", "payment_type"),
    );
    expect(() => chosenPayMethod({ payMethod: 0, paymentType: PayMethod.DOWNLOAD_CODE })).toThrow(
      expect.objectContaining({ message: namesMessages.noDownloadCode, field: "payment_type" }),
    );
    expect(() => chosenPayMethod({ payMethod: 42 as PayMethod, paymentType: 0 })).toThrow(
      expect.objectContaining({ message: namesMessages.unknownMethod, field: "pay_method" }),
    );
  });

  test("payment_type in moredoc's numbering: ours but the sandbox, which is 'other'; the filter maps back", () => {
    expect([PayMethod.CREDIT, PayMethod.SYSTEM_RECHARGE, PayMethod.SANDBOX, 0].map(moredocPaymentType)).toEqual([
      PayMethod.CREDIT,
      PayMethod.SYSTEM_RECHARGE,
      PayMethod.OTHER,
      0,
    ]);
    expect(payMethodsOfPaymentTypes([PayMethod.CREDIT, PayMethod.OTHER])).toEqual([
      PayMethod.CREDIT,
      PayMethod.OTHER,
      PayMethod.SANDBOX,
    ]);
  });

  test("status 0 means any; filters given under both names both apply", () => {
    expect(statusFilter([0])).toEqual([]);
    expect(statusFilter([OrderStatus.PAID])).toEqual([OrderStatus.PAID]);
    expect(bothFilters([], [2])).toEqual([2]);
    expect(bothFilters([1, 2], [])).toEqual([1, 2]);
    expect(bothFilters([1, 2], [2, 3])).toEqual([2]);
    expect(bothFilters([1], [2])).toBeNull();
  });
});
