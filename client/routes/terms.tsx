import { termsPage as page } from '../../domain/messages/static-pages';
import { ProsePage, ProseSection } from '../components/ui/prose-page';
import { usePageMeta } from '../lib/use-page-meta';

/** Terms of use (docs/architecture.md#screens), linked from settings and the footer. */
export function TermsPage() {
  usePageMeta({ title: page.title, description: page.lead });
  return (
    <ProsePage title={page.title} lead={page.lead} updated={page.updated}>
      {page.sections.map((section) => (
        <ProseSection key={section.heading} section={section} />
      ))}
    </ProsePage>
  );
}
