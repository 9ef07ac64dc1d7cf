/** Front, network, NFT and token configuration; the category list. No login, empty body. */
import { DEV_CHAIN_ID, KAIROS_CHAIN_ID, MAIN_NET_CHAIN_ID, ReturnCode } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { ZERO_ADDRESS } from '../../platform/config';
import { defineRoute } from '../../platform/http/define-route';
import { catalogRepo } from './catalog-repository';

/** Royalty cap of the publish form (the architecture's "at most 10%"). */
const ROYALTY_MAX_PERCENT = 10;
/** ERC-1155 items are token type 1. */
const ITEM_TOKEN_TYPE = 1;

export function networkName(chainId: number): { name: string; displayName: string } {
  if (chainId === MAIN_NET_CHAIN_ID) return { name: 'kaia', displayName: 'Kaia Mainnet' };
  if (chainId === KAIROS_CHAIN_ID) return { name: 'kairos', displayName: 'Kaia Kairos Testnet' };
  if (chainId === DEV_CHAIN_ID) return { name: 'local', displayName: 'Local dev chain' };
  return { name: `chain-${chainId}`, displayName: `Chain ${chainId}` };
}

export default async function configRoutes(app: FastifyInstance) {
  const c = app.config;

  /** The fee set in the operator console, else PLATFORM_FEE. */
  const platformFee = async () => (await catalogRepo(app.db).platformFee()) ?? c.platformFee;

  defineRoute(app, '/config/front', async () => {
    const repo = catalogRepo(app.db);
    const krw = await repo.krwRate();
    return {
      returnCode: ReturnCode.Success,
      data: {
        cdnUrl: c.cdnUrl,
        klayScanUrl: c.chainExplorerUrl,
        dateServer: app.now().toISOString(),
        platformFee: await platformFee(),
        contract1155: c.contracts.items,
        contractJoin: c.contracts.market,
        contractAtt: c.contracts.att,
        chainId: c.chainId,
        devWallet: c.chainId === DEV_CHAIN_ID,
        krwPerUsd: krw?.krwPerUsd ?? null,
        krwRateDate: krw?.setAt.toISOString() ?? null,
        inactiveMembers: await repo.inactiveMembersOn(),
      },
    };
  });

  defineRoute(app, '/config/network', async () => {
    const { name, displayName } = networkName(c.chainId);
    return {
      returnCode: ReturnCode.Success,
      list: [
        {
          name,
          displayName,
          network: name,
          chainInt: c.chainId,
          data: JSON.stringify({
            rpcUrl: c.publicChainRpcUrl ?? '',
            explorerUrl: c.chainExplorerUrl,
            currency: 'KLAY',
          }),
        },
      ],
    };
  });

  defineRoute(app, '/config/nft/info', async () => ({
    returnCode: ReturnCode.Success,
    data: {
      contract1155: c.contracts.items,
      tokenType: ITEM_TOKEN_TYPE,
      royaltyMaxPercent: ROYALTY_MAX_PERCENT,
      platformFee: await platformFee(),
      blockChain: 'KAIA',
    },
  }));

  defineRoute(app, '/config/token/info', async () => {
    const prices = await catalogRepo(app.db).tokenPrices();
    return {
      returnCode: ReturnCode.Success,
      list: [
        { symbol: 'ATT' as const, price: prices.ATT ?? '0', address: c.contracts.att },
        { symbol: 'KLAY' as const, price: prices.KLAY ?? '0', address: ZERO_ADDRESS },
      ],
    };
  });

  defineRoute(app, '/nft/category/list', async () => ({
    returnCode: ReturnCode.Success,
    list: await catalogRepo(app.db).listCategories(),
  }));
}
