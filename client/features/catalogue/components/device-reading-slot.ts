import type { ComponentType } from 'react';
import type { DeviceReading } from '../../../../domain/kosync.schemas';

/**
 * The page the reader's KOReader device reached, and its invitation to validate the next
 * segment (decision 053). The kosync feature draws it and the book page passes it in, so the
 * catalogue never imports that feature. Rendered in the reader's panel when the book page's
 * answer has a device position.
 */
export type DeviceReadingComponent = ComponentType<{ device: DeviceReading }>;
