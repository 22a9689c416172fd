import { privacyPage as page } from '../../domain/messages/static-pages';
import { ProsePage, ProseSection } from '../components/ui/prose-page';
import { usePageMeta } from '../lib/use-page-meta';

/** Privacy policy (docs/architecture.md#screens), linked from settings and the footer. */
export function PrivacyPage() {
  usePageMeta({ title: page.title, description: page.lead });
  return (
    <ProsePage title={page.title} lead={page.lead} updated={page.updated}>
      {page.sections.map((section) => (
        <ProseSection key={section.heading} section={section} />
      ))}
    </ProsePage>
  );
}
