/**
 * Transfer (spec 3 section 2, spec 2 transfer rules): the pieces to send (multi-edition), the recipient's address
 * ('잘못된 주소입니다' when it is not one), then the steps. Minted pieces in the member's wallet go by the
 * wallet's own `safeTransferFrom(from, to, id, amount, 0x00)` on Items; when the creator sends pieces that are not
 * minted yet, the server checks and holds them and returns a validator-signed `Transfer` (/nft/transfer) for the
 * creator's own `transferWithMint`, which mints them on the way. Either way it is the member's own transaction.
 */
import { ItemType } from '@att/shared';
import type { ItemDetail, RouteReply } from '@att/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ensureOk } from '../../../lib/api';
import { QuantityField, useQuantity } from '../core/QuantityField';
import type { TradeStep } from '../core/trade-machine';
import { TradePopup } from '../core/TradePopup';
import { refreshAfterTrade } from '../core/trade-refresh';
import { checkTransfer, freePieces, mintedFree, type TransferProblem } from '../core/trade-validation';
import { TradeSummary } from '../popup/TradeSummary';
import { useTradePopup } from '../popup/useTradePopup';

export type TransferItem = Pick<
  ItemDetail,
  'productId' | 'name' | 'itemType' | 'tokenId' | 'itemCountMine' | 'itemCountOnSaleMine' | 'itemCountReservedMine'
>;
type Permit = NonNullable<RouteReply<'/nft/transfer'>['data']>;

const PLAN: readonly TradeStep[] = ['reserve', 'send', 'index'];

export function TransferPopup({ item, onClose }: { item: TransferItem; onClose: () => void }) {
  const { t } = useTranslation('trade');
  const ids = { to: useId(), err: useId() };
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<TransferProblem | null>(null);
  const free = freePieces(item);
  const qty = useQuantity(item.itemType, '1', () => setProblem(null));
  const quantity = qty.quantity;
  const { env, member, state, started, start, shell } = useTradePopup({
    name: 'transfer',
    texts: { title: t('transfer.title'), submit: t('transfer.submit'), done: t('transfer.done') },
    plan: PLAN,
    refresh: (address) => refreshAfterTrade('transfer', { productId: item.productId, address }),
    onClose,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!member) return;
    const found = checkTransfer({ quantity, free, to, from: member.address });
    setProblem(found);
    if (found || !env) return;
    const recipient = to.trim();
    let before = 0;
    let permit: Permit | null = null;
    const mine = async () =>
      ensureOk(await api('/nft/detail', { id: member.id, ticketId: member.ticketId, productId: item.productId })).data!;
    start({
      action: 'transfer',
      reserve: async (kit, idempotencyKey) => {
        const account = await kit.requireAccount(member.address, env.chain);
        if (!kit.isValidAddress(recipient)) throw new kit.TradeCheckError('trade:transfer.invalidAddress');
        const detail = await mine();
        before = detail.itemCountMine;
        const onChain = await kit.readItemBalance(env.chain, env.items as `0x${string}`, account, BigInt(item.tokenId));
        // Enough minted pieces that nothing else holds: the wallet's own transfer. Otherwise the creator's unminted
        // pieces are needed: the server holds them and signs the Transfer for transferWithMint.
        if (quantity > mintedFree(onChain, detail)) {
          permit = ensureOk(
            await api(
              '/nft/transfer',
              {
                id: member.id,
                ticketId: member.ticketId,
                productId: item.productId,
                toAddress: recipient.toLowerCase(),
                amount: quantity,
              },
              { idempotencyKey },
            ),
          ).data!;
        }
      },
      send: async (kit) => {
        const account = await kit.requireAccount(member.address, env.chain);
        return permit
          ? kit.sendTransferWithMint(env.chain, account, permit)
          : kit.sendSafeTransfer(env.chain, account, {
              collection: env.items,
              to: recipient,
              itemId: item.tokenId,
              amount: quantity,
            });
      },
      // The transfer is the item's event: the holder's count is read once when mined and once per event.
      watch: item.productId,
      indexed: async () => (await mine()).itemCountMine <= before - quantity,
    });
  };

  const problemText = problem
    ? problem === 'transfer.quantityTooMany'
      ? t(problem, { count: free })
      : t(problem)
    : null;
  const summary = (
    <TradeSummary name={item.name}>
      {state.name !== 'indexed' && (
        <p className="muted small" data-testid="transfer-free">
          {t('transfer.owned', { count: free })}
        </p>
      )}
    </TradeSummary>
  );
  return (
    <TradePopup {...shell} summary={summary} disabled={!env} onSubmit={submit}>
      {item.itemType === ItemType.Multi && (
        <QuantityField
          {...qty.field}
          label={t('transfer.quantity')}
          disabled={started}
          invalid={problem === 'transfer.quantityRequired' || problem === 'transfer.quantityTooMany'}
          testId="transfer-quantity"
        />
      )}
      <div className="field">
        <label htmlFor={ids.to}>{t('transfer.address')}</label>
        <input
          id={ids.to}
          className="mono"
          value={to}
          disabled={started}
          placeholder={t('transfer.addressPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => {
            setTo(e.target.value);
            setProblem(null);
          }}
          aria-invalid={problem === 'transfer.invalidAddress' || problem === 'errors.sendToSelf'}
          aria-describedby={problem ? ids.err : undefined}
          data-testid="transfer-address"
        />
      </div>
      {problemText && (
        <p className="field-error" role="alert" id={ids.err} data-testid="transfer-problem">
          {problemText}
        </p>
      )}
      <p className="muted small">{t('transfer.notice')}</p>
    </TradePopup>
  );
}
