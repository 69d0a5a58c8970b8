import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ConnectionTestResult } from '../../../shared/schemas/data-sources';
import type { ConnectionForm } from './settings-form';

/** The result of 'Test connection', cleared as soon as the form changes. */
export function useTestResult(form: UseFormReturn<ConnectionForm>) {
  const state = useState<ConnectionTestResult | null>(null);
  const setResult = state[1];
  useEffect(() => {
    const subscription = form.watch(() => setResult(null));
    return () => subscription.unsubscribe();
  }, [form, setResult]);
  return state;
}
