/**
 * The winner's claim of a won piece the Market holds for them: when their wallet's receive hook refused
 * the piece at the settlement, `/nft/auction/unclaimed/list` lists it, and the item page shows them this box. The
 * receiving address defaults to the member's own ('잘못된 주소입니다' when it is not one); the claim is the
 * winner's `claimAuctionItem(auctionId, to)` (gas 300,000) as a `send -> index` plan on the one trade machine, done
 * once the list no longer holds the piece: read once when mined and once per event of the item (the indexed claim is
 * one). Nothing is shown to anyone else; a failed read says so.
 */
import type { UnclaimedRow } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ensureOk, queryClient } from '../../../lib/api';
import { shortHex } from '../../../lib/format';
import { useMember } from '../core/trade-env';
import { claimInvalidations } from '../core/trade-refresh';
import { checkClaimAddress } from '../core/trade-validation';
import { ChainActionPopup } from '../popup/ChainActionPopup';
import { tradeQueries } from '../trade-queries';
import '../core/trade.css';

export function ClaimAuctionItem({ productId }: { productId: number }) {
  const member = useMember();
  const list = useQuery(tradeQueries.unclaimed(member, productId));
  const { t } = useTranslation('trade');
  const [claiming, setClaiming] = useState<{ row: UnclaimedRow; to: string } | null>(null);
  if (!member) return null;
  const rows = list.data ?? [];
  return (
    <>
      {list.isError ? (
        <p className="muted small" role="alert" data-testid="claim-error">
          {t('claim.loadFailed')}
        </p>
      ) : (
        rows.map((row) => (
          <ClaimBox
            key={row.auctionId}
            row={row}
            defaultTo={member.address}
            onClaim={(to) => setClaiming({ row, to })}
          />
        ))
      )}
      {/* Outside the box: the popup outlives its row (the list read after the claim no longer has it). */}
      {claiming && (
        <ClaimPopup
          row={claiming.row}
          to={claiming.to}
          productId={productId}
          onClose={() => setClaiming(null)}
          key={claiming.row.auctionId}
        />
      )}
    </>
  );
}

function ClaimBox({
  row,
  defaultTo,
  onClaim,
}: {
  row: UnclaimedRow;
  defaultTo: string;
  onClaim: (to: string) => void;
}) {
  const { t } = useTranslation('trade');
  const ids = { title: useId(), to: useId(), err: useId() };
  const [to, setTo] = useState(defaultTo);
  const [problem, setProblem] = useState<'claim.invalidAddress' | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkClaimAddress(to);
    setProblem(found);
    if (!found) onClaim(to.trim());
  };
  return (
    <section className="item-section claim-box" data-testid={`claim-box-${row.auctionId}`} aria-labelledby={ids.title}>
      <h2 className="panel-title" id={ids.title}>
        {t('claim.title')}
      </h2>
      <p className="muted small claim-hint">{t('claim.hint')}</p>
      <form className="claim-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.to}>{t('claim.address')}</label>
          <input
            id={ids.to}
            className="mono"
            value={to}
            placeholder={t('claim.addressPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => {
              setTo(e.target.value);
              setProblem(null);
            }}
            aria-invalid={problem !== null}
            aria-describedby={problem ? ids.err : undefined}
            data-testid="claim-address"
          />
        </div>
        {problem && (
          <p className="field-error" role="alert" id={ids.err} data-testid="claim-problem">
            {t(problem)}
          </p>
        )}
        <button type="submit" className="btn btn-primary" data-testid="claim-open">
          {t('claim.claim')}
        </button>
      </form>
    </section>
  );
}

function ClaimPopup({
  row,
  to,
  productId,
  onClose,
}: {
  row: UnclaimedRow;
  to: string;
  productId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('trade');
  return (
    <ChainActionPopup
      action="claim"
      testId="claim"
      title={t('claim.popupTitle')}
      text={t('claim.text', { name: row.pdName, to: shortHex(to) })}
      submitLabel={t('claim.submit')}
      doneMessage={t('claim.done')}
      send={async (kit, env, member) => {
        const from = await kit.requireAccount(member.address, env.chain);
        if (!kit.isValidAddress(to)) throw new kit.TradeCheckError('trade:claim.invalidAddress');
        return kit.sendClaimAuctionItem(env.chain, from, env.market, BigInt(row.auctionId), to);
      }}
      watch={productId}
      indexed={async (member) =>
        !(
          ensureOk(
            await api('/nft/auction/unclaimed/list', {
              id: member.id,
              ticketId: member.ticketId,
              productIdx: productId,
            }),
          ).list ?? []
        ).some((r) => r.auctionId === row.auctionId)
      }
      refresh={() =>
        Promise.all(claimInvalidations(productId).map((queryKey) => queryClient.invalidateQueries({ queryKey })))
      }
      onClose={onClose}
    />
  );
}
