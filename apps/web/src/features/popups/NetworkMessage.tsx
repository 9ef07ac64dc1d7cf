import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { useNetworkConfig } from '../../lib/config';

/** Wrong network at connect: a message naming the network the wallet must switch to. */
export function NetworkMessage({ requiredChainId, onClose }: { requiredChainId: number; onClose: () => void }) {
  const { t } = useTranslation(['wallet', 'common']);
  const networks = useNetworkConfig();
  const name = networks.data?.find((n) => n.chainInt === requiredChainId)?.displayName ?? `Chain ID ${requiredChainId}`;
  return (
    <Dialog
      title={t('wallet:state.wrongNetwork')}
      onClose={onClose}
      role="alertdialog"
      testId="network-dialog"
      footer={
        <button type="button" className="btn btn-primary" data-autofocus onClick={onClose}>
          {t('common:popup.ok')}
        </button>
      }
    >
      <p className="popup-message" data-testid="network-message">
        {t('wallet:messages.wrongNetwork', { network: name })}
      </p>
    </Dialog>
  );
}
