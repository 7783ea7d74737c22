#!/usr/bin/env node
/**
 * Part of `npm run lint`: the web app's calls keep one convention (docs/style.md, "API calls";
 * docs/decisions/0122-one-web-call-convention.md). Under any `apps/web/src/**\/api/` folder:
 * - a file is `keys.ts` or `<feature>-keys.ts` (the feature's query keys), or `<verb>-<noun>.ts`
 *   with a verb of the list below, holding the calls of that one operation (a test beside it is
 *   named after it: `<verb>-<noun>.test.ts(x)`);
 * - `useQuery(` takes a `<noun>QueryOptions(...)` result, never an inline object, so the page, a
 *   prefetch and an invalidation all read one definition of the query.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The operations a call may name. A new kind of operation adds its verb here. */
export const allowedVerbs = [
  'accept',
  'begin',
  'cancel',
  'change',
  'complete',
  'confirm',
  'create',
  'deactivate',
  'delete',
  'download',
  'export',
  'file',
  'forgot',
  'get',
  'link',
  'login',
  'look-up',
  'logout',
  'onboard',
  'open',
  'pause',
  'ping',
  'prefetch',
  'redeliver',
  'renew',
  'resolve',
  'review',
  'revoke',
  'rotate',
  'save',
  'search',
  'set',
  'sign-in',
  'sign-up',
  'simulate',
  'start',
  'stop',
  'submit',
  'trigger',
  'turn-off',
  'update',
  'upload',
  'verify',
];

const word = '[a-z0-9]+';
const callName = new RegExp(`^(?:${allowedVerbs.join('|')})(?:-${word})+(?:\\.test)?\\.tsx?$`);
const keysName = new RegExp(`^(?:${word}-)*keys\\.ts$`);
/** `useQuery(` or `useQuery<T>(`, then what it is given. */
const useQueryCall = /\buse(?:Suspense)?Query\s*(?:<[^()]*>)?\s*\(\s*([^\s)]*)/g;
const queryOptionsArgument = /^[A-Za-z_$][\w$]*QueryOptions\(/;

/** What is wrong with one file of an api folder: a list of rule messages, empty when it keeps them. */
export function violationsOf(fileName, text) {
  const found = [];
  if (!keysName.test(fileName) && !callName.test(fileName)) {
    found.push(
      'is not named keys.ts, <feature>-keys.ts or <verb>-<noun>.ts with a verb of scripts/check-web-calls.mjs',
    );
  }
  for (const match of text.matchAll(useQueryCall)) {
    if (!queryOptionsArgument.test(match[1])) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push(
        `line ${line}: useQuery takes a <noun>QueryOptions(...) result (queryOptions), not an inline object`,
      );
    }
  }
  return found;
}

/** Every file under an `api` folder below `dir`, as paths relative to `root`. */
function apiFiles(dir, root, inApi = false) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...apiFiles(path, root, inApi || entry.name === 'api'));
    else if (inApi) files.push(relative(root, path));
  }
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
  let count = 0;
  for (const path of apiFiles(join(root, 'apps/web/src'), root)) {
    const fileName = path.split(/[\\/]/).pop();
    for (const message of violationsOf(fileName, readFileSync(join(root, path), 'utf8'))) {
      console.error(`${path}: ${message}`);
      count += 1;
    }
  }
  if (count > 0) {
    console.error(`\n${count} break(s) of the web call convention (docs/style.md, "API calls").`);
    process.exit(1);
  }
}
