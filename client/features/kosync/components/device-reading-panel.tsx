import { BookMarked, Smartphone } from 'lucide-react';
import { useId } from 'react';
import type { DeviceReading } from '../../../../domain/kosync.schemas';
import { fill } from '../../../../domain/messages/fill';
import { deviceReadingMessages as m } from '../../../../domain/messages/kosync';
import { formatRelativeDate } from '../../../lib/format';

/**
 * On the book page (decision 053): the page the reader's KOReader device reached, and, when
 * it is at the end of the next segment, the invitation to validate it. The validate button
 * just below is the catalogue's own: the device validates nothing.
 */
export function DeviceReadingPanel({ device }: { device: DeviceReading }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="mt-5 rounded-2xl border border-line bg-paper px-4 py-3"
      data-testid="device-reading"
    >
      <h3 id={titleId} className="flex items-center gap-2 text-sm font-semibold text-ink-soft">
        <Smartphone size={16} aria-hidden="true" />
        {m.title}
      </h3>
      <p className="mt-1 text-lg font-semibold">
        {fill(m.page, { page: device.page, total: device.totalPages })}
      </p>
      <p className="text-sm text-ink-soft [overflow-wrap:anywhere]">
        {fill(m.from, { device: device.device, when: formatRelativeDate(device.updatedAt) })}
      </p>
      {device.segmentToValidate !== null ? (
        <p className="mt-3 flex items-start gap-2 rounded-xl bg-accent-soft px-3 py-2 font-medium text-accent-strong">
          <BookMarked size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
          {fill(m.invitation, {
            segment: device.segmentToValidate,
            end: device.segmentEndPage ?? device.page,
          })}
        </p>
      ) : null}
    </section>
  );
}
