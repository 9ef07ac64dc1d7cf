import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb } from '../../../../test/helper';
import type { Db } from '../../schema';
import { migrate } from '../../../platform/db/migrate';
import { seed } from '../../../seed';
import { createSessionsRepository } from '../sessions-repository';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDb());
  await migrate(db);
});
afterAll(async () => drop?.());

describe('sessions repository', () => {
  it('consumes a nonce once, only for its address, and tells an expired one apart', async () => {
    const repo = createSessionsRepository(db);
    const now = new Date();
    const a = `0x${'1'.repeat(40)}`;
    await repo.saveNonce('n1nonce1', a, new Date(now.getTime() + 60_000), now);
    expect(await repo.consumeNonce('n1nonce1', `0x${'2'.repeat(40)}`, now)).toBe('unknown');
    expect(await repo.consumeNonce('n1nonce1', a.toUpperCase().replace('0X', '0x'), now)).toBe('ok');
    expect(await repo.consumeNonce('n1nonce1', a, now)).toBe('unknown');
    await repo.saveNonce('n2nonce2', a, new Date(now.getTime() - 1), now);
    expect(await repo.consumeNonce('n2nonce2', a, now)).toBe('expired');
    expect(await repo.consumeNonce('never-issued', a, now)).toBe('unknown');
  });

  it('purges old nonces and tickets, keeps live ones', async () => {
    const repo = createSessionsRepository(db);
    const now = new Date();
    const a = `0x${'3'.repeat(40)}`;
    await seed(db, { members: [{ address: a, userName: 'purge_user', email: 'purge@example.com' }] });
    const member = await db
      .selectFrom('members')
      .select('member_idx')
      .where('address', '=', a)
      .executeTakeFirstOrThrow();
    await repo.saveNonce('oldnonce', a, new Date(now.getTime() - 2 * 3600_000), now);
    await repo.saveNonce('livenonce', a, new Date(now.getTime() + 60_000), now);
    await repo.createTicket('old-ticket', member.member_idx, a, new Date(now.getTime() - 2 * 86400_000), now);
    await repo.createTicket('live-ticket', member.member_idx, a, new Date(now.getTime() + 86400_000), now);
    await repo.purgeExpired(now);
    const nonces = await db.selectFrom('sign_in_nonces').select('nonce').where('address', '=', a).execute();
    expect(nonces.map((n) => n.nonce)).toEqual(['livenonce']);
    expect(await repo.findTicket('old-ticket')).toBeUndefined();
    expect(await repo.findTicket('live-ticket')).toMatchObject({
      memberIdx: member.member_idx,
      userName: 'purge_user',
    });
  });
});
