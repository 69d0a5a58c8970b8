import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { KNOWN_ACTIONS, KNOWN_TARGETS } from './filters';

/*
 * Reads the server's sources and finds every audit action and target type they record, so an
 * action the audit log panel has no name for fails here rather than showing as a raw code.
 *
 * Where the server names them:
 * - `action: …` and `targetType: …` in the entries given to recordAudit;
 * - `action = '…'` defaults of helpers that take the action (createAgent, updateProject);
 * - the arguments of calls to such helpers (functions with a parameter named `action`, and the
 *   recorders made by scopedAudit('<targetType>'), e.g. auditDataSource(tx, …, 'data_source.test'));
 * - template strings such as `agent.webhook_${action}`, expanded from the string-literal union
 *   their variable is declared with (`action: Change` with `type Change = 'enable' | …`), and
 *   `${targetType}.delete` (http/soft-delete.ts), expanded with the target types given to softDeleter.
 */

const here = path.dirname(new URL(import.meta.url).pathname);
const serverRoot = path.resolve(here, '../../../server');

const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

const sources = (readdirSync(serverRoot, { recursive: true, encoding: 'utf8' }) as string[])
  .filter(
    (file) =>
      file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.split(path.sep).includes('test'),
  )
  .map((file) => ({
    file,
    text: withoutComments(readFileSync(path.join(serverRoot, file), 'utf8')),
  }));

/** Index of the quote that closes the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i;
  }
  return text.length;
}

/**
 * Where the expression starting at `start` ends: at a `,` or `;` outside brackets (unless
 * `wholeList`), or at the bracket that closes the one it is in.
 */
function expressionEnd(text: string, start: number, wholeList = false): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"' || c === '`') i = stringEnd(text, i);
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) return i;
      depth--;
    } else if (depth === 0 && !wholeList && (c === ',' || c === ';')) return i;
  }
  return text.length;
}

/** The string literals of a piece of code: quoted ones and template strings. */
const literalsIn = (code: string) =>
  [...code.matchAll(/'([^'\\\n]*)'|`([^`\\]*)`/g)].map((m) => ({
    value: m[1] ?? m[2]!,
    template: m[2] !== undefined,
  }));

const ACTION_CODE = /^[a-z][a-z_]*(\.[a-z][a-z_]*)+$/;
const ACTION_TEMPLATE = /^([a-z_.]*)\$\{(\w+)\}([a-z_.]*)$/;
const TARGET_CODE = /^[a-z][a-z_]*$/;

/** The members of a union of string literals (`'a' | 'b'`), or null when it is something else. */
function unionMembers(type: string): string[] | null {
  const parts = type.split('|').map((part) => part.trim());
  const members = parts.map((part) => /^'([^']*)'$/.exec(part)?.[1]);
  return parts.length > 0 && members.every((m) => m !== undefined) ? (members as string[]) : null;
}

/** The string-literal values the variable `name` may take, from its declared type in `text`. */
function valuesOf(name: string, text: string): string[] | null {
  for (const match of text.matchAll(new RegExp(`\\b${name}\\??:\\s*([^,)=;\\n{]+)`, 'g'))) {
    const type = match[1]!.trim();
    const inline = unionMembers(type);
    if (inline) return inline;
    if (/^[A-Z]\w*$/.test(type)) {
      const alias = new RegExp(`\\btype\\s+${type}\\s*=\\s*([^;]+);`).exec(text);
      const members = alias && unionMembers(alias[1]!.replace(/\s+/g, ' '));
      if (members) return members;
    }
  }
  return null;
}

/** Target types given to softDeleter({ …, targetType: '…' }). */
const softDeletedTargets = sources.flatMap(({ text }) =>
  [...text.matchAll(/softDeleter\(\s*\{[^}]*\btargetType:\s*'([a-z_]+)'/g)].map((m) => m[1]!),
);

function extract() {
  const actions = new Map<string, string>();
  const targets = new Map<string, string>();
  const unexpanded: string[] = [];

  const addActions = (code: string, file: string, text: string) => {
    for (const { value, template } of literalsIn(code)) {
      if (!template || !value.includes('${')) {
        if (ACTION_CODE.test(value)) actions.set(value, file);
        continue;
      }
      const parts = ACTION_TEMPLATE.exec(value);
      if (!parts) continue;
      const [, prefix, variable, suffix] = parts;
      if (!prefix && !suffix) continue;
      const values =
        variable === 'targetType' && suffix === '.delete'
          ? softDeletedTargets
          : valuesOf(variable!, text);
      if (!values || values.length === 0) unexpanded.push(`${file}: \`${value}\``);
      else for (const v of values) actions.set(`${prefix}${v}${suffix}`, file);
    }
  };

  // Helpers that take the action: functions with a parameter named `action`, and scopedAudit's recorders.
  const helpers = new Set<string>();
  for (const { text } of sources) {
    for (const m of text.matchAll(/\bfunction\s+(\w+)\s*(?:<[^>]*>)?\s*\(/g)) {
      const params = text.slice(
        m.index + m[0].length,
        expressionEnd(text, m.index + m[0].length, true),
      );
      if (/(^|[\s,(])action\??\s*[:=]/.test(params)) helpers.add(m[1]!);
    }
    for (const m of text.matchAll(/\b(?:const|let)\s+(\w+)\s*=\s*scopedAudit\(/g))
      helpers.add(m[1]!);
  }

  for (const { file, text } of sources) {
    for (const m of text.matchAll(/\baction(?::|\s*=(?![=>]))\s*/g)) {
      const start = m.index + m[0].length;
      addActions(text.slice(start, expressionEnd(text, start)), file, text);
    }
    for (const m of text.matchAll(/(?<![\w.])(\w+)\s*\(/g)) {
      if (!helpers.has(m[1]!) || /function\s+$/.test(text.slice(0, m.index))) continue;
      const start = m.index + m[0].length;
      addActions(text.slice(start, expressionEnd(text, start, true)), file, text);
    }
    for (const m of text.matchAll(/\btargetType:\s*/g)) {
      const start = m.index + m[0].length;
      const code = text.slice(start, expressionEnd(text, start)).trim();
      // A literal, or a choice between literals; anything else (a column, a variable) is not one.
      if (!/^(?:[^'`]*\?\s*)?'[a-z_]+'(?:\s*:\s*'[a-z_]+')?$/.test(code)) continue;
      for (const { value } of literalsIn(code)) {
        if (TARGET_CODE.test(value)) targets.set(value, file);
      }
    }
    for (const m of text.matchAll(/\bscopedAudit\(\s*'([a-z_]+)'\s*\)/g)) targets.set(m[1]!, file);
  }
  return { actions, targets, unexpanded };
}

type Tree = { [key: string]: string | Tree };
const audit = (code: string) =>
  (
    JSON.parse(readFileSync(path.resolve(here, '../../locales', code, 'audit.json'), 'utf8')) as {
      audit: Tree;
    }
  ).audit;
const activity = (code: string) =>
  (
    JSON.parse(
      readFileSync(path.resolve(here, '../../locales', code, 'activity.json'), 'utf8'),
    ) as { activity: Tree }
  ).activity;
const LOCALES = ['en', 'fr', 'ar'] as const;
const text = (tree: Tree, group: string, key: string) => {
  const value = (tree[group] as Tree | undefined)?.[key];
  return typeof value === 'string' ? value.trim() : '';
};

describe('audit codes the server records', () => {
  const { actions, targets, unexpanded } = extract();

  it('are found in the server sources, template strings included', () => {
    expect(unexpanded, 'template strings whose values could not be worked out').toEqual([]);
    expect(actions.size).toBeGreaterThanOrEqual(55);
    expect(targets.size).toBeGreaterThanOrEqual(12);
    for (const action of [
      'organization.create',
      'member.role_change',
      'user.super_admin.grant', // a ternary passed to auditUser
      'whitelist.entry.delete', // `whitelist.entry.${change}`
      'agent.import', // createAgent(…, 'agent.import') in another file
      'agent.webhook_secret_clear', // `agent.webhook_${action}`, action: Change
      'agent.delete', // softDeleter: `${targetType}.delete`
      'project.archive',
      'project.delete',
      'customer.delete',
      'customer.bulk_status',
      'data_source.privileged_role.accept', // auditDataSource(…)
      'data_source.project.unassign', // `data_source.project.${change}`
      'api_key.revoke',
      'model_provider.update',
      'schedule.create',
      'agent_settings.update',
    ]) {
      expect(actions.has(action), action).toBe(true);
    }
    for (const target of ['schedule', 'api_key', 'model_provider', 'agent', 'customer', 'user']) {
      expect(targets.has(target), target).toBe(true);
    }
  });

  it('each have a name in KNOWN_ACTIONS', () => {
    const missing = [...actions]
      .filter(([a]) => !(a in KNOWN_ACTIONS))
      .map(([a, f]) => `${a} (${f})`);
    expect(missing).toEqual([]);
  });

  it('each target type is in KNOWN_TARGETS', () => {
    const known = KNOWN_TARGETS as readonly string[];
    const missing = [...targets].filter(([t]) => !known.includes(t)).map(([t, f]) => `${t} (${f})`);
    expect(missing).toEqual([]);
  });
});

describe('names of audit actions and targets', () => {
  for (const code of LOCALES) {
    const tree = audit(code);

    it(`${code} names every known action and target`, () => {
      for (const [action, key] of Object.entries(KNOWN_ACTIONS)) {
        expect(text(tree, 'actionNames', key), `${action}: audit.actionNames.${key}`).not.toBe('');
      }
      for (const target of KNOWN_TARGETS) {
        expect(text(tree, 'targets', target), `audit.targets.${target}`).not.toBe('');
      }
    });

    it(`${code} has a sentence for every known action (activity feeds and the log's Action column)`, () => {
      const sentences = activity(code);
      const missing = Object.keys(KNOWN_ACTIONS)
        .map((action) => action.replaceAll('.', '_'))
        .filter((key) => text(sentences, 'actions', key) === '');
      expect(missing).toEqual([]);
    });

    it(`${code} has no action name that no known action uses`, () => {
      const used = new Set<string>(Object.values(KNOWN_ACTIONS));
      const unused = Object.keys(tree.actionNames as Tree).filter((key) => !used.has(key));
      expect(unused).toEqual([]);
    });
  }
});
