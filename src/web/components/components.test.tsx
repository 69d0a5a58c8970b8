// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import { BrandLogo } from './BrandLogo';
import { ErrorAlert } from './ErrorAlert';
import { LanguageMenu } from './LanguageMenu';
import { LanguageSwitcher } from './LanguageSwitcher';
import { renderWithApp } from './list/test-wrapper';
import { PageHeader } from './PageHeader';
import { SearchField } from './SearchField';

afterEach(cleanup);

describe('ErrorAlert', () => {
  it('shows nothing without an error', () => {
    const { container } = renderWithApp(<ErrorAlert error={null} />);
    expect(container.textContent).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("reads the API's message after the lead, as an alert", () => {
    const error = new ApiError(422, { code: 'SOMETHING_ODD', message: 'The server stumbled.' });
    renderWithApp(<ErrorAlert error={error} lead="The list could not be loaded." />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The list could not be loaded.');
  });

  it('offers "Try again" when it can retry, by mouse or keyboard', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    renderWithApp(<ErrorAlert error={new Error('offline')} onRetry={onRetry} />);
    const retry = screen.getByRole('button', { name: 'Try again' });
    await user.click(retry);
    retry.focus();
    await user.keyboard('{Enter}');
    expect(onRetry).toHaveBeenCalledTimes(2);
  });

  it('words the error with the given describer', () => {
    renderWithApp(<ErrorAlert error={new Error('x')} describe={() => 'Own words'} />);
    expect(screen.getByRole('alert').textContent).toBe('Own words');
  });
});

describe('SearchField', () => {
  it('is a search box named by its label that reports each change', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithApp(<SearchField label="Search customers" value="" onChange={onChange} />);
    const box = screen.getByRole('searchbox', { name: 'Search customers' });
    await user.type(box, 'a');
    expect(onChange).toHaveBeenCalledWith('a');
  });
});

describe('PageHeader', () => {
  it('is the level-one heading with its subtitle and action', () => {
    renderWithApp(
      <PageHeader
        title="Customers"
        subtitle="Everyone you sell to."
        action={<button>New</button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Customers' })).toBeTruthy();
    expect(screen.getByText('Everyone you sell to.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New' })).toBeTruthy();
  });
});

describe('BrandLogo', () => {
  it("shows the app's name and hides the mark from screen readers", () => {
    const { container } = renderWithApp(<BrandLogo />);
    expect(container.textContent).toBe('Meridian');
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('LanguageSwitcher', () => {
  it('is a labelled select showing the current language', () => {
    renderWithApp(<LanguageSwitcher />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select.textContent).toContain('English');
  });

  it('LanguageMenu: a menu button whose menu marks the current language, closed by Escape', async () => {
    const user = userEvent.setup();
    renderWithApp(<LanguageMenu />);
    const button = screen.getByRole('button', { name: /English/ });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    await user.click(button);
    const items = screen.getAllByRole('menuitemradio');
    expect(items.length).toBeGreaterThanOrEqual(3);
    const checked = items.filter((item) => item.getAttribute('aria-checked') === 'true');
    expect(checked.map((item) => item.textContent)).toEqual(['English']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
