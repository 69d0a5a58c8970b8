import {
  autocompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
  type CompletionSource,
} from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { sql } from '@codemirror/lang-sql';
import { StreamLanguage, type StringStream } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import {
  Decoration,
  EditorView,
  MatchDecorator,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';
import { jsonUnderline } from './json-check';
import type { CodeLanguage } from './types';

/** JSONata's built-in functions, offered on completion and shown as functions. */
export const JSONATA_FUNCTIONS = [
  '$sum',
  '$count',
  '$max',
  '$min',
  '$average',
  '$string',
  '$substring',
  '$substringBefore',
  '$substringAfter',
  '$uppercase',
  '$lowercase',
  '$trim',
  '$pad',
  '$contains',
  '$split',
  '$join',
  '$match',
  '$replace',
  '$length',
  '$number',
  '$abs',
  '$floor',
  '$ceil',
  '$round',
  '$power',
  '$sqrt',
  '$random',
  '$formatNumber',
  '$formatBase',
  '$formatInteger',
  '$parseInteger',
  '$boolean',
  '$not',
  '$exists',
  '$append',
  '$sort',
  '$reverse',
  '$shuffle',
  '$distinct',
  '$zip',
  '$keys',
  '$lookup',
  '$spread',
  '$merge',
  '$sift',
  '$each',
  '$error',
  '$assert',
  '$type',
  '$map',
  '$filter',
  '$single',
  '$reduce',
  '$now',
  '$millis',
  '$fromMillis',
  '$toMillis',
  '$base64encode',
  '$base64decode',
  '$encodeUrl',
  '$encodeUrlComponent',
  '$decodeUrl',
  '$decodeUrlComponent',
  '$eval',
];
const JSONATA_SET = new Set(JSONATA_FUNCTIONS);

/** Liquid tags and filters (what the engine's liquidjs understands), for `{% %}` and `|`. */
const LIQUID_TAGS = [
  'if',
  'elsif',
  'else',
  'endif',
  'unless',
  'endunless',
  'for',
  'endfor',
  'case',
  'when',
  'endcase',
  'assign',
  'capture',
  'endcapture',
  'raw',
  'endraw',
  'comment',
  'endcomment',
  'break',
  'continue',
];
const LIQUID_FILTERS = [
  'default',
  'upcase',
  'downcase',
  'capitalize',
  'strip',
  'truncate',
  'truncatewords',
  'append',
  'prepend',
  'replace',
  'remove',
  'split',
  'join',
  'size',
  'first',
  'last',
  'map',
  'where',
  'sort',
  'uniq',
  'reverse',
  'date',
  'json',
  'escape',
  'url_encode',
  'newline_to_br',
  'round',
  'plus',
  'minus',
  'times',
  'divided_by',
  'abs',
  'slice',
];
const LIQUID_WORDS = new Set([
  ...LIQUID_TAGS,
  'in',
  'and',
  'or',
  'contains',
  'with',
  'limit',
  'offset',
]);

// ---------------------------------------------------------------------------
// Highlighting

interface TemplateState {
  /** The closing delimiter of the tag the line is in, or null in plain text. */
  close: '}}' | '%}' | null;
}

const templateLanguage = StreamLanguage.define<TemplateState>({
  name: 'liquid',
  startState: () => ({ close: null }),
  copyState: (state) => ({ ...state }),
  token(stream: StringStream, state: TemplateState) {
    if (!state.close) {
      if (stream.match('{{')) {
        state.close = '}}';
        return 'brace';
      }
      if (stream.match('{%')) {
        state.close = '%}';
        return 'brace';
      }
      while (!stream.eol() && !stream.match(/^\{[{%]/, false)) stream.next();
      return null;
    }
    if (stream.match(state.close)) {
      state.close = null;
      return 'brace';
    }
    if (stream.eatSpace()) return null;
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/) || stream.match(/^'(?:[^'\\]|\\.)*'?/)) return 'string';
    if (stream.match(/^-?\d+(?:\.\d+)?/)) return 'number';
    if (stream.match(/^(?:true|false|nil|null|empty|blank)\b/)) return 'atom';
    const word = stream.match(/^[A-Za-z_][\w-]*/) as RegExpMatchArray | null;
    if (word) return LIQUID_WORDS.has(word[0]) ? 'keyword' : 'variableName';
    if (stream.match(/^[|:,.=<>![\]()-]+/)) return 'operator';
    stream.next();
    return null;
  },
});

interface JsonataState {
  comment: boolean;
}

const jsonataLanguage = StreamLanguage.define<JsonataState>({
  name: 'jsonata',
  startState: () => ({ comment: false }),
  copyState: (state) => ({ ...state }),
  token(stream: StringStream, state: JsonataState) {
    if (state.comment) {
      if (stream.skipTo('*/')) {
        stream.match('*/');
        state.comment = false;
      } else stream.skipToEnd();
      return 'comment';
    }
    if (stream.eatSpace()) return null;
    if (stream.match('/*')) {
      state.comment = true;
      return 'comment';
    }
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/) || stream.match(/^'(?:[^'\\]|\\.)*'?/)) return 'string';
    if (stream.match(/^`[^`]*`?/)) return 'propertyName';
    if (stream.match(/^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/)) return 'number';
    const dollar = stream.match(/^\$\$?[\w]*/) as RegExpMatchArray | null;
    if (dollar)
      return JSONATA_SET.has(dollar[0]) ? 'variableName.standard' : 'variableName.special';
    if (stream.match(/^(?:and|or|in|function)\b/)) return 'keyword';
    if (stream.match(/^(?:true|false|null)\b/)) return 'atom';
    if (stream.match(/^[A-Za-z_][\w]*/)) return 'propertyName';
    if (stream.match(/^[{}[\]()]/)) return 'bracket';
    if (stream.match(/^(?::=|!=|<=|>=|~>|\.\.|\?:|\?\?|[-+*/%&=<>!?:.,;^|@#~])/)) return 'operator';
    stream.next();
    return null;
  },
  languageData: { commentTokens: { block: { open: '/*', close: '*/' } } },
});

/** A light background over every `{{ … }}` and `{% … %}` so the live parts stand out. */
const tagMatcher = new MatchDecorator({
  regexp: /\{\{[\s\S]*?(?:\}\}|$)|\{%[\s\S]*?(?:%\}|$)/g,
  decoration: Decoration.mark({ class: 'cm-template-tag' }),
});
const templateTags = ViewPlugin.fromClass(
  class {
    decorations;
    constructor(view: EditorView) {
      this.decorations = tagMatcher.createDeco(view);
    }
    update(update: ViewUpdate) {
      this.decorations = tagMatcher.updateDeco(update, this.decorations);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

// ---------------------------------------------------------------------------
// Completion

const variableOptions = (variables: string[]): Completion[] =>
  variables.map((name) => ({ label: name, type: 'variable' }));

/**
 * Inside `{{ … }}`: the variables (and after `|` the filters); inside `{% … %}`: the tags and
 * the variables. Outside a tag nothing is offered.
 */
export function templateCompletion(getVariables: () => string[]): CompletionSource {
  return (context: CompletionContext): CompletionResult | null => {
    const before = context.state.sliceDoc(Math.max(0, context.pos - 2000), context.pos);
    const expression = before.lastIndexOf('{{');
    const statement = before.lastIndexOf('{%');
    const open = Math.max(expression, statement);
    if (open < 0) return null;
    const inside = before.slice(open + 2);
    if (inside.includes(open === expression ? '}}' : '%}')) return null;
    const word = context.matchBefore(/[\w$.[\]-]*/);
    const from = word ? word.from : context.pos;
    const head = inside.slice(0, inside.length - (context.pos - from));
    let options: Completion[];
    if (/\|\s*$/.test(head)) {
      options = LIQUID_FILTERS.map((name) => ({ label: name, type: 'function' }));
    } else if (open === statement && /^\s*$/.test(head)) {
      options = LIQUID_TAGS.map((name) => ({ label: name, type: 'keyword' }));
    } else {
      options = variableOptions(getVariables());
    }
    if (options.length === 0) return null;
    return { from, options, validFor: /^[\w$.[\]-]*$/ };
  };
}

/** JSONata: the variables and the built-in functions, as soon as a name is being typed. */
export function jsonataCompletion(getVariables: () => string[]): CompletionSource {
  return (context: CompletionContext): CompletionResult | null => {
    const word = context.matchBefore(/\$?[\w.]*/);
    if (!word || (word.from === word.to && !context.explicit)) return null;
    const functions: Completion[] = JSONATA_FUNCTIONS.map((name) => ({
      label: name,
      type: 'function',
      apply: `${name}(`,
    }));
    const options = word.text.startsWith('$')
      ? functions
      : [...variableOptions(getVariables()), ...functions];
    return { from: word.from, options, validFor: /^\$?[\w.]*$/ };
  };
}

/** The language, its completion and wrapping for one editor. */
export function languageExtensions(
  language: CodeLanguage,
  schema: Record<string, string[]> | undefined,
  getVariables: () => string[],
): Extension {
  switch (language) {
    case 'sql':
      // lang-sql completes the schema's tables and columns and the dialect's keywords.
      return [sql({ schema: schema ?? {} }), autocompletion()];
    case 'json':
      return [json(), jsonUnderline, autocompletion()];
    case 'jsonata':
      return [
        jsonataLanguage,
        autocompletion({ override: [jsonataCompletion(getVariables)] }),
        EditorView.lineWrapping,
      ];
    case 'template':
      return [
        templateLanguage,
        templateTags,
        autocompletion({ override: [templateCompletion(getVariables)] }),
        EditorView.lineWrapping,
      ];
  }
}

/** Line numbers help where lines are code (SQL, JSON); a template reads as prose. */
export const showsLineNumbers = (language: CodeLanguage) =>
  language === 'sql' || language === 'json';
