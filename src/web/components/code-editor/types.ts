export type CodeLanguage = 'sql' | 'json' | 'jsonata' | 'template';

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  language: CodeLanguage;
  /** Visible label above the editor and the accessible name of its editable area. */
  label: string;
  /** template and jsonata: names offered on completion, e.g. 'input.message', 'nodes.query.rows'. */
  variables?: string[];
  /** sql: tables and their columns, completed as the user types. */
  schema?: Record<string, string[]>;
  /** default 3 */
  minLines?: number;
  /** default 16, then it scrolls */
  maxLines?: number;
  readOnly?: boolean;
  /** shown in the error colour below, and aria-invalid (`true`: invalid with no message) */
  error?: string | boolean;
  /** shown below when there is no error */
  helperText?: string;
  /** Ctrl+Enter / Cmd+Enter */
  onRun?: () => void;
  placeholder?: string;
  id?: string;
}
