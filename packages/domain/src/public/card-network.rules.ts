/**
 * Pure rules of the public card-network pages: how a person's name becomes first and last name,
 * and how an Excel file is recognised by its bytes. (No answer to an anonymous caller shows any
 * part of an e-mail, masked or not: brief §4.)
 */

/** A person's name typed in one field, as first and last name: the last word is the last name. */
export function splitPersonName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  if (words.length === 1) return { firstName: words[0]!, lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1]! };
}

export type SpreadsheetKind = 'xls' | 'xlsx';

/** OLE2 compound file, the container of the legacy .xls format. */
const oleMagic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** A ZIP local file header, the container of the OOXML .xlsx format. */
const zipMagic = [0x50, 0x4b, 0x03, 0x04];

const startsWith = (bytes: Uint8Array, magic: number[]) =>
  bytes.length >= magic.length && magic.every((byte, index) => bytes[index] === byte);

/** Whether the bytes hold the text, as ASCII or (`utf16`) as UTF-16LE, the OLE2 directory's names. */
function contains(bytes: Uint8Array, text: string, utf16 = false): boolean {
  const needle = Array.from(text, (c) => c.charCodeAt(0)).flatMap((code) => (utf16 ? [code, 0] : [code]));
  outer: for (let i = 0; i + needle.length <= bytes.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * What spreadsheet the bytes are, judged by content alone: an OLE2 compound file whose directory
 * names a 'Workbook' (or, Excel 5, 'Book') stream is .xls (a Word file is OLE2 too); a ZIP
 * holding '[Content_Types].xml' and the workbook part 'xl/workbook' (OOXML part names are stored
 * uncompressed in the ZIP's headers) is .xlsx. Anything else (a renamed text file, a Word file in
 * a ZIP, an image) is neither.
 */
export function spreadsheetKindOf(bytes: Uint8Array): SpreadsheetKind | undefined {
  if (startsWith(bytes, oleMagic) && (contains(bytes, 'Workbook', true) || contains(bytes, 'Book', true))) {
    return 'xls';
  }
  if (
    startsWith(bytes, zipMagic) &&
    contains(bytes, '[Content_Types].xml') &&
    contains(bytes, 'xl/workbook')
  ) {
    return 'xlsx';
  }
  return undefined;
}

/** The kind the file's name claims: '.xls' or '.xlsx', in any case. */
export function spreadsheetKindOfName(fileName: string): SpreadsheetKind | undefined {
  const match = /\.(xlsx?)$/i.exec(fileName);
  return match ? (match[1]!.toLowerCase() as SpreadsheetKind) : undefined;
}
