import type { IngestError } from '@krowd/domain/ingestion/transaction-file.schema';
import { messages } from '@krowd/domain/messages/messages';
import {
  campaignDates,
  impressionColumns,
  impressionRowSchema,
} from '@krowd/domain/overview/overview.schema';
import { CsvSyntaxError } from '../../http/csv.ts';
import { csvRecordsOf, CsvStreamError } from '../../http/csv-stream.ts';
import type { ImpressionsRepository, ImpressionValue } from './impressions.repository.ts';

const m = messages.overview;

/** An impressions file is read whole for checking; 64 MB is some 1.5 million rows. */
export const impressionsMaxBytes = 64 * 1024 * 1024;
/** Errors listed in an answer. */
const maxListedErrors = 1000;

export interface ImpressionsFile {
  values: ImpressionValue[];
  errors: IngestError[];
  /** The earliest and latest day of the valid rows. */
  firstDay: string | null;
  lastDay: string | null;
}

/**
 * Reads and checks an impressions file (brief §6: `date,publisher,campaign_id,reach`, header row
 * first, columns in any order): each row's fields, a known publisher (by code, any case), a known
 * campaign, a date within the campaign's month, and no (publisher, campaign, date) twice. Answers
 * the values to store (with the campaign's brand) and every error with its line; stores nothing.
 */
export async function readImpressionsFile(
  impressions: Pick<ImpressionsRepository, 'publisherIdsByCode' | 'liveCampaignStarts'>,
  stream: AsyncIterable<Uint8Array | string>,
): Promise<ImpressionsFile> {
  const errors: IngestError[] = [];
  const reject = (line: number, message: string) => {
    if (errors.length < maxListedErrors) errors.push({ line, message });
  };
  const parsed: { line: number; date: string; publisher: string; campaignId: string; reach: number }[] = [];
  let header: string[] | null = null;
  try {
    for await (const record of csvRecordsOf(stream, impressionsMaxBytes)) {
      if (!header) {
        const names = record.cells.map((cell) => cell.trim());
        const valid =
          names.length === impressionColumns.length &&
          impressionColumns.every((column) => names.includes(column));
        if (!valid)
          return {
            values: [],
            errors: [{ line: record.line, message: m.impressionsHeaderInvalid }],
            firstDay: null,
            lastDay: null,
          };
        header = names;
        continue;
      }
      if (record.cells.length !== header.length) {
        reject(record.line, messages.ingestion.rowColumns);
        continue;
      }
      const cells = record.cells;
      const row = impressionRowSchema.safeParse(
        Object.fromEntries(header.map((name, i) => [name, cells[i]])),
      );
      if (!row.success) {
        for (const message of new Set(row.error.issues.map((issue) => issue.message)))
          reject(record.line, message);
        continue;
      }
      parsed.push({
        line: record.line,
        date: row.data.date,
        publisher: row.data.publisher,
        campaignId: row.data.campaign_id,
        reach: row.data.reach,
      });
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      return {
        values: [],
        errors: [{ line: error.line, message: error.userMessage }],
        firstDay: null,
        lastDay: null,
      };
    }
    if (error instanceof CsvStreamError) {
      const message =
        error.reason === 'notText'
          ? messages.ingestion.fileNotText
          : messages.ingestion.fileTooLarge(impressionsMaxBytes / 1024 / 1024);
      return { values: [], errors: [{ line: 1, message }], firstDay: null, lastDay: null };
    }
    throw error;
  }
  if (!header || (parsed.length === 0 && errors.length === 0)) {
    return { values: [], errors: [{ line: 1, message: m.fileEmpty }], firstDay: null, lastDay: null };
  }

  const publishers = await impressions.publisherIdsByCode();
  const campaignIds = [...new Set(parsed.map((row) => row.campaignId))];
  const campaigns = new Map<string, { brandId: string; startDate: string; endDate: string }>();
  for (const row of await impressions.liveCampaignStarts(campaignIds))
    campaigns.set(row.id, { brandId: row.brand_id, ...campaignDates(row.start_date) });

  const values: ImpressionValue[] = [];
  const firstLine = new Map<string, number>();
  let firstDay: string | null = null;
  let lastDay: string | null = null;
  for (const row of parsed) {
    const publisherId = publishers.get(row.publisher.toLowerCase());
    const campaign = campaigns.get(row.campaignId);
    let bad = false;
    if (!publisherId) {
      reject(row.line, m.impressionsPublisherUnknown(row.publisher));
      bad = true;
    }
    if (!campaign) {
      reject(row.line, m.impressionsCampaignUnknown);
      bad = true;
    } else if (row.date < campaign.startDate || row.date > campaign.endDate) {
      reject(row.line, m.impressionsOutsideCampaign(campaign.startDate, campaign.endDate));
      bad = true;
    }
    if (bad) continue;
    const key = `${publisherId} ${row.campaignId} ${row.date}`;
    const first = firstLine.get(key);
    if (first !== undefined) {
      reject(row.line, m.impressionsRepeated(first));
      continue;
    }
    firstLine.set(key, row.line);
    values.push({
      brandId: campaign!.brandId,
      campaignId: row.campaignId,
      publisherId: publisherId!,
      day: row.date,
      reach: row.reach,
    });
    if (!firstDay || row.date < firstDay) firstDay = row.date;
    if (!lastDay || row.date > lastDay) lastDay = row.date;
  }
  errors.sort((a, b) => a.line - b.line);
  return { values, errors, firstDay, lastDay };
}
