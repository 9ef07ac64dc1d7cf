/**
 * Keeps the Items contract's metadata `uri` on the origin the server really answers on: deployments made for
 * another port or host (or the contracts package's default http://127.0.0.1:8080) are pointed at
 * `{publicOrigin}/attnftmarket/api/v1/nft/metadata/{id}` by the owner (the deployer) with `setURI`.
 */
import { chainFor, itemsAbi } from '@att/contracts';
import { createPublicClient, createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

export async function syncMetadataUri(opts: {
  rpcUrl: string;
  chainId: number;
  items: `0x${string}`;
  ownerKey: `0x${string}`;
  uri: string;
}): Promise<boolean> {
  const chain = chainFor(opts.rpcUrl, opts.chainId);
  const pub = createPublicClient({ chain, transport: http(opts.rpcUrl) });
  const current = await pub.readContract({ address: opts.items, abi: itemsAbi, functionName: 'uri', args: [0n] });
  if (current === opts.uri) return false;
  const wallet = createWalletClient({
    account: privateKeyToAccount(opts.ownerKey),
    chain,
    transport: http(opts.rpcUrl),
  });
  const hash = await wallet.writeContract({
    address: opts.items,
    abi: itemsAbi,
    functionName: 'setURI',
    args: [opts.uri],
  });
  const receipt = await pub.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`setURI failed in ${hash}`);
  return true;
}
