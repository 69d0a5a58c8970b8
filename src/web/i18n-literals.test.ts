import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every string a person reads comes from the locale files (ARCHITECTURE.md, Conventions).
 * This test parses every .tsx file under src/web (not the component tests) and fails on a
 * literal text in JSX:
 * - JSX text with a letter in it (`<b>Save</b>`);
 * - a string literal as the value of label, title, placeholder, aria-label, alt or helperText
 *   (`label="Name"`, `title={'Name'}`, `label={cond ? 'A' : t('b')}`);
 * - a string literal as a child expression (`<b>{'Save'}</b>`, `<b>{busy && 'Saving'}</b>`).
 * Only non-words pass: a literal without any letter (punctuation, numbers, '©', '·', '/').
 */

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const TEXT_ATTRIBUTES = new Set([
  'label',
  'title',
  'placeholder',
  'aria-label',
  'alt',
  'helperText',
]);
const LETTER = /\p{L}/u;

interface Finding {
  file: string;
  line: number;
  kind: 'text' | 'attribute' | 'child';
  text: string;
}

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : tsxFiles(full);
    // Component tests (*.test.tsx) render fixtures of their own, not texts a user reads.
    const isComponent = entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx');
    return entry.isFile() && isComponent ? [full] : [];
  });
}

/** String literals an expression can evaluate to, through ?:, &&, ||, ?? and parentheses. */
function literalTexts(expression: ts.Expression): { node: ts.Node; text: string }[] {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
    return [{ node: expression, text: expression.text }];
  }
  if (ts.isTemplateExpression(expression)) {
    const parts = [expression.head.text, ...expression.templateSpans.map((s) => s.literal.text)];
    return [{ node: expression, text: parts.join(' ') }];
  }
  if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression)) {
    return literalTexts(expression.expression);
  }
  if (ts.isConditionalExpression(expression)) {
    return [...literalTexts(expression.whenTrue), ...literalTexts(expression.whenFalse)];
  }
  if (ts.isBinaryExpression(expression)) {
    const op = expression.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return literalTexts(expression.right);
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken) {
      return [...literalTexts(expression.left), ...literalTexts(expression.right)];
    }
  }
  return [];
}

/** The literal texts in JSX of one source file. */
function findJsxLiterals(fileName: string, source: string): Finding[] {
  const sourceFile = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const findings: Finding[] = [];
  const report = (node: ts.Node, kind: Finding['kind'], text: string) => {
    if (!LETTER.test(text)) return;
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    findings.push({ file: fileName, line: line + 1, kind, text: text.trim() });
  };

  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) {
      report(node, 'text', node.text);
    } else if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(sourceFile);
      if (TEXT_ATTRIBUTES.has(name)) {
        const init = node.initializer;
        if (ts.isStringLiteral(init)) report(init, 'attribute', init.text);
        else if (ts.isJsxExpression(init) && init.expression) {
          for (const found of literalTexts(init.expression)) {
            report(found.node, 'attribute', found.text);
          }
        }
      }
    } else if (
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      for (const found of literalTexts(node.expression)) report(found.node, 'child', found.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}

describe('findJsxLiterals', () => {
  const find = (source: string) =>
    findJsxLiterals('example.tsx', source).map(({ line, kind, text }) => ({ line, kind, text }));

  it('finds texts, text attributes and literal children', () => {
    expect(
      find(
        [
          'const a = <p>Hello</p>;',
          'const b = <TextField label="Name" helperText={"Help"} />;',
          "const c = <img alt={ok ? 'Logo' : t('x')} />;",
          "const d = <span>{busy && 'Saving'}{`Total`}</span>;",
          'const e = <Icon aria-label="Close" />;',
        ].join('\n'),
      ),
    ).toEqual([
      { line: 1, kind: 'text', text: 'Hello' },
      { line: 2, kind: 'attribute', text: 'Name' },
      { line: 2, kind: 'attribute', text: 'Help' },
      { line: 3, kind: 'attribute', text: 'Logo' },
      { line: 4, kind: 'child', text: 'Saving' },
      { line: 4, kind: 'child', text: 'Total' },
      { line: 5, kind: 'attribute', text: 'Close' },
    ]);
  });

  it('lets non-words, translations and other attributes pass', () => {
    expect(
      find(
        [
          "const a = <p>{t('home.title')} · © 2025 – 1 / 2 {' '}:</p>;",
          'const b = <TextField label={t("x")} name="email" type="password" autoComplete="off" />;',
          'const c = <Box component="span" sx={{ color: "red" }} data-testid="panel" />;',
          "const d = <img alt='' />;",
          "const e = format('Hello');",
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});

describe('no literal text in JSX under src/web', () => {
  const files = tsxFiles(ROOT);

  it('finds .tsx files to check', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('every visible string comes from the locale files', () => {
    const findings = files.flatMap((file) =>
      findJsxLiterals(path.relative(ROOT, file), readFileSync(file, 'utf8')),
    );
    const lines = findings.map(
      ({ file, line, kind, text }) => `src/web/${file}:${line}: ${kind} ${JSON.stringify(text)}`,
    );
    expect(lines, 'literal strings in JSX (use t() and the locale files)').toEqual([]);
  });
});
