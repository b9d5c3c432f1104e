// §18 C10: what a FINALITY_LOST halt records of the block that left the chain — written by the follower,
// read back by `rail resume`, which lifts it only once that block is canonical again.
export const finalityLostDetail = (number: number, hash: string): string => `block ${number} (${hash}) was final and is no longer canonical`;

export function lostBlockOf(detail: string): { number: number; hash: string } | undefined {
  const m = /^block (\d+) \((0x[0-9a-fA-F]{64})\)/.exec(detail);
  return m ? { number: Number(m[1]), hash: m[2]!.toLowerCase() } : undefined;
}
