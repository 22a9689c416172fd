import { Link } from 'react-router';
import { fill } from '../../../../domain/messages/fill';
import { goalMessages as t } from '../../../../domain/messages/insights';
import { appPaths } from '../../../../domain/screen-paths';
import { currentYear, useGoal } from '../api/insights';
import { GoalProgress } from './goal-card';

/** This year's goal on the home page and the profile; nothing until one is set. */
export function GoalSummary() {
  const year = currentYear();
  const query = useGoal(year);
  const goal = query.data?.goal;
  if (!goal) return null;
  return (
    <section
      aria-labelledby="objectif-titre"
      className="mt-10 rounded-2xl border border-line bg-paper-deep p-4 sm:p-6"
    >
      <h2 id="objectif-titre" className="text-2xl font-semibold">
        <Link to={appPaths.achievements} className="rounded-sm hover:text-accent-strong">
          {fill(t.title, { year })}
        </Link>
      </h2>
      <div className="mt-3">
        <GoalProgress goal={goal} />
      </div>
    </section>
  );
}
