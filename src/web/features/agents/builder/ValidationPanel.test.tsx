// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateGraph } from '../../../../shared/engine/validate';
import { agentGraphSchema } from '../../../../shared/schemas/agent-graph';
import { renderWithApp } from '../../../components/list/test-wrapper';
import { ValidationPanel } from './ValidationPanel';

afterEach(cleanup);

/** start → reply, and a transform nothing leads to, with no expression. */
const graph = agentGraphSchema.parse({
  schemaVersion: 1,
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { mode: 'chat' } },
    { id: 'lost', type: 'transform', position: { x: 1, y: 0 }, data: { expression: '' } },
    { id: 'reply', type: 'output', position: { x: 2, y: 0 }, data: { text: 'ok' } },
  ],
  edges: [{ id: 'a', source: 'start', target: 'reply' }],
});

describe('the validation panel', () => {
  it('lists each problem of the draft with its step, and a click jumps to the step', async () => {
    const problems = validateGraph(graph);
    expect(problems.length).toBeGreaterThan(0);
    const onJump = vi.fn();
    renderWithApp(<ValidationPanel problems={problems} onJump={onJump} />);
    const list = screen.getByRole('list', { name: 'Problems of the draft' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(problems.length);
    const first = screen.getAllByRole('button', { name: /lost/ })[0]!;
    await userEvent.click(first);
    expect(onJump).toHaveBeenCalledWith('lost');
  });

  it('says the draft can be published when it has no problem', () => {
    renderWithApp(<ValidationPanel problems={[]} onJump={() => {}} />);
    expect(screen.getByText('No problems: this draft can be published.')).toBeTruthy();
  });
});
