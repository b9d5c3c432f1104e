// §15.4 the page's QR code: an inline SVG rendered here by `qrcode` (npm), byte mode, error correction M,
// encoding exactly the payment URI the page shows (§16.9). No script, no image fetched: the CSP allows none.
import QRCode from 'qrcode';

/** Modules of quiet zone around the code (the QR specification's minimum). */
const QUIET_ZONE = 4;
/** Rendered size in CSS pixels: a phone's camera reads it from a screen at arm's length. */
const SIZE_PX = 264;

export async function qrSvg(paymentUri: string): Promise<string> {
  const svg = await QRCode.toString([{ data: Buffer.from(paymentUri, 'utf8'), mode: 'byte' }], {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: QUIET_ZONE,
    width: SIZE_PX,
    color: { dark: '#000000', light: '#ffffff' },
  });
  // Inline SVG in HTML needs no namespace; without it the page names no URL at all.
  return svg.replace(' xmlns="http://www.w3.org/2000/svg"', '').trim();
}
