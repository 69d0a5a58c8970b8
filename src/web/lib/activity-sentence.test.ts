import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLocale } from '../locales';
import { activitySentence } from './activity-sentence';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: {
      en: { translation: await loadLocale('en') },
      fr: { translation: await loadLocale('fr') },
      ar: { translation: await loadLocale('ar') },
    },
    interpolation: { escapeValue: false },
  });
});

describe('activitySentence', () => {
  it('names who did what to which record, in each language', async () => {
    const facts = { action: 'project.create', actorName: 'Ada', targetName: 'Atlas' };
    expect(activitySentence(i18n, facts)).toBe('Ada created the project “Atlas”');
    await i18n.changeLanguage('fr');
    expect(activitySentence(i18n, facts)).toBe('Ada a créé le projet « Atlas »');
    await i18n.changeLanguage('ar');
    expect(activitySentence(i18n, facts)).toBe('Ada أنشأ المشروع «Atlas»');
    await i18n.changeLanguage('en');
  });

  it('leaves out a missing name, says someone for a missing actor, never shows the code', () => {
    expect(
      activitySentence(i18n, { action: 'customer.import', actorName: 'Ada', targetName: null }),
    ).toBe('Ada imported customers from a CSV file');
    expect(
      activitySentence(i18n, { action: 'project.delete', actorName: null, targetName: null }),
    ).toBe('Someone deleted the project');
    const unknown = activitySentence(i18n, {
      action: 'agent.teleport',
      actorName: 'Ada',
      targetName: 'Bot',
    });
    expect(unknown).toBe('Ada changed “Bot”');
    expect(unknown).not.toContain('agent.teleport');
  });
});
