// The product lines the order service sells, one per order type. server.ts registers the built-in
// ones (recharge, documents) and whatever its deps add (`OrderServerDeps.lines`: the VIP line);
// the order domain looks a line up by the order's type and never knows what it sells.
import { DomainError } from "@wenku/kit";
import { OrderType } from "@wenku/proto/api/v1/enums_pb.js";
import type { ProductLine } from "./product.js";

export const lineMessages = {
  unknownType: "订单类型无效",
  notOnSale: "该类型的订单暂不支持",
};

export interface ProductLines {
  /** The line of an order type; invalid_argument for UNSPECIFIED/unknown, failed_precondition when none is registered. */
  get(type: OrderType): ProductLine;
  /** The line of a stored order's type, or undefined (a line removed since: delivery waits). */
  find(type: OrderType): ProductLine | undefined;
}

/** Throws at boot when two lines claim one order type: a wiring mistake, never a runtime choice. */
export function createProductLines(lines: readonly ProductLine[]): ProductLines {
  const byType = new Map<OrderType, ProductLine>();
  for (const line of lines) {
    if (byType.has(line.type)) throw new Error(`two product lines for order type ${OrderType[line.type]}`);
    byType.set(line.type, line);
  }
  return {
    get(type) {
      if (type === OrderType.UNSPECIFIED || !(type in OrderType))
        throw new DomainError("invalid_argument", lineMessages.unknownType, undefined, "order_type");
      const line = byType.get(type);
      if (!line) throw new DomainError("failed_precondition", lineMessages.notOnSale);
      return line;
    },
    find: (type) => byType.get(type),
  };
}
