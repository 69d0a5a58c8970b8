// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../components/list/test-wrapper';
import { AccessSummaryList } from './AccessSummaryList';
import { RulesDisclosure } from './RulesDisclosure';

afterEach(cleanup);

describe('AccessSummaryList', () => {
  it('says in words what the rules allow, area by area', () => {
    renderWithApp(
      <>
        <h2 id="summary">What you can do</h2>
        <AccessSummaryList
          labelledBy="summary"
          rules={[
            { action: 'read', subject: 'all' },
            { action: 'update', subject: 'User', conditions: { id: 'u1' } },
            { action: 'manage', subject: 'customer' },
          ]}
        />
      </>,
    );
    const list = screen.getByRole('list', { name: 'What you can do' });
    const item = (name: string) =>
      within(list)
        .getAllByRole('listitem')
        .find((element) => element.textContent?.startsWith(name));
    expect(item('Projects')?.textContent).toBe('ProjectsYou can view.');
    expect(item('Members')?.textContent).toBe(
      'MembersYou can view and change (your own record only).',
    );
    expect(item('Customers')?.textContent).toBe(
      'CustomersFull access: you can view, create, change and delete.',
    );
    expect(item('Super admin')?.textContent).toBe('Super adminYou can view.');
  });
});

describe('RulesDisclosure', () => {
  it('hides its content until its button is pressed, telling whether it is expanded', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <RulesDisclosure label="Show rules">
        <table aria-label="Your effective rules" />
      </RulesDisclosure>,
    );
    const button = screen.getByRole('button', { name: 'Show rules' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('table', { name: 'Your effective rules' })).toBeTruthy();
    expect(button.getAttribute('aria-controls')).toBeTruthy();
  });
});
