import { StateField, type Text } from '@codemirror/state';
import { Decoration, EditorView, type DecorationSet } from '@codemirror/view';

export interface JsonProblem {
  /** Offset in the text where parsing failed. */
  pos: number;
  message: string;
}

/** Where `text` stops being JSON (null when it parses, or when it is blank: nothing typed yet). */
export function jsonProblem(text: string): JsonProblem | null {
  if (!text.trim()) return null;
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return { pos: errorOffset(error.message, text), message: error.message };
  }
}

/** V8 says "at position N" or "(line L column C)"; without either, the end of the text. */
function errorOffset(message: string, text: string): number {
  const position = message.match(/at position (\d+)/);
  if (position) return Math.min(Number(position[1]), text.length);
  const lineColumn = message.match(/line (\d+) column (\d+)/);
  if (lineColumn) {
    const lines = text.split('\n').slice(0, Number(lineColumn[1]) - 1);
    const start = lines.reduce((sum, line) => sum + line.length + 1, 0);
    return Math.min(start + Number(lineColumn[2]) - 1, text.length);
  }
  return text.length;
}

const mark = Decoration.mark({ class: 'cm-json-error' });

function underline(doc: Text): DecorationSet {
  const problem = jsonProblem(doc.toString());
  if (!problem || doc.length === 0) return Decoration.none;
  // Mark the character that broke parsing (the last one when the text ended too early).
  const from = Math.min(problem.pos, doc.length - 1);
  return Decoration.set([mark.range(from, from + 1)]);
}

/** A wavy underline where the JSON stops parsing. */
export const jsonUnderline = StateField.define<DecorationSet>({
  create: (state) => underline(state.doc),
  update: (value, tr) => (tr.docChanged ? underline(tr.state.doc) : value),
  provide: (field) => EditorView.decorations.from(field),
});
