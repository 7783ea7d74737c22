import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The guard of 'texts come from the one message catalogue' (docs/decisions/0063): every component's
 * source, read as text and parsed, not run.
 */
const sources = import.meta.glob<string>(['../**/*.tsx', '!../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const textAttributes = new Set(['title', 'label', 'placeholder', 'description', 'aria-label', 'alt']);
const hasLetter = /[A-Za-z]/;

/**
 * Literals that are not words a user reads, by file and exact text, each with its reason. Keep it
 * short: a text a user reads goes into the catalogue instead.
 */
const notTexts: { file: string; text: string; reason: string }[] = [
  {
    file: 'apps/web/src/features/auth/components/login-page.tsx',
    text: 'you@company.com',
    reason: 'an example address in the e-mail field, not words',
  },
  {
    file: 'apps/web/src/features/insights/components/insights-login-page.tsx',
    text: 'you@company.com',
    reason: 'an example address in the e-mail field, not words',
  },
  {
    file: 'apps/web/src/features/branches/components/branch-form-modal.tsx',
    text: 'https://www.tripadvisor.co.uk/…',
    reason: 'an example of the URL the field takes, not words',
  },
];

type Finding = { file: string; line: number; text: string };

/** The text of `"…"`, `{'…'}` or `{`…`}` (without substitutions), else undefined. */
function literalText(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return ts.isJsxExpression(node) ? literalText(node.expression) : undefined;
}

function inlineTexts(file: string, source: string): Finding[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const found = (node: ts.Node, text: string) =>
    findings.push({ file, line: tree.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
  const visit = (node: ts.Node) => {
    if (ts.isJsxAttribute(node) && textAttributes.has(node.name.getText(tree))) {
      const text = literalText(node.initializer);
      if (text !== undefined && hasLetter.test(text)) found(node, text);
    }
    if (ts.isJsxText(node) && hasLetter.test(node.text)) found(node, node.text.trim());
    if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const text = literalText(node);
      if (text !== undefined && hasLetter.test(text)) found(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return findings.filter(
    (finding) => !notTexts.some((allowed) => allowed.file === file && allowed.text === finding.text),
  );
}

describe('every text the web app shows', () => {
  it('comes from the catalogue: no component writes a text attribute or JSX text inline', () => {
    const inline = Object.entries(sources).flatMap(([path, source]) =>
      inlineTexts(path.replace(/^\.\.\//, 'apps/web/src/'), source),
    );

    expect(inline.map(({ file, line, text }) => `${file}:${line} ${JSON.stringify(text)}`)).toEqual([]);
  });

  it('is allowed inline only for the listed non-texts, each still where the list says', () => {
    const stale = notTexts.filter(({ file, text }) => {
      const source = sources[file.replace(/^apps\/web\/src\//, '../')];
      return source === undefined || !source.includes(text);
    });

    expect(stale).toEqual([]);
  });
});
