/**
 * An item card: media (the image, or the thumbnail of a video/audio item), name, collection, edition count and
 * price, linking to /NftInfo/{productId}; and, for an owner only, the owner menu of spec 2 "Item card actions"
 * (rules in owner-menu.ts). Sell opens the sell page; transfer opens the item page with its transfer popup.
 */
import { formatTokenAmount, HideState, type ItemCard as Item, ItemType, ResourceType } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Menu } from '../../components/ui/Menu';
import { useSession } from '../../lib/session';
import { refreshItems } from './item-queries';
import { popups } from '../popups';
import { ensureOk, useApiMutation } from '../../lib/api';
import { api } from '../../lib/api';
import { CardImage } from './CardImage';
import { ownerMenu } from './owner-menu';

const AUDIO_FORMATS = new Set(['mp3', 'wav', 'ogg']);

export function ItemCard({ item }: { item: Item }) {
  const { t } = useTranslation('item');
  const media =
    item.resourceType === ResourceType.Image
      ? ({ kind: 'resource', fileName: item.fileName } as const)
      : ({ kind: 'thumbnail', fileName: item.thumbnailFileName } as const);
  const kind = item.resourceType === ResourceType.Image ? null : AUDIO_FORMATS.has(item.fileFormat) ? 'audio' : 'video';
  const menu = ownerMenu({ ...item, lastPrice: item.lastPrice });
  const href = `/NftInfo/${item.productId}`;
  return (
    <article
      className={`item-card ${item.hideState === HideState.Hidden ? 'is-hidden' : ''}`}
      data-testid={`item-card-${item.productId}`}
      data-hidden={item.hideState}
    >
      <Link to={href} className="item-card-media" tabIndex={-1} aria-hidden="true">
        <CardImage kind={media.kind} fileName={media.fileName} />
        {kind && <span className="item-card-kind">{t(`card.${kind}`)}</span>}
        {item.hideState === HideState.Hidden && <span className="item-card-hidden badge">{t('card.hiddenBadge')}</span>}
      </Link>
      <div className="item-card-body">
        <p className="item-card-collection muted small">{item.collectionName}</p>
        <h3 className="item-card-name">
          <Link to={href} data-testid="item-card-link">
            {item.name}
          </Link>
        </h3>
        <p className="item-card-meta small">
          <span>
            {item.itemType === ItemType.Multi ? t('card.editions', { count: item.totalItemCount }) : t('card.single')}
          </span>
          {item.priceAmount && item.priceSymbol ? (
            <span className="item-card-price">
              {formatTokenAmount(BigInt(item.priceAmount))} {item.priceSymbol}
            </span>
          ) : item.lastPrice && item.lastSymbol ? (
            <span className="muted">
              {t('card.lastPrice')} {formatTokenAmount(BigInt(item.lastPrice))} {item.lastSymbol}
            </span>
          ) : null}
        </p>
      </div>
      {menu && <OwnerMenu item={item} menu={menu} />}
    </article>
  );
}

export function OwnerMenu({ item, menu }: { item: Item; menu: NonNullable<ReturnType<typeof ownerMenu>> }) {
  const { t } = useTranslation('item');
  const navigate = useNavigate();
  const { id, ticket } = useSession();
  const hide = useApiMutation(
    async (action: 'hide' | 'unhide') => {
      ensureOk(
        await api(action === 'hide' ? '/nft/hide' : '/nft/hideCancel', {
          id: id!,
          ticketId: ticket!,
          productId: item.productId,
        }),
      );
      return action;
    },
    {
      onSuccess: (action) => {
        popups.ok(t(action === 'hide' ? 'success.hidden' : 'success.unhidden'));
        void refreshItems();
      },
    },
  );
  if (!id || !ticket) return null;
  const entries = [
    menu.sell && { key: 'sell', label: t('card.sell'), act: () => navigate(`/NftSell/${item.productId}`) },
    menu.transfer && {
      key: 'transfer',
      label: t('card.transfer'),
      act: () => navigate(`/NftInfo/${item.productId}#transfer`),
    },
    menu.edit && { key: 'edit', label: t('card.edit'), act: () => navigate(`/NftModify/${item.productId}`) },
    {
      key: menu.hide,
      label: t(`card.${menu.hide}`),
      act: () =>
        popups.confirm(t(menu.hide === 'hide' ? 'card.hideConfirm' : 'card.unhideConfirm'), () => hide.run(menu.hide)),
    },
  ].filter((e): e is { key: string; label: string; act: () => void } => Boolean(e));
  return (
    <div className="item-card-menu">
      <Menu
        align="right"
        triggerClassName="icon-button icon-button-sm item-card-menu-trigger"
        ariaLabel={t('card.menu', { name: item.name })}
        testId="item-owner-menu"
        label={<span aria-hidden="true">⋯</span>}
      >
        {(close) => (
          <ul className="menu-list">
            {entries.map((e) => (
              <li key={e.key}>
                <button
                  type="button"
                  className="menu-item"
                  data-testid={`item-menu-${e.key}`}
                  disabled={hide.busy}
                  onClick={() => {
                    close();
                    e.act();
                  }}
                >
                  {e.label}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Menu>
    </div>
  );
}
