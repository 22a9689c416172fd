import { useState } from 'react';
import { Link } from 'react-router';
import { adminDashboardMessages as t } from '../../../../domain/messages/admin';
import { appPaths } from '../../../../domain/screen-paths';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Tabs } from '../../../components/ui/tabs';
import { BooksTab } from './books-tab';
import { DeployWebhookPanel } from './deploy-webhook-panel';
import { ExportsBar } from './exports-bar';
import { SegmentsTab } from './segments-tab';

/** /admin: the dashboard: exports, then the books, segments, blog and settings tabs. */
export function AdminDashboard() {
  const [tab, setTab] = useState('books');
  return (
    <section aria-labelledby="admin-dashboard-title">
      <h1 id="admin-dashboard-title" className="font-serif text-3xl font-semibold">
        {t.title}
      </h1>
      <ExportsBar />
      <div className="mt-6">
        <Tabs
          label={t.tabsLabel}
          value={tab}
          onValueChange={setTab}
          tabs={[
            { value: 'books', label: t.tabs.books, content: <BooksTab /> },
            { value: 'segments', label: t.tabs.segments, content: <SegmentsTab /> },
            {
              value: 'blog',
              label: t.tabs.blog,
              content: (
                <Link to={appPaths.adminBlog} className={buttonClasses({ variant: 'secondary' })}>
                  {t.blogLink}
                </Link>
              ),
            },
            {
              value: 'settings',
              label: t.tabs.settings,
              content: (
                <div className="space-y-4">
                  <DeployWebhookPanel />
                  <p className="text-ink-soft">{t.settingsPlaceholder}</p>
                </div>
              ),
            },
          ]}
        />
      </div>
    </section>
  );
}
