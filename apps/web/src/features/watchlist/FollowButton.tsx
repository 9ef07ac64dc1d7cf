/**
 * The watchlist's star on a collection's header and an item's page: a toggle button (aria-pressed, so a keyboard or a
 * screen reader uses it like any button). Optimistic: the star changes at once; the server's answer then sets it, and
 * a failure rolls it back and shows the error (5: the watchlist is full). A logged-out click opens the sign-in dialog.
 * A followed collection shows its floor alert's threshold beside the star (AlertThreshold).
 */
import { ReturnCode, WATCH_MAX, WatchKind, type WatchKindValue } from '@att/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { auth as signIn } from '../auth';
import { popups } from '../popups';
import { AlertThreshold } from './AlertThreshold';
import { useWatchAuth, useWatchState, watchKeys } from './watchlist-queries';
import './watchlist.css';

export function FollowButton({ kind, targetIdx }: { kind: WatchKindValue; targetIdx: number }) {
  const { t } = useTranslation('watchlist');
  const auth = useWatchAuth();
  const state = useWatchState(kind, targetIdx);
  const queryClient = useQueryClient();
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const inFlight = useRef(false);
  const following = optimistic ?? state.data?.following === 1;

  async function toggle() {
    if (!auth) {
      signIn.requestConnect();
      return;
    }
    if (inFlight.current) return;
    inFlight.current = true;
    const next = !following;
    setOptimistic(next);
    try {
      const reply = await api(next ? '/watchlist/follow' : '/watchlist/unfollow', { ...auth, kind, targetIdx });
      if (reply.returnCode === ReturnCode.Success && reply.data) {
        queryClient.setQueryData(watchKeys.state(auth, kind, targetIdx), reply.data);
        void queryClient.invalidateQueries({ queryKey: watchKeys.lists() });
      } else if (reply.returnCode === ReturnCode.ValidationFailed) {
        popups.ok(t('full', { max: WATCH_MAX }));
      } else {
        popups.error(reply.returnCode);
      }
    } catch {
      popups.error(ReturnCode.HttpTrouble);
    } finally {
      setOptimistic(null);
      inFlight.current = false;
    }
  }

  const threshold = kind === WatchKind.Collection && following && state.data?.following === 1;
  return (
    <span className="follow-group">
      <button
        type="button"
        className={`icon-button follow-toggle ${following ? 'is-following' : ''}`}
        aria-pressed={following}
        aria-label={following ? t('unfollow') : t('follow')}
        title={following ? t('unfollow') : t('follow')}
        data-testid="follow-toggle"
        onClick={() => void toggle()}
      >
        <svg
          width="22"
          height="22"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill={following ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        >
          <path d="M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z" />
        </svg>
      </button>
      {threshold && <AlertThreshold collectionIdx={targetIdx} value={state.data?.alertPercent ?? null} />}
    </span>
  );
}
