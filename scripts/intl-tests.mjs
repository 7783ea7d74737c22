#!/usr/bin/env node
/**
 * Prints, one a line, the domain test files whose answers go through the runtime's Intl/ICU data:
 * CI runs these again on Node 24, the one part of the domain suite that can differ by Node version
 * (docs/decisions/0102-ci-one-api-run.md, its amendment). A test file joins when it names a time
 * zone or a formatter itself ('Europe/London', `timeZone`, TZDate, tzOffset, Intl, toLocale*,
 * formatPence), or imports a module of the domain that computes with @date-fns/tz or Intl (the
 * local-time, calendar, date-format and money rules, …). A new such test joins by itself. Fails
 * when it finds none, so that CI never runs an empty selection.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const dir = 'packages/domain/src';
const namesZoneOrFormatter =
  /'(?:Europe|America|Asia|Australia|Pacific|Africa|Atlantic)\/\w+'|\b(?:timeZone|TZDate|tzOffset|formatPence)\b|\bIntl\.|\btoLocale\w*\(/;
const computesWithIntl = /from '@date-fns\/tz'|\bIntl\./;
const relativeImports = /from '(\.{1,2}\/[^']+\.ts)'/g;

const read = (file) => readFileSync(file, 'utf8');
const throughIntl = (file) => {
  const text = read(file);
  if (namesZoneOrFormatter.test(text)) return true;
  return [...text.matchAll(relativeImports)].some(([, path]) =>
    computesWithIntl.test(read(join(dirname(file), path))),
  );
};

const files = readdirSync(dir, { recursive: true })
  .map((file) => join(dir, String(file)))
  .filter((file) => file.endsWith('.test.ts') && throughIntl(file))
  .sort();
if (files.length === 0) {
  console.error(`intl-tests: no test file in ${dir} names a time zone or a formatter`);
  process.exit(1);
}
console.log(files.join('\n'));
