import { Link } from 'react-router';
import { footerMessages } from '../../domain/messages/shell';
import { appPaths } from '../../domain/screen-paths';
import { LogoMark } from '../components/ui/logo';
import { type BuildInfo, buildInfo as defaultBuildInfo } from './build-info';
import { ThemeSwitch } from './theme-switch';

const links = [
  { to: appPaths.about, label: footerMessages.about },
  { to: appPaths.press, label: footerMessages.press },
  { to: '/blog', label: footerMessages.blog },
  { to: appPaths.privacy, label: footerMessages.privacy },
  { to: appPaths.terms, label: footerMessages.terms },
];

export function Footer({ build = defaultBuildInfo }: { build?: BuildInfo }) {
  return (
    <footer className="below-the-fold border-t border-line bg-paper-deep">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-5 py-10 md:flex-row md:items-start md:justify-between md:px-6">
        <div>
          <p className="flex items-center gap-2 font-serif text-xl font-semibold">
            <LogoMark size={28} />
            Lisons
          </p>
          <p className="mt-2 max-w-xs text-sm text-ink-soft">{footerMessages.tagline}</p>
          <div className="mt-4">
            <ThemeSwitch />
          </div>
        </div>
        <nav aria-label={footerMessages.navLabel}>
          <ul className="grid grid-cols-2 gap-x-8 gap-y-1 text-sm sm:flex sm:flex-wrap sm:gap-x-6">
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-11 items-center text-ink underline-offset-4 hover:text-accent hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-6xl px-5 py-4 text-xs text-ink-soft md:px-6">
          {footerMessages.version} <span className="font-semibold">{build.version}</span>
          {' · '}
          {footerMessages.builtOn} <time dateTime={build.builtAt}>{build.builtAtLabel}</time>
        </p>
      </div>
    </footer>
  );
}
