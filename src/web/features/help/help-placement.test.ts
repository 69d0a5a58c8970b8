import { describe, expect, it } from 'vitest';
import { helpButtonPlacement, routePathOfId } from './help-placement';

describe('help button placement', () => {
  it('is bottom-left (start) on the agents-id and projects-id routes', () => {
    expect(helpButtonPlacement(['__root__', '/agents/$id'])).toBe('start');
    expect(helpButtonPlacement(['__root__', '/projects/$id'])).toBe('start');
  });

  it('ignores pathless layouts and groups in route ids', () => {
    expect(helpButtonPlacement(['__root__', '/_default', '/_default/agents/$id'])).toBe('start');
    expect(helpButtonPlacement(['__root__', '/(app)/projects/$id/'])).toBe('start');
  });

  it('is bottom-right (end) everywhere else', () => {
    for (const leaf of [
      '/',
      '/login',
      '/agents',
      '/projects',
      '/agents/$id/runs',
      '/data-sources',
    ]) {
      expect(helpButtonPlacement(['__root__', leaf]), leaf).toBe('end');
    }
    expect(helpButtonPlacement([])).toBe('end');
    expect(helpButtonPlacement(['__root__'])).toBe('end');
  });

  it('derives route paths from ids', () => {
    expect(routePathOfId('__root__')).toBe('/');
    expect(routePathOfId('/_default/agents/$id')).toBe('/agents/$id');
    expect(routePathOfId('/agents_/$id')).toBe('/agents/$id');
  });
});
