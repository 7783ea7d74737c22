#!/usr/bin/env node
/**
 * Part of `npm run lint`: sources and docs point only at what the repository holds. Refused:
 * - references to a tracker's items ("issue" and a number, with or without a section sign): the
 *   tracker is not in the repository, so a reader cannot follow them. State the rule, or cite
 *   docs/ (a decision, the spec, DESIGN.md's brief);
 * - absolute paths of a development or CI machine, which mean nothing in another checkout.
 * The specification (docs/spec/) is quoted as it was given and is not checked.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const skipped = [/^docs\/spec\//, /(^|\/)package-lock\.json$/, /^scripts\/check-sources\.mjs$/];
const binary = /\.(png|jpe?g|gif|webp|ico|pdf|woff2?|ttf|otf|gz|br|zip|wasm|tar)$/i;

/** Each rule: what it finds, and what the message tells the writer to do instead. */
const rules = [
  {
    pattern: /\bissues? #?\d+/gi,
    message: 'names a tracker item the repository does not hold: state the rule, or cite docs/',
  },
  {
    pattern: /(?<![\w.:/~-])\/(?:work|home|Users|root|check)\/[^\s'"`)]+/g,
    message: "is an absolute path of one machine: use a path relative to the repository's root",
  },
];

/** The lines of `text` that break a rule, each with its line number and the rule's message. */
export function violationsIn(text) {
  const found = [];
  text.split('\n').forEach((line, index) => {
    for (const { pattern, message } of rules) {
      for (const match of line.matchAll(pattern)) found.push({ line: index + 1, match: match[0], message });
    }
  });
  return found;
}

function checkedFiles() {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed
    .split('\0')
    .filter((path) => path && !binary.test(path) && !skipped.some((rule) => rule.test(path)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let count = 0;
  for (const path of checkedFiles()) {
    let text;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue; // listed by git but deleted in the working tree
    }
    for (const { line, match, message } of violationsIn(text)) {
      console.error(`${path}:${line}: "${match}" ${message}`);
      count += 1;
    }
  }
  if (count > 0) {
    console.error(`check-sources: ${count} reference(s) to fix`);
    process.exit(1);
  }
  console.log('check-sources: no tracker references or machine paths');
}
