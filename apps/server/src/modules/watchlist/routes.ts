/** The watchlist's routes (all for a signed-in member): follow, unfollow, a target's state and the member's list. */
import { ReturnCode, type WatchKindValue } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { follow } from './follow';
import { readWatchlist } from './read-watchlist';
import { watchlistRepo } from './watchlist-repository';

export default async function watchlistRoutes(app: FastifyInstance) {
  const repo = watchlistRepo(app.db);
  const target = (memberIdx: number, body: { kind: WatchKindValue; targetIdx: number }) => ({
    memberIdx,
    kind: body.kind,
    targetIdx: body.targetIdx,
  });

  defineRoute(app, '/watchlist/follow', ({ body, member }) =>
    follow(app, target(member.memberIdx, body), body.alertPercent),
  );

  defineRoute(app, '/watchlist/unfollow', async ({ body, member }) => ({
    returnCode: ReturnCode.Success,
    data: await repo.unfollow(target(member.memberIdx, body)),
  }));

  defineRoute(app, '/watchlist/state', async ({ body, member }) => ({
    returnCode: ReturnCode.Success,
    data: await repo.state(target(member.memberIdx, body)),
  }));

  defineRoute(app, '/watchlist/list', async ({ member }) => ({
    returnCode: ReturnCode.Success,
    data: await readWatchlist(app, member.memberIdx),
  }));
}
