/**
 * Decodes the indexer's chain logs straight into the string arguments the handlers work on (addresses and hashes
 * lower-case, integers as decimal strings, arrays joined by ','). Built once from the ABI: topic0 -> event, each
 * static argument read from its 32-byte word, dynamic ones (TransferBatch's arrays) through viem. viem's
 * `parseEventLogs` re-derives every event selector for every log, which was the indexer's largest CPU cost.
 */
import { decodeAbiParameters, toEventSelector, type Abi, type AbiEvent, type AbiParameter, type Hex } from 'viem';
import type { Args } from './handler';

export interface DecodedLog {
  eventName: string;
  args: Args;
}

interface EventLayout {
  name: string;
  indexed: AbiParameter[];
  data: AbiParameter[];
  /** True when every data argument is a single 32-byte word. */
  staticData: boolean;
}

const STATIC = /^(address|bool|bytes32|u?int\d*)$/;

function word(type: string, w: string): string {
  if (type === 'address') return `0x${w.slice(24)}`.toLowerCase();
  if (type === 'bytes32') return `0x${w}`.toLowerCase();
  if (type === 'bool') return BigInt(`0x${w}`) === 0n ? 'false' : 'true';
  if (type.startsWith('int')) return BigInt.asIntN(Number(type.slice(3) || 256), BigInt(`0x${w}`)).toString();
  return BigInt(`0x${w}`).toString();
}

const str = (v: unknown): string =>
  Array.isArray(v) ? v.map(String).join(',') : typeof v === 'string' ? v.toLowerCase() : String(v);

export function logDecoder(abi: Abi, events: ReadonlySet<string>) {
  const bySelector = new Map<string, EventLayout>();
  for (const item of abi) {
    if (item.type !== 'event' || !events.has(item.name)) continue;
    const e = item as AbiEvent;
    const data = e.inputs.filter((i) => !i.indexed);
    bySelector.set(toEventSelector(e).toLowerCase(), {
      name: e.name,
      indexed: e.inputs.filter((i) => i.indexed),
      data,
      staticData: data.every((i) => STATIC.test(i.type)),
    });
  }
  /** The event and its arguments, or undefined for a log the indexer does not read (or cannot decode). */
  return (log: { topics: readonly Hex[]; data: Hex }): DecodedLog | undefined => {
    const layout = log.topics[0] ? bySelector.get(log.topics[0].toLowerCase()) : undefined;
    if (!layout || log.topics.length !== layout.indexed.length + 1) return undefined;
    const args: Args = {};
    layout.indexed.forEach((p, i) => {
      args[p.name!] = word(p.type, log.topics[i + 1]!.slice(2));
    });
    if (layout.staticData) {
      if (log.data.length < 2 + layout.data.length * 64) return undefined;
      layout.data.forEach((p, i) => {
        args[p.name!] = word(p.type, log.data.slice(2 + i * 64, 2 + (i + 1) * 64));
      });
    } else {
      try {
        const values = decodeAbiParameters(layout.data, log.data);
        layout.data.forEach((p, i) => {
          args[p.name!] = str(values[i]);
        });
      } catch {
        return undefined;
      }
    }
    return { eventName: layout.name, args };
  };
}
