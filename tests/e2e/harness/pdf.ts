// Reads a PDF Chromium printed back the way a person would: its text (Mozilla's PDF.js, pdfjs-dist), each page's
// size in millimetres, and any QR code on a page (the page drawn by PDF.js onto a canvas, then jsQR).
import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PrintedPage {
  /** The page's text, a line per line, Arabic presentation forms folded to letters (NFKC). Arabic comes in
   * visual order (right to left reads backwards): see hasText. */
  text: string;
  widthMm: number;
  heightMm: number;
}

const MM_PER_PT = 25.4 / 72;

async function open(pdf: Uint8Array) {
  // PDF.js may keep (transfer) the buffer it is given: a copy each time.
  return getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
}

export async function readPdf(pdf: Uint8Array): Promise<PrintedPage[]> {
  const doc = await open(pdf);
  const pages: PrintedPage[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const { width, height } = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const text = content.items
      .map((i) => ('str' in i ? i.str + (i.hasEOL ? '\n' : '') : ''))
      .join('')
      .normalize('NFKC');
    pages.push({ text, widthMm: width * MM_PER_PT, heightMm: height * MM_PER_PT });
  }
  await doc.destroy();
  return pages;
}

/** The text of the first QR code drawn on the PDF's pages, or null when none decodes. */
export async function pdfQr(pdf: Uint8Array, scale = 4): Promise<string | null> {
  const doc = await open(pdf);
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale });
      const factory = doc.canvasFactory as {
        create(w: number, h: number): { canvas: unknown; context: CanvasRenderingContext2D };
      };
      const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
      await page.render({ canvas: canvas as HTMLCanvasElement, canvasContext: context, viewport }).promise;
      const image = context.getImageData(0, 0, Math.ceil(viewport.width), Math.ceil(viewport.height));
      const code = jsQR(image.data, image.width, image.height);
      if (code) return code.data;
    }
    return null;
  } finally {
    await doc.destroy();
  }
}

/** Whether the printed text holds a phrase: spaces ignored, and right-to-left runs found in the visual order
 * Chromium's PDF keeps them in (the phrase's characters reversed) as well as in reading order. */
export function hasText(pages: PrintedPage[], phrase: string): boolean {
  const squash = (s: string) => s.normalize('NFKC').replace(/\s+/g, '');
  const all = squash(pages.map((p) => p.text).join(''));
  const want = squash(phrase);
  return all.includes(want) || all.includes([...want].reverse().join(''));
}
