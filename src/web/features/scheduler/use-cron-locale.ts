import { useEffect, useState } from 'react';
import { loadCronLocale } from './cron-presets';

/** Loads cron descriptions' words for the language and redraws once they are there. */
export function useCronLocale(language: string): void {
  const [, setLoaded] = useState(0);
  useEffect(() => {
    let current = true;
    void loadCronLocale(language).then(() => {
      if (current) setLoaded((n) => n + 1);
    });
    return () => {
      current = false;
    };
  }, [language]);
}
