import { describe, expect, it } from 'vitest';
import { docxBytes, wordDocumentBytes, xlsBytes, xlsxBytes } from './card-network.fixtures.ts';
import { splitPersonName, spreadsheetKindOf, spreadsheetKindOfName } from './card-network.rules.ts';

describe('splitPersonName', () => {
  it('takes the last word as the last name', () => {
    expect(splitPersonName('  Ana Maria  Lopez ')).toEqual({ firstName: 'Ana Maria', lastName: 'Lopez' });
  });

  it('keeps a single word as the first name', () => {
    expect(splitPersonName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });
});

describe('spreadsheetKindOf', () => {
  it('recognises an .xlsx by its ZIP container holding a workbook part', () => {
    expect(spreadsheetKindOf(xlsxBytes())).toBe('xlsx');
  });

  it('recognises an .xls by the OLE2 signature D0 CF 11 E0 A1 B1 1A E1 and its Workbook stream', () => {
    expect(spreadsheetKindOf(xlsBytes())).toBe('xls');
  });

  it('refuses a text file, whatever it is called', () => {
    expect(
      spreadsheetKindOf(Uint8Array.from('name,postcode\nA,B\n', (c) => c.charCodeAt(0))),
    ).toBeUndefined();
  });

  it('refuses other files in the same containers: a Word document and a .docx', () => {
    expect(spreadsheetKindOf(wordDocumentBytes())).toBeUndefined();
    expect(spreadsheetKindOf(docxBytes())).toBeUndefined();
  });

  it('refuses an empty file and one cut short inside the signature', () => {
    expect(spreadsheetKindOf(new Uint8Array())).toBeUndefined();
    expect(spreadsheetKindOf(xlsBytes().slice(0, 4))).toBeUndefined();
  });
});

describe('spreadsheetKindOfName', () => {
  it('reads the extension in any case', () => {
    expect(spreadsheetKindOfName('Branches.XLSX')).toBe('xlsx');
    expect(spreadsheetKindOfName('old.xls')).toBe('xls');
    expect(spreadsheetKindOfName('branches.csv')).toBeUndefined();
    expect(spreadsheetKindOfName('xlsx')).toBeUndefined();
  });
});
