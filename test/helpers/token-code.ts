// Runtime bytecode of a minimal token for anvil_setCode: `decimals()` answers a number and `symbol()`
// answers as asked (an ABI string, a bytes32, a revert, or nothing at all); any other call reverts.
// Lets a test give the route commands (§18 C12, §18.6) any token answer without a compiler.

type SymbolAnswer = { string: string } | { bytes32: string } | 'revert' | 'empty';

const hex = (n: number, bytes: number) => n.toString(16).padStart(bytes * 2, '0');
const word = (s: string) => Buffer.from(s, 'utf8').toString('hex').padEnd(64, '0');

export function tokenRuntime(o: { decimals: number; symbol: SymbolAnswer }): string {
  const decimals = `5b60${hex(o.decimals, 1)}60005260206000f3`;
  const symbol =
    o.symbol === 'revert'
      ? '5b60006000fd'
      : o.symbol === 'empty'
        ? '5b60006000f3'
        : 'bytes32' in o.symbol
          ? `5b7f${word(o.symbol.bytes32)}60005260206000f3`
          : `5b602060005260${hex(Buffer.byteLength(o.symbol.string), 1)}6020527f${word(o.symbol.string)}60405260606000f3`;
  // selector = calldata[0:4]; DUP1 PUSH4 decimals EQ PUSH2 d JUMPI; PUSH4 symbol EQ PUSH2 s JUMPI; REVERT(0, 0)
  const head = (d: number, s: number) => `60003560e01c8063313ce5671461${hex(d, 2)}576395d89b411461${hex(s, 2)}5760006000fd`;
  const headLength = head(0, 0).length / 2;
  const d = headLength;
  const s = d + decimals.length / 2;
  return head(d, s) + decimals + symbol;
}
