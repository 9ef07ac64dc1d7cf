/** The chain information tab (spec 3): contract address, token id, token type (1 ERC-1155, 2 ERC-721), blockchain, royalty %. */
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../components/ui/LoadState';
import { useChainInfo } from '../../features/items/item-queries';

export function ChainInfoPanel({ productId }: { productId: number }) {
  const { t } = useTranslation('itemDetail');
  const info = useChainInfo(productId);
  if (!info.isSuccess) {
    return (
      <LoadState
        loading={info.isPending}
        error={info.isError}
        loadingText={t('chain.loading')}
        errorText={t('chain.loadFailed')}
        retryText={t('chain.retry')}
        onRetry={() => void info.refetch()}
      />
    );
  }
  const d = info.data;
  const rows: [string, string, string][] = [
    ['contract', t('chain.contract'), d.contractAddress],
    ['tokenId', t('chain.tokenId'), d.tokenId],
    ['tokenType', t('chain.tokenType'), d.tokenType === 2 ? t('chain.type2') : t('chain.type1')],
    ['blockchain', t('chain.blockchain'), d.blockChain],
    ['royalty', t('chain.royalty'), `${d.royalty}%`],
  ];
  return (
    <dl className="kv chain-info" data-testid="chain-info">
      {rows.map(([key, label, value]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd className="chain-value" data-testid={`chain-${key}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
