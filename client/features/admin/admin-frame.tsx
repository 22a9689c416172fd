import { NavLink, Outlet } from 'react-router';
import { adminShellMessages as t } from '../../../domain/messages/admin';
import { appPaths } from '../../../domain/screen-paths';
import { usePageMeta } from '../../lib/use-page-meta';
import { adminNav } from './admin-nav';

/** The frame of every /admin page: the sections' navigation, then the section (<Outlet />). */
export function AdminFrame() {
  usePageMeta({ title: t.title });
  return (
    <div className="mx-auto max-w-6xl px-5 py-6 md:px-6 md:py-10">
      <p className="text-sm font-medium uppercase tracking-wide text-accent">{t.title}</p>
      <nav aria-label={t.navLabel} className="mt-3 border-b border-line">
        <ul className="-mb-px flex gap-1 overflow-x-auto">
          {adminNav.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === appPaths.admin}
                className={({ isActive }) =>
                  `block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-accent ${
                    isActive
                      ? 'border-accent text-accent'
                      : 'border-transparent text-ink-soft hover:text-ink'
                  }`
                }
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
