import { closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, indentOnInput } from '@codemirror/language';
import {
  Annotation,
  Compartment,
  EditorState,
  Prec,
  Transaction,
  type Extension,
} from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  placeholder as placeholderText,
} from '@codemirror/view';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useColorScheme, useTheme } from '@mui/material/styles';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editorTheme } from './editor-theme';
import { jsonProblem } from './json-check';
import { languageExtensions, showsLineNumbers } from './languages';
import type { CodeEditorProps } from './types';

/** Marks the transactions that bring the `value` prop in, so they are not echoed to onChange. */
const fromProps = Annotation.define<boolean>();

const isMac = () =>
  typeof navigator !== 'undefined' && /mac|iphone|ipad/i.test(navigator.platform || '');

/** The smallest change from `from` to `to` (common head and tail kept), so the cursor stays put. */
function minimalChange(from: string, to: string) {
  let start = 0;
  const shorter = Math.min(from.length, to.length);
  while (start < shorter && from[start] === to[start]) start++;
  let end = 0;
  while (end < shorter - start && from[from.length - 1 - end] === to[to.length - 1 - end]) end++;
  return { from: start, to: from.length - end, insert: to.slice(start, to.length - end) };
}

/**
 * The code editor of the builder's fields and the query console: CodeMirror 6 in a frame that
 * looks like an outlined MUI field. Tab is never bound (Tab and Shift+Tab leave the editor;
 * Ctrl/Cmd+] and Ctrl/Cmd+[ indent), Escape closes the completion list, Ctrl/Cmd+Enter runs.
 */
export function CodeEditor({
  value,
  onChange,
  language,
  label,
  variables,
  schema,
  minLines = 3,
  maxLines = 16,
  readOnly = false,
  error,
  helperText,
  onRun,
  placeholder,
  id,
}: CodeEditorProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  // The theme object is the same in both schemes (its colours are CSS variables); the
  // editor's own styles need the resolved colours of the scheme in use.
  const scheme = useColorScheme().colorScheme === 'dark' ? 'dark' : 'light';
  const palette = theme.colorSchemes?.[scheme]?.palette ?? theme.palette;
  const generatedId = useId();
  const baseId = id ?? `code-editor-${generatedId.replace(/:/g, '')}`;
  const labelId = `${baseId}-label`;
  const describedById = `${baseId}-helper`;

  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  // The latest callbacks and variables, read by CodeMirror when it needs them.
  const latest = useRef({ onChange, onRun, variables: variables ?? [] });
  useLayoutEffect(() => {
    latest.current = { onChange, onRun, variables: variables ?? [] };
  });
  const [compartments] = useState(() => ({
    language: new Compartment(),
    gutter: new Compartment(),
    theme: new Compartment(),
    editable: new Compartment(),
    attributes: new Compartment(),
    placeholder: new Compartment(),
  }));
  const [focused, setFocused] = useState(false);
  const [problem, setProblem] = useState(() => (language === 'json' ? jsonProblem(value) : null));

  const schemaKey = JSON.stringify(schema ?? null);
  const shownError =
    error ?? (problem ? t('codeEditor.jsonInvalid', { detail: problem.message }) : undefined);
  const invalid = Boolean(shownError);
  const errorText = typeof shownError === 'string' && shownError ? shownError : undefined;
  const runHint =
    onRun && !readOnly
      ? t('codeEditor.runHint', {
          shortcut: isMac() ? t('codeEditor.shortcutMac') : t('codeEditor.shortcut'),
        })
      : undefined;
  const below = errorText ?? helperText ?? runHint;

  const configuration = {
    language: () =>
      languageExtensions(language, schema, () => latest.current.variables) as Extension,
    gutter: () => (showsLineNumbers(language) ? lineNumbers() : []),
    theme: () => editorTheme(theme, palette, minLines, maxLines),
    editable: () => [EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)],
    attributes: () => [
      // CodeMirror's own words: the accessible name of the completion list.
      EditorState.phrases.of({ Completions: t('codeEditor.completions') }),
      EditorView.contentAttributes.of({
        'aria-label': label,
        ...(id ? { id } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(below ? { 'aria-describedby': describedById } : {}),
        // Focusable by its tab index, not only as editable content: read-only text can still be
        // selected and scrolled by keyboard, and axe counts a scrolling editor's content as
        // focusable only so (contenteditable alone fails "scrollable region focusable").
        tabindex: '0',
        ...(readOnly ? { 'aria-readonly': 'true' } : {}),
      }),
    ],
    placeholder: () => (placeholder ? placeholderText(placeholder) : []),
  };
  const current = useRef(configuration);
  const isJson = useRef(language === 'json');
  useLayoutEffect(() => {
    current.current = configuration;
    isJson.current = language === 'json';
  });

  // Created once; everything that changes later goes through the compartments below.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const config = current.current;
    const run = () => {
      const handler = latest.current.onRun;
      if (!handler) return false;
      handler();
      return true;
    };
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: value,
        extensions: [
          Prec.highest(keymap.of([{ key: 'Mod-Enter', run, preventDefault: true }])),
          compartments.gutter.of(config.gutter()),
          highlightSpecialChars(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          keymap.of([
            ...closeBracketsKeymap,
            ...defaultKeymap,
            ...historyKeymap,
            ...completionKeymap,
          ]),
          compartments.language.of(config.language()),
          compartments.theme.of(config.theme()),
          compartments.editable.of(config.editable()),
          compartments.attributes.of(config.attributes()),
          compartments.placeholder.of(config.placeholder()),
          EditorView.updateListener.of((update) => {
            if (update.focusChanged) setFocused(update.view.hasFocus);
            if (!update.docChanged) return;
            const text = update.state.doc.toString();
            if (isJson.current) setProblem(jsonProblem(text));
            if (update.transactions.some((tr) => tr.annotation(fromProps))) return;
            latest.current.onChange(text);
          }),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    // The view is made once; `value` and the settings reach it through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A value from outside (undo, another node, a query picked from the schema) replaces the
  // text with the smallest change, keeping the cursor where it was.
  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const doc = view.state.doc.toString();
    if (doc === value) return;
    view.dispatch({
      changes: minimalChange(doc, value),
      annotations: [fromProps.of(true), Transaction.addToHistory.of(false)],
    });
  }, [value]);

  const reconfigure = (compartment: Compartment, extension: Extension) => {
    const view = viewRef.current;
    if (view) view.dispatch({ effects: compartment.reconfigure(extension) });
  };
  useEffect(() => {
    reconfigure(compartments.language, current.current.language());
    reconfigure(compartments.gutter, current.current.gutter());
    const view = viewRef.current;
    if (view) setProblem(language === 'json' ? jsonProblem(view.state.doc.toString()) : null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, schemaKey]);
  useEffect(() => {
    reconfigure(compartments.theme, current.current.theme());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [theme, palette, minLines, maxLines]);
  useEffect(() => {
    reconfigure(compartments.editable, current.current.editable());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readOnly]);
  useEffect(() => {
    reconfigure(compartments.attributes, current.current.attributes());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [label, id, invalid, below, readOnly, t]);
  useEffect(() => {
    reconfigure(compartments.placeholder, current.current.placeholder());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [placeholder]);

  // As MUI's outlined input: the text colour at 23 %, the accent colour when focused.
  const outlined = `rgba(${theme.vars?.palette.common.onBackgroundChannel ?? '0 0 0'} / 0.23)`;
  const accent = invalid ? palette.error.main : palette.primary.main;
  return (
    <Box>
      {/* A form label like the text fields' (its colours, the theme's darker red for an error:
          the spec's red is 3.3:1 on white). Not a <label>: the editor is no labelable element. */}
      <FormLabel
        id={labelId}
        component="div"
        error={invalid}
        focused={focused}
        onClick={() => viewRef.current?.focus()}
        sx={{ mb: 0.5, typography: 'body2', cursor: 'default' }}
      >
        {label}
      </FormLabel>
      <Box
        ref={hostRef}
        dir="ltr"
        data-language={language}
        sx={{
          border: 1,
          borderColor: invalid ? 'error.main' : outlined,
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: readOnly ? 'action.hover' : 'transparent',
          transition: theme.transitions.create(['border-color', 'box-shadow']),
          '&:hover': { borderColor: invalid ? 'error.main' : 'text.primary' },
          ...(focused || invalid
            ? { borderColor: accent, '&:hover': { borderColor: accent } }
            : {}),
          ...(focused ? { boxShadow: `inset 0 0 0 1px ${accent}` } : {}),
        }}
      />
      {below ? (
        <FormHelperText id={describedById} error={invalid} sx={{ mx: 1.75 }}>
          {below}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
