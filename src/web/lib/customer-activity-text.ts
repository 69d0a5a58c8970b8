import type { TFunction } from 'i18next';
import type { CustomerActivityDto, CustomerStatus } from '../../shared/schemas/customers';

/** An activity of a customer: its timeline's, or the CRM dashboard's (without details). */
type CustomerActivity = Pick<CustomerActivityDto, 'type' | 'actor' | 'fromStatus' | 'toStatus'> & {
  details?: unknown;
};

const FIELD_KEYS: Record<string, string> = { ownerId: 'owner' };

/**
 * What happened, in a sentence: "Ann changed the status from Lead to Active". `details` (the
 * customer's own timeline has them) names an import or the changed fields.
 */
export function customerActivityText(
  t: TFunction,
  language: string,
  activity: CustomerActivity,
): string {
  const actor = activity.actor?.name ?? t('customers.activity.someone');
  const status = (value: CustomerStatus | null) => (value ? t(`customers.status.${value}`) : '');
  switch (activity.type) {
    case 'created': {
      const source = (activity.details as { source?: unknown } | null)?.source;
      return source === 'csv'
        ? t('customers.activity.createdImport', { actor })
        : t('customers.activity.created', { actor });
    }
    case 'status_change':
      return activity.fromStatus
        ? t('customers.activity.statusChange', {
            actor,
            from: status(activity.fromStatus),
            to: status(activity.toStatus),
          })
        : t('customers.activity.statusSet', { actor, to: status(activity.toStatus) });
    case 'note':
      return t('customers.activity.note', { actor });
    case 'updated': {
      const raw = (activity.details as { fields?: unknown } | null)?.fields;
      const fields = Array.isArray(raw)
        ? raw
            .filter((field): field is string => typeof field === 'string')
            .map((field) => FIELD_KEYS[field] ?? field)
            .filter((field): field is keyof typeof FIELD_LABELS => field in FIELD_LABELS)
            .map((field) => t(FIELD_LABELS[field]))
        : [];
      return fields.length > 0
        ? t('customers.activity.updated', {
            actor,
            fields: new Intl.ListFormat(language, { type: 'conjunction' }).format(fields),
          })
        : t('customers.activity.updatedNoFields', { actor });
    }
  }
}

const FIELD_LABELS = {
  name: 'customers.fields.name',
  email: 'customers.fields.email',
  phone: 'customers.fields.phone',
  company: 'customers.fields.company',
  status: 'customers.fields.status',
  value: 'customers.fields.value',
  owner: 'customers.fields.owner',
  tags: 'customers.fields.tags',
  notes: 'customers.fields.notes',
} as const;
