// The public site's colours from the one primary colour an application picks: a darker shade for
// links and outlines on the light page, and the text colour (white or near-black) readable on it.

type Rgb = [number, number, number];

const parseHex = (hex: string): Rgb => {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const toHex = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.max(0, Math.min(255, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** WCAG relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(parseHex(a)), luminance(parseHex(b))].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const PAGE = '#ffffff';
const DARK_TEXT = '#111418';

/** The primary colour darkened just enough for 4.5:1 against white (links, outlined buttons). */
export function linkColor(primary: string): string {
  let rgb = parseHex(primary);
  for (let i = 0; i < 40 && contrast(toHex(rgb), PAGE) < 4.5; i++) {
    rgb = rgb.map((c) => c * 0.92) as Rgb;
  }
  return toHex(rgb);
}

/** White or near-black, whichever reads better on the primary colour (header, filled buttons). */
export function textOn(primary: string): string {
  return contrast(primary, PAGE) >= contrast(primary, DARK_TEXT) ? PAGE : DARK_TEXT;
}

/** CSS custom properties the stylesheet reads: --p primary, --pd links, --pt text on primary. */
export function themeCss(primary: string): string {
  return `:root{--p:${primary};--pd:${linkColor(primary)};--pt:${textOn(primary)}}`;
}
