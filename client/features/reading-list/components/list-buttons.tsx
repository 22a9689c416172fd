import { AddToListButton } from './add-to-list-button';
import { RemoveFromListButton } from './remove-from-list-button';

type ListButtonProps = {
  book: { id: string; title: string };
  inList: boolean;
  describedBy?: string;
};

/** A book card's button, card-wide and small: 'Retirer' for a listed book, else 'Ajouter à ma liste'. */
export function CardListButton({ book, inList, describedBy }: ListButtonProps) {
  return inList ? (
    <RemoveFromListButton
      book={book}
      describedBy={describedBy}
      variant="secondary"
      size="xs"
      className="w-full"
    />
  ) : (
    <AddToListButton
      book={book}
      describedBy={describedBy}
      icon={false}
      size="xs"
      className="w-full whitespace-nowrap"
    />
  );
}

/** The book page's button: a large 'Ajouter à ma liste', or a quiet 'Retirer' beside the status. */
export function BookPageListButton({ book, inList, describedBy }: ListButtonProps) {
  return inList ? (
    <RemoveFromListButton book={book} describedBy={describedBy} className="-mr-2" />
  ) : (
    <AddToListButton book={book} describedBy={describedBy} size="lg" />
  );
}
