/**
 * Test files for the branch page's upload: the bytes an Excel file begins with and the names its
 * container holds, which is what spreadsheetKindOf reads. Not openable spreadsheets.
 */
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const utf16 = (text: string) => ascii(text).flatMap((code) => [code, 0]);

/** A ZIP with the parts of an OOXML workbook, as an .xlsx begins. */
export function xlsxBytes(): Uint8Array {
  return new Uint8Array([
    0x50,
    0x4b,
    0x03,
    0x04,
    0x14,
    0x00,
    0x00,
    0x00,
    ...ascii('[Content_Types].xml'),
    ...ascii('<Types/>'),
    0x50,
    0x4b,
    0x03,
    0x04,
    0x14,
    0x00,
    0x00,
    0x00,
    ...ascii('xl/workbook.xml'),
    ...ascii('<workbook/>'),
  ]);
}

/** An OLE2 compound file whose directory names the Workbook stream, as an .xls is. */
export function xlsBytes(): Uint8Array {
  return new Uint8Array([
    0xd0,
    0xcf,
    0x11,
    0xe0,
    0xa1,
    0xb1,
    0x1a,
    0xe1,
    ...new Array(504).fill(0),
    ...utf16('Workbook'),
  ]);
}

/** An OLE2 compound file of a Word document: the same container, no workbook. */
export function wordDocumentBytes(): Uint8Array {
  return new Uint8Array([
    0xd0,
    0xcf,
    0x11,
    0xe0,
    0xa1,
    0xb1,
    0x1a,
    0xe1,
    ...new Array(504).fill(0),
    ...utf16('WordDocument'),
  ]);
}

/** A ZIP that is not a workbook (a Word .docx's parts). */
export function docxBytes(): Uint8Array {
  return new Uint8Array([
    0x50,
    0x4b,
    0x03,
    0x04,
    ...ascii('[Content_Types].xml'),
    ...ascii('word/document.xml'),
  ]);
}
