import { useState } from 'react';

/** What the hook needs of a react-query mutation. */
interface TargetMutation<TVariables> {
  mutate: (variables: TVariables, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
}

/**
 * An action on one record that asks first (remove a member, revoke an invitation): `ask(record)`
 * opens the ConfirmDialog with the mutation's last error cleared; `dialog` is spread into it.
 * On success the dialog closes and `onDone` says so (a snackbar); on failure it stays open with
 * the error.
 */
export function useConfirmTarget<T, TVariables>(
  mutation: TargetMutation<TVariables>,
  variables: (target: T) => TVariables,
  onDone: (target: T) => void,
) {
  const [target, setTarget] = useState<T | null>(null);
  return {
    target,
    ask: (next: T) => {
      mutation.reset();
      setTarget(next);
    },
    dialog: {
      open: target !== null,
      pending: mutation.isPending,
      error: mutation.error,
      onClose: () => setTarget(null),
      onConfirm: () => {
        if (target === null) return;
        mutation.mutate(variables(target), {
          onSuccess: () => {
            setTarget(null);
            onDone(target);
          },
        });
      },
    },
  };
}
