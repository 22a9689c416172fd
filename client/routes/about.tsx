import { aboutPage as page } from '../../domain/messages/static-pages';
import { ProsePage, ProseSection } from '../components/ui/prose-page';
import { usePageMeta } from '../lib/use-page-meta';

/** À propos (docs/architecture.md#screens): mission, how it works, team, contact. */
export function AboutPage() {
  usePageMeta({ title: page.title, description: page.lead });
  return (
    <ProsePage title={page.title} lead={page.lead}>
      {page.sections.map((section) => (
        <ProseSection key={section.heading} section={section} />
      ))}
    </ProsePage>
  );
}
