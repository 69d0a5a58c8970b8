// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
import { renderWithApp } from './list/test-wrapper';

afterEach(cleanup);

function renderDialog(props: Partial<ConfirmDialogProps> = {}) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  const result = renderWithApp(
    <ConfirmDialog
      open
      title="Delete Acme?"
      body="Its projects keep their data."
      confirmLabel="Delete"
      destructive
      onConfirm={onConfirm}
      onClose={onClose}
      {...props}
    />,
  );
  return { onConfirm, onClose, ...result };
}

describe('ConfirmDialog', () => {
  it('is a dialog named by its title and described by its text', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Delete Acme?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Its projects keep their data.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('confirms with its button and cancels with Cancel', async () => {
    const user = userEvent.setup();
    const { onConfirm, onClose } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('cancels with Escape', async () => {
    const user = userEvent.setup();
    const { onConfirm, onClose } = renderDialog();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('cannot be dismissed while the action runs', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog({ pending: true });
    expect(screen.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows a failed attempt's error inside, as an alert", () => {
    renderDialog({ error: new Error('Network down') });
    expect(screen.getByRole('alert').textContent).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  describe('type-the-name variant', () => {
    const typeName = { typeName: 'Acme', typeNameLabel: 'Type the name to confirm' };

    it('keeps the button disabled until the name is typed', async () => {
      const user = userEvent.setup();
      const { onConfirm } = renderDialog(typeName);
      const field = screen.getByRole('textbox', { name: 'Type the name to confirm' });
      const button = screen.getByRole('button', { name: 'Delete' });
      expect(button.hasAttribute('disabled')).toBe(true);
      await user.type(field, 'Acm');
      expect(button.hasAttribute('disabled')).toBe(true);
      await user.type(field, 'e ');
      expect(button.hasAttribute('disabled')).toBe(false);
      await user.click(button);
      expect(onConfirm).toHaveBeenCalledTimes(1);
    });

    it('focuses the field and still cancels with Escape', async () => {
      const user = userEvent.setup();
      const { onClose } = renderDialog(typeName);
      const field = screen.getByRole('textbox', { name: 'Type the name to confirm' });
      expect(document.activeElement).toBe(field);
      await user.keyboard('{Escape}');
      expect(onClose).toHaveBeenCalledTimes(1);
    });

    it('starts empty each time it opens', async () => {
      const user = userEvent.setup();
      const { rerender } = renderDialog(typeName);
      await user.type(screen.getByRole('textbox', { name: 'Type the name to confirm' }), 'Acme');
      const props = {
        title: 'Delete Acme?',
        body: 'Its projects keep their data.',
        confirmLabel: 'Delete',
        onConfirm: () => {},
        onClose: () => {},
        ...typeName,
      };
      rerender(<ConfirmDialog open={false} {...props} />);
      rerender(<ConfirmDialog open {...props} />);
      const field = await screen.findByRole('textbox', { name: 'Type the name to confirm' });
      expect((field as HTMLInputElement).value).toBe('');
    });
  });
});
