import { Link } from 'react-router';
import { type Category, categories } from '../../../../domain/catalogue';
import { categoryLabels, exploreMessages as t } from '../../../../domain/messages/catalogue';

/** Littérature, Religion, Essai, Bio: links that keep the rest of the explore state. */
export function CategoryTabs(props: { current: Category; hrefOf: (cat: Category) => string }) {
  const { current, hrefOf } = props;
  return (
    <nav aria-label={t.categoriesLabel} className="-mx-5 overflow-x-auto px-5 md:mx-0 md:px-0">
      <ul className="flex w-max gap-1 rounded-full border border-line bg-paper-deep/70 p-1">
        {categories.map((cat) => {
          const active = cat === current;
          return (
            <li key={cat}>
              <Link
                to={hrefOf(cat)}
                aria-current={active ? 'page' : undefined}
                className={`inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold transition-colors sm:px-5 ${
                  active ? 'bg-accent text-paper shadow-sm' : 'text-ink hover:bg-paper'
                }`}
              >
                {categoryLabels[cat]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
