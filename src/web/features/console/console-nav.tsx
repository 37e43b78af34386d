import { NavLink as MantineNavLink, Stack } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';
import { paths } from '../../app/page-paths';
import type { ConsoleNavItem } from './nav-items';

/** Whether a menu entry is the current page's section (the overview only on its own path). */
export function isCurrentSection(item: ConsoleNavItem, pathname: string): boolean {
  if (item.path === paths.console.overview())
    return pathname === paths.console.overview() || pathname === `${paths.console.overview()}/`;
  return pathname === item.path || pathname.startsWith(`${item.path}/`);
}

/** The console's menu: one link per section the role may use, the current one marked. */
export function ConsoleNav(props: { items: ConsoleNavItem[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <Stack component="ul" gap={2} className="plain-list">
      {props.items.map((item) => {
        const isCurrent = isCurrentSection(item, pathname);
        return (
          <li key={item.path}>
            <MantineNavLink
              component={NavLink}
              to={item.path}
              end={item.path === paths.console.overview()}
              label={item.label}
              active={isCurrent}
              // Not the brand: a light brand's tint would not give the label enough contrast.
              color="dark"
              aria-current={isCurrent ? 'page' : undefined}
              onClick={props.onNavigate}
              className="console-nav__link"
            />
          </li>
        );
      })}
    </Stack>
  );
}
