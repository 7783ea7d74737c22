import { describe, expect, it } from 'vitest';
import { docxBytes, wordDocumentBytes, xlsBytes, xlsxBytes } from './card-network.fixtures.ts';
import {
  maskEmail,
  splitPersonName,
  spreadsheetKindOf,
  spreadsheetKindOfName,
} from './card-network.rules.ts';

describe('maskEmail', () => {
  it('keeps the first and last letter of the local part and the domain name, and the top-level domain', () => {
    expect(maskEmail('owner@example.co.uk')).toBe('o***r@e***e.co.uk');
  });

  it('never shows a short part whole', () => {
    expect(maskEmail('ab@xy.com')).toBe('a*@x*.com');
    expect(maskEmail('a@b.io')).toBe('a*@b*.io');
  });

  it('does not tell how long the hidden parts are', () => {
    expect(maskEmail('alexandra.mcallister@restaurants.example')).toBe('a***r@r***s.example');
  });

  it('does not reveal the address it masks', () => {
    expect(maskEmail('cyrus.network@demo.test')).not.toContain('network');
  });
});

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
