import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type DbHandle } from "./client";
import { createTestDatabase, describeWithPostgres, type TestDatabase } from "./testing/test-db";
import { queryRows } from "./sql";
import { worthPreparing } from "./prepare-by-default";

describe("worthPreparing", () => {
  it("prepares a text from its second use on, never a one-off or an oversized text", () => {
    const text = `select $1::int as a /* ${Math.random()} */`;
    expect(worthPreparing(text)).toBe(false);
    expect(worthPreparing(text)).toBe(true);
    expect(worthPreparing(text)).toBe(true);
    const huge = `select $1 /* ${"x".repeat(9_000)} */`;
    expect(worthPreparing(huge)).toBe(false);
    expect(worthPreparing(huge)).toBe(false);
  });
});

describeWithPostgres("drizzle statements on postgres-js are prepared from their second use", () => {
  let t: TestDatabase;
  let one: DbHandle;
  beforeAll(async () => {
    t = await createTestDatabase({ install: false });
    // One connection, so pg_prepared_statements (per session) sees every statement.
    one = await openPostgres(t.url!, { max: 1 });
  });
  afterAll(async () => {
    await one.close();
    await t.close();
  });

  const preparedTexts = async () =>
    (await queryRows<{ statement: string }>(one.db, sql`select statement from pg_prepared_statements`)).map(
      (r) => r.statement,
    );

  it("on the pool and inside a transaction, with the same answers", async () => {
    const tag = `pool_${Date.now()}`;
    const read = (n: number) =>
      queryRows<{ v: number; tag: string }>(one.db, sql`select ${n}::int + 1 as v, ${tag}::text as tag`);
    expect(await read(1)).toEqual([{ v: 2, tag }]);
    expect(await read(2)).toEqual([{ v: 3, tag }]);
    expect(await read(3)).toEqual([{ v: 4, tag }]);
    expect((await preparedTexts()).filter((s) => s.includes("::int + 1 as v"))).toHaveLength(1);

    const inTx = await one.db.transaction(async (tx) => {
      const out: number[] = [];
      for (let i = 0; i < 3; i++) out.push((await queryRows<{ v: number }>(tx, sql`select ${i}::int * 10 as v`))[0].v);
      return out;
    });
    expect(inTx).toEqual([0, 10, 20]);
    expect((await preparedTexts()).filter((s) => s.includes("::int * 10 as v"))).toHaveLength(1);
  });

  it("keeps working when a schema change invalidates a prepared plan", async () => {
    await one.db.execute(sql`create table prep_probe (id int primary key, a text)`);
    await one.db.execute(sql`insert into prep_probe values (1, 'x')`);
    const read = () => queryRows<Record<string, unknown>>(one.db, sql`select * from prep_probe where id = ${1}::int`);
    await read();
    expect(await read()).toEqual([{ id: 1, a: "x" }]);
    await one.db.execute(sql`alter table prep_probe add column b int default 7`);
    expect(await read()).toEqual([{ id: 1, a: "x", b: 7 }]);
  });
});
