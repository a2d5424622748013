import { timingSafeEqual } from 'node:crypto';

/** Compares two secrets without letting the time taken reveal how much of them matched. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
