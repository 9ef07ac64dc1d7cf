/**
 * The production start's check of the chain and the deployment (`npm run serve`): each node of CHAIN_RPC_URL answers with CHAIN_ID,
 * every contract of DEPLOYMENT_FILE has code, and the Market is wired as `npm run deploy` left it — Items allowed,
 * ATT allowed, the Market the only minter with the list sealed, the auction and collection offer modules the file
 * names — with VALIDATOR_KEY's address as its validator. A file from another network, a chain that was reset or a key that
 * was rotated away is refused here, before the server signs anything the Market would refuse.
 */
import { chainFor, missingCode, readSettings, type Deployment } from '@att/contracts';
import { createPublicClient, getAddress, http, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { rpcTransport } from '../../platform/chain/rpc-transport';
import { maskServiceUrl } from '../../platform/http/mask-url';
import type { AppConfig } from '../../platform/config';
import type { PreflightCheck } from '../../platform/preflight';

const sameAddress = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
const firstLine = (err: unknown): string => (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';

export function deploymentChecks(config: AppConfig): PreflightCheck[] {
  return [
    async () => {
      // Every node of the list must answer with CHAIN_ID (a request falls to the next one when one does not).
      const problems: string[] = [];
      for (const url of config.chainRpcUrls) {
        const one = createPublicClient({ transport: http(url, { retryCount: 0, timeout: 5000 }), cacheTime: 0 });
        try {
          const id = await one.getChainId();
          if (id !== config.chainId)
            problems.push(
              `CHAIN_RPC_URL: the node ${maskServiceUrl(url)} is chain ${id}, CHAIN_ID is ${config.chainId}`,
            );
        } catch (err) {
          problems.push(`CHAIN_RPC_URL: ${maskServiceUrl(url)} does not answer (${firstLine(err)})`);
        }
      }
      if (problems.length > 0) return problems;
      const chainId = config.chainId;
      const pub = createPublicClient({
        chain: chainFor(config.chainRpcUrls[0]!, config.chainId),
        transport: rpcTransport(config.chainRpcUrls, { timeout: 5000 }),
        cacheTime: 0,
      }) as PublicClient;
      const dep = config.deployment;
      if (!dep) return [];
      const d: Deployment = {
        chainId,
        ...config.contracts,
        marketAuctions: dep.marketAuctions,
        marketCollectionOffers: dep.marketCollectionOffers,
        deployBlock: dep.deployBlock,
      };
      const where = `DEPLOYMENT_FILE ${dep.file}`;
      try {
        const missing = await missingCode(pub, d);
        if (missing.length > 0)
          return missing.map((m) => `${where}: ${m} on chain ${chainId} (another network, or the chain was reset)`);
        const s = await readSettings(pub, d, [d.att]);
        const problems: string[] = [];
        if (!s.itemsAllowed) problems.push(`${where}: the Market does not allow the Items contract ${d.items}`);
        if (!s.tokens[getAddress(d.att)]) problems.push(`${where}: the Market does not allow the ATT token ${d.att}`);
        if (!s.marketIsMinter) problems.push(`${where}: the Market is not a minter of Items ${d.items}`);
        if (!s.mintersLocked) problems.push(`${where}: the Items minter list is not sealed`);
        if (d.marketAuctions && s.auctionModule.toLowerCase() !== d.marketAuctions.toLowerCase()) {
          problems.push(
            `${where}: the Market runs the auction module ${s.auctionModule}, the file names ${d.marketAuctions}`,
          );
        }
        if (d.marketCollectionOffers && !sameAddress(s.collectionOffersModule, d.marketCollectionOffers)) {
          problems.push(
            `${where}: the Market runs the collection offer module ${s.collectionOffersModule}, the file names ${d.marketCollectionOffers}`,
          );
        }
        const head = await pub.getBlockNumber();
        if (BigInt(d.deployBlock) > head)
          problems.push(`${where}: deployBlock ${d.deployBlock} is past the chain's head ${head}`);
        if (config.validatorKey) {
          const mine = privateKeyToAccount(config.validatorKey).address;
          if (mine.toLowerCase() !== s.validator.toLowerCase()) {
            problems.push(
              `VALIDATOR_KEYSTORE (or VALIDATOR_KEY): its address ${mine} is not the Market's validator ${s.validator} (rotated? use that account's key)`,
            );
          }
        }
        return problems;
      } catch (err) {
        return [`${where}: the contracts do not answer as the marketplace's (${firstLine(err)})`];
      }
    },
  ];
}
