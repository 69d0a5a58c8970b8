// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  agentNodeSchema,
  type AgentNode,
  type NodeType,
} from '../../../../../shared/schemas/agent-graph';
import type { AgentGraphProblem } from '../../../../../shared/schemas/agents';
import { renderWithApp } from '../../../../components/list/test-wrapper';
import { NodeForm, type BuilderModel } from './index';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../../lib/api', async (original) => ({
  ...(await original<typeof import('../../../../lib/api')>()),
  api,
}));
vi.mock('../../../../lib/auth-store', () => ({
  useAuthState: (pick: (state: { selectedOrgId: string }) => unknown) =>
    pick({ selectedOrgId: 'org1' }),
}));

const PROVIDER = {
  id: 'prov-1',
  name: 'OpenAI',
  kind: 'openai-compatible',
  baseUrl: 'https://api.openai.com/v1',
  models: [
    { id: 'gpt-4o', inputPrice: null, outputPrice: null },
    { id: 'gpt-4o-mini', inputPrice: null, outputPrice: null },
  ],
  defaultModel: 'gpt-4o-mini',
  headerNames: [],
  hasApiKey: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const SOURCE = { id: 'src-1', name: 'Warehouse', type: 'postgres' };
const SCHEMA = {
  tables: [
    {
      schema: 'public',
      name: 'orders',
      kind: 'table',
      columns: [
        { name: 'id', type: 'int', nullable: false },
        { name: 'total', type: 'numeric', nullable: true },
      ],
    },
  ],
  truncated: false,
};

beforeEach(() => {
  api.mockReset();
  api.mockImplementation((path: string) => {
    if (path === '/model-providers') return Promise.resolve({ items: [PROVIDER] });
    if (path === '/data-sources') {
      return Promise.resolve({ items: [SOURCE], total: 1, page: 1, pageSize: 100 });
    }
    if (path === `/data-sources/${SOURCE.id}/schema`) return Promise.resolve(SCHEMA);
    return Promise.reject(new Error(`unexpected ${path}`));
  });
});
afterEach(cleanup);

/** A node of `type` as the graph stores it (its data through the shared schema). */
function nodeOf(type: NodeType, data: Record<string, unknown> = {}, id = 'step'): AgentNode {
  return agentNodeSchema.parse({ id, type, position: { x: 0, y: 0 }, data });
}

function renderForm(
  node: AgentNode,
  options: { readOnly?: boolean; problems?: AgentGraphProblem[]; builderModel?: BuilderModel } = {},
) {
  const onChange = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let show: (next: AgentNode) => void = () => {};
  function Harness() {
    const [shown, setShown] = useState(node);
    show = setShown;
    return (
      <NodeForm
        node={shown}
        onChange={onChange}
        variables={['input.message', 'nodes.query.rows']}
        readOnly={options.readOnly ?? false}
        problems={options.problems ?? []}
        builderModel={options.builderModel}
      />
    );
  }
  renderWithApp(
    <QueryClientProvider client={queryClient}>
      <Harness />
    </QueryClientProvider>,
  );
  /** Shows another node in the same form (as the builder does when the selection changes). */
  const rerender = (next: AgentNode) => act(() => show(next));
  return { onChange, rerender };
}

/** The data of the last onChange call. */
const lastData = (onChange: ReturnType<typeof vi.fn>) =>
  onChange.mock.calls.at(-1)?.[0] as Record<string, unknown>;

/** The text that describes a control (its helper or error line). */
function description(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/** Replaces the text of the code editor named `name`, as typing would. */
function setEditorText(name: string | RegExp, text: string) {
  const view = EditorView.findFromDOM(screen.getByRole('textbox', { name }));
  if (!view) throw new Error(`no code editor named ${String(name)}`);
  act(() => {
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: text },
      userEvent: 'input.type',
    });
  });
}

async function choose(combobox: HTMLElement, option: string | RegExp) {
  await userEvent.click(combobox);
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('NodeForm', () => {
  it('describes the node type and what it outputs', () => {
    renderForm(nodeOf('transform', { expression: '1' }, 'double'));
    expect(screen.getByRole('heading', { name: /Transform/ })).toBeTruthy();
    expect(screen.getByText("Outputs the expression's value as nodes.double.")).toBeTruthy();
  });

  it('llm: choosing a provider sends its id and fills the model with its default', async () => {
    const { onChange } = renderForm(nodeOf('llm', { prompt: 'Hi' }));
    await choose(await screen.findByRole('combobox', { name: /^Model provider/ }), 'OpenAI');
    await waitFor(() =>
      expect(lastData(onChange)).toMatchObject({
        providerId: PROVIDER.id,
        model: 'gpt-4o-mini',
        prompt: 'Hi',
        maxToolRounds: 4,
      }),
    );
    expect(api).toHaveBeenCalledWith('/model-providers', expect.anything());
  });

  it('llm in the try-builder: no provider picker, the builder’s model said, any model typed', async () => {
    const { onChange } = renderForm(nodeOf('llm', { prompt: 'Hi' }), {
      builderModel: { kind: 'own', model: 'llama3' },
    });
    expect(screen.queryByRole('combobox', { name: /^Model provider/ })).toBeNull();
    expect(screen.getByText(/call your own endpoint, with the model llama3/)).toBeTruthy();
    const model = screen.getByRole('textbox', { name: /^Model/ });
    expect(description(model)).toMatch(/empty: the builder's model/);
    await userEvent.type(model, 'qwen2.5');
    expect(lastData(onChange)).toMatchObject({ model: 'qwen2.5', prompt: 'Hi' });
    expect(api).not.toHaveBeenCalledWith('/model-providers', expect.anything());
    cleanup();

    renderForm(nodeOf('llm'), { builderModel: { kind: 'demo', model: 'demo-small' } });
    expect(screen.getByText(/demo model \(demo-small\)/)).toBeTruthy();
    cleanup();
    renderForm(nodeOf('llm'), { builderModel: { kind: 'none' } });
    expect(screen.getByText(/need a model: Set a model/)).toBeTruthy();
  });

  it('llm: a number field sends a number, and an empty one none', async () => {
    const { onChange } = renderForm(nodeOf('llm', { temperature: 1 }));
    const temperature = screen.getByRole('spinbutton', { name: /^Temperature/ });
    await userEvent.clear(temperature);
    expect(lastData(onChange)).not.toHaveProperty('temperature', expect.anything());
    await userEvent.type(temperature, '0.5');
    expect(lastData(onChange)).toMatchObject({ temperature: 0.5 });
  });

  it('shows zod errors inline and still sends what was typed', async () => {
    const { onChange } = renderForm(nodeOf('llm'));
    const temperature = screen.getByRole('spinbutton', { name: /^Temperature/ });
    await userEvent.type(temperature, '5');
    expect(lastData(onChange)).toMatchObject({ temperature: 5 });
    await waitFor(() => expect(description(temperature)).toContain('At most 2.'));
  });

  it('shows a problem on its field, and problems of no field on top', async () => {
    renderForm(nodeOf('datasource_query'), {
      problems: [
        { nodeId: 'step', field: 'dataSourceId', code: 'required', message: 'required' },
        { nodeId: 'step', code: 'unreachable', message: 'This step cannot be reached' },
      ],
    });
    const source = screen.getByRole('combobox', { name: /^Data source/ });
    expect(description(source)).toContain('This field is required.');
    expect(screen.getByRole('alert').textContent).toContain('This step cannot be reached');
  });

  it('datasource_query: lists the sources, and choosing one loads its tables', async () => {
    const { onChange } = renderForm(nodeOf('datasource_query', { sql: 'select 1' }));
    await choose(screen.getByRole('combobox', { name: /^Data source/ }), /^Warehouse/);
    await waitFor(() =>
      expect(lastData(onChange)).toMatchObject({ dataSourceId: SOURCE.id, sql: 'select 1' }),
    );
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(`/data-sources/${SOURCE.id}/schema`, expect.anything()),
    );
  });

  it('datasource_query: one value per named parameter of the SQL', () => {
    renderForm(
      nodeOf('datasource_query', {
        sql: 'select * from orders where id = :order_id and created::date > :since',
      }),
    );
    expect(screen.getByRole('group', { name: ':order_id' })).toBeTruthy();
    expect(screen.getByRole('group', { name: ':since' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: ':date' })).toBeNull();
  });

  it('start: inputs are added, edited and removed', async () => {
    const { onChange } = renderForm(nodeOf('start', { mode: 'fields' }, 'start'));
    await userEvent.click(screen.getByRole('button', { name: 'Add an input' }));
    expect(lastData(onChange)).toMatchObject({
      mode: 'fields',
      inputs: [{ name: 'input_1', type: 'string', required: false, description: '' }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add an input' }));
    const second = screen.getByRole('group', { name: 'Input 2' });
    const name = within(second).getByRole('textbox', { name: /^Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'customer_id');
    await userEvent.click(within(second).getByRole('checkbox', { name: 'Required' }));
    expect(lastData(onChange)).toMatchObject({
      inputs: [{ name: 'input_1' }, { name: 'customer_id', required: true }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Input 1' }));
    expect(lastData(onChange)).toMatchObject({ inputs: [{ name: 'customer_id' }] });
    expect((lastData(onChange).inputs as unknown[]).length).toBe(1);
  });

  it('start: a name that breaks the pattern says so on the field', async () => {
    renderForm(nodeOf('start', { mode: 'fields', inputs: [{ name: 'ok', type: 'string' }] }));
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, '1st');
    await waitFor(() =>
      expect(description(name)).toContain('Use letters, digits and _ (start with a letter or _).'),
    );
  });

  it('condition: cases are added with free ids and reordered; else always exists', async () => {
    const { onChange } = renderForm(
      nodeOf('condition', { cases: [{ id: 'case_1', expression: 'true' }] }),
    );
    expect(
      screen.getByText('When no case is true, the else branch runs: it always exists.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add a case' }));
    expect(lastData(onChange)).toMatchObject({
      cases: [
        { id: 'case_1', expression: 'true' },
        { id: 'case_2', label: '', expression: '' },
      ],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Move Case 2 up' }));
    expect(lastData(onChange)).toMatchObject({ cases: [{ id: 'case_2' }, { id: 'case_1' }] });
  });

  it('http_request: method and header rows', async () => {
    const { onChange } = renderForm(nodeOf('http_request', { url: 'https://x.test' }));
    await choose(screen.getByRole('combobox', { name: /^Method/ }), 'POST');
    await userEvent.click(screen.getByRole('button', { name: 'Add a header' }));
    const header = screen.getByRole('group', { name: 'Header 1' });
    await userEvent.type(within(header).getByRole('textbox', { name: 'Name' }), 'X-Team');
    expect(lastData(onChange)).toMatchObject({
      method: 'POST',
      url: 'https://x.test',
      headers: [{ name: 'X-Team', value: '' }],
    });
  });

  it('send_email: recipients become chips', async () => {
    const { onChange } = renderForm(nodeOf('send_email', { subject: 'Hi' }));
    const to = screen.getByRole('combobox', { name: /^To/ });
    await userEvent.type(to, 'a@example.com{Enter}');
    await userEvent.type(to, 'b@example.com, c@example.com{Enter}');
    expect(lastData(onChange)).toMatchObject({
      to: ['a@example.com', 'b@example.com', 'c@example.com'],
      subject: 'Hi',
    });
  });

  it('advanced: the error policy and retries', async () => {
    const { onChange } = renderForm(nodeOf('transform', { expression: '1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Advanced' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Continue' }));
    expect(lastData(onChange)).toMatchObject({ onError: 'continue', expression: '1' });
    await userEvent.type(screen.getByRole('spinbutton', { name: /^Retries/ }), '2');
    expect(lastData(onChange)).toMatchObject({ retries: { max: 2, backoffMs: 1000 } });
  });

  it('read-only: every control is disabled and no list can be changed', () => {
    renderForm(
      nodeOf('start', { mode: 'fields', inputs: [{ name: 'n', type: 'number' }] }, 'start'),
      { readOnly: true },
    );
    const inputs = [
      ...screen.getAllByRole('textbox'),
      ...screen.getAllByRole('checkbox'),
      ...screen.getAllByRole('radio', { hidden: true }),
    ];
    for (const input of inputs)
      expect((input as HTMLInputElement).disabled, input.outerHTML).toBe(true);
    for (const select of screen.getAllByRole('combobox')) {
      expect(select.getAttribute('aria-disabled')).toBe('true');
    }
    expect(screen.queryByRole('button', { name: 'Add an input' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('starts over when another node is shown', async () => {
    const { onChange, rerender } = renderForm(nodeOf('transform', { label: 'First' }, 'first'));
    await userEvent.click(screen.getByRole('button', { name: 'Advanced' }));
    expect((screen.getByRole('textbox', { name: /^Label/ }) as HTMLInputElement).value).toBe(
      'First',
    );
    await userEvent.clear(screen.getByRole('textbox', { name: /^Label/ }));
    expect(lastData(onChange)).not.toHaveProperty('label', expect.anything());
    rerender(nodeOf('transform', { label: 'Second' }, 'second'));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /^Label/ }) as HTMLInputElement).value).toBe(
        'Second',
      ),
    );
  });

  it('takes the data the builder changes itself (undo) without sending it back', async () => {
    const { onChange, rerender } = renderForm(nodeOf('transform', { label: 'Before' }, 'same'));
    await userEvent.click(screen.getByRole('button', { name: 'Advanced' }));
    rerender(nodeOf('transform', { label: 'Undone' }, 'same'));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /^Label/ }) as HTMLInputElement).value).toBe(
        'Undone',
      ),
    );
    expect(onChange).not.toHaveBeenCalled();
  });

  it('transform: the expression editor sends the JSONata typed', () => {
    const { onChange } = renderForm(nodeOf('transform'));
    setEditorText(/^Expression/, 'nodes.query.rowCount * 2');
    expect(lastData(onChange)).toMatchObject({ expression: 'nodes.query.rowCount * 2' });
  });

  it('output: JSON is parsed as typed; text that does not parse stays and says why', async () => {
    const { onChange } = renderForm(nodeOf('output', { mode: 'json', json: { a: 1 } }));
    setEditorText(/^JSON mapping/, '{ "answer": "{{ nodes.llm.text }}" ');
    await waitFor(() => expect(screen.getByText(/^Not valid JSON/)).toBeTruthy());
    expect(onChange).not.toHaveBeenCalled();
    const editor = screen.getByRole('textbox', { name: /^JSON mapping/ });
    expect(editor.textContent).toContain('"answer"');
    setEditorText(/^JSON mapping/, '{ "answer": "{{ nodes.llm.text }}" }');
    expect(lastData(onChange)).toMatchObject({
      mode: 'json',
      json: { answer: '{{ nodes.llm.text }}' },
    });
    await waitFor(() => expect(screen.queryByText(/^Not valid JSON/)).toBeNull());
  });
});
