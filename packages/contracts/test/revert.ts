/** Revert decoding across every ABI of the package (custom errors that bubble up from another contract too). */
import { BaseError, ContractFunctionRevertedError, decodeErrorResult, type Abi, type Hex } from 'viem';
import { attAbi, itemsAbi, marketAbi } from '../src/generated/contracts';
import * as testContracts from './generated/test-contracts';

const allAbis = [
  attAbi,
  itemsAbi,
  marketAbi,
  ...Object.entries(testContracts)
    .filter(([k]) => k.endsWith('Abi'))
    .map(([, v]) => v),
] as Abi[];
/** Every custom error known to the package, for decoding reverts that bubble up from another contract. */
export const errorAbi = allAbis.flat().filter((x) => x.type === 'error') as Abi;

/** The custom error a failed call reverted with, decoded against every ABI of the package. */
export function revertOf(err: unknown): { errorName: string; args: readonly unknown[] } | undefined {
  if (!(err instanceof BaseError)) return undefined;
  const reverted = err.walk((e) => e instanceof ContractFunctionRevertedError) as ContractFunctionRevertedError | null;
  const raw = reverted?.raw ?? findData(err);
  if (!raw) return reverted?.data ? { errorName: reverted.data.errorName, args: reverted.data.args ?? [] } : undefined;
  try {
    const decoded = decodeErrorResult({ abi: errorAbi, data: raw });
    return { errorName: decoded.errorName, args: (decoded.args ?? []) as readonly unknown[] };
  } catch {
    return { errorName: `unknown(${raw})`, args: [] };
  }
}

function findData(err: BaseError): Hex | undefined {
  let found: Hex | undefined;
  err.walk((e) => {
    const data = (e as { data?: unknown }).data;
    if (typeof data === 'string' && data.startsWith('0x') && data.length >= 10) found = data as Hex;
    return false;
  });
  return found;
}

/** Awaits `p`, expecting it to revert with the custom error `name` (and `args`, when given). */
export async function expectRevert(p: Promise<unknown>, name: string, args?: readonly unknown[]): Promise<void> {
  let error: unknown;
  try {
    await p;
  } catch (e) {
    error = e;
  }
  if (error === undefined) throw new Error(`expected revert ${name}, but the call succeeded`);
  const r = revertOf(error);
  if (!r || r.errorName !== name) {
    throw new Error(`expected revert ${name}, got ${r ? r.errorName : String((error as Error).message).slice(0, 400)}`);
  }
  if (args !== undefined) {
    const norm = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);
    const got = JSON.stringify(r.args.map(norm), (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    const want = JSON.stringify(args.map(norm), (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    if (got !== want) throw new Error(`${name}: expected args ${want}, got ${got}`);
  }
}
