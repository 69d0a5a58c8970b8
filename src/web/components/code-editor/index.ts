export { CodeEditor } from './CodeEditor';
export type { CodeEditorProps, CodeLanguage } from './types';
