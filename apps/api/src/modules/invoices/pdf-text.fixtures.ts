import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A text drawn on a page, with its left and right edges in points. */
export interface PdfTextItem {
  text: string;
  left: number;
  right: number;
}

/**
 * Test support: reads back what our PDFs say with a real PDF reader (pdf.js), since the text of
 * an embedded font is glyph ids: each page's texts in drawing order, the spaces the reader puts
 * between them left out. Only tests import this file.
 */
export async function pdfPageItems(pdf: Buffer): Promise<PdfTextItem[][]> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: PdfTextItem[][] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(
      content.items.flatMap((item) =>
        'str' in item && item.str.trim() !== ''
          ? [{ text: item.str, left: item.transform[4], right: item.transform[4] + item.width }]
          : [],
      ),
    );
  }
  await document.destroy();
  return pages;
}

/** Each page's texts in drawing order. */
export const pdfPages = async (pdf: Buffer): Promise<string[][]> =>
  (await pdfPageItems(pdf)).map((page) => page.map((item) => item.text));

/** Every text of the PDF, all pages in order. */
export const pdfTexts = async (pdf: Buffer): Promise<string[]> => (await pdfPages(pdf)).flat();
