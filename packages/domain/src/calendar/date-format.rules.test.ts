import { describe, expect, it } from 'vitest';
import {
  dateFormats,
  dateTimeFormat,
  formatDateValue,
  formatInstant,
  formatWallTime,
  parseDateInput,
  parseDateTimeInput,
  timeZoneLabel,
} from './date-format.rules.ts';

const newYork = 'America/New_York';

describe('the date formats of the specs', () => {
  it('gives the dashboard yyyy-MM-dd, month pickers MM/YYYY and every other date DD/MM/YYYY', () => {
    expect(dateFormats).toEqual({ dashboardDate: 'YYYY-MM-DD', date: 'DD/MM/YYYY', month: 'MM/YYYY' });
    expect(formatDateValue('2026-12-05', 'dashboardDate')).toBe('2026-12-05');
    expect(formatDateValue('2026-12-05', 'date')).toBe('05/12/2026');
    expect(formatDateValue('2026-12-05', 'month')).toBe('12/2026');
    expect(formatDateValue('2026-12', 'month')).toBe('12/2026');
  });

  it('reads what was typed in each format as the stored value', () => {
    expect(parseDateInput('2026-12-05', 'dashboardDate')).toBe('2026-12-05');
    expect(parseDateInput(' 05/12/2026 ', 'date')).toBe('2026-12-05');
    expect(parseDateInput('5/1/2027', 'date')).toBe('2027-01-05');
    expect(parseDateInput('12/2026', 'month')).toBe('2026-12');
  });

  it('refuses text in another format, and days or months that do not exist', () => {
    expect(parseDateInput('12/05/2026', 'dashboardDate')).toBeNull();
    expect(parseDateInput('2026-12-05', 'date')).toBeNull();
    expect(parseDateInput('31/04/2026', 'date')).toBeNull();
    expect(parseDateInput('29/02/2027', 'date')).toBeNull();
    expect(parseDateInput('13/2026', 'month')).toBeNull();
    expect(parseDateInput('next week', 'date')).toBeNull();
  });
});

describe('an instant shown in the timezone setting', () => {
  it('shows a time with the zone it is in: an upload at 06:00 UTC is 01:00 EST in New York', () => {
    const upload = '2026-12-01T06:00:00Z';
    expect(formatInstant(upload, newYork, 'dateTime')).toBe('01/12/2026 01:00 EST');
    expect(formatInstant(upload, newYork, 'dashboardDateTime')).toBe('2026-12-01 01:00 EST');
    expect(formatInstant(upload, newYork, 'time')).toBe('01:00 EST');
    expect(formatInstant(upload, 'UTC', 'time')).toBe('06:00 UTC');
  });

  it('names summer time as such, and the day by the zone (not the machine)', () => {
    expect(formatInstant('2026-07-01T03:30:00Z', newYork, 'dateTime')).toBe('30/06/2026 23:30 EDT');
    expect(formatInstant('2026-07-01T03:30:00Z', newYork, 'date')).toBe('30/06/2026');
    expect(formatInstant('2026-07-01T12:00:00Z', 'Europe/London', 'time')).toBe('13:00 BST');
    expect(formatInstant('2026-01-01T12:00:00Z', 'Europe/London', 'time')).toBe('12:00 GMT');
  });

  it('names a zone by its offset where neither the American nor the British names have one', () => {
    expect(timeZoneLabel(new Date('2026-01-01T00:00:00Z'), 'Asia/Tokyo')).toBe('GMT+9');
    expect(timeZoneLabel(new Date('2026-01-01T00:00:00Z'), 'Asia/Dubai')).toBe('GST');
  });

  it('refuses what is not an instant', () => {
    expect(() => formatInstant('yesterday', newYork, 'dateTime')).toThrow(RangeError);
  });
});

describe('a date and time typed in the timezone setting', () => {
  it('is typed DD/MM/YYYY HH:mm and stands for the local YYYY-MM-DDTHH:mm', () => {
    expect(dateTimeFormat).toBe('DD/MM/YYYY HH:mm');
    expect(parseDateTimeInput('11/06/2025 12:00')).toBe('2025-06-11T12:00');
    expect(parseDateTimeInput(' 1/6/2025 9:05 ')).toBe('2025-06-01T09:05');
  });

  it('is refused when it is not a real date at a real time', () => {
    expect(parseDateTimeInput('31/06/2025 12:00')).toBeNull();
    expect(parseDateTimeInput('11/06/2025 24:00')).toBeNull();
    expect(parseDateTimeInput('2025-06-11T12:00')).toBeNull();
  });
});

describe('a wall-clock time read in the timezone setting', () => {
  it('is shown with the zone it was read in, winter or summer', () => {
    expect(formatWallTime('2026-11-05 13:20', newYork, 'dashboardDateTime')).toBe('2026-11-05 13:20 EST');
    expect(formatWallTime('2026-07-05 13:20', newYork, 'dateTime')).toBe('05/07/2026 13:20 EDT');
  });

  it('refuses text that is no local date and time', () => {
    expect(() => formatWallTime('05/07/2026 13:20', newYork, 'dateTime')).toThrow(RangeError);
  });
});
