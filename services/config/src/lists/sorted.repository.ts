// The tables of staff-sorted items (banners, friend links, advertisements): one shape of storage for
// all three, over the Prisma model each passes in. Lists read larger sort first, then newest.

/** Larger sort first, then newest (the id breaks ties). */
type ListOrder = ({ sort: "desc" } | { id: "desc" })[];
const listOrder = (): ListOrder => [{ sort: "desc" }, { id: "desc" }];

/** What the repository uses of a Prisma model (db.banner, db.friendlink, db.advertisement). */
export interface SortedModel<Row, Data, Where> {
  findUnique(args: { where: { id: bigint } }): PromiseLike<Row | null>;
  findMany(args: { where: Where; orderBy: ListOrder; skip?: number; take?: number }): PromiseLike<Row[]>;
  count(args: { where: Where }): PromiseLike<number>;
  create(args: { data: Data }): PromiseLike<Row>;
  updateMany(args: { where: { id: bigint }; data: Data }): PromiseLike<{ count: number }>;
  deleteMany(args: { where: { id: { in: bigint[] } } }): PromiseLike<{ count: number }>;
}

export function createSortedRepository<Row, Data, Where>(model: SortedModel<Row, Data, Where>) {
  return {
    byId: async (id: bigint) => model.findUnique({ where: { id } }),
    create: async (data: Data) => model.create({ data }),
    /** false when there is no such row (any more). */
    update: async (id: bigint, data: Data) => (await model.updateMany({ where: { id }, data })).count > 0,
    deleteMany: async (ids: bigint[]) => (await model.deleteMany({ where: { id: { in: ids } } })).count,
    /** Every row matching `where`, in list order (the small public lists). */
    all: async (where: Where) => model.findMany({ where, orderBy: listOrder() }),
    /** One page of the rows matching `where`, in list order, and how many match. */
    async page(where: Where, skip: number, take: number): Promise<{ total: number; rows: Row[] }> {
      const [total, rows] = await Promise.all([
        model.count({ where }),
        model.findMany({ where, orderBy: listOrder(), skip, take }),
      ]);
      return { total, rows };
    },
  };
}
export type SortedRepository<Row, Data, Where> = ReturnType<typeof createSortedRepository<Row, Data, Where>>;
