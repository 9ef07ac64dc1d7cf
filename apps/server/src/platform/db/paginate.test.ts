import { describe, expect, it } from 'vitest';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { offsetOf, whereContains } from './paginate';

describe('offsetOf', () => {
  it('skips the rows of the pages before the page', () => {
    expect(offsetOf({ pageNo: 1, pageSize: 20 })).toBe(0);
    expect(offsetOf({ pageNo: 2, pageSize: 20 })).toBe(20);
    expect(offsetOf({ pageNo: 5, pageSize: 12 })).toBe(48);
  });
});

describe('whereContains', () => {
  interface Db {
    t: { a: string; b: string };
  }
  const db = new Kysely<Db>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });

  it('matches the text in any named column, its LIKE characters escaped', () => {
    const q = whereContains(db.selectFrom('t as x').selectAll(), ' 50%_off ', ['x.a', 'x.b']).compile();
    expect(q.sql).toBe('select * from "t" as "x" where ("x"."a" ilike $1 or "x"."b" ilike $2)');
    expect(q.parameters).toEqual(['%50\\%\\_off%', '%50\\%\\_off%']);
  });

  it('leaves the query as it is for blank text', () => {
    expect(whereContains(db.selectFrom('t').selectAll(), '  ', ['a']).compile().sql).toBe('select * from "t"');
  });
});
