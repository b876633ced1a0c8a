import type { NotificationDto, TNotificationData } from '@omnio/domain';
import { isoOrNull } from '../../platform/db/rows';

export interface NotificationDbRow {
  id: string;
  user_id: string;
  type: string;
  data: TNotificationData;
  read_at: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
}

export const NOTIFICATION_COLUMNS = 'id, user_id, type, data, read_at, created_at, updated_at';

/** Spec 3 shape: data carries the notification's own id too (the web reads data.id, as the original did). */
export function toNotificationDto(r: NotificationDbRow): NotificationDto {
  return {
    id: r.id,
    type: r.type,
    data: { ...r.data, id: r.id },
    read_at: isoOrNull(r.read_at),
    created_at: isoOrNull(r.created_at)!,
    updated_at: isoOrNull(r.updated_at)!,
    notifiable_id: r.user_id,
    notifiable_type: 'user',
  };
}
