/**
 * The item page's like toggle with its count (spec 3: like requires login) and the likers popup.
 * The toggle is optimistic: the heart and count change at once, the server's answer (including 262/263, "already
 * so", which carry the current state) then sets them, and any other failure rolls back and shows the error.
 * A logged-out click opens the wallet/sign-in dialog, as every members-only action does.
 */
import { ReturnCode } from '@att/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '../../components/ui/Dialog';
import { LoadState } from '../../components/ui/LoadState';
import { api } from '../../lib/api';
import { cdnImage, useFrontConfig } from '../../lib/config';
import { useSession } from '../../lib/session';
import { auth } from '../auth';
import { popups } from '../popups';
import { itemKeys } from '../items';
import { socialKeys, useLikers } from './social-queries';
import './social.css';

interface LikeView {
  likeState: number;
  countHeart: number;
}

export function LikeButton({ productIdx, initial }: { productIdx: number; initial: LikeView }) {
  const { t } = useTranslation('social');
  const { id, ticket } = useSession();
  const queryClient = useQueryClient();
  const [view, setView] = useState<LikeView>(initial);
  const [likersOpen, setLikersOpen] = useState(false);
  const inFlight = useRef(false);
  const liked = view.likeState === 1;

  async function toggle() {
    if (!id || !ticket) {
      auth.requestConnect();
      return;
    }
    if (inFlight.current) return;
    inFlight.current = true;
    const before = view;
    setView({ likeState: liked ? 0 : 1, countHeart: Math.max(0, view.countHeart + (liked ? -1 : 1)) });
    try {
      const reply = await api(liked ? '/nft/cancelLike' : '/nft/like', { id, ticketId: ticket, productIdx });
      const settled = [ReturnCode.Success, ReturnCode.ItemAlreadyLiked, ReturnCode.ItemNotLiked] as number[];
      if (settled.includes(reply.returnCode) && reply.data) {
        setView(reply.data);
        void queryClient.invalidateQueries({ queryKey: socialKeys.likers(productIdx) });
        void queryClient.invalidateQueries({ queryKey: itemKeys.detail(productIdx) });
      } else {
        setView(before);
        popups.error(reply.returnCode);
      }
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <div className="like-box">
      <button
        type="button"
        className={`icon-button like-toggle ${liked ? 'is-liked' : ''}`}
        aria-pressed={liked}
        aria-label={liked ? t('like.unlike') : t('like.like')}
        data-testid="like-toggle"
        onClick={() => void toggle()}
      >
        <HeartIcon filled={liked} />
      </button>
      <button
        type="button"
        className="link-button like-count"
        data-testid="like-count"
        data-count={view.countHeart}
        onClick={() => setLikersOpen(true)}
      >
        {/* The name starts with the number on screen (speech input users say what they see). */}
        {view.countHeart.toLocaleString()}
        <span className="sr-only">, {t('like.likers')}</span>
      </button>
      {likersOpen && <LikersPopup productIdx={productIdx} onClose={() => setLikersOpen(false)} />}
    </div>
  );
}

export function LikersPopup({ productIdx, onClose }: { productIdx: number; onClose: () => void }) {
  const { t } = useTranslation('social');
  const front = useFrontConfig();
  const likers = useLikers(productIdx);
  const rows = likers.data?.pages.flatMap((p) => p.list ?? []) ?? [];
  return (
    <Dialog title={t('like.likers')} onClose={onClose} size="sm" testId="likers-popup">
      {likers.isSuccess && rows.length === 0 && <p className="muted">{t('like.likersEmpty')}</p>}
      {!likers.isSuccess && (
        <LoadState
          loading={likers.isPending}
          error={likers.isError}
          loadingText={t('like.loading')}
          errorText={t('like.loadFailed')}
          retryText={t('like.more')}
          onRetry={() => void likers.refetch()}
        />
      )}
      <ul className="member-list" data-testid="likers-list">
        {rows.map((m) => {
          const photo = cdnImage(front.data?.cdnUrl, 'profile', m.memberFileName);
          return (
            <li key={m.memberIdx} className="member-row">
              {photo ? (
                <img src={photo} alt="" className="avatar-sm" />
              ) : (
                <span className="avatar-sm avatar-default" aria-hidden="true" />
              )}
              <Link to={`/Profile/${encodeURIComponent(m.memberName)}`} onClick={onClose}>
                {m.memberName}
              </Link>
              {m.quantity > 0 && <span className="muted small">{t('like.pieces', { count: m.quantity })}</span>}
            </li>
          );
        })}
      </ul>
      {likers.hasNextPage && (
        <button
          type="button"
          className="btn btn-outline"
          disabled={likers.isFetchingNextPage}
          onClick={() => void likers.fetchNextPage()}
        >
          {t('like.more')}
        </button>
      )}
    </Dialog>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="M20.84 4.61a5.5 5.5 0 0 0-7.78 0L12 5.67l-1.06-1.06a5.5 5.5 0 0 0-7.78 7.78l1.06 1.06L12 21.23l7.78-7.78 1.06-1.06a5.5 5.5 0 0 0 0-7.78z" />
    </svg>
  );
}
