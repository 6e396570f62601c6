// Packages that ship no types of their own: only what this folder calls.

declare module 'subset-font' {
  /** The font cut down to the glyphs of `text`, in the format asked for. */
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2' },
  ): Promise<Buffer>
}

declare module 'arabic-persian-reshaper' {
  /** Arabic letters replaced by their joined forms (Presentation Forms-B), in logical order. */
  const reshaper: { ArabicShaper: { convertArabic(text: string): string } }
  export default reshaper
}
