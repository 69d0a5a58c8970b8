import type { CodeEditorProps } from './types';

export function CodeEditor(props: CodeEditorProps) {
  return (
    <textarea
      aria-label={props.label}
      value={props.value}
      readOnly={props.readOnly}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}
