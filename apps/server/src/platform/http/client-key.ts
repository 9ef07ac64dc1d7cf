/**
 * The key per-client quotas count by: the IPv4 address, or for IPv6 its /64 network (one subscriber usually
 * holds a whole /64 and could otherwise rotate through it). An IPv4-mapped IPv6 address counts as its IPv4.
 */
import { isIPv6 } from 'node:net';

function expandIPv6(ip: string): string[] {
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right];
}

export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const groups = expandIPv6(ip.split('%')[0]!.toLowerCase());
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
