import { itemsAbi, marketAbi } from '@att/contracts';
import { encodeAbiParameters, encodeEventTopics, parseEventLogs, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { logDecoder } from '../indexer/log-decoder';

const abi = [...marketAbi, ...itemsAbi];
const decode = logDecoder(abi, new Set(['TransferSingle', 'TransferBatch', 'NftBought', 'CounterIncremented']));
const A = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955';
const B = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';

function log(eventName: string, args: Record<string, unknown>): { topics: Hex[]; data: Hex } {
  const event = abi.find((e) => e.type === 'event' && e.name === eventName) as Extract<
    (typeof abi)[number],
    { type: 'event' }
  >;
  const topics = encodeEventTopics({ abi: [event], eventName, args } as never) as Hex[];
  const data = event.inputs.filter((i) => !i.indexed);
  return { topics, data: encodeAbiParameters(data, data.map((i) => args[i.name!]) as never) };
}

/** What viem's own decoder gives, in the indexer's string form. */
function viaViem(l: { topics: Hex[]; data: Hex }) {
  const [p] = parseEventLogs({
    abi,
    logs: [
      {
        ...l,
        topics: l.topics as [Hex, ...Hex[]],
        address: A,
        blockHash: null,
        blockNumber: null,
        logIndex: null,
        transactionHash: null,
        transactionIndex: null,
        removed: false,
      },
    ],
  });
  const args = Object.fromEntries(
    Object.entries(p!.args as Record<string, unknown>).map(([k, v]) => [
      k,
      Array.isArray(v) ? v.map(String).join(',') : typeof v === 'string' ? v.toLowerCase() : String(v),
    ]),
  );
  return { eventName: p!.eventName, args };
}

describe('logDecoder', () => {
  it('decodes static and dynamic events exactly as viem does', () => {
    const logs = [
      log('CounterIncremented', { seller: A, counter: 7n }),
      log('TransferSingle', { operator: A, from: A, to: B, id: 2n ** 200n + 5n, value: 3n }),
      log('TransferBatch', { operator: A, from: A, to: B, ids: [1n, 2n ** 255n], values: [4n, 5n] }),
      log('NftBought', {
        id: 9n,
        listingHash: `0x${'ab'.repeat(32)}`,
        buyer: B,
        seller: A,
        collection: A,
        itemId: 11n,
        amount: 2n,
        token: B,
        price: 10n ** 30n,
        fee: 1n,
        royalty: 0n,
      }),
    ];
    for (const l of logs) expect(decode(l)).toEqual(viaViem(l));
  });

  it('skips events it was not asked for and logs that do not fit their event', () => {
    const cancelled = log('ListingCancelled', { listingHash: `0x${'cd'.repeat(32)}`, seller: A });
    expect(decode(cancelled)).toBeUndefined();
    const counter = log('CounterIncremented', { seller: A, counter: 1n });
    expect(decode({ ...counter, data: '0x' })).toBeUndefined();
    expect(decode({ ...counter, topics: counter.topics.slice(0, 1) })).toBeUndefined();
    expect(decode({ topics: [], data: '0x' })).toBeUndefined();
  });
});
