import type { MessageInitShape } from "@bufbuild/protobuf";
import type { OrderStatus, OrderType, PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import type { ListOrderRequestSchema } from "@wenku/proto/api/v1/order_pb.js";
import type { ListQuery } from "../../../components/admin/list/useAdminList.js";
import { ORDER_STATUSES, ORDER_TYPES, PAY_METHODS } from "../../../components/orders/orderLabels.js";

export const ORDER_API = "/api.v1.OrderAPI";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A URL filter's numbers that are among `allowed` ("1,3" → [1, 3]); anything else is dropped. */
function numbersOf<T extends number>(value: string | undefined, allowed: readonly T[]): T[] {
  return (value ?? "")
    .split(",")
    .map(Number)
    .filter((n): n is T => allowed.includes(n as T));
}

/** The URL's day range (created=YYYY-MM-DD,YYYY-MM-DD, the visitor's days) as RFC 3339 [start, end]; [] when malformed. */
export function createdRange(created: string | undefined): string[] {
  const [from, to, extra] = (created ?? "").split(",");
  if (!from || !to || extra !== undefined || !DAY.test(from) || !DAY.test(to)) return [];
  const start = new Date(`${from}T00:00:00`);
  const end = new Date(`${to}T23:59:59.999`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || start > end) return [];
  return [start.toISOString(), end.toISOString()];
}

/**
 * The URL's list query as ListOrder's request (`?status=1&type=3&pay=11&userId=7&created=2025-01-01,2025-01-31&wd=…`):
 * every order matching, newest first.
 */
export function orderListRequest({
  page,
  size,
  wd,
  filters,
}: ListQuery): MessageInitShape<typeof ListOrderRequestSchema> {
  const userId = filters.userId && /^\d{1,18}$/.test(filters.userId) ? [BigInt(filters.userId)] : [];
  return {
    page: BigInt(page),
    size: BigInt(size),
    wd: wd.trim(),
    status: numbersOf<OrderStatus>(filters.status, ORDER_STATUSES),
    orderType: numbersOf<OrderType>(filters.type, ORDER_TYPES),
    payMethod: numbersOf<PayMethod>(filters.pay, PAY_METHODS),
    userId,
    createdAt: createdRange(filters.created),
  };
}
