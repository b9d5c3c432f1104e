// Reads a QR code back with `jsqr` (npm): from the page's inline SVG (its path rasterised here, module by
// module) or from RGBA pixels (a browser's screenshot). Used by the hosted page's suites (§15.4, §16.9).
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';

// jsqr is CommonJS whose export is the function itself (its typings say `default`; both are there at run time).
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ?? jsQRModule) as unknown as typeof import('jsqr').default;

export type DecodedQr = { text: string; modes: string[] };

/** Pixels per module when an SVG is rasterised. */
const SCALE = 4;

/**
 * The dark modules of an SVG drawn as `qrcode` draws it: one stroked path of horizontal runs, `M x y`
 * (absolute, the row's centre line), `m dx 0` (relative) and `h n` (a run of n modules).
 */
export function svgModules(svg: string): { size: number; dark: boolean[][] } {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const d = /<path[^>]*stroke="[^"]+"[^>]*d="([^"]*)"/.exec(svg)?.[1];
  if (!size || d === undefined) throw new Error('not a qrcode SVG');
  const dark = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  let x = 0;
  let y = 0;
  for (const [, cmd, a, b] of d.matchAll(/([MmHhVv])(-?[\d.]+)(?:\s+(-?[\d.]+))?/g)) {
    if (cmd === 'M') [x, y] = [Number(a), Number(b) - 0.5];
    else if (cmd === 'm') [x, y] = [x + Number(a), y + Number(b ?? 0)];
    else if (cmd === 'h') {
      for (let i = 0; i < Number(a); i++) dark[y]![x + i] = true;
      x += Number(a);
    } else throw new Error(`unexpected path command ${cmd}`);
  }
  return { size, dark };
}

/** ISO/IEC 18004's error correction level bits, as the format information carries them. */
const LEVELS = ['M', 'L', 'H', 'Q'] as const;

/**
 * The error correction level of a code's modules (quiet zone `margin`), read from its format information:
 * 15 bits down column 8 (rows 0–5, 7–8, then the last 7 rows), unmasked with 101010000010010; the top two
 * data bits name the level.
 */
export function errorCorrectionLevelOf(dark: boolean[][], margin: number): (typeof LEVELS)[number] {
  const n = dark.length - 2 * margin;
  let bits = 0;
  for (let i = 0; i < 15; i++) {
    const row = i < 6 ? i : i < 8 ? i + 1 : n - 15 + i;
    if (dark[row + margin]![8 + margin]) bits |= 1 << i;
  }
  return LEVELS[((bits ^ 0x5412) >> 13) & 3]!;
}

export function decodeSvgQr(svg: string): DecodedQr | undefined {
  const { size, dark } = svgModules(svg);
  const px = size * SCALE;
  const data = new Uint8ClampedArray(px * px * 4);
  for (let row = 0; row < px; row++)
    for (let col = 0; col < px; col++) {
      const v = dark[Math.floor(row / SCALE)]![Math.floor(col / SCALE)] ? 0 : 255;
      data.set([v, v, v, 255], (row * px + col) * 4);
    }
  return decodeRgba(data, px, px);
}

export function decodeRgba(data: Uint8ClampedArray, width: number, height: number): DecodedQr | undefined {
  const code = jsQR(data, width, height);
  return code ? { text: code.data, modes: code.chunks.map((c) => c.type) } : undefined;
}

export function decodePngQr(png: Buffer): DecodedQr | undefined {
  const image = PNG.sync.read(png);
  return decodeRgba(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height);
}
