// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { IconCircle } from '@tabler/icons-react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute } from '../../components/list/test-wrapper';
import type { NavEntry } from '../useNavItems';
import { VerticalNav } from './VerticalNav';

afterEach(cleanup);

const entry = (name: string, title: string, section: NavEntry['section']): NavEntry => ({
  name,
  path: `/${name}`,
  title,
  Icon: IconCircle,
  section,
});

const ITEMS: NavEntry[] = [
  entry('index', 'Home', 'workspace'),
  entry('customer', 'Customers', 'crm'),
  entry('roles', 'Roles', 'administration'),
  entry('permissions', 'Permissions', 'administration'),
  entry('access-control', 'Access control', 'administration'),
];

function renderNav(collapsed: boolean) {
  return renderRoute(
    () => (
      <VerticalNav
        items={ITEMS}
        overlay={false}
        collapsed={collapsed}
        semiDark={false}
        open={false}
        onClose={() => {}}
      />
    ),
    (search) => search,
  );
}

describe('VerticalNav sections', () => {
  it('shows a heading per section when expanded, each naming its list of links', async () => {
    await renderNav(false);
    const headings = screen.getAllByRole('heading').map((heading) => heading.textContent);
    expect(headings).toEqual(['Workspace', 'CRM', 'Administration']);
    const administration = screen.getByRole('list', { name: 'Administration' });
    expect(
      within(administration)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Roles', 'Permissions', 'Access control']);
  });

  it('hides the headings while collapsed and shows them again on hover', async () => {
    await renderNav(true);
    expect(screen.queryAllByRole('heading')).toHaveLength(0);
    expect(screen.getAllByRole('separator')).toHaveLength(2);
    fireEvent.mouseEnter(screen.getByTestId('vertical-nav'));
    expect(screen.getAllByRole('heading')).toHaveLength(3);
  });
});
