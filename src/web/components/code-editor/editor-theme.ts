import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import {
  alpha,
  darken,
  getContrastRatio,
  lighten,
  type Palette,
  type Theme,
} from '@mui/material/styles';

export const MONOSPACE =
  'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
const FONT_SIZE = 14;
/** Pixels per line (FONT_SIZE × 1.5), to turn minLines and maxLines into heights. */
export const LINE_HEIGHT = 21;
const PADDING_Y = 8;

/**
 * The editor's colours and sizes from the MUI theme. The app's theme keeps its colours in CSS
 * variables, so `palette` is the resolved palette of the colour scheme in use (light or dark).
 */
export function editorTheme(
  theme: Theme,
  palette: Palette,
  minLines: number,
  maxLines: number,
): Extension {
  const dark = palette.mode === 'dark';
  const selection = alpha(palette.primary.main, dark ? 0.35 : 0.2);
  const view = EditorView.theme(
    {
      '&': {
        color: palette.text.primary,
        backgroundColor: 'transparent',
        fontSize: `${FONT_SIZE}px`,
      },
      '&.cm-focused': { outline: 'none' },
      '.cm-scroller': {
        fontFamily: MONOSPACE,
        lineHeight: `${LINE_HEIGHT}px`,
        maxHeight: `${maxLines * LINE_HEIGHT + 2 * PADDING_Y}px`,
        overflow: 'auto',
      },
      '.cm-content': {
        minHeight: `${minLines * LINE_HEIGHT}px`,
        padding: `${PADDING_Y}px 0`,
        caretColor: palette.text.primary,
      },
      '.cm-line': { padding: '0 12px' },
      '.cm-gutters': {
        backgroundColor: 'transparent',
        color: palette.text.secondary,
        border: 'none',
        borderInlineEnd: `1px solid ${palette.divider}`,
      },
      '.cm-gutterElement': { padding: '0 8px 0 12px !important' },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: palette.text.primary },
      '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
        { backgroundColor: selection },
      '.cm-placeholder': { color: palette.text.secondary },
      '.cm-matchingBracket': {
        backgroundColor: alpha(palette.primary.main, 0.15),
        outline: `1px solid ${alpha(palette.primary.main, 0.5)}`,
      },
      '.cm-template-tag': {
        backgroundColor: alpha(palette.primary.main, dark ? 0.18 : 0.08),
        borderRadius: '3px',
      },
      '.cm-json-error': {
        textDecoration: `wavy underline ${palette.error.main}`,
        textUnderlineOffset: '3px',
      },
      '.cm-tooltip': {
        backgroundColor: palette.background.paper,
        color: palette.text.primary,
        border: `1px solid ${palette.divider}`,
        borderRadius: `${theme.shape.borderRadius}px`,
        boxShadow: theme.shadows[4],
        overflow: 'hidden',
      },
      '.cm-tooltip.cm-tooltip-autocomplete > ul': { fontFamily: MONOSPACE, maxHeight: '16em' },
      '.cm-tooltip.cm-tooltip-autocomplete > ul > li': { padding: '2px 8px' },
      '.cm-tooltip.cm-tooltip-autocomplete > ul > li[aria-selected]': {
        backgroundColor: alpha(palette.primary.main, dark ? 0.35 : 0.16),
        color: palette.text.primary,
      },
      '.cm-completionDetail': { color: palette.text.secondary },
      '.cm-completionMatchedText': { textDecoration: 'none', fontWeight: 700 },
    },
    { dark },
  );
  // Token colours: the palette's shade that suits the scheme, pushed further until it reads at
  // 4.5:1 on the surface (some shades, like light warning, fall just short).
  const surface = palette.background.paper;
  const shade = (colour: { main: string; dark: string; light: string }) => {
    let result = dark ? colour.light : colour.dark;
    for (let step = 0; step < 10 && getContrastRatio(result, surface) < 4.5; step++) {
      result = dark ? lighten(result, 0.1) : darken(result, 0.1);
    }
    return result;
  };
  const highlight = HighlightStyle.define([
    {
      tag: [tags.keyword, tags.operatorKeyword, tags.controlKeyword],
      color: shade(palette.primary),
      fontWeight: 600,
    },
    { tag: [tags.string, tags.special(tags.string)], color: shade(palette.success) },
    { tag: [tags.number, tags.bool, tags.atom, tags.null], color: shade(palette.warning) },
    {
      tag: [tags.comment, tags.lineComment, tags.blockComment],
      color: palette.text.secondary,
      fontStyle: 'italic',
    },
    { tag: [tags.propertyName, tags.variableName], color: shade(palette.info) },
    {
      tag: [tags.standard(tags.variableName), tags.function(tags.variableName)],
      color: shade(palette.secondary),
    },
    { tag: tags.special(tags.variableName), color: shade(palette.secondary) },
    { tag: [tags.typeName, tags.typeOperator], color: shade(palette.secondary) },
    { tag: tags.brace, color: shade(palette.primary), fontWeight: 700 },
    {
      tag: [tags.operator, tags.punctuation, tags.bracket, tags.separator],
      color: palette.text.secondary,
    },
    { tag: tags.invalid, color: palette.error.main },
  ]);
  return [view, syntaxHighlighting(highlight)];
}
