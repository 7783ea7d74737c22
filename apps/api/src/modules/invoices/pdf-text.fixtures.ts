import { inflateSync } from 'node:zlib';

/**
 * Test support: reads back what our PDFs say. Each page's content stream is inflated and its
 * text-showing operators collected, page by page, in drawing order (escapes undone). Only tests
 * import this file.
 */
export function pdfPages(pdf: Buffer): string[][] {
  const raw = pdf.toString('latin1');
  const pages: string[][] = [];
  const streamPattern = /<< \/Length (\d+) \/Filter \/FlateDecode >>\nstream\n/g;
  for (let match = streamPattern.exec(raw); match; match = streamPattern.exec(raw)) {
    const start = match.index + match[0].length;
    const content = inflateSync(pdf.subarray(start, start + Number(match[1]))).toString('latin1');
    pages.push(
      [...content.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((text) => text[1]!.replace(/\\(.)/g, '$1')),
    );
  }
  return pages;
}

/** Every text of the PDF, all pages in order. */
export const pdfTexts = (pdf: Buffer): string[] => pdfPages(pdf).flat();
