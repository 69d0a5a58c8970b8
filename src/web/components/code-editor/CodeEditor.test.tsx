// @vitest-environment happy-dom
import { currentCompletions, startCompletion } from '@codemirror/autocomplete';
import { EditorView } from '@codemirror/view';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../list/test-wrapper';
import { CodeEditor, type CodeEditorProps } from '.';
import { deferSelectionChange } from './test-support';

deferSelectionChange();
afterEach(() => {
  cleanup();
  // A selection left inside a removed editor slows the next editors down under happy-dom.
  document.getSelection()?.removeAllRanges();
});

/** The editor kept by a parent, as a form would. */
function Controlled(props: Partial<CodeEditorProps> & { initial?: string }) {
  const { initial = '', onChange, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <CodeEditor
      label="Prompt"
      language="template"
      {...rest}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

const editorOf = (name: string) => screen.getByRole('textbox', { name });
const viewOf = (name: string) => {
  const view = EditorView.findFromDOM(editorOf(name));
  if (!view) throw new Error(`no editor named ${name}`);
  return view;
};

/** What CodeMirror dispatches for keyboard input: `text` inserted at the cursor. */
function typeInto(view: EditorView, text: string) {
  act(() => {
    view.dispatch(view.state.replaceSelection(text), {
      userEvent: 'input.type',
      scrollIntoView: true,
    });
  });
}

function putCursorAtEnd(view: EditorView) {
  act(() => {
    view.dispatch({ selection: { anchor: view.state.doc.length } });
  });
}

describe('CodeEditor', () => {
  it('is named by its label, shows the value from props and reports typing', async () => {
    const onChange = vi.fn();
    renderWithApp(
      <Controlled initial="Hello" helperText="Shown to the model" onChange={onChange} />,
    );
    const editor = editorOf('Prompt');
    expect(editor.textContent).toBe('Hello');
    expect(editor.getAttribute('contenteditable')).toBe('true');
    expect(screen.getByText('Prompt')).toBeTruthy();
    const helper = screen.getByText('Shown to the model');
    expect(editor.getAttribute('aria-describedby')).toBe(helper.id);
    expect(editor.closest('[dir]')?.getAttribute('dir')).toBe('ltr');

    const view = viewOf('Prompt');
    putCursorAtEnd(view);
    typeInto(view, ' world');
    expect(onChange).toHaveBeenLastCalledWith('Hello world');
    expect(editor.textContent).toBe('Hello world');
  });

  it('takes a new value from props without reporting it back, keeping the cursor', () => {
    const onChange = vi.fn();
    function Outside() {
      const [value, setValue] = useState('select 1');
      return (
        <>
          <CodeEditor label="Query" language="sql" value={value} onChange={onChange} />
          <button type="button" onClick={() => setValue('select 1 from t')}>
            Replace
          </button>
        </>
      );
    }
    renderWithApp(<Outside />);
    const view = viewOf('Query');
    act(() => view.dispatch({ selection: { anchor: 6 } }));
    fireEvent.click(screen.getByRole('button', { name: 'Replace' }));
    expect(viewOf('Query')).toBe(view);
    expect(view.state.doc.toString()).toBe('select 1 from t');
    expect(editorOf('Query').textContent).toContain('select 1 from t');
    expect(view.state.selection.main.head).toBe(6);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('offers the variables inside {{ }} of a template, and nothing outside', async () => {
    renderWithApp(<Controlled initial="Hi " variables={['input.message', 'nodes.query.rows']} />);
    const view = viewOf('Prompt');
    putCursorAtEnd(view);
    act(() => {
      startCompletion(view);
    });
    await waitFor(() => expect(currentCompletions(view.state)).toEqual([]));

    typeInto(view, '{{ ');
    await waitFor(() =>
      expect(currentCompletions(view.state).map((option) => option.label)).toEqual([
        'input.message',
        'nodes.query.rows',
      ]),
    );
    expect(document.querySelector('[role="listbox"]')?.getAttribute('aria-label')).toBe(
      'Completions',
    );
    typeInto(view, 'nodes');
    await waitFor(() =>
      expect(currentCompletions(view.state).map((option) => option.label)).toEqual([
        'nodes.query.rows',
      ]),
    );
  });

  it('offers the JSONata functions and the variables', async () => {
    renderWithApp(<Controlled language="jsonata" label="Expression" variables={['input.items']} />);
    const view = viewOf('Expression');
    typeInto(view, '$su');
    act(() => {
      startCompletion(view);
    });
    await waitFor(() =>
      expect(currentCompletions(view.state).map((option) => option.label)).toContain('$sum'),
    );
    act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: '' } }));
    typeInto(view, 'inp');
    act(() => {
      startCompletion(view);
    });
    await waitFor(() =>
      expect(currentCompletions(view.state).map((option) => option.label)).toContain('input.items'),
    );
  });

  it('completes the tables and columns of the SQL schema', async () => {
    renderWithApp(
      <Controlled
        language="sql"
        label="SQL"
        schema={{ customers: ['id', 'email'], orders: ['id', 'total'] }}
      />,
    );
    const view = viewOf('SQL');
    typeInto(view, 'select * from cust');
    act(() => {
      startCompletion(view);
    });
    await waitFor(() =>
      expect(currentCompletions(view.state).map((option) => option.label)).toContain('customers'),
    );
    typeInto(view, 'omers where customers.em');
    act(() => {
      startCompletion(view);
    });
    await waitFor(() =>
      expect(currentCompletions(view.state).map((option) => option.label)).toContain('email'),
    );
  });

  it('runs with Ctrl+Enter', () => {
    const onRun = vi.fn();
    renderWithApp(<Controlled language="sql" label="SQL" initial="select 1" onRun={onRun} />);
    expect(screen.getByText('Ctrl+Enter runs it.')).toBeTruthy();
    fireEvent.keyDown(editorOf('SQL'), { key: 'Enter', code: 'Enter', keyCode: 13, ctrlKey: true });
    expect(onRun).toHaveBeenCalledTimes(1);
    expect(viewOf('SQL').state.doc.toString()).toBe('select 1');
  });

  it('leaves Tab to the browser, so focus can move on', () => {
    renderWithApp(<Controlled initial="x" />);
    const event = fireEvent.keyDown(editorOf('Prompt'), { key: 'Tab', code: 'Tab', keyCode: 9 });
    // Not prevented: the browser's default (moving focus) happens.
    expect(event).toBe(true);
    expect(viewOf('Prompt').state.doc.toString()).toBe('x');
  });

  it('is not editable when read-only', () => {
    const onChange = vi.fn();
    renderWithApp(<Controlled initial="fixed" readOnly onChange={onChange} />);
    const editor = editorOf('Prompt');
    expect(editor.getAttribute('contenteditable')).toBe('false');
    expect(editor.getAttribute('aria-readonly')).toBe('true');
    expect(editor.getAttribute('tabindex')).toBe('0');
    const view = viewOf('Prompt');
    expect(view.state.readOnly).toBe(true);
    fireEvent.keyDown(editor, { key: 'Enter', code: 'Enter', keyCode: 13, ctrlKey: true });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows the error below and marks the editor invalid', () => {
    renderWithApp(<Controlled initial="{{ x" error="Close the {{ tag" helperText="hidden" />);
    const editor = editorOf('Prompt');
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    const error = screen.getByText('Close the {{ tag');
    expect(editor.getAttribute('aria-describedby')).toBe(error.id);
    expect(screen.queryByText('hidden')).toBeNull();
  });

  it('says where JSON stops parsing', () => {
    renderWithApp(<Controlled language="json" label="Body" initial='{"a": }' />);
    const editor = editorOf('Body');
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/^Not valid JSON: /)).toBeTruthy();
    expect(editor.querySelector('.cm-json-error')?.textContent).toBe('}');

    const view = viewOf('Body');
    act(() =>
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: '{"a": 1}' } }),
    );
    expect(editor.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(/^Not valid JSON: /)).toBeNull();
  });
  // Last: under happy-dom, completion lists opened after an editor had focus grow slow, then
  // hang (seen with the JSONata list), whatever the component does on focus.
  it('takes focus from a click on its label', () => {
    renderWithApp(<Controlled language="sql" label="SQL" />);
    fireEvent.click(screen.getByText('SQL'));
    expect(document.activeElement).toBe(editorOf('SQL'));
    expect(viewOf('SQL').hasFocus).toBe(true);
  });
});
